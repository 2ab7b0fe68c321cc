import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm';
import {
  PMS_CUSTOM_FIELD_SETS_CACHE_SECONDS,
  PMS_PROVIDER_NAMES,
  PMS_PROVIDER_SCREENS,
  PMS_REGIONS,
  uuidv7,
  type CasePmsLinkDto,
  type PmsConfigDto,
  type PmsCustomFieldSetsDto,
  type PmsDocumentKind,
  type PmsMatterDto,
  type PmsMatterLinkDto,
  type PmsProvider,
  type PmsRegion,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { businessRule, notFound } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { KeyedQueue } from '../../platform/jobs/keyed-queue';
import { cases, caseStatusLogs } from '../cases/cases.schema';
import { attachments } from '../files/files.schema';
import type { FilesService } from '../files/files.service';
import { invoices } from '../invoices/invoices.schema';
import type { InvoicesService } from '../invoices/invoices.service';
import { companies } from '../people/people.schema';
import type { IntegrationsConfig } from './config';
import { pmsAdapters, type PmsAdapter, type PmsMatter, type PmsSession } from './pms/adapter';
import { pmsConnections, pmsDocumentPushes, pmsMatterLinks, pmsWebhookEvents } from './pms.schema';
import { describeFailure, ProviderError, type Tokens } from './provider';

export const PMS_PUSH_QUEUE = 'pms-push';
const REFRESH_MARGIN_MS = 120_000;
const CONNECTION_ENTITY = 'PmsConnection';
const LINK_ENTITY = 'PmsMatterLink';

type ConnectionRow = typeof pmsConnections.$inferSelect;
type LinkRow = typeof pmsMatterLinks.$inferSelect;
type PushJob = { tenantId: string; linkId: string; summary?: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the audit keeps of a connection: never its tokens, webhook secret or pending secret. */
function auditable(row: ConnectionRow | undefined | null) {
  if (!row) return null;
  const { tokens: _t, pendingSecret: _p, stateHash: _s, webhookSecret: _w, ...rest } = row;
  return rest;
}

/** A webhook's signature: hex HMAC-SHA256 of the exact body with the secret agreed at registration. */
export function verifyPmsSignature(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !secret || !/^[0-9a-f]+$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Law firms' practice software, two-way: each company connects its own Clio, LEAP, Practice Evolve,
 * Actionstep or Smokeball account (OAuth); a case is linked to a matter of its company; the matter's
 * client, responsible user and status are read back (on link, on sync and when the provider's webhook
 * says the matter changed); the case's completed report and its invoices are pushed into the matter,
 * each once.
 */
export class PmsService {
  readonly adapters: Map<PmsProvider, PmsAdapter>;
  readonly #queue = new KeyedQueue();
  readonly #fieldSets = new Map<string, { at: number; value: PmsCustomFieldSetsDto }>();

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
    private readonly jobs: Jobs,
    private readonly files: FilesService,
    private readonly invoicesService: InvoicesService,
  ) {
    this.adapters = pmsAdapters(config?.pms ?? {}, config?.timeoutMs);
  }

  #base(): string {
    return (this.config?.publicUrl ?? '').replace(/\/$/, '');
  }

  redirectUri(provider: PmsProvider): string {
    return `${this.#base()}/api/app/pms/${provider}/callback`;
  }

  #adapter(provider: PmsProvider): PmsAdapter {
    const adapter = this.adapters.get(provider);
    if (!adapter || !this.config) throw businessRule(`${PMS_PROVIDER_NAMES[provider]} is not set up on this server.`);
    return adapter;
  }

  // Connections --------------------------------------------------------------------------------------

  async #company(tx: Tx, ctx: RequestContext, companyId: string) {
    await requireAccess(tx, ctx, 'company', companyId);
    const [company] = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound('The company');
    return company;
  }

  async #connection(tx: Tx, companyId: string): Promise<ConnectionRow | undefined> {
    const [row] = await tx
      .select()
      .from(pmsConnections)
      .where(and(eq(pmsConnections.companyId, companyId), eq(pmsConnections.isDeleted, false)));
    return row;
  }

  async #dto(tx: Tx, company: { id: string; name: string }, row: ConnectionRow | undefined): Promise<PmsConfigDto> {
    const [links] = row
      ? await tx.select({ n: count() }).from(pmsMatterLinks).where(eq(pmsMatterLinks.connectionId, row.id))
      : [{ n: 0 }];
    return {
      companyId: company.id,
      companyName: company.name,
      provider: row?.provider ?? null,
      region: row?.region ?? null,
      status: row?.status ?? 'NOT_CONNECTED',
      accountName: row?.status === 'CONNECTED' ? row.accountName : null,
      connectedTime: row?.status === 'CONNECTED' ? iso(row.connectedTime) : null,
      webhooksRegistered: !!row?.webhookId && row.status === 'CONNECTED',
      lastError: row?.lastError ?? null,
      lastErrorTime: iso(row?.lastErrorTime),
      linkedMatters: links?.n ?? 0,
      concurrencyStamp: row?.concurrencyStamp ?? null,
    };
  }

  async configs(ctx: RequestContext, q: { provider?: PmsProvider | undefined }): Promise<{ items: PmsConfigDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      // Law firms, and any company already connected.
      const rows = await tx
        .select({ company: { id: companies.id, name: companies.name }, connection: pmsConnections })
        .from(companies)
        .leftJoin(pmsConnections, and(eq(pmsConnections.companyId, companies.id), eq(pmsConnections.isDeleted, false)))
        .where(
          and(
            eq(companies.isDeleted, false),
            q.provider
              ? eq(pmsConnections.provider, q.provider)
              : or(eq(companies.businessType, 'LAW_FIRM'), sql`${pmsConnections.id} is not null`),
          ),
        )
        .orderBy(companies.name)
        .limit(1000);
      const items: PmsConfigDto[] = [];
      for (const r of rows) items.push(await this.#dto(tx, r.company, r.connection ?? undefined));
      return { items };
    });
  }

  async getConfig(ctx: RequestContext, companyId: string): Promise<PmsConfigDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const company = await this.#company(tx, ctx, companyId);
      return this.#dto(tx, company, await this.#connection(tx, companyId));
    });
  }

  async updateConfig(
    ctx: RequestContext,
    companyId: string,
    input: { provider: PmsProvider; region?: PmsRegion | null | undefined },
  ): Promise<PmsConfigDto> {
    const region = PMS_REGIONS[input.provider].length > 0 ? (input.region ?? null) : null;
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const company = await this.#company(tx, ctx, companyId);
      const current = await this.#connection(tx, companyId);
      const same = current && current.provider === input.provider && current.region === region;
      if (same) return this.#dto(tx, company, current);
      const values = {
        provider: input.provider,
        region,
        // Another provider or region is another account: its tokens and webhook are forgotten.
        status: 'NOT_CONNECTED' as const,
        stateHash: null,
        pendingSecret: null,
        tokens: null,
        accountId: null,
        accountName: null,
        webhookId: null,
        webhookSecret: null,
        connectedTime: null,
        lastError: null,
        lastErrorTime: null,
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      };
      const [after] = current
        ? await tx.update(pmsConnections).set(values).where(eq(pmsConnections.id, current.id)).returning()
        : await tx
            .insert(pmsConnections)
            .values({ tenantId: ctx.tenant.id, id: uuidv7(), companyId, creatorId: ctx.principal.userId, ...values })
            .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: CONNECTION_ENTITY,
        entityId: after!.id,
        changeType: current ? 'Updated' : 'Created',
        before: auditable(current),
        after: auditable(after),
      });
      return this.#dto(tx, company, after);
    });
  }

  /** Starts the connection: the provider's authorize URL, with a fresh state and a PKCE challenge. */
  async authorize(ctx: RequestContext, companyId: string): Promise<{ authorizeUrl: string }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#company(tx, ctx, companyId);
      const row = await this.#connection(tx, companyId);
      if (!row) throw businessRule('Choose the practice software first.');
      const adapter = this.#adapter(row.provider);
      if (!adapter.hasRegion(row.region)) {
        throw businessRule(`${PMS_PROVIDER_NAMES[row.provider]} ${row.region ?? ''} is not set up on this server.`);
      }
      const state = randomBytes(24).toString('base64url');
      const verifier = randomBytes(32).toString('base64url');
      await tx
        .update(pmsConnections)
        .set({
          stateHash: sha256(state),
          pendingSecret: this.config!.box.seal(ctx.tenant.id, verifier),
          ...(row.status === 'CONNECTED' ? {} : { status: 'PENDING' as const }),
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(pmsConnections.id, row.id));
      return {
        authorizeUrl: adapter.authorizeUrl(row.region, this.redirectUri(row.provider), state, sha256(verifier)),
      };
    });
  }

  /** The provider's redirect: the code exchanged, the tokens sealed; where the browser goes next. */
  async callback(
    provider: PmsProvider,
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  ): Promise<string> {
    const screen = `${this.#base()}${PMS_PROVIDER_SCREENS[provider]}`;
    const refused = (message: string) => `${screen}?error=${encodeURIComponent(message)}`;
    const adapter = this.adapters.get(provider);
    if (!adapter || !this.config || !query.state) return refused('The connection was not started here.');
    const [pending] = await this.database.withSystem((tx) =>
      tx
        .select()
        .from(pmsConnections)
        .where(and(eq(pmsConnections.provider, provider), eq(pmsConnections.stateHash, sha256(query.state!)))),
    );
    if (!pending?.pendingSecret) return refused('The connection was not started here.');
    const name = PMS_PROVIDER_NAMES[provider];
    const tenantId = pending.tenantId;
    if (query.error || !query.code) {
      await this.#failed(tenantId, pending.id, `${name} did not approve the connection (${query.error ?? 'no code'}).`);
      return refused(`${name} did not approve the connection.`);
    }
    const verifier = this.config.box.open(tenantId, pending.pendingSecret);
    let result;
    try {
      result = await adapter.exchange(pending.region, this.redirectUri(provider), query.code, verifier);
    } catch (error) {
      await this.#failed(tenantId, pending.id, describeFailure(name, error));
      return refused(describeFailure(name, error));
    }
    await this.database.withTenant(tenantId, async (tx) => {
      const [after] = await tx
        .update(pmsConnections)
        .set({
          status: 'CONNECTED',
          stateHash: null,
          pendingSecret: null,
          tokens: this.config!.box.seal(tenantId, JSON.stringify(result.tokens)),
          accountId: result.accountId,
          accountName: result.accountName,
          connectedTime: new Date(),
          lastError: null,
          lastErrorTime: null,
          lastModificationTime: new Date(),
          concurrencyStamp: uuidv7(),
        })
        .where(eq(pmsConnections.id, pending.id))
        .returning();
      await recordEntityChange(
        tx,
        {
          tenantId,
          userId: pending.lastModifierId ?? pending.creatorId ?? null,
          userName: null,
          impersonatorUserId: null,
        },
        {
          entityType: CONNECTION_ENTITY,
          entityId: pending.id,
          changeType: 'Updated',
          before: auditable(pending),
          after: auditable(after),
        },
      );
    });
    // The provider tells us of matter changes from now on.
    await this.#registerWebhook(tenantId, pending.id).catch(() => undefined);
    return `${screen}?connected=${encodeURIComponent(pending.companyId)}`;
  }

  async disconnect(ctx: RequestContext, companyId: string): Promise<PmsConfigDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const company = await this.#company(tx, ctx, companyId);
      const row = await this.#connection(tx, companyId);
      if (!row) return this.#dto(tx, company, row);
      const [after] = await tx
        .update(pmsConnections)
        .set({
          status: 'NOT_CONNECTED',
          tokens: null,
          stateHash: null,
          pendingSecret: null,
          webhookId: null,
          webhookSecret: null,
          connectedTime: null,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(pmsConnections.id, row.id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: CONNECTION_ENTITY,
        entityId: row.id,
        changeType: 'Updated',
        before: auditable(row),
        after: auditable(after),
      });
      return this.#dto(tx, company, after);
    });
  }

  async #failed(tenantId: string, connectionId: string, message: string): Promise<void> {
    await this.database.withTenant(tenantId, (tx) =>
      tx
        .update(pmsConnections)
        .set({ lastError: message, lastErrorTime: new Date() })
        .where(eq(pmsConnections.id, connectionId)),
    );
  }

  /** A connected company's session: its tokens, refreshed first when they are about to run out. */
  async #session(tenantId: string, connectionId: string): Promise<{ row: ConnectionRow; session: PmsSession }> {
    return this.#queue.run(`tokens:${connectionId}`, async () => {
      const [row] = await this.database.withTenant(tenantId, (tx) =>
        tx.select().from(pmsConnections).where(eq(pmsConnections.id, connectionId)),
      );
      if (row?.status !== 'CONNECTED' || !row.tokens) {
        throw businessRule(`${row ? PMS_PROVIDER_NAMES[row.provider] : 'The practice software'} is not connected.`);
      }
      const box = this.config!.box;
      let tokens = JSON.parse(box.open(tenantId, row.tokens)) as Tokens;
      if (tokens.expiresAt - Date.now() < REFRESH_MARGIN_MS) {
        tokens = await this.#adapter(row.provider).refresh(row.region, tokens);
        await this.database.withTenant(tenantId, (tx) =>
          tx
            .update(pmsConnections)
            .set({ tokens: box.seal(tenantId, JSON.stringify(tokens)) })
            .where(eq(pmsConnections.id, row.id)),
        );
      }
      return { row, session: { tokens, region: row.region } };
    });
  }

  /** A provider's refusal in the user's words (a 422), never a 500. */
  async #call<T>(provider: PmsProvider, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ProviderError) throw businessRule(describeFailure(PMS_PROVIDER_NAMES[provider], error));
      throw error;
    }
  }

  async #connected(ctx: RequestContext, companyId: string): Promise<ConnectionRow> {
    const row = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#company(tx, ctx, companyId);
      return this.#connection(tx, companyId);
    });
    if (row?.status !== 'CONNECTED') throw businessRule("The company's practice software is not connected.");
    return row;
  }

  async #registerWebhook(tenantId: string, connectionId: string): Promise<void> {
    const { row, session } = await this.#session(tenantId, connectionId);
    const url = `${this.#base()}/api/app/pms/${row.provider}/webhook/${row.id}`;
    const hook = await this.#adapter(row.provider).registerWebhook(session, url);
    await this.database.withTenant(tenantId, (tx) =>
      tx
        .update(pmsConnections)
        .set({ webhookId: hook.id, webhookSecret: this.config!.box.seal(tenantId, hook.secret) })
        .where(eq(pmsConnections.id, row.id)),
    );
  }

  async registerWebhooks(ctx: RequestContext, companyId: string): Promise<PmsConfigDto> {
    const row = await this.#connected(ctx, companyId);
    await this.#call(row.provider, () => this.#registerWebhook(ctx.tenant.id, row.id));
    return this.getConfig(ctx, companyId);
  }

  // Matters ------------------------------------------------------------------------------------------

  async matters(
    ctx: RequestContext,
    companyId: string,
    filterText: string | undefined,
  ): Promise<{ items: PmsMatterDto[] }> {
    const row = await this.#connected(ctx, companyId);
    const { session } = await this.#call(row.provider, () => this.#session(ctx.tenant.id, row.id));
    const found = await this.#call(row.provider, () =>
      this.#adapter(row.provider).findMatters(session, filterText ?? ''),
    );
    return {
      items: found.slice(0, 100).map((m) => ({
        id: m.id,
        number: m.number,
        description: m.description,
        status: m.status,
        clientName: m.clientName,
        responsibleUserName: m.responsibleUserName,
      })),
    };
  }

  /** The custom field sets, asked of the provider at most once in five minutes per company. */
  async customFieldSets(ctx: RequestContext, companyId: string): Promise<PmsCustomFieldSetsDto> {
    const row = await this.#connected(ctx, companyId);
    const key = `${ctx.tenant.id}:${row.id}`;
    const hit = this.#fieldSets.get(key);
    if (hit && Date.now() - hit.at < PMS_CUSTOM_FIELD_SETS_CACHE_SECONDS * 1000) return hit.value;
    const { session } = await this.#call(row.provider, () => this.#session(ctx.tenant.id, row.id));
    const items = await this.#call(row.provider, () => this.#adapter(row.provider).customFieldSets(session));
    const value = { items, fetchedTime: new Date().toISOString() };
    this.#fieldSets.set(key, { at: Date.now(), value });
    return value;
  }

  // Case links ---------------------------------------------------------------------------------------

  async #linkDtos(tx: Tx, rows: LinkRow[]): Promise<PmsMatterLinkDto[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const caseRows = await tx
      .select({ id: cases.id, caseNo: cases.caseNo })
      .from(cases)
      .where(
        inArray(
          cases.id,
          rows.map((r) => r.caseId),
        ),
      );
    const companyRows = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        inArray(
          companies.id,
          rows.map((r) => r.companyId),
        ),
      );
    const pushes = await tx
      .select()
      .from(pmsDocumentPushes)
      .where(inArray(pmsDocumentPushes.linkId, ids))
      .orderBy(pmsDocumentPushes.creationTime);
    return rows.map((r) => ({
      id: r.id,
      caseId: r.caseId,
      caseNo: caseRows.find((c) => c.id === r.caseId)?.caseNo ?? '',
      companyId: r.companyId,
      companyName: companyRows.find((c) => c.id === r.companyId)?.name ?? '',
      provider: r.provider,
      matterId: r.matterId,
      matterNumber: r.matterNumber,
      matterDescription: r.matterDescription,
      matterStatus: r.matterStatus,
      clientName: r.clientName,
      responsibleUserName: r.responsibleUserName,
      documents: pushes
        .filter((p) => p.linkId === r.id)
        .map((p) => ({ kind: p.kind, name: p.name, externalId: p.externalId, pushedTime: iso(p.pushedTime) })),
      lastSyncTime: iso(r.lastSyncTime),
      lastError: r.lastError,
      concurrencyStamp: r.concurrencyStamp,
    }));
  }

  async links(
    ctx: RequestContext,
    q: { filterText?: string | undefined; skipCount: number; maxResultCount: number },
  ): Promise<{ totalCount: number; items: PmsMatterLinkDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const text = q.filterText ? `%${q.filterText.replace(/[%_\\]/g, '\\$&')}%` : null;
      const visible = await recordCondition(tx, ctx, 'case');
      const search = text
        ? or(
            ilike(cases.caseNo, text),
            ilike(pmsMatterLinks.matterNumber, text),
            ilike(pmsMatterLinks.matterDescription, text),
            ilike(pmsMatterLinks.clientName, text),
          )
        : undefined;
      const where = and(search, visible);
      const [total] = await tx
        .select({ n: count() })
        .from(pmsMatterLinks)
        .innerJoin(cases, eq(cases.id, pmsMatterLinks.caseId))
        .where(where);
      const rows = await tx
        .select({ link: pmsMatterLinks })
        .from(pmsMatterLinks)
        .innerJoin(cases, eq(cases.id, pmsMatterLinks.caseId))
        .where(where)
        .orderBy(desc(pmsMatterLinks.lastModificationTime), desc(pmsMatterLinks.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return {
        totalCount: total?.n ?? 0,
        items: await this.#linkDtos(
          tx,
          rows.map((r) => r.link),
        ),
      };
    });
  }

  async caseLink(ctx: RequestContext, caseId: string): Promise<CasePmsLinkDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const rows = await tx.select().from(pmsMatterLinks).where(eq(pmsMatterLinks.caseId, caseId));
      return { link: (await this.#linkDtos(tx, rows))[0] ?? null };
    });
  }

  async #link(tenantId: string, linkId: string): Promise<PmsMatterLinkDto> {
    return this.database.withTenant(tenantId, async (tx) => {
      const rows = await tx.select().from(pmsMatterLinks).where(eq(pmsMatterLinks.id, linkId));
      const [dto] = await this.#linkDtos(tx, rows);
      if (!dto) throw notFound('The matter link');
      return dto;
    });
  }

  /** Links the case to a matter of its company's practice software; reads the matter and queues the documents. */
  async linkCase(ctx: RequestContext, caseId: string, matterId: string): Promise<PmsMatterLinkDto> {
    const companyId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const [c] = await tx.select({ companyId: cases.companyId }).from(cases).where(eq(cases.id, caseId));
      if (!c) throw notFound('The case');
      return c.companyId;
    });
    const connection = await this.#connected(ctx, companyId);
    const matter = await this.#readMatter(ctx.tenant.id, connection, matterId);
    const linkId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [current] = await tx.select().from(pmsMatterLinks).where(eq(pmsMatterLinks.caseId, caseId));
      const values = {
        companyId,
        connectionId: connection.id,
        provider: connection.provider,
        matterId: matter.id,
        ...this.#matterValues(matter),
        lastSyncTime: new Date(),
        lastError: null,
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      };
      const [after] = current
        ? await tx.update(pmsMatterLinks).set(values).where(eq(pmsMatterLinks.id, current.id)).returning()
        : await tx
            .insert(pmsMatterLinks)
            .values({ tenantId: ctx.tenant.id, id: uuidv7(), caseId, creatorId: ctx.principal.userId, ...values })
            .returning();
      // Another matter: what was pushed to the old one is pushed again to the new one.
      if (current && current.matterId !== matter.id) {
        await tx.delete(pmsDocumentPushes).where(eq(pmsDocumentPushes.linkId, current.id));
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: LINK_ENTITY,
        entityId: after!.id,
        changeType: current ? 'Updated' : 'Created',
        before: current ?? null,
        after: after!,
      });
      return after!.id;
    });
    await this.#queuePush(ctx.tenant.id, linkId);
    return this.#link(ctx.tenant.id, linkId);
  }

  /** Reads the matter with its client's and responsible user's names as the provider keeps them now. */
  async #readMatter(tenantId: string, connection: ConnectionRow, matterId: string): Promise<PmsMatter> {
    const adapter = this.#adapter(connection.provider);
    const name = PMS_PROVIDER_NAMES[connection.provider];
    return this.#call(connection.provider, async () => {
      const { session } = await this.#session(tenantId, connection.id);
      let matter: PmsMatter;
      try {
        matter = await adapter.getMatter(session, matterId);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) {
          throw businessRule(`The matter was not found in ${name}.`);
        }
        throw error;
      }
      const clientName = matter.clientId ? await adapter.contactName(session, matter.clientId) : null;
      const responsibleUserName = matter.responsibleUserId
        ? await adapter.userName(session, matter.responsibleUserId)
        : null;
      return {
        ...matter,
        clientName: clientName ?? matter.clientName,
        responsibleUserName: responsibleUserName ?? matter.responsibleUserName,
      };
    });
  }

  #matterValues(m: PmsMatter) {
    return {
      matterNumber: m.number,
      matterDescription: m.description,
      matterStatus: m.status,
      clientName: m.clientName,
      responsibleUserName: m.responsibleUserName,
    };
  }

  /** Reads the matter again (client, responsible user, status) and pushes what is not yet there. */
  async syncCase(ctx: RequestContext, caseId: string): Promise<PmsMatterLinkDto> {
    const link = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', caseId);
      const [row] = await tx.select().from(pmsMatterLinks).where(eq(pmsMatterLinks.caseId, caseId));
      return row;
    });
    if (!link) throw businessRule('The case is not linked to a matter.');
    await this.#refreshLink(ctx.tenant.id, link);
    await this.#queuePush(ctx.tenant.id, link.id);
    return this.#link(ctx.tenant.id, link.id);
  }

  async #refreshLink(tenantId: string, link: LinkRow): Promise<void> {
    const [connection] = await this.database.withTenant(tenantId, (tx) =>
      tx.select().from(pmsConnections).where(eq(pmsConnections.id, link.connectionId)),
    );
    if (!connection) throw notFound('The connection');
    const matter = await this.#readMatter(tenantId, connection, link.matterId);
    await this.database.withTenant(tenantId, (tx) =>
      tx
        .update(pmsMatterLinks)
        .set({ ...this.#matterValues(matter), lastSyncTime: new Date(), lastModificationTime: new Date() })
        .where(eq(pmsMatterLinks.id, link.id)),
    );
  }

  // Webhooks -----------------------------------------------------------------------------------------

  /**
   * A webhook delivery: the signature checked on the exact body with the connection's secret (401), an
   * event seen before ignored, otherwise the matter read again for every case linked to it. A failure to
   * read it forgets the event, so the provider's redelivery is acted on.
   */
  async webhook(
    provider: PmsProvider,
    connectionId: string,
    rawBody: string,
    headers: Record<string, unknown>,
  ): Promise<{ status: 200 | 401 | 404 | 503; acted: boolean }> {
    const adapter = this.adapters.get(provider);
    if (!adapter || !this.config) return { status: 404, acted: false };
    const [connection] = await this.database.withSystem((tx) =>
      tx
        .select()
        .from(pmsConnections)
        .where(and(eq(pmsConnections.id, connectionId), eq(pmsConnections.provider, provider))),
    );
    if (!connection || connection.status !== 'CONNECTED' || !connection.webhookSecret) {
      return { status: 404, acted: false };
    }
    const tenantId = connection.tenantId;
    const secret = this.config.box.open(tenantId, connection.webhookSecret);
    const signature = headers[adapter.signatureHeader];
    if (!verifyPmsSignature(rawBody, typeof signature === 'string' ? signature : undefined, secret)) {
      return { status: 401, acted: false };
    }
    const event = adapter.parseWebhook(JSON.parse(rawBody) as unknown);
    if (!event) return { status: 200, acted: false };
    const eventRowId = uuidv7();
    const fresh = await this.database.withTenant(tenantId, (tx) =>
      tx
        .insert(pmsWebhookEvents)
        .values({
          tenantId,
          id: eventRowId,
          concurrencyStamp: uuidv7(),
          connectionId,
          eventId: event.eventId,
          matterId: event.matterId,
        })
        .onConflictDoNothing()
        .returning({ id: pmsWebhookEvents.id }),
    );
    if (fresh.length === 0) return { status: 200, acted: false };
    try {
      const linked = await this.database.withTenant(tenantId, (tx) =>
        tx
          .select()
          .from(pmsMatterLinks)
          .where(and(eq(pmsMatterLinks.connectionId, connectionId), eq(pmsMatterLinks.matterId, event.matterId))),
      );
      for (const link of linked) await this.#refreshLink(tenantId, link);
      return { status: 200, acted: linked.length > 0 };
    } catch {
      await this.database.withTenant(tenantId, (tx) =>
        tx.delete(pmsWebhookEvents).where(eq(pmsWebhookEvents.id, eventRowId)),
      );
      return { status: 503, acted: false };
    }
  }

  // Documents ----------------------------------------------------------------------------------------

  async #queuePush(tenantId: string, linkId: string): Promise<void> {
    await this.jobs.send<PushJob>(PMS_PUSH_QUEUE, { tenantId, linkId, summary: 'Documents to the practice software' });
  }

  /** A case moved: once its report is completed, its documents go to its matter. */
  async caseStatusChanged(tenantId: string, caseId: string, status: string): Promise<void> {
    if (status !== 'REPORT_COMPLETED') return;
    await this.#queueForCase(tenantId, caseId);
  }

  /** An invoice sent (or paid): it goes to its case's matter. */
  async invoiceChanged(tenantId: string, invoice: { caseId: string; status: string }): Promise<void> {
    if (invoice.status === 'DRAFT' || invoice.status === 'CANCELLED') return;
    await this.#queueForCase(tenantId, invoice.caseId);
  }

  async #queueForCase(tenantId: string, caseId: string): Promise<void> {
    const [link] = await this.database.withTenant(tenantId, (tx) =>
      tx.select({ id: pmsMatterLinks.id }).from(pmsMatterLinks).where(eq(pmsMatterLinks.caseId, caseId)),
    );
    if (link) await this.#queuePush(tenantId, link.id);
  }

  /** What of the case goes to its matter: the completed report and the invoices sent. */
  async #documentsOf(tx: Tx, link: LinkRow, caseNo: string) {
    const wanted: { kind: PmsDocumentKind; localId: string; name: string }[] = [];
    const [completed] = await tx
      .select({ id: caseStatusLogs.id })
      .from(caseStatusLogs)
      .where(and(eq(caseStatusLogs.caseId, link.caseId), eq(caseStatusLogs.statusName, 'REPORT_COMPLETED')))
      .limit(1);
    if (completed) {
      const reports = await tx
        .select({ id: attachments.id, name: attachments.name })
        .from(attachments)
        .where(
          and(
            eq(attachments.objectId, link.caseId),
            eq(attachments.isDeleted, false),
            ilike(attachments.name, '%report%'),
          ),
        )
        .orderBy(desc(attachments.creationTime))
        .limit(1);
      for (const r of reports) wanted.push({ kind: 'REPORT', localId: r.id, name: `${caseNo} - ${r.name}` });
    }
    const sent = await tx
      .select({ id: invoices.id, invoiceNo: invoices.invoiceNo })
      .from(invoices)
      .where(
        and(
          eq(invoices.caseId, link.caseId),
          eq(invoices.isDeleted, false),
          notInArray(invoices.status, ['DRAFT', 'CANCELLED']),
        ),
      );
    for (const i of sent)
      wanted.push({ kind: 'INVOICE', localId: i.id, name: `${caseNo} - Invoice ${i.invoiceNo}.pdf` });
    return wanted;
  }

  /**
   * Pushes what the matter does not have yet. Each document is claimed by a row first (unique per link,
   * kind and record); the upload carries the row's id as its idempotency key, and before uploading the
   * matter's documents are read, so an upload whose answer was lost is found there, not sent again.
   */
  async push(data: PushJob): Promise<number> {
    const { tenantId, linkId } = data;
    return this.#queue.run(`push:${linkId}`, async () => {
      const state = await this.database.withTenant(tenantId, async (tx) => {
        const [link] = await tx.select().from(pmsMatterLinks).where(eq(pmsMatterLinks.id, linkId));
        if (!link) return null;
        const [c] = await tx.select({ caseNo: cases.caseNo }).from(cases).where(eq(cases.id, link.caseId));
        if (!c) return null;
        for (const doc of await this.#documentsOf(tx, link, c.caseNo)) {
          await tx
            .insert(pmsDocumentPushes)
            .values({
              tenantId,
              id: uuidv7(),
              concurrencyStamp: uuidv7(),
              linkId,
              caseId: link.caseId,
              kind: doc.kind,
              localId: doc.localId,
              name: doc.name,
            })
            .onConflictDoNothing();
        }
        const open = await tx
          .select()
          .from(pmsDocumentPushes)
          .where(and(eq(pmsDocumentPushes.linkId, linkId), sql`${pmsDocumentPushes.externalId} is null`));
        return { link, open };
      });
      if (!state || state.open.length === 0) return 0;
      const { link, open } = state;
      const adapter = this.#adapter(link.provider);
      try {
        const { session } = await this.#session(tenantId, link.connectionId);
        const there = await adapter.documents(session, link.matterId);
        let pushed = 0;
        for (const doc of open) {
          const found = there.find((d) => d.name === doc.name);
          const externalId =
            found?.id ??
            (await adapter.uploadDocument(
              session,
              link.matterId,
              { name: doc.name, contentType: 'application/pdf', content: await this.#content(tenantId, doc) },
              doc.id,
            ));
          // The document recorded and the last failure cleared together: a success ends the error shown.
          await this.database.withTenant(tenantId, async (tx) => {
            await tx
              .update(pmsDocumentPushes)
              .set({ externalId, pushedTime: new Date(), lastModificationTime: new Date() })
              .where(eq(pmsDocumentPushes.id, doc.id));
            await tx
              .update(pmsMatterLinks)
              .set({ lastSyncTime: new Date(), lastError: null })
              .where(eq(pmsMatterLinks.id, linkId));
          });
          pushed += 1;
        }
        return pushed;
      } catch (error) {
        await this.database.withTenant(tenantId, (tx) =>
          tx
            .update(pmsMatterLinks)
            .set({ lastError: describeFailure(PMS_PROVIDER_NAMES[link.provider], error) })
            .where(eq(pmsMatterLinks.id, linkId)),
        );
        throw error;
      }
    });
  }

  async #content(tenantId: string, doc: typeof pmsDocumentPushes.$inferSelect): Promise<Uint8Array> {
    if (doc.kind === 'REPORT') {
      const [a] = await this.database.withTenant(tenantId, (tx) =>
        tx.select({ fileId: attachments.fileId }).from(attachments).where(eq(attachments.id, doc.localId)),
      );
      if (!a) throw notFound('The report');
      const { body } = await this.files.open(tenantId, a.fileId);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    const { invoicePdf } = await import('../invoices/invoice-pdf');
    const [dto] = await this.database.withTenant(tenantId, (tx) =>
      this.invoicesService.readInvoices(tx, [doc.localId]),
    );
    if (!dto) throw notFound('The invoice');
    const [tenant] = await this.database.withSystem((tx) =>
      tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)),
    );
    return invoicePdf(dto, tenant?.name ?? '');
  }

  defineJobs(): void {
    this.jobs.define<PushJob>(
      PMS_PUSH_QUEUE,
      {
        retryLimit: 6,
        retryDelay: this.config?.retryDelaySeconds ?? 30,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: 300,
        heartbeatSeconds: 30,
      },
      ({ data }) => this.push(data),
    );
  }
}
