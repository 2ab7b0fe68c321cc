import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSms = { sid: string; to: string; from: string; body: string; status: string; dateCreated: string };

/** Twilio's request signature: base64 HMAC-SHA1 of the URL followed by each form field, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const OPT_OUT = /^(stop|stopall|unsubscribe|cancel|end|quit|revoke|optout)$/i;

/**
 * A local Twilio built from its REST API reference (2010-04-01), for what Casebook calls: the account
 * (`GET /Accounts/{sid}.json`) and sending a message (`POST /Accounts/{sid}/Messages.json`, form-encoded,
 * HTTP Basic with the account SID and auth token). Like Twilio it refuses a number that replied STOP
 * (error 21610). `reply()` posts an inbound message to the webhook, signed with X-Twilio-Signature.
 * The next calls can be made to fail (429 with Retry-After, or 500).
 */
export class FakeTwilio {
  #server: http.Server | undefined;
  url = '';
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  readonly fromNumber = '+61480000000';
  readonly messages: FakeSms[] = [];
  readonly optedOut = new Set<string>();
  readonly #failures: { status: 429 | 500; retryAfterSeconds?: number }[] = [];
  /** Calls to the API (method and path), for tests. */
  readonly calls: string[] = [];
  webhookUrl: string | undefined;
  /** How a webhook reaches the server (a test hands it to the app directly); its status. */
  deliver = async (url: string, headers: Record<string, string>, body: string): Promise<number> => {
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status;
  };

  async start(): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.#server) return;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }

  failNext(failure: { status: 429 | 500; retryAfterSeconds?: number }): void {
    this.#failures.push(failure);
  }

  /** An inbound message from a phone to our number, posted to the webhook signed (or signed with `signWith`). */
  async reply(from: string, body: string, signWith = this.authToken): Promise<number> {
    if (!this.webhookUrl) throw new Error('no webhook URL');
    const params: Record<string, string> = {
      AccountSid: this.accountSid,
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: from,
      To: this.fromNumber,
      Body: body,
      NumMedia: '0',
    };
    if (OPT_OUT.test(body.trim())) {
      params.OptOutType = 'STOP';
      if (signWith === this.authToken) this.optedOut.add(from);
    }
    return this.deliver(
      this.webhookUrl,
      {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(signWith, this.webhookUrl, params),
      },
      new URLSearchParams(params).toString(),
    );
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [user, pass] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (user !== this.accountSid || pass !== this.authToken) {
      return send(401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    this.calls.push(`${req.method} ${path}`);
    const failure = this.#failures.shift();
    if (failure) {
      return failure.status === 429
        ? send(
            429,
            { code: 20429, message: 'Too Many Requests', status: 429 },
            { 'retry-after': String(failure.retryAfterSeconds ?? 1) },
          )
        : send(500, { code: 20500, message: 'Internal Server Error', status: 500 });
    }
    const base = `/2010-04-01/Accounts/${this.accountSid}`;
    if (req.method === 'GET' && path === `${base}.json`) {
      return send(200, { sid: this.accountSid, friendly_name: 'Casebook SMS (local)', status: 'active', type: 'Full' });
    }
    if (req.method === 'POST' && path === `${base}/Messages.json`) {
      const to = body.get('To') ?? '';
      const from = body.get('From') ?? '';
      const text = body.get('Body') ?? '';
      if (!/^\+\d{8,15}$/.test(to))
        return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      if (this.optedOut.has(to))
        return send(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
      const sms: FakeSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from,
        body: text,
        status: 'queued',
        dateCreated: new Date().toUTCString(),
      };
      this.messages.push(sms);
      return send(201, {
        sid: sms.sid,
        account_sid: this.accountSid,
        to,
        from,
        body: text,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: sms.dateCreated,
        uri: `${base}/Messages/${sms.sid}.json`,
      });
    }
    return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  }
}
