import { randomUUID } from 'node:crypto';
import { FakeProvider, type FakeAnswer, type FakeRequest } from '../fake-http';

type Contact = { email: string; firstName: string; lastName: string; lists: Set<string> };
type SingleSend = {
  id: string;
  name: string;
  status: 'draft' | 'scheduled' | 'triggered';
  listIds: string[];
  subject: string;
  html: string;
  senderId: number | null;
  suppressionGroupId: number | null;
};
export type FakeStats = {
  requests: number;
  delivered: number;
  opens: number;
  unique_opens: number;
  clicks: number;
  unique_clicks: number;
  unsubscribes: number;
  bounces: number;
  spam_reports: number;
};

const errors = (message: string, field: string | null = null) => ({ errors: [{ field, message }] });
const PAGE_MAX = 1000;

/**
 * A local SendGrid (v3 Web API) with the calls the marketing campaigns make, as its public reference
 * describes them: API-key bearer auth, Marketing contacts and lists (page_token pagination with
 * `_metadata.next`), single sends (create, read, schedule), verified senders, unsubscribe groups and their
 * suppressions, global unsubscribes (limit/offset), single-send stats, and mail/send for previews.
 * Scheduling a single send "delivers" it at once to its lists' contacts less the suppressed ones.
 */
export class FakeSendGrid extends FakeProvider {
  readonly apiKeys = new Set<string>();
  /** The demo takes any key that looks like SendGrid's ("SG." ...). */
  acceptAnyKey = false;
  readonly contacts = new Map<string, Contact>();
  readonly lists = new Map<string, { id: string; name: string }>();
  readonly singleSends = new Map<string, SingleSend>();
  readonly senders = [
    {
      id: 1,
      nickname: 'Marketing',
      from_email: 'marketing@casebook.test',
      from_name: 'Casebook Marketing',
      verified: true,
    },
    { id: 2, nickname: 'Unverified', from_email: 'pending@casebook.test', from_name: 'Pending', verified: false },
  ];
  readonly groups = [
    { id: 101, name: 'Newsletters', description: 'Practice news and events', is_default: true, unsubscribes: 0 },
    { id: 102, name: 'Offers', description: 'Service offers', is_default: false, unsubscribes: 0 },
  ];
  /** Addresses suppressed per unsubscribe group. */
  readonly groupSuppressions = new Map<number, Set<string>>();
  readonly globalUnsubscribes = new Set<string>();
  /** Every e-mail "delivered": to whom, by which single send (or "mail-send" for a single message). */
  readonly deliveries: { singleSendId: string; email: string }[] = [];
  /** Statistics the test sets per single send; absent: delivered to all, nothing else. */
  readonly stats = new Map<string, Partial<FakeStats>>();

  constructor() {
    super('sendgrid', '');
  }

  /** A new API key the fake accepts (the tenant keeps it sealed). */
  issueKey(): string {
    const key = `SG.${randomUUID().replaceAll('-', '')}.${randomUUID().replaceAll('-', '')}`;
    this.apiKeys.add(key);
    return key;
  }

  suppress(groupId: number, email: string): void {
    const set = this.groupSuppressions.get(groupId) ?? new Set<string>();
    set.add(email.toLowerCase());
    this.groupSuppressions.set(groupId, set);
  }

  deliveredTo(singleSendId: string): string[] {
    return this.deliveries.filter((d) => d.singleSendId === singleSendId).map((d) => d.email);
  }

  protected override authorized(token: string): boolean {
    return this.apiKeys.has(token) || (this.acceptAnyKey && /^SG\.[\w-]{6,}\.[\w-]{6,}$/.test(token));
  }

  protected override unauthorized(): FakeAnswer {
    return { status: 401, body: errors('The provided authorization grant is invalid, expired, or revoked') };
  }

  protected keyOf(): string | undefined {
    return undefined;
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/v3/');
  }

  /** page_token is the offset, as an opaque string; `_metadata.next` the next page's full URL. */
  #page<T>(req: FakeRequest, path: string, items: T[]): FakeAnswer {
    const size = Math.min(PAGE_MAX, Math.max(1, Number(req.query.get('page_size') ?? 100)));
    const offset = Number(Buffer.from(req.query.get('page_token') ?? '', 'base64url').toString() || 0);
    const page = items.slice(offset, offset + size);
    const next =
      offset + size < items.length
        ? `${this.url}${path}?page_size=${size}&page_token=${Buffer.from(String(offset + size)).toString('base64url')}`
        : undefined;
    return {
      status: 200,
      body: { result: page, _metadata: { self: `${this.url}${path}`, ...(next ? { next } : {}), count: items.length } },
    };
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { method, path } = req;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v3/verified_senders') return { status: 200, body: { results: this.senders } };
    if (method === 'GET' && path === '/v3/asm/groups') {
      return {
        status: 200,
        body: this.groups.map((g) => ({ ...g, unsubscribes: this.groupSuppressions.get(g.id)?.size ?? 0 })),
      };
    }
    if (method === 'GET' && (m = /^\/v3\/asm\/groups\/(\d+)\/suppressions$/.exec(path))) {
      const id = Number(m[1]);
      if (!this.groups.some((g) => g.id === id)) return { status: 404, body: errors('Group not found') };
      return { status: 200, body: [...(this.groupSuppressions.get(id) ?? [])] };
    }
    if (method === 'GET' && path === '/v3/suppression/unsubscribes') {
      const limit = Math.min(500, Number(req.query.get('limit') ?? 500));
      const offset = Number(req.query.get('offset') ?? 0);
      const all = [...this.globalUnsubscribes].map((email) => ({ email, created: 1_700_000_000 }));
      return { status: 200, body: all.slice(offset, offset + limit) };
    }
    if (method === 'GET' && path === '/v3/marketing/lists') {
      const items = [...this.lists.values()].map((l) => ({
        ...l,
        contact_count: [...this.contacts.values()].filter((c) => c.lists.has(l.id)).length,
      }));
      return this.#page(req, path, items);
    }
    if (method === 'POST' && path === '/v3/marketing/lists') {
      const { name } = (req.json() ?? {}) as { name?: string };
      if (!name) return { status: 400, body: errors('name is required', 'name') };
      if ([...this.lists.values()].some((l) => l.name === name))
        return { status: 400, body: errors('list name already exists', 'name') };
      const list = { id: randomUUID(), name };
      this.lists.set(list.id, list);
      return { status: 201, body: { ...list, contact_count: 0 } };
    }
    if (method === 'PUT' && path === '/v3/marketing/contacts') {
      const body = (req.json() ?? {}) as {
        list_ids?: string[];
        contacts?: { email?: string; first_name?: string; last_name?: string }[];
      };
      const contacts = body.contacts ?? [];
      if (contacts.length === 0 || contacts.length > 30_000)
        return { status: 400, body: errors('contacts must hold 1 to 30000 contacts', 'contacts') };
      for (const id of body.list_ids ?? [])
        if (!this.lists.has(id)) return { status: 404, body: errors(`list ${id} not found`, 'list_ids') };
      for (const c of contacts) {
        if (!c.email || !/^[^@\s]+@[^@\s]+$/.test(c.email))
          return { status: 400, body: errors('invalid email', 'email') };
        const email = c.email.toLowerCase();
        const contact = this.contacts.get(email) ?? { email, firstName: '', lastName: '', lists: new Set<string>() };
        contact.firstName = c.first_name ?? contact.firstName;
        contact.lastName = c.last_name ?? contact.lastName;
        for (const id of body.list_ids ?? []) contact.lists.add(id);
        this.contacts.set(email, contact);
      }
      return { status: 202, body: { job_id: randomUUID() } };
    }
    if (method === 'GET' && path === '/v3/marketing/singlesends') {
      return this.#page(
        req,
        path,
        [...this.singleSends.values()].map((s) => ({ id: s.id, name: s.name, status: s.status })),
      );
    }
    if (method === 'POST' && path === '/v3/marketing/singlesends') {
      const body = (req.json() ?? {}) as {
        name?: string;
        send_to?: { list_ids?: string[] };
        email_config?: {
          subject?: string;
          html_content?: string;
          sender_id?: number;
          suppression_group_id?: number;
          custom_unsubscribe_url?: string;
        };
      };
      if (!body.name) return { status: 400, body: errors('name is required', 'name') };
      const cfg = body.email_config ?? {};
      if (cfg.suppression_group_id === undefined && !cfg.custom_unsubscribe_url)
        return {
          status: 400,
          body: errors('either suppression_group_id or custom_unsubscribe_url is required', 'email_config'),
        };
      const send: SingleSend = {
        id: randomUUID(),
        name: body.name,
        status: 'draft',
        listIds: body.send_to?.list_ids ?? [],
        subject: cfg.subject ?? '',
        html: cfg.html_content ?? '',
        senderId: cfg.sender_id ?? null,
        suppressionGroupId: cfg.suppression_group_id ?? null,
      };
      this.singleSends.set(send.id, send);
      return { status: 201, body: this.#singleSendBody(send) };
    }
    if ((m = /^\/v3\/marketing\/singlesends\/([\w-]+)$/.exec(path)) && method === 'GET') {
      const send = this.singleSends.get(m[1]!);
      return send ? { status: 200, body: this.#singleSendBody(send) } : { status: 404, body: errors('not found') };
    }
    if ((m = /^\/v3\/marketing\/singlesends\/([\w-]+)\/schedule$/.exec(path)) && method === 'PUT') {
      const send = this.singleSends.get(m[1]!);
      if (!send) return { status: 404, body: errors('not found') };
      if (send.status !== 'draft')
        return { status: 400, body: errors('a single send can only be scheduled from draft', 'status') };
      if (!send.senderId || !this.senders.some((s) => s.id === send.senderId && s.verified))
        return { status: 400, body: errors('a verified sender is required', 'sender_id') };
      this.#deliver(send);
      return { status: 201, body: { id: send.id, send_at: new Date().toISOString(), status: 'scheduled' } };
    }
    if ((m = /^\/v3\/marketing\/stats\/singlesends\/([\w-]+)$/.exec(path)) && method === 'GET') {
      const send = this.singleSends.get(m[1]!);
      if (!send) return { status: 404, body: errors('not found') };
      const delivered = this.deliveredTo(send.id).length;
      const stats: FakeStats = {
        requests: delivered,
        delivered,
        opens: 0,
        unique_opens: 0,
        clicks: 0,
        unique_clicks: 0,
        unsubscribes: 0,
        bounces: 0,
        spam_reports: 0,
        ...this.stats.get(send.id),
      };
      return {
        status: 200,
        body: {
          results: [{ id: send.id, ab_variation: 'all', ab_phase: 'all', aggregation: 'total', stats }],
          _metadata: { self: `${this.url}${path}`, count: 1 },
        },
      };
    }
    if (method === 'POST' && path === '/v3/mail/send') {
      const body = (req.json() ?? {}) as {
        personalizations?: { to?: { email?: string }[] }[];
        from?: { email?: string };
      };
      const to = (body.personalizations ?? []).flatMap((p) => p.to ?? []).map((t) => t.email ?? '');
      if (to.length === 0 || !body.from?.email)
        return { status: 400, body: errors('personalizations and from are required', 'personalizations') };
      for (const email of to) this.deliveries.push({ singleSendId: 'mail-send', email: email.toLowerCase() });
      return { status: 202, body: '' };
    }
    return { status: 404, body: errors(`${method} ${path} not found`) };
  }

  #singleSendBody(s: SingleSend) {
    return {
      id: s.id,
      name: s.name,
      status: s.status,
      send_to: { list_ids: s.listIds },
      email_config: {
        subject: s.subject,
        html_content: s.html,
        sender_id: s.senderId,
        suppression_group_id: s.suppressionGroupId,
      },
    };
  }

  /** To every contact of the single send's lists, less its group's suppressions and global unsubscribes. */
  #deliver(send: SingleSend): void {
    const suppressed = send.suppressionGroupId
      ? (this.groupSuppressions.get(send.suppressionGroupId) ?? new Set())
      : new Set();
    for (const c of this.contacts.values()) {
      if (!send.listIds.some((id) => c.lists.has(id))) continue;
      if (suppressed.has(c.email) || this.globalUnsubscribes.has(c.email)) continue;
      this.deliveries.push({ singleSendId: send.id, email: c.email });
    }
    send.status = 'triggered';
  }
}
