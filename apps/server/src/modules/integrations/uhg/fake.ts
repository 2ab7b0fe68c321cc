import { randomUUID } from 'node:crypto';
import { FakeProvider, type FakeAnswer, type FakeRequest } from '../fake-http';

type Member = { memberId: string; firstName: string; lastName: string; dateOfBirth: string; active: boolean };
type UhgCase = {
  caseId: string;
  memberId: string;
  providerTin: string;
  status: string;
  appointment?: { date: string; time: string | null; reference: string };
  paperwork: { reference: string; documents: string[]; receivedAt: string }[];
};

/**
 * A local US health insurer API for what Casebook calls (no public SDK: plain JSON over HTTPS): OAuth 2
 * client credentials (/oauth2/token), providers by TIN, members by member id, cases (open, read), a case's
 * appointment (PUT, idempotent by Idempotency-Key) and paperwork (POST). Failures can be injected.
 */
export class FakeUhg extends FakeProvider {
  readonly providers = new Map<string, string>([['123456789', 'Casebook Demo Clinic']]);
  readonly members = new Map<string, Member>();
  readonly cases = new Map<string, UhgCase>();

  constructor(clientId = 'uhg-client', clientSecret = 'uhg-secret') {
    super(clientId, clientSecret);
    this.addMember({ memberId: 'UHG-1001', firstName: 'Jane', lastName: 'Citizen', dateOfBirth: '1980-02-03' });
  }

  addMember(m: Omit<Member, 'active'> & { active?: boolean }): void {
    this.members.set(m.memberId, { active: true, ...m });
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/api/');
  }

  protected keyOf(req: FakeRequest): string | undefined {
    const key = req.headers['idempotency-key'];
    return typeof key === 'string' ? key : undefined;
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { method, path } = req;
    if (method === 'POST' && path === '/oauth2/token') {
      if (!this.clientOk(req)) return { status: 401, body: { error: 'invalid_client' } };
      if (req.form().get('grant_type') !== 'client_credentials')
        return { status: 400, body: { error: 'unsupported_grant_type' } };
      const token = randomUUID();
      this.accessTokens.set(token, Date.now() + 3600_000);
      return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
    }
    let m = /^\/api\/v1\/providers\/(\d{9})$/.exec(path);
    if (method === 'GET' && m) {
      const name = this.providers.get(m[1]!);
      return name
        ? { status: 200, body: { tin: m[1], name } }
        : { status: 404, body: { message: 'Provider not found' } };
    }
    m = /^\/api\/v1\/members\/([A-Za-z0-9-]+)$/.exec(path);
    if (method === 'GET' && m) {
      const member = this.members.get(m[1]!);
      return member ? { status: 200, body: member } : { status: 404, body: { message: 'Member not found' } };
    }
    if (method === 'POST' && path === '/api/v1/cases') {
      const body = req.json() as { memberId?: string; providerTin?: string; reference?: string };
      const member = this.members.get(body.memberId ?? '');
      if (!member || !member.active) return { status: 422, body: { message: 'Member is not eligible' } };
      if (!this.providers.has(body.providerTin ?? '')) return { status: 403, body: { message: 'Unknown provider' } };
      const c: UhgCase = {
        caseId: `UC-${Math.floor(Math.random() * 1e8)}`,
        memberId: member.memberId,
        providerTin: body.providerTin!,
        status: 'OPEN',
        paperwork: [],
      };
      this.cases.set(c.caseId, c);
      return { status: 201, body: c };
    }
    m = /^\/api\/v1\/cases\/([A-Za-z0-9-]+)(\/appointment|\/paperwork)?$/.exec(path);
    if (m) {
      const c = this.cases.get(m[1]!);
      if (!c) return { status: 404, body: { message: 'Case not found' } };
      if (method === 'GET' && !m[2]) return { status: 200, body: c };
      if (method === 'PUT' && m[2] === '/appointment') {
        const body = req.json() as { date?: string; time?: string | null; reference?: string };
        if (!body.date) return { status: 400, body: { message: 'date is required' } };
        c.appointment = { date: body.date, time: body.time ?? null, reference: body.reference ?? '' };
        c.status = 'APPOINTMENT_SCHEDULED';
        return { status: 200, body: c };
      }
      if (method === 'POST' && m[2] === '/paperwork') {
        const body = req.json() as { reference?: string; documents?: string[] };
        c.paperwork.push({
          reference: body.reference ?? '',
          documents: body.documents ?? [],
          receivedAt: new Date().toISOString(),
        });
        return { status: 201, body: { received: c.paperwork.length } };
      }
    }
    return { status: 404, body: { message: 'Not found' } };
  }
}
