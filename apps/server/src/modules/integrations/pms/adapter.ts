import type { PmsProvider, PmsRegion } from '@casebook/domain';
import { ProviderError, type Tokens } from '../provider';
import { PMS_WIRES, type PmsWire } from './wire';

/** Where a provider is (one base URL per region; `DEFAULT` for a provider without regions) and who we are to it. */
export type PmsProviderSettings = {
  clientId: string;
  clientSecret: string;
  baseUrls: Partial<Record<PmsRegion | 'DEFAULT', string>>;
};

/** What a company's connection gives an adapter's calls. */
export type PmsSession = { tokens: Tokens; region: PmsRegion | null };

export type PmsMatter = {
  id: string;
  number: string | null;
  description: string | null;
  status: string | null;
  clientId: string | null;
  clientName: string | null;
  responsibleUserId: string | null;
  responsibleUserName: string | null;
};

export type PmsDocument = { id: string; name: string };

/**
 * One practice software behind one shape: OAuth 2 (authorization code with PKCE), the matters, the
 * client and responsible user of a matter, documents into a matter (with an idempotency key), webhooks
 * for matter changes and the custom field sets.
 */
export interface PmsAdapter {
  readonly provider: PmsProvider;
  /** Header of a webhook's signature (hex HMAC-SHA256 of the exact body with the registration's secret). */
  readonly signatureHeader: string;
  hasRegion(region: PmsRegion | null): boolean;
  authorizeUrl(region: PmsRegion | null, redirectUri: string, state: string, codeChallenge: string): string;
  exchange(
    region: PmsRegion | null,
    redirectUri: string,
    code: string,
    codeVerifier: string,
  ): Promise<{ tokens: Tokens; accountId: string; accountName: string }>;
  refresh(region: PmsRegion | null, tokens: Tokens): Promise<Tokens>;
  findMatters(session: PmsSession, text: string): Promise<PmsMatter[]>;
  getMatter(session: PmsSession, matterId: string): Promise<PmsMatter>;
  /** The client's and the responsible user's names as the provider keeps them now. */
  contactName(session: PmsSession, contactId: string): Promise<string | null>;
  userName(session: PmsSession, userId: string): Promise<string | null>;
  documents(session: PmsSession, matterId: string): Promise<PmsDocument[]>;
  uploadDocument(
    session: PmsSession,
    matterId: string,
    doc: { name: string; contentType: string; content: Uint8Array },
    idempotencyKey: string,
  ): Promise<string>;
  registerWebhook(session: PmsSession, url: string): Promise<{ id: string; secret: string }>;
  customFieldSets(session: PmsSession): Promise<{ id: string; name: string; fields: string[] }[]>;
  /** The delivery's id and the matter it concerns; null when the body is not a matter event. */
  parseWebhook(body: unknown): { eventId: string; matterId: string } | null;
}

const text = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * The practice-software APIs over plain fetch: none of the five publishes an official Node SDK that
 * takes a base URL (decision 0075), so the calls are written from their REST references (`wire.ts`).
 */
abstract class RestPmsAdapter implements PmsAdapter {
  abstract readonly provider: PmsProvider;
  readonly #wire: PmsWire;

  constructor(
    wire: PmsWire,
    private readonly settings: PmsProviderSettings,
    private readonly timeoutMs = 10_000,
  ) {
    this.#wire = wire;
  }

  get signatureHeader(): string {
    return this.#wire.signatureHeader;
  }

  hasRegion(region: PmsRegion | null): boolean {
    return !!this.settings.baseUrls[region ?? 'DEFAULT'];
  }

  #base(region: PmsRegion | null): string {
    const url = this.settings.baseUrls[region ?? 'DEFAULT'];
    if (!url) throw new ProviderError(`no service for the region ${region ?? '(none)'}`, 400);
    return url.replace(/\/$/, '');
  }

  authorizeUrl(region: PmsRegion | null, redirectUri: string, state: string, codeChallenge: string): string {
    const url = new URL(`${this.#base(region)}${this.#wire.authorizePath}`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  async #token(region: PmsRegion | null, form: Record<string, string>): Promise<Tokens> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const json = (await this.#fetch(`${this.#base(region)}${this.#wire.tokenPath}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!json.access_token || !json.refresh_token) throw new ProviderError('no tokens in the answer', 400);
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresAt: Date.now() + (json.expires_in ?? 3600) * 1000,
    };
  }

  async exchange(region: PmsRegion | null, redirectUri: string, code: string, codeVerifier: string) {
    const tokens = await this.#token(region, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    const account = this.#unwrap(await this.#api({ tokens, region }, 'GET', this.#wire.accountPath)) as Record<
      string,
      unknown
    >;
    return {
      tokens,
      accountId: text(account[this.#wire.account.id]) ?? '',
      accountName: text(account[this.#wire.account.name]) ?? '',
    };
  }

  refresh(region: PmsRegion | null, tokens: Tokens): Promise<Tokens> {
    return this.#token(region, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  }

  async #fetch(url: string, init: RequestInit): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new ProviderError((error as Error).message, 0);
    }
    const body = await res.text();
    if (!res.ok) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new ProviderError(
        body.slice(0, 300) || res.statusText,
        res.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      );
    }
    return body ? (JSON.parse(body) as unknown) : undefined;
  }

  #api(session: PmsSession, method: string, path: string, body?: object, key?: string): Promise<unknown> {
    return this.#fetch(`${this.#base(session.region)}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.tokens.accessToken}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  #unwrap(json: unknown): unknown {
    const envelope = this.#wire.envelope;
    return envelope ? (json as Record<string, unknown>)[envelope] : json;
  }

  #list(json: unknown, key: string): Record<string, unknown>[] {
    const inner = this.#unwrap(json);
    const list = key ? (inner as Record<string, unknown>)[key] : inner;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  }

  #matter(raw: Record<string, unknown>): PmsMatter {
    const f = this.#wire.matter;
    const client = raw[f.client] as { id?: unknown; name?: unknown } | undefined;
    const responsible = raw[f.responsible] as { id?: unknown; name?: unknown } | undefined;
    return {
      id: String(raw[f.id]),
      number: text(raw[f.number]),
      description: text(raw[f.description]),
      status: text(raw[f.status]),
      clientId: text(client?.id),
      clientName: text(client?.name),
      responsibleUserId: text(responsible?.id),
      responsibleUserName: text(responsible?.name),
    };
  }

  async findMatters(session: PmsSession, search: string): Promise<PmsMatter[]> {
    const q = search ? `?${this.#wire.searchParam}=${encodeURIComponent(search)}` : '';
    const json = await this.#api(session, 'GET', `${this.#wire.mattersPath}${q}`);
    return this.#list(json, this.#wire.listKey.matters).map((m) => this.#matter(m));
  }

  async getMatter(session: PmsSession, matterId: string): Promise<PmsMatter> {
    const json = await this.#api(session, 'GET', this.#wire.matterPath(matterId));
    return this.#matter(this.#unwrap(json) as Record<string, unknown>);
  }

  async contactName(session: PmsSession, contactId: string): Promise<string | null> {
    const json = this.#unwrap(await this.#api(session, 'GET', this.#wire.contactPath(contactId)));
    return text((json as { name?: unknown }).name);
  }

  async userName(session: PmsSession, userId: string): Promise<string | null> {
    const json = this.#unwrap(await this.#api(session, 'GET', this.#wire.userPath(userId)));
    return text((json as { name?: unknown }).name);
  }

  async documents(session: PmsSession, matterId: string): Promise<PmsDocument[]> {
    const json = await this.#api(session, 'GET', this.#wire.documentsPath(matterId));
    const f = this.#wire.document;
    return this.#list(json, this.#wire.listKey.documents).map((d) => ({
      id: String(d[f.id]),
      name: String(d[f.name]),
    }));
  }

  async uploadDocument(
    session: PmsSession,
    matterId: string,
    doc: { name: string; contentType: string; content: Uint8Array },
    idempotencyKey: string,
  ): Promise<string> {
    const body = this.#wire.uploadBody(matterId, {
      name: doc.name,
      contentType: doc.contentType,
      base64: Buffer.from(doc.content).toString('base64'),
    });
    const json = this.#unwrap(await this.#api(session, 'POST', this.#wire.uploadPath(matterId), body, idempotencyKey));
    const id = text((json as Record<string, unknown>)[this.#wire.document.id]);
    if (!id) throw new ProviderError('no document id in the answer', 502);
    return id;
  }

  async registerWebhook(session: PmsSession, url: string): Promise<{ id: string; secret: string }> {
    const json = this.#unwrap(
      await this.#api(session, 'POST', this.#wire.webhooksPath, this.#wire.webhookBody(url)),
    ) as Record<string, unknown>;
    const id = text(json[this.#wire.webhookCreated.id]);
    const secret = text(json[this.#wire.webhookCreated.secret]);
    if (!id || !secret) throw new ProviderError('no webhook id or secret in the answer', 502);
    return { id, secret };
  }

  async customFieldSets(session: PmsSession): Promise<{ id: string; name: string; fields: string[] }[]> {
    const json = await this.#api(session, 'GET', this.#wire.fieldSetsPath);
    return this.#list(json, this.#wire.listKey.fieldSets).map((s) => ({
      id: String(s.id),
      name: String(s.name),
      fields: Array.isArray(s.fields) ? (s.fields as { name?: unknown }[]).map((f) => String(f.name)) : [],
    }));
  }

  parseWebhook(body: unknown): { eventId: string; matterId: string } | null {
    if (!body || typeof body !== 'object') return null;
    const b = body as Record<string, unknown>;
    const eventId = text(b[this.#wire.event.id]);
    const matterId = text(this.#wire.event.matterId(b));
    return eventId && matterId ? { eventId, matterId } : null;
  }
}

/** Clio Manage (API v4), one service per region (US, EU, CA, AU). */
export class ClioAdapter extends RestPmsAdapter {
  readonly provider = 'clio' as const;
  constructor(settings: PmsProviderSettings, timeoutMs?: number) {
    super(PMS_WIRES.clio, settings, timeoutMs);
  }
}

/** LEAP, one service per region (US, UK, CA, AU). */
export class LeapAdapter extends RestPmsAdapter {
  readonly provider = 'leap' as const;
  constructor(settings: PmsProviderSettings, timeoutMs?: number) {
    super(PMS_WIRES.leap, settings, timeoutMs);
  }
}

export class PracticeEvolveAdapter extends RestPmsAdapter {
  readonly provider = 'practice-evolve' as const;
  constructor(settings: PmsProviderSettings, timeoutMs?: number) {
    super(PMS_WIRES['practice-evolve'], settings, timeoutMs);
  }
}

export class ActionstepAdapter extends RestPmsAdapter {
  readonly provider = 'actionstep' as const;
  constructor(settings: PmsProviderSettings, timeoutMs?: number) {
    super(PMS_WIRES.actionstep, settings, timeoutMs);
  }
}

export class SmokeballAdapter extends RestPmsAdapter {
  readonly provider = 'smokeball' as const;
  constructor(settings: PmsProviderSettings, timeoutMs?: number) {
    super(PMS_WIRES.smokeball, settings, timeoutMs);
  }
}

/** The adapter of each provider set up on this server. */
export function pmsAdapters(
  settings: Partial<Record<PmsProvider, PmsProviderSettings>>,
  timeoutMs?: number,
): Map<PmsProvider, PmsAdapter> {
  const adapters = new Map<PmsProvider, PmsAdapter>();
  if (settings.clio) adapters.set('clio', new ClioAdapter(settings.clio, timeoutMs));
  if (settings.leap) adapters.set('leap', new LeapAdapter(settings.leap, timeoutMs));
  if (settings['practice-evolve'])
    adapters.set('practice-evolve', new PracticeEvolveAdapter(settings['practice-evolve'], timeoutMs));
  if (settings.actionstep) adapters.set('actionstep', new ActionstepAdapter(settings.actionstep, timeoutMs));
  if (settings.smokeball) adapters.set('smokeball', new SmokeballAdapter(settings.smokeball, timeoutMs));
  return adapters;
}
