import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import {
  AccountingProviders,
  INTEGRATION_PROVIDER_NAMES,
  IntegrationProviders,
  integrationKind,
  uuidv7,
  type AccountingConnectionDto,
  type AccountingProvider,
  type IntegrationProvider,
  type InvoiceDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { TenantDirectory } from '../../platform/access/tenant-directory';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { invoices } from '../invoices/invoices.schema';
import type { InvoicesService } from '../invoices/invoices.service';
import { accountCodes } from '../reference/reference.schema';
import type { IntegrationsConfig } from './config';
import { loggedCall } from './exchange-log';
import { KeyedQueue } from '../../platform/jobs/keyed-queue';
import { esignEnvelopes, integrationConnections, integrationLinks } from './integrations.schema';
import {
  describeFailure,
  ProviderError,
  type AccountingAdapter,
  type OAuthAdapter,
  type Session,
  type Tokens,
} from './provider';
import { QuickBooksAdapter } from './quickbooks/adapter';
import { XeroAdapter } from './xero/adapter';

export const ACCOUNTING_PUSH_QUEUE = 'accounting-push';
export const ACCOUNTING_PULL_QUEUE = 'accounting-pull';
export const ACCOUNTING_SYNC_QUEUE = 'accounting-sync';
/** Every fifteen minutes: unpushed invoices pushed, payments changed in the provider pulled back. */
export const ACCOUNTING_SYNC_CRON = '*/15 * * * *';
const EVERY_TENANT = '*';
/** Tokens are refreshed when they have less than this left. */
const REFRESH_MARGIN_MS = 120_000;
const CONNECTION_ENTITY = 'IntegrationConnection';

type PushJob = { tenantId: string; provider: AccountingProvider; invoiceId: string; summary?: string };
type PullJob = {
  tenantId: string;
  provider: AccountingProvider;
  entity: { name: string; id: string };
  summary?: string;
};
type SyncJob = { tenantId: string; provider?: AccountingProvider; summary?: string };

type ConnectionRow = typeof integrationConnections.$inferSelect;

/** The accounting systems among a tenant's connections (the e-mail delivery provider is kept there too). */
const isAccounting = (p: string): p is AccountingProvider => (AccountingProviders as readonly string[]).includes(p);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the audit keeps of a connection: never its tokens or its pending secret. */
function auditable(row: ConnectionRow | undefined | null) {
  if (!row) return null;
  const { tokens: _t, pendingSecret: _p, stateHash: _s, ...rest } = row;
  return rest;
}

/** The signature a webhook must carry: base64 HMAC-SHA256 of the raw body with the shared key. */
export function verifySignature(rawBody: string, signature: string | undefined, key: string): boolean {
  if (!signature || !key) return false;
  const expected = createHmac('sha256', key).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Accounting connections of tenants (Xero, QuickBooks) and the flow through them: sent invoices and
 * recorded payments pushed by jobs with idempotency keys, payments found in the provider recorded
 * against our invoices through the invoices module, each call logged per tenant without secrets.
 */
export class AccountingService {
  readonly adapters = new Map<AccountingProvider, AccountingAdapter>();
  /** Every provider's connection side (the accounting adapters and the others registered with `addProvider`). */
  readonly #oauth = new Map<IntegrationProvider, OAuthAdapter>();
  /** What Sync now does for a provider that is not an accounting system. */
  readonly #syncs = new Map<IntegrationProvider, (tenantId: string) => Promise<number>>();

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
    private readonly jobs: Jobs,
    private readonly invoices: InvoicesService,
    private readonly tenants: TenantDirectory,
  ) {
    if (config?.xero)
      this.adapters.set('xero', new XeroAdapter(config.xero, this.redirectUri('xero'), config.timeoutMs));
    if (config?.quickbooks) {
      this.adapters.set('quickbooks', new QuickBooksAdapter(config.quickbooks, this.redirectUri('quickbooks')));
    }
    for (const [provider, adapter] of this.adapters) this.#oauth.set(provider, adapter);
  }

  /** Another provider connected the same way (DocuSign); `sync` is its Sync now, answering how many were queued. */
  addProvider(adapter: OAuthAdapter, sync: (tenantId: string) => Promise<number>): void {
    this.#oauth.set(adapter.provider, adapter);
    this.#syncs.set(adapter.provider, sync);
  }

  redirectUri(provider: IntegrationProvider): string {
    return `${(this.config?.publicUrl ?? '').replace(/\/$/, '')}/api/app/integrations/${provider}/callback`;
  }

  #adapter(provider: AccountingProvider): AccountingAdapter {
    const adapter = this.adapters.get(provider);
    if (!adapter) throw businessRule(`${INTEGRATION_PROVIDER_NAMES[provider]} is not set up on this server.`);
    return adapter;
  }

  #oauthAdapter(provider: IntegrationProvider): OAuthAdapter {
    const adapter = this.#oauth.get(provider);
    if (!adapter) throw businessRule(`${INTEGRATION_PROVIDER_NAMES[provider]} is not set up on this server.`);
    return adapter;
  }

  #box() {
    if (!this.config) throw businessRule('Accounting connections are not set up on this server.');
    return this.config.box;
  }

  async #row(tx: Tx, provider: IntegrationProvider): Promise<ConnectionRow | undefined> {
    const [row] = await tx
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.provider, provider), eq(integrationConnections.isDeleted, false)));
    return row;
  }

  async connections(ctx: RequestContext): Promise<{ items: AccountingConnectionDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const items: AccountingConnectionDto[] = [];
      for (const provider of IntegrationProviders) items.push(await this.#status(tx, provider));
      return { items };
    });
  }

  async #status(tx: Tx, provider: IntegrationProvider): Promise<AccountingConnectionDto> {
    const row = await this.#row(tx, provider);
    const [pushed] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(integrationLinks)
      .where(and(eq(integrationLinks.provider, provider), eq(integrationLinks.kind, 'INVOICE')));
    const [envelopes] =
      provider === 'docusign'
        ? await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(esignEnvelopes)
            .where(isNotNull(esignEnvelopes.externalId))
        : [{ n: 0 }];
    const connected = row?.status === 'CONNECTED';
    return {
      provider,
      kind: integrationKind(provider),
      envelopesSent: envelopes?.n ?? 0,
      name: INTEGRATION_PROVIDER_NAMES[provider],
      available: this.#oauth.has(provider),
      connected,
      organisationName: connected ? (row?.organisationName ?? null) : null,
      connectedTime: connected ? iso(row?.connectedTime ?? null) : null,
      lastSyncTime: iso(row?.lastSyncTime ?? null),
      lastError: row?.lastError ?? null,
      lastErrorTime: iso(row?.lastErrorTime ?? null),
      pushedInvoices: pushed?.n ?? 0,
    };
  }

  /** Starts a connection: the provider's authorize URL, with a fresh state and (where offered) PKCE. */
  async connect(ctx: RequestContext, provider: IntegrationProvider): Promise<{ authorizeUrl: string }> {
    const adapter = this.#oauthAdapter(provider);
    const box = this.#box();
    const state = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    // The provider unreachable (its discovery document) is told in words, never a 500.
    const authorizeUrl = await this.logged(ctx.tenant.id, provider, 'authorize-url', null, () =>
      adapter.authorizeUrl(state, sha256(verifier)),
    ).catch((error: unknown) => {
      throw businessRule(describeFailure(INTEGRATION_PROVIDER_NAMES[provider], error));
    });
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = await this.#row(tx, provider);
      const values = {
        stateHash: sha256(state),
        pendingSecret: box.seal(ctx.tenant.id, verifier),
        ...(current?.status === 'CONNECTED' ? {} : { status: 'PENDING' as const }),
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      };
      if (current) {
        await tx.update(integrationConnections).set(values).where(eq(integrationConnections.id, current.id));
      } else {
        const [created] = await tx
          .insert(integrationConnections)
          .values({
            tenantId: ctx.tenant.id,
            id: uuidv7(),
            creatorId: ctx.principal.userId,
            provider,
            status: 'PENDING',
            ...values,
          })
          .returning();
        await recordEntityChange(tx, ctx.actor, {
          entityType: CONNECTION_ENTITY,
          entityId: created!.id,
          changeType: 'Created',
          before: null,
          after: auditable(created),
        });
      }
    });
    return { authorizeUrl };
  }

  /**
   * The provider's redirect back: finds the pending connection by its state, exchanges the code and keeps
   * the tokens sealed. Answers where the browser goes next (the connections screen, with the outcome).
   */
  async callback(
    provider: IntegrationProvider,
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    callbackUrl: string,
  ): Promise<string> {
    const screen = `${(this.config?.publicUrl ?? '').replace(/\/$/, '')}/view/accounting-connections`;
    const adapter = this.#oauth.get(provider);
    if (!adapter || !this.config || !query.state)
      return `${screen}?error=${encodeURIComponent('The connection was not started here.')}`;
    const stateHash = sha256(query.state);
    const [pending] = await this.database.withSystem((tx) =>
      tx
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.provider, provider), eq(integrationConnections.stateHash, stateHash))),
    );
    if (!pending?.pendingSecret) return `${screen}?error=${encodeURIComponent('The connection was not started here.')}`;
    const tenantId = pending.tenantId;
    const name = INTEGRATION_PROVIDER_NAMES[provider];
    if (query.error || !query.code) {
      await this.failed(tenantId, provider, `${name} did not approve the connection (${query.error ?? 'no code'}).`);
      return `${screen}?error=${encodeURIComponent(`${name} did not approve the connection.`)}`;
    }
    const verifier = this.config.box.open(tenantId, pending.pendingSecret);
    let result;
    try {
      result = await this.logged(tenantId, provider, 'token-exchange', null, () =>
        adapter.exchange(callbackUrl, query.state!, verifier),
      );
    } catch (error) {
      await this.failed(tenantId, provider, describeFailure(name, error));
      return `${screen}?error=${encodeURIComponent(describeFailure(name, error))}`;
    }
    await this.database.withTenant(tenantId, async (tx) => {
      const [updated] = await tx
        .update(integrationConnections)
        .set({
          status: 'CONNECTED',
          stateHash: null,
          pendingSecret: null,
          tokens: this.config!.box.seal(tenantId, JSON.stringify(result.tokens)),
          tokenExpiresAt: new Date(result.tokens.expiresAt),
          externalTenantId: result.externalTenantId,
          organisationName: result.organisationName,
          apiBaseUrl: result.apiBaseUrl ?? null,
          connectedById: pending.lastModifierId ?? pending.creatorId,
          connectedTime: new Date(),
          lastError: null,
          lastErrorTime: null,
          lastModificationTime: new Date(),
          concurrencyStamp: uuidv7(),
        })
        .where(eq(integrationConnections.id, pending.id))
        .returning();
      await recordEntityChange(
        tx,
        { tenantId, userId: pending.lastModifierId ?? pending.creatorId, userName: name, impersonatorUserId: null },
        {
          entityType: CONNECTION_ENTITY,
          entityId: pending.id,
          changeType: 'Updated',
          before: auditable(pending),
          after: auditable(updated),
        },
      );
    });
    return `${screen}?connected=${provider}`;
  }

  async disconnect(ctx: RequestContext, provider: IntegrationProvider): Promise<AccountingConnectionDto> {
    const adapter = this.#oauthAdapter(provider);
    const session = await this.session(ctx.tenant.id, provider).catch(() => undefined);
    if (session) {
      await this.logged(ctx.tenant.id, provider, 'revoke', null, () => adapter.revoke(session)).catch(() => undefined);
    }
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = await this.#row(tx, provider);
      if (current) {
        const [updated] = await tx
          .update(integrationConnections)
          .set({
            status: 'DISCONNECTED',
            tokens: null,
            tokenExpiresAt: null,
            stateHash: null,
            pendingSecret: null,
            lastModificationTime: new Date(),
            lastModifierId: ctx.principal.userId,
            concurrencyStamp: uuidv7(),
          })
          .where(eq(integrationConnections.id, current.id))
          .returning();
        await recordEntityChange(tx, ctx.actor, {
          entityType: CONNECTION_ENTITY,
          entityId: current.id,
          changeType: 'Updated',
          before: auditable(current),
          after: auditable(updated),
        });
      }
      return this.#status(tx, provider);
    });
  }

  /** Queues a sync of the tenant's connection: unpushed invoices pushed, payments pulled. */
  async manualSync(ctx: RequestContext, provider: IntegrationProvider): Promise<{ queued: number }> {
    this.#oauthAdapter(provider);
    const connected = await this.database.withTenant(ctx.tenant.id, (tx) => this.#row(tx, provider));
    if (connected?.status !== 'CONNECTED') {
      throw businessRule(`Connect ${INTEGRATION_PROVIDER_NAMES[provider]} before syncing.`);
    }
    const other = this.#syncs.get(provider);
    if (other) return { queued: await other(ctx.tenant.id) };
    return { queued: await this.#queueSync(ctx.tenant.id, provider as AccountingProvider) };
  }

  /** The connected providers of a tenant (those an invoice goes to). */
  async #connectedProviders(tenantId: string): Promise<AccountingProvider[]> {
    const rows = await this.database.withTenant(tenantId, (tx) =>
      tx
        .select({ provider: integrationConnections.provider })
        .from(integrationConnections)
        .where(and(eq(integrationConnections.status, 'CONNECTED'), eq(integrationConnections.isDeleted, false))),
    );
    return rows.map((r) => r.provider).filter((p) => isAccounting(p) && this.adapters.has(p)) as AccountingProvider[];
  }

  /** An invoice changed (sent, paid): a push job to each connected provider. */
  async invoiceChanged(tenantId: string, invoice: InvoiceDto): Promise<void> {
    if (invoice.status === 'DRAFT' || invoice.status === 'CANCELLED') return;
    for (const provider of await this.#connectedProviders(tenantId)) {
      await this.jobs.send<PushJob>(ACCOUNTING_PUSH_QUEUE, {
        tenantId,
        provider,
        invoiceId: invoice.id,
        summary: `Invoice ${invoice.invoiceNo} to ${INTEGRATION_PROVIDER_NAMES[provider]}`,
      });
    }
  }

  async #queueSync(tenantId: string, provider: AccountingProvider): Promise<number> {
    const pending = await this.database.withTenant(tenantId, (tx) =>
      tx
        .select({ id: invoices.id, invoiceNo: invoices.invoiceNo })
        .from(invoices)
        .leftJoin(
          integrationLinks,
          and(
            eq(integrationLinks.tenantId, invoices.tenantId),
            eq(integrationLinks.localId, invoices.id),
            eq(integrationLinks.provider, provider),
            eq(integrationLinks.kind, 'INVOICE'),
          ),
        )
        .where(
          and(
            eq(invoices.isDeleted, false),
            notInArray(invoices.status, ['DRAFT', 'CANCELLED']),
            isNull(integrationLinks.id),
          ),
        ),
    );
    for (const i of pending) {
      await this.jobs.send<PushJob>(ACCOUNTING_PUSH_QUEUE, {
        tenantId,
        provider,
        invoiceId: i.id,
        summary: `Invoice ${i.invoiceNo} to ${INTEGRATION_PROVIDER_NAMES[provider]}`,
      });
    }
    await this.jobs.send<SyncJob>(ACCOUNTING_SYNC_QUEUE, {
      tenantId,
      provider,
      summary: `Payments from ${INTEGRATION_PROVIDER_NAMES[provider]}`,
    });
    return pending.length;
  }

  /** A call to the provider, logged for the tenant with its outcome and time, never its payload or tokens. */
  async logged<T>(
    tenantId: string,
    provider: IntegrationProvider,
    operation: string,
    key: string | null,
    fn: () => Promise<T>,
  ): Promise<T> {
    return loggedCall(
      this.database,
      { tenantId, provider, providerName: INTEGRATION_PROVIDER_NAMES[provider], operation, key },
      fn,
    );
  }

  async failed(tenantId: string, provider: IntegrationProvider, message: string): Promise<void> {
    await this.database.withTenant(tenantId, (tx) =>
      tx
        .update(integrationConnections)
        .set({ lastError: message, lastErrorTime: new Date() })
        .where(eq(integrationConnections.provider, provider)),
    );
  }

  async succeeded(tenantId: string, provider: IntegrationProvider): Promise<void> {
    await this.database.withTenant(tenantId, (tx) =>
      tx
        .update(integrationConnections)
        .set({ lastSyncTime: new Date(), lastError: null, lastErrorTime: null })
        .where(eq(integrationConnections.provider, provider)),
    );
  }

  /**
   * The connection's tokens, refreshed first when they are about to expire. One refresh at a time in this
   * process; the call is made outside any transaction (PGlite runs one at a time) and the new tokens saved after.
   */
  async session(tenantId: string, provider: IntegrationProvider): Promise<Session & { connectedById: string | null }> {
    const adapter = this.#oauthAdapter(provider);
    const box = this.#box();
    return this.#locked({ tenantId, provider }, 'tokens', async () => {
      const row = await this.database.withTenant(tenantId, (tx) => this.#row(tx, provider));
      if (row?.status !== 'CONNECTED' || !row.tokens || !row.externalTenantId) {
        throw new ProviderError(`${INTEGRATION_PROVIDER_NAMES[provider]} is not connected.`, 409);
      }
      let tokens = JSON.parse(box.open(tenantId, row.tokens)) as Tokens;
      if (tokens.expiresAt - Date.now() < REFRESH_MARGIN_MS) {
        const old = tokens;
        tokens = await this.logged(tenantId, provider, 'token-refresh', null, () => adapter.refresh(old));
        const sealed = box.seal(tenantId, JSON.stringify(tokens));
        await this.database.withTenant(tenantId, (tx) =>
          tx
            .update(integrationConnections)
            .set({ tokens: sealed, tokenExpiresAt: new Date(tokens.expiresAt) })
            .where(eq(integrationConnections.id, row.id)),
        );
      }
      return {
        tokens,
        externalTenantId: row.externalTenantId,
        apiBaseUrl: row.apiBaseUrl,
        connectedById: row.connectedById,
      };
    });
  }

  async #link(tx: Tx, provider: AccountingProvider, kind: 'INVOICE' | 'PAYMENT' | 'CONTACT', localId: string) {
    const [row] = await tx
      .select()
      .from(integrationLinks)
      .where(
        and(
          eq(integrationLinks.provider, provider),
          eq(integrationLinks.kind, kind),
          eq(integrationLinks.localId, localId),
        ),
      );
    return row;
  }

  async #saveLink(
    tenantId: string,
    provider: AccountingProvider,
    kind: 'INVOICE' | 'PAYMENT' | 'CONTACT',
    localId: string,
    externalId: string,
    externalNumber: string | null = null,
    tx?: Tx,
  ): Promise<void> {
    const insert = (t: Tx) =>
      t
        .insert(integrationLinks)
        .values({
          tenantId,
          id: uuidv7(),
          concurrencyStamp: uuidv7(),
          provider,
          kind,
          localId,
          externalId,
          externalNumber,
        })
        .onConflictDoNothing();
    if (tx) await insert(tx);
    else await this.database.withTenant(tenantId, insert);
  }

  /**
   * Pushes one invoice (its contact first) and our payments of it not yet in the provider. The provider's
   * ids are kept per record; the idempotency keys are the records' own ids, so a retry after a lost answer
   * gets the first answer back instead of a second invoice.
   */
  async push(job: PushJob): Promise<{ invoice: string; payments: number }> {
    const { tenantId, provider, invoiceId } = job;
    const adapter = this.#adapter(provider);
    const session = await this.session(tenantId, provider);
    const { invoice, codes, links } = await this.database.withTenant(tenantId, async (tx) => {
      const [dto] = await this.invoices.readInvoices(tx, [invoiceId]);
      const ids = [...new Set(dto!.lines.map((l) => l.accountCodeId).filter((c): c is string => !!c))];
      const codeRows = ids.length
        ? await tx
            .select({ id: accountCodes.id, code: accountCodes.code })
            .from(accountCodes)
            .where(inArray(accountCodes.id, ids))
        : [];
      return {
        invoice: dto!,
        codes: new Map(codeRows.map((c) => [c.id, c.code])),
        links: {
          invoice: await this.#link(tx, provider, 'INVOICE', invoiceId),
          contact: await this.#link(tx, provider, 'CONTACT', dto!.companyId),
        },
      };
    });
    if (invoice.status === 'DRAFT' || invoice.status === 'CANCELLED') return { invoice: 'not sent', payments: 0 };
    let contactId = links.contact?.externalId;
    if (!contactId) {
      const key = `casebook-contact-${invoice.companyId}`;
      contactId = await this.logged(tenantId, provider, 'contact', key, () =>
        adapter.upsertContact(session, { name: invoice.companyName, email: null }, key),
      );
      await this.#saveLink(tenantId, provider, 'CONTACT', invoice.companyId, contactId);
    }
    let externalInvoiceId = links.invoice?.externalId;
    if (!externalInvoiceId) {
      const key = `casebook-invoice-${invoice.id}`;
      const created = await this.logged(tenantId, provider, 'invoice', key, () =>
        adapter.createInvoice(
          session,
          {
            invoiceNo: invoice.invoiceNo,
            caseNo: invoice.caseNo,
            invoiceDate: invoice.invoiceDate,
            dueDate: invoice.dueDate,
            currency: invoice.currency,
            totalCents: invoice.totalCents,
            lines: invoice.lines.map((l) => ({
              description: l.description,
              quantity: l.quantity,
              netCents: l.amountCents,
              taxCents: l.gstCents,
              accountCode: l.accountCodeId ? (codes.get(l.accountCodeId) ?? null) : null,
            })),
          },
          contactId,
          key,
        ),
      );
      externalInvoiceId = created.externalId;
      await this.#saveLink(tenantId, provider, 'INVOICE', invoice.id, created.externalId, created.number);
    }
    let payments = 0;
    for (const payment of invoice.payments) {
      const linked = await this.database.withTenant(tenantId, (tx) => this.#link(tx, provider, 'PAYMENT', payment.id));
      if (linked) continue;
      const key = `casebook-payment-${payment.id}`;
      const id = await this.logged(tenantId, provider, 'payment', key, () =>
        adapter.createPayment(
          session,
          {
            externalInvoiceId: externalInvoiceId,
            contactId: contactId,
            cents: payment.amountCents,
            date: payment.paymentDate,
            reference: payment.reference ?? invoice.invoiceNo,
          },
          key,
        ),
      );
      await this.#saveLink(tenantId, provider, 'PAYMENT', payment.id, id);
      payments += 1;
    }
    await this.succeeded(tenantId, provider);
    return { invoice: externalInvoiceId, payments };
  }

  /**
   * Payments the provider holds against its invoice, recorded against ours through the invoices module,
   * each once: the provider's payment id is kept with ours in the same transaction.
   */
  async #recordPayments(
    tenantId: string,
    provider: AccountingProvider,
    connectedById: string | null,
    externalInvoiceId: string,
    payments: { id: string; cents: number; date: string }[],
  ): Promise<number> {
    const ctx = await this.systemContext(tenantId, provider, connectedById);
    let recorded = 0;
    for (const p of payments) {
      const done = await this.database.withTenant(tenantId, async (tx) => {
        const [link] = await tx
          .select({ localId: integrationLinks.localId })
          .from(integrationLinks)
          .where(
            and(
              eq(integrationLinks.provider, provider),
              eq(integrationLinks.kind, 'INVOICE'),
              eq(integrationLinks.externalId, externalInvoiceId),
            ),
          );
        if (!link) return false;
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`integration-payment:${tenantId}:${provider}:${p.id}`}))`,
        );
        const [seen] = await tx
          .select({ id: integrationLinks.id })
          .from(integrationLinks)
          .where(
            and(
              eq(integrationLinks.provider, provider),
              eq(integrationLinks.kind, 'PAYMENT'),
              eq(integrationLinks.externalId, p.id),
            ),
          );
        if (seen) return false;
        const before = new Set((await this.invoices.readInvoices(tx, [link.localId]))[0]!.payments.map((x) => x.id));
        const after = await this.invoices.addPaymentIn(tx, ctx, link.localId, {
          amount: p.cents,
          paymentDate: p.date,
          reference: `${INTEGRATION_PROVIDER_NAMES[provider]} payment ${p.id}`.slice(0, 200),
        });
        const created = after.payments.find((x) => !before.has(x.id));
        if (created) await this.#saveLink(tenantId, provider, 'PAYMENT', created.id, p.id, null, tx);
        return true;
      });
      if (done) recorded += 1;
    }
    return recorded;
  }

  /**
   * Who acts for a provider in the background: the user who connected it (or asked for the work), named
   * after the provider, in the role given (accounting records payments).
   */
  async systemContext(
    tenantId: string,
    provider: IntegrationProvider,
    userId: string | null,
    roles: string[] = ['ACCOUNTING'],
  ): Promise<RequestContext> {
    const tenant = await this.tenants.get(tenantId);
    if (!tenant) throw new Error(`tenant ${tenantId} not found`);
    const name = `${INTEGRATION_PROVIDER_NAMES[provider]} sync`;
    const id = userId ?? tenantId;
    return {
      tenant,
      principal: { userId: id, tenantId, roles, userName: name, impersonatorUserId: null },
      permissions: new Set(),
      actor: { tenantId, userId, userName: name, impersonatorUserId: null },
    };
  }

  /** A webhook's entity (or an invoice of ours): its payments pulled and recorded. */
  async pull(job: PullJob): Promise<{ recorded: number }> {
    const { tenantId, provider, entity } = job;
    const adapter = this.#adapter(provider);
    const session = await this.session(tenantId, provider);
    const invoiceIds = await this.logged(tenantId, provider, `webhook-${entity.name.toLowerCase()}`, null, () =>
      adapter.webhookInvoiceIds(session, entity),
    );
    let recorded = 0;
    for (const externalInvoiceId of invoiceIds) {
      const payments = await this.logged(tenantId, provider, 'invoice-payments', null, () =>
        adapter.invoicePayments(session, externalInvoiceId),
      );
      recorded += await this.#recordPayments(tenantId, provider, session.connectedById, externalInvoiceId, payments);
    }
    await this.succeeded(tenantId, provider);
    return { recorded };
  }

  /** The scheduled pull: payments of invoices changed in the provider since the last sync. */
  async sync(tenantId: string, provider: AccountingProvider): Promise<{ recorded: number }> {
    const adapter = this.#adapter(provider);
    const session = await this.session(tenantId, provider);
    const row = await this.database.withTenant(tenantId, (tx) => this.#row(tx, provider));
    // A little overlap, so a change made while the last sync ran is not missed (recording is idempotent).
    const since = new Date((row?.lastSyncTime ?? row?.connectedTime ?? new Date(0)).getTime() - 10 * 60_000);
    const changed = await this.logged(tenantId, provider, 'changed-invoices', null, () =>
      adapter.changedInvoices(session, since),
    );
    let recorded = 0;
    for (const c of changed) {
      recorded += await this.#recordPayments(
        tenantId,
        provider,
        session.connectedById,
        c.externalInvoiceId,
        c.payments,
      );
    }
    await this.succeeded(tenantId, provider);
    return { recorded };
  }

  /** A verified webhook's entities queued as pull jobs of the tenants they belong to. */
  async webhook(
    provider: AccountingProvider,
    events: { externalTenantId: string; name: string; id: string }[],
  ): Promise<number> {
    let queued = 0;
    for (const e of events) {
      const [connection] = await this.database.withSystem((tx) =>
        tx
          .select({ tenantId: integrationConnections.tenantId })
          .from(integrationConnections)
          .where(
            and(
              eq(integrationConnections.provider, provider),
              eq(integrationConnections.externalTenantId, e.externalTenantId),
              eq(integrationConnections.status, 'CONNECTED'),
            ),
          ),
      );
      if (!connection) continue;
      await this.jobs.send<PullJob>(ACCOUNTING_PULL_QUEUE, {
        tenantId: connection.tenantId,
        provider,
        entity: { name: e.name, id: e.id },
        summary: `${INTEGRATION_PROVIDER_NAMES[provider]} ${e.name.toLowerCase()} ${e.id} changed`,
      });
      queued += 1;
    }
    return queued;
  }

  webhookKey(provider: AccountingProvider): string {
    return provider === 'xero'
      ? (this.config?.xero?.webhookKey ?? '')
      : (this.config?.quickbooks?.webhookVerifier ?? '');
  }

  /**
   * A failed call in a job: the connection's last error in words; a 429 is deferred by the provider's
   * Retry-After (a new job then, this one done); anything else retryable is thrown for the queue's backoff.
   */
  async handle<T extends { tenantId: string; provider: IntegrationProvider }>(
    queue: string,
    data: T,
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    try {
      return await run();
    } catch (error) {
      const name = INTEGRATION_PROVIDER_NAMES[data.provider];
      await this.failed(data.tenantId, data.provider, describeFailure(name, error)).catch(() => undefined);
      if (error instanceof ProviderError && error.status === 429) {
        const wait = Math.max(1, error.retryAfterSeconds ?? 60);
        await this.jobs.send(queue, data, { startAfter: wait });
        return { deferredSeconds: wait };
      }
      if (error instanceof ProviderError && !error.retryable) return { failed: describeFailure(name, error) };
      throw error;
    }
  }

  /** The queues: pushes, webhook pulls and the scheduled sync. */
  defineJobs(): void {
    const retryDelay = this.config?.retryDelaySeconds ?? 30;
    const common = {
      retryLimit: 6,
      retryDelay,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 300,
      heartbeatSeconds: 30,
    };
    this.jobs.define<PushJob>(ACCOUNTING_PUSH_QUEUE, common, ({ data }) =>
      this.handle(ACCOUNTING_PUSH_QUEUE, data, () =>
        this.#locked(data, `push:${data.invoiceId}`, () => this.push(data)),
      ),
    );
    this.jobs.define<PullJob>(ACCOUNTING_PULL_QUEUE, common, ({ data }) =>
      this.handle(ACCOUNTING_PULL_QUEUE, data, () => this.pull(data)),
    );
    this.jobs.define<SyncJob>(
      ACCOUNTING_SYNC_QUEUE,
      {
        ...common,
        cron: {
          expression: ACCOUNTING_SYNC_CRON,
          data: { tenantId: EVERY_TENANT, summary: 'Accounting sync of every connected tenant' },
        },
      },
      async ({ data }) => {
        if (data.tenantId === EVERY_TENANT || !data.provider) {
          const rows = await this.database.withSystem((tx) =>
            tx
              .select({ tenantId: integrationConnections.tenantId, provider: integrationConnections.provider })
              .from(integrationConnections)
              .where(eq(integrationConnections.status, 'CONNECTED')),
          );
          let n = 0;
          for (const r of rows) {
            if (!isAccounting(r.provider) || !this.adapters.has(r.provider)) continue;
            await this.#queueSync(r.tenantId, r.provider);
            n += 1;
          }
          return { connections: n };
        }
        const provider = data.provider;
        return this.handle(ACCOUNTING_SYNC_QUEUE, { ...data, provider }, () => this.sync(data.tenantId, provider));
      },
    );
  }

  /**
   * One push of an invoice at a time in this process (a second job for it waits, then finds its link).
   * Across processes the idempotency key makes the provider answer a second push with the first invoice,
   * and the link's unique index keeps one row.
   */
  #locked<T>(
    data: { tenantId: string; provider: IntegrationProvider },
    name: string,
    fn: () => Promise<T>,
  ): Promise<T> {
    return this.#queue.run(`${data.tenantId}:${data.provider}:${name}`, fn);
  }

  readonly #queue = new KeyedQueue();
}
