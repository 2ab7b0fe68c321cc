import { randomUUID } from 'node:crypto';
import { FakeProvider, type FakeAnswer, type FakeRequest } from '../fake-http';

const CORS = { 'access-control-allow-origin': '*' };

/** A call as RingCentral's call log keeps it (the fields Casebook reads). */
export type FakeCallRecord = {
  id: string;
  sessionId: string;
  telephonySessionId: string;
  startTime: string;
  /** Seconds. */
  duration: number;
  direction: 'Inbound' | 'Outbound';
  /** RingCentral's words: Accepted, Call connected, Missed, Voicemail, Busy, No Answer, Rejected… */
  result: string;
  from: { phoneNumber: string; name?: string };
  to: { phoneNumber: string; name?: string };
};

/**
 * A local RingCentral built from its REST API reference, for what Casebook calls: OAuth 2 authorization
 * code (auto-approving /restapi/oauth/authorize, /restapi/oauth/token with the client's Basic credentials,
 * /restapi/oauth/revoke), the account (/restapi/v1.0/account/~) and the extension's call log filtered by
 * telephonySessionId. `endCall()` puts a finished call in the log, as RingCentral does once a call ends;
 * `page()` is the embeddable widget's stand-in page. Failures (429 with Retry-After) can be injected.
 */
export class FakeRingCentral extends FakeProvider {
  readonly accountId = String(Math.floor(Math.random() * 1e9));
  accountName = 'Casebook Demo Clinic';
  readonly callLog: FakeCallRecord[] = [];

  constructor(
    clientId = 'ringcentral-client-id',
    clientSecret = 'ringcentral-client-secret',
    readonly tokenLifetimeSeconds = 3600,
  ) {
    super(clientId, clientSecret);
  }

  /** A finished call in the call log; its telephony session id. */
  endCall(call: Partial<FakeCallRecord> & Pick<FakeCallRecord, 'to'>): FakeCallRecord {
    const record: FakeCallRecord = {
      id: randomUUID(),
      sessionId: String(Math.floor(Math.random() * 1e12)),
      telephonySessionId: `s-${randomUUID()}`,
      startTime: new Date().toISOString(),
      duration: 95,
      direction: 'Outbound',
      result: 'Call connected',
      from: { phoneNumber: '+61290000000', name: 'Clinic' },
      ...call,
    };
    this.callLog.push(record);
    return record;
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/restapi/v1.0/');
  }

  protected keyOf(): string | undefined {
    return undefined;
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { method, path } = req;
    if (method === 'GET' && path === '/restapi/oauth/authorize') {
      const q = req.query;
      if (q.get('client_id') !== this.clientId || q.get('response_type') !== 'code')
        return { status: 400, body: { error: 'invalid_request' } };
      const redirect = q.get('redirect_uri') ?? '';
      const code = this.issueCode(this.clientId, redirect, q.get('code_challenge') ?? undefined);
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      return { status: 302, headers: { location: to.toString() } };
    }
    if (method === 'POST' && path === '/restapi/oauth/token') {
      const answer = this.token(req, this.tokenLifetimeSeconds);
      if (answer.status === 200) {
        const body = answer.body as Record<string, unknown>;
        return { status: 200, body: { ...body, token_type: 'bearer', owner_id: '1001', scope: 'ReadCallLog RingOut' } };
      }
      return answer;
    }
    if (method === 'POST' && path === '/restapi/oauth/revoke') return this.revoke(req);
    if (method === 'GET' && path === '/restapi/v1.0/account/~') {
      return {
        status: 200,
        body: {
          id: this.accountId,
          status: 'Confirmed',
          serviceInfo: { brand: { name: 'RingCentral' } },
          mainNumber: '+61290000000',
          name: this.accountName,
        },
      };
    }
    if (method === 'GET' && path === '/restapi/v1.0/account/~/extension/~/call-log') {
      const wanted = req.query.get('telephonySessionId') ?? req.query.get('sessionId');
      const records = this.callLog.filter((c) => !wanted || c.telephonySessionId === wanted || c.sessionId === wanted);
      return {
        status: 200,
        body: { records, paging: { page: 1, perPage: 100, pageStart: 0, pageEnd: records.length - 1 }, navigation: {} },
      };
    }
    if (method === 'POST' && path === '/embeddable/calls') {
      return { status: 200, body: this.endCall({ to: { phoneNumber: req.query.get('to') ?? '' } }), headers: CORS };
    }
    if (method === 'GET' && path === '/embeddable/app.html')
      return { status: 200, body: this.page(), headers: { 'content-type': 'text/html' } };
    return { status: 404, body: { errorCode: 'CMN-102', message: 'Resource not found' } };
  }

  /**
   * The widget's stand-in: answers RingCentral Embeddable's click-to-call message ('rc-adapter-new-call')
   * by ending the call at once, then tells the page the call ended ('rc-call-end-notify'), as the real widget does.
   */
  page(): string {
    return `<!doctype html><meta charset="utf-8"><title>RingCentral (local)</title>
<body style="font:13px sans-serif;margin:8px">RingCentral phone (local)<div id="s">Ready</div>
<script>
window.addEventListener('message', async (e) => {
  const d = e.data || {};
  if (d.type !== 'rc-adapter-new-call' || !d.phoneNumber) return;
  document.getElementById('s').textContent = 'Calling ' + d.phoneNumber;
  const r = await fetch('/embeddable/calls?to=' + encodeURIComponent(d.phoneNumber), { method: 'POST' });
  const call = await r.json();
  document.getElementById('s').textContent = 'Call ended: ' + call.result;
  parent.postMessage({ type: 'rc-call-end-notify', call: { telephonySessionId: call.telephonySessionId, direction: call.direction, result: call.result, to: call.to, from: call.from } }, '*');
});
parent.postMessage({ type: 'rc-adapter-register-third-party-service-ready' }, '*');
</script>`;
  }
}
