import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { PmsProvider } from '@casebook/domain';
import { FakeProvider, type FakeAnswer, type FakeRequest } from '../fake-http';
import { PMS_WIRES, type PmsWire } from './wire';

export type FakeMatter = {
  id: string;
  number: string;
  description: string;
  status: string;
  client: { id: string; name: string };
  responsible: { id: string; name: string };
};
export type FakeDocument = { id: string; name: string; contentType: string; content: Buffer };
type Region = { matters: Map<string, FakeMatter>; documents: Map<string, FakeDocument[]>; webhooks: Webhook[] };
type Webhook = { id: string; url: string; secret: string };

const REGION_PREFIX = /^\/(us|eu|ca|au|uk)(?=\/)/;
const ID = '\u0000';

/** Where an upload says its matter, name and content are, in each provider's body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the providers' bodies, read loosely
type Loose = Record<string, any>;
const UPLOADS: Record<PmsProvider, (b: Loose) => { matterId?: string; name?: string; content?: string }> = {
  clio: (b) => ({ matterId: b.data?.parent?.id, name: b.data?.name, content: b.data?.content }),
  leap: (b) => ({ name: b.fileName, content: b.content }),
  'practice-evolve': (b) => ({ name: b.title, content: b.contentBase64 }),
  actionstep: (b) => ({
    matterId: b.actiondocuments?.links?.action,
    name: b.actiondocuments?.name,
    content: b.actiondocuments?.file,
  }),
  smokeball: (b) => ({ name: b.fileName, content: b.base64Content }),
};

/** A matter-changed event as each provider sends it. */
const EVENTS: Record<PmsProvider, (eventId: string, m: FakeMatter) => object> = {
  clio: (id, m) => ({ id, event: 'matter.updated', data: { id: m.id, status: m.status } }),
  leap: (eventId, m) => ({ eventId, type: 'MatterUpdated', matterId: m.id }),
  'practice-evolve': (notificationId, m) => ({ notificationId, resource: { type: 'matter', id: m.id } }),
  actionstep: (eventId, m) => ({ eventId, action: { id: m.id } }),
  smokeball: (id, m) => ({ id, type: 'matter.updated', payload: { id: m.id } }),
};

/** A path template of the wire as a pattern: the id's place captured, a query-string id read by name. */
function pattern(encoded: string): { path: RegExp; queryKey: string | null } {
  const template = encoded.replaceAll(encodeURIComponent(ID), ID);
  const [path = '', query] = template.split('?');
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(ID, '([^/]+)');
  const queryKey = query?.includes(ID) ? query.split('=')[0]! : null;
  return { path: new RegExp(`^${escaped}$`), queryKey };
}

/**
 * A local practice software (Clio, LEAP, Practice Evolve, Actionstep or Smokeball) answering what
 * Casebook calls, per region (the base URL's first path segment: /au, /us…): OAuth 2 with PKCE and
 * auto-approval, the account, matters with their client and responsible user, documents per matter
 * (an `idempotency-key` repeated answers the first answer again), webhooks signed with the secret
 * handed out at registration, and custom field sets. Failures (429 with Retry-After, lost answers) are
 * injected with `failNext`.
 */
export class FakePms extends FakeProvider {
  readonly wire: PmsWire;
  readonly regions = new Map<string, Region>();
  accountName = 'Fake Firm';
  fieldSetCalls = 0;
  #ids = 1000;

  constructor(
    readonly provider: PmsProvider,
    readonly tokenLifetimeSeconds = 3600,
  ) {
    super(`${provider}-client`, `${provider}-secret`);
    this.wire = PMS_WIRES[provider];
  }

  /** The base URL of a region (or of the provider without regions). */
  baseUrl(region: string | null): string {
    return region ? `${this.url}/${region.toLowerCase()}` : this.url;
  }

  region(name: string | null): Region {
    const key = (name ?? '').toLowerCase();
    let r = this.regions.get(key);
    if (!r) {
      r = { matters: new Map(), documents: new Map(), webhooks: [] };
      this.regions.set(key, r);
    }
    return r;
  }

  addMatter(region: string | null, m: Partial<FakeMatter> & { description: string }): FakeMatter {
    const id = String(++this.#ids);
    const matter: FakeMatter = {
      id,
      number: m.number ?? `M-${id}`,
      status: m.status ?? 'Open',
      client: m.client ?? { id: String(++this.#ids), name: 'Claire Claimant' },
      responsible: m.responsible ?? { id: String(++this.#ids), name: 'Rita Responsible' },
      ...m,
    };
    this.region(region).matters.set(id, matter);
    return matter;
  }

  documentsOf(region: string | null, matterId: string): FakeDocument[] {
    return this.region(region).documents.get(matterId) ?? [];
  }

  /** Changes a matter's status and tells every registered webhook; the answers' statuses. */
  async changeStatus(region: string | null, matterId: string, status: string): Promise<number[]> {
    const matter = this.region(region).matters.get(matterId);
    if (!matter) throw new Error(`no matter ${matterId}`);
    matter.status = status;
    const body = JSON.stringify(EVENTS[this.provider](randomUUID(), matter));
    const statuses: number[] = [];
    for (const hook of this.region(region).webhooks) statuses.push(...(await this.sendWebhook(hook, body)));
    return statuses;
  }

  /** The body of a matter event, as the provider would send it. */
  eventBody(eventId: string, matter: FakeMatter): string {
    return JSON.stringify(EVENTS[this.provider](eventId, matter));
  }

  /** Posts a webhook body signed with the registration's secret (or another key); statuses of the deliveries. */
  async sendWebhook(hook: Webhook, body: string, signWith?: string): Promise<number[]> {
    const signature = createHmac('sha256', signWith ?? hook.secret)
      .update(body)
      .digest('hex');
    const statuses: number[] = [];
    for (let i = 0; i < (this.deliverWebhooksTwice ? 2 : 1); i++) {
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [this.wire.signatureHeader]: signature },
        body,
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  }

  #split(path: string): { region: string | null; rest: string } {
    const m = REGION_PREFIX.exec(path);
    return m ? { region: m[1]!, rest: path.slice(m[0].length) } : { region: null, rest: path };
  }

  protected isApi(path: string): boolean {
    const rest = this.#split(path).rest;
    return rest !== this.wire.authorizePath && rest !== this.wire.tokenPath;
  }

  protected keyOf(req: FakeRequest): string | undefined {
    const key = req.headers['idempotency-key'];
    return typeof key === 'string' ? key : undefined;
  }

  #wrap(payload: unknown): unknown {
    return this.wire.envelope ? { [this.wire.envelope]: payload } : payload;
  }

  #list(key: string, items: unknown[]): unknown {
    return this.#wrap(key ? { [key]: items } : items);
  }

  #matter(m: FakeMatter): Record<string, unknown> {
    const f = this.wire.matter;
    return {
      [f.id]: m.id,
      [f.number]: m.number,
      [f.description]: m.description,
      [f.status]: m.status,
      [f.client]: m.client,
      [f.responsible]: m.responsible,
    };
  }

  #document(d: FakeDocument): Record<string, unknown> {
    return { [this.wire.document.id]: d.id, [this.wire.document.name]: d.name };
  }

  /** The id a request's path (or query string) carries where the template has it; null: no match. */
  #match(template: string, req: FakeRequest, rest: string): string | null {
    const { path, queryKey } = pattern(template);
    const m = path.exec(rest);
    if (!m) return null;
    if (queryKey) return req.query.get(queryKey);
    return m[1] ? decodeURIComponent(m[1]) : '';
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { region: regionName, rest } = this.#split(req.path);
    const w = this.wire;
    if (req.method === 'GET' && rest === w.authorizePath) {
      const q = req.query;
      if (q.get('client_id') !== this.clientId) return { status: 400, body: 'invalid client' };
      const redirect = q.get('redirect_uri') ?? '';
      const code = this.issueCode(this.clientId, redirect, q.get('code_challenge') ?? undefined);
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      return { status: 302, headers: { location: to.toString() } };
    }
    if (req.method === 'POST' && rest === w.tokenPath) return this.token(req, this.tokenLifetimeSeconds);
    const region = this.region(regionName);
    const notFound: FakeAnswer = { status: 404, body: { error: { message: 'Not found' } } };
    if (req.method === 'GET' && rest === w.accountPath) {
      return {
        status: 200,
        body: this.#wrap({ [w.account.id]: `acct-${this.provider}`, [w.account.name]: this.accountName }),
      };
    }
    if (req.method === 'GET' && rest === w.fieldSetsPath) {
      this.fieldSetCalls += 1;
      return {
        status: 200,
        body: this.#list(w.listKey.fieldSets, [
          { id: 'fs-1', name: 'Medico-legal', fields: [{ name: 'Assessment date' }, { name: 'Specialist' }] },
        ]),
      };
    }
    if (req.method === 'POST' && rest === w.webhooksPath) {
      const url = JSON.stringify(req.json()).match(/"(https?:\/\/[^"]+)"/)?.[1];
      if (!url) return { status: 422, body: { error: { message: 'url is required' } } };
      const hook: Webhook = { id: `wh-${++this.#ids}`, url, secret: randomBytes(24).toString('hex') };
      region.webhooks.push(hook);
      return {
        status: 201,
        body: this.#wrap({ [w.webhookCreated.id]: hook.id, [w.webhookCreated.secret]: hook.secret }),
      };
    }
    if (req.method === 'GET' && rest === w.mattersPath) {
      const search = (req.query.get(w.searchParam) ?? '').toLowerCase();
      const items = [...region.matters.values()].filter(
        (m) => !search || `${m.number} ${m.description} ${m.client.name}`.toLowerCase().includes(search),
      );
      return {
        status: 200,
        body: this.#list(
          w.listKey.matters,
          items.map((m) => this.#matter(m)),
        ),
      };
    }
    if (req.method === 'POST') {
      const pathId = this.#match(w.uploadPath(ID), req, rest);
      if (pathId !== null) {
        const upload = UPLOADS[this.provider](req.json() as Record<string, unknown>);
        const matterId = pathId || String(upload.matterId ?? '');
        if (!region.matters.has(matterId)) return notFound;
        if (!upload.name || !upload.content) return { status: 422, body: { error: { message: 'name and content' } } };
        const doc: FakeDocument = {
          id: `doc-${++this.#ids}`,
          name: upload.name,
          contentType: 'application/pdf',
          content: Buffer.from(upload.content, 'base64'),
        };
        region.documents.set(matterId, [...(region.documents.get(matterId) ?? []), doc]);
        return { status: 201, body: this.#wrap(this.#document(doc)) };
      }
    }
    if (req.method === 'GET') {
      const docsOf = this.#match(w.documentsPath(ID), req, rest);
      if (docsOf) {
        if (!region.matters.has(docsOf)) return notFound;
        return {
          status: 200,
          body: this.#list(
            w.listKey.documents,
            (region.documents.get(docsOf) ?? []).map((d) => this.#document(d)),
          ),
        };
      }
      const matterId = this.#match(w.matterPath(ID), req, rest);
      if (matterId) {
        const m = region.matters.get(matterId);
        return m ? { status: 200, body: this.#wrap(this.#matter(m)) } : notFound;
      }
      const people = [...region.matters.values()].flatMap((m) => [m.client, m.responsible]);
      const contactId = this.#match(w.contactPath(ID), req, rest);
      const userId = contactId ?? this.#match(w.userPath(ID), req, rest);
      if (userId) {
        const person = people.find((p) => p.id === userId);
        return person ? { status: 200, body: this.#wrap({ id: person.id, name: person.name }) } : notFound;
      }
    }
    return { status: 404, body: { error: { message: `Unsupported ${req.method} ${rest}` } } };
  }
}

/** The fakes of all five providers, started. */
export async function startFakePms(): Promise<Record<PmsProvider, FakePms>> {
  return {
    clio: await new FakePms('clio').start(),
    leap: await new FakePms('leap').start(),
    'practice-evolve': await new FakePms('practice-evolve').start(),
    actionstep: await new FakePms('actionstep').start(),
    smokeball: await new FakePms('smokeball').start(),
  };
}
