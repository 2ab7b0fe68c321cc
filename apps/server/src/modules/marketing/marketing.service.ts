import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { KeyedQueue } from '../../platform/jobs/keyed-queue';
import {
  hasAnyRole,
  MARKETING_STAGE_NAMES,
  OFFICE_ROLES,
  uuidv7,
  type MarketingCampaignDto,
  type MarketingCampaignListItemDto,
  type MarketingCandidateDto,
  type MarketingConnectionDto,
  type MarketingEmailHistoryDto,
  type MarketingRecipientKind,
  type MarketingStage,
  type PagedResult,
  type SingleSendStatisticDto,
} from '@casebook/domain';
import type { z } from 'zod';
import type { MarketingCampaignInput as InputSchema, MarketingCampaignListInput } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { NOTHING, recordCondition, registerRecordKind, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { likePattern } from '../../platform/resources/resource.repository';
import type { IntegrationsConfig } from '../integrations/config';
import { loggedCall } from '../integrations/exchange-log';
import { integrationConnections } from '../integrations/integrations.schema';
import { describeFailure, ProviderError } from '../integrations/provider';
import { SendGridAdapter, type Contact } from '../integrations/sendgrid/adapter';
import { caseManagers, companies } from '../people/people.schema';
import { marketingCampaigns as mc, marketingRecipients as mr, marketingUnsubscribes as mu } from './marketing.schema';

export const MARKETING_SEND_QUEUE = 'marketing-send';
const PROVIDER = 'sendgrid' as const;
const PROVIDER_NAME = 'SendGrid';
const ENTITY = 'MarketingCampaign';

type SendJob = { tenantId: string; campaignId: string; summary?: string };
type Row = typeof mc.$inferSelect;
type Input = z.output<typeof InputSchema>;
type ListQuery = z.output<typeof MarketingCampaignListInput>;

registerRecordKind('marketingCampaign', {
  table: mc,
  id: mc.id,
  isDeleted: mc.isDeleted,
  label: 'The marketing campaign',
  // The office's marketing work: its roles see every campaign of the tenant; case managers and specialists
  // none, whatever permissions their tenant gives them.
  condition: async (_tx, ctx) => (hasAnyRole(ctx.principal.roles, OFFICE_ROLES) ? undefined : NOTHING),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const normal = (email: string) => email.trim().toLowerCase();

/**
 * The stage a campaign not yet sent is in: Ready once it has recipients, a sender and an unsubscribe group
 * (SendGrid's unsubscribe link needs one), else Draft.
 */
const draftStage = (recipients: number, input: { senderId: number | null; unsubscribeGroupId: number | null }) =>
  (recipients > 0 && input.senderId && input.unsubscribeGroupId ? 1 : 0) as MarketingStage;

/**
 * Marketing campaigns sent through SendGrid (decision 0071): kept here with their recipients chosen from
 * the tenant's companies and case managers; a send is a job that puts the recipients (less every
 * unsubscribed address, ours and the provider's) on a contact list of the campaign and schedules one
 * single send to it, reusing the list and single send it made before, so a retry never sends twice.
 */
export class MarketingService {
  readonly adapter: SendGridAdapter | undefined;

  constructor(
    private readonly database: Database,
    private readonly config: IntegrationsConfig | undefined,
    private readonly jobs: Jobs,
  ) {
    if (config?.sendgrid) this.adapter = new SendGridAdapter(config.sendgrid, config.timeoutMs);
  }

  #call<T>(tenantId: string, operation: string, key: string | null, fn: () => Promise<T>): Promise<T> {
    return loggedCall(this.database, { tenantId, provider: PROVIDER, providerName: PROVIDER_NAME, operation, key }, fn);
  }

  async #connectionRow(tx: Tx) {
    const [row] = await tx
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.provider, PROVIDER), eq(integrationConnections.isDeleted, false)));
    return row;
  }

  async connection(ctx: RequestContext): Promise<MarketingConnectionDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => this.#connectionRow(tx));
    const connected = row?.status === 'CONNECTED' && !!row.tokens;
    return {
      provider: PROVIDER_NAME,
      available: !!this.adapter,
      connected,
      connectedTime: connected ? iso(row.connectedTime) : null,
      lastError: row?.lastError ?? null,
      lastErrorTime: iso(row?.lastErrorTime ?? null),
    };
  }

  /** Keeps the tenant's API key sealed, once SendGrid has accepted it (its senders read with it). */
  async connect(ctx: RequestContext, apiKey: string): Promise<MarketingConnectionDto> {
    const adapter = this.#adapter();
    try {
      await this.#call(ctx.tenant.id, 'check-key', null, () => adapter.senders(apiKey));
    } catch (error) {
      if (error instanceof ProviderError && (error.status === 401 || error.status === 403))
        throw invalidField('apiKey', `${PROVIDER_NAME} did not accept this API key.`);
      throw businessRule(describeFailure(PROVIDER_NAME, error));
    }
    const sealed = this.config!.box.seal(ctx.tenant.id, apiKey);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = await this.#connectionRow(tx);
      const values = {
        status: 'CONNECTED' as const,
        tokens: sealed,
        connectedById: ctx.principal.userId,
        connectedTime: new Date(),
        lastError: null,
        lastErrorTime: null,
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      };
      const id = current?.id ?? uuidv7();
      if (current) await tx.update(integrationConnections).set(values).where(eq(integrationConnections.id, id));
      else
        await tx
          .insert(integrationConnections)
          .values({ tenantId: ctx.tenant.id, id, creatorId: ctx.principal.userId, provider: PROVIDER, ...values });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'IntegrationConnection',
        entityId: id,
        changeType: current ? 'Updated' : 'Created',
        before: current ? { provider: PROVIDER, status: current.status } : null,
        after: { provider: PROVIDER, status: 'CONNECTED' },
      });
    });
    return this.connection(ctx);
  }

  #adapter(): SendGridAdapter {
    if (!this.adapter || !this.config) throw businessRule(`${PROVIDER_NAME} is not set up on this server.`);
    return this.adapter;
  }

  /** The tenant's API key, opened; a ProviderError (409) when none is kept. */
  async #apiKey(tenantId: string): Promise<string> {
    this.#adapter();
    const row = await this.database.withTenant(tenantId, (tx) => this.#connectionRow(tx));
    if (row?.status !== 'CONNECTED' || !row.tokens)
      throw new ProviderError(`${PROVIDER_NAME} is not connected: enter its API key first.`, 409);
    return this.config!.box.open(tenantId, row.tokens);
  }

  async #keyFor(ctx: RequestContext): Promise<string> {
    try {
      return await this.#apiKey(ctx.tenant.id);
    } catch (error) {
      throw businessRule((error as Error).message);
    }
  }

  /** A provider call for a user's request: a failure is a 422 in words, never a 500. */
  async #ask<T>(ctx: RequestContext, operation: string, fn: (key: string) => Promise<T>): Promise<T> {
    const key = await this.#keyFor(ctx);
    try {
      return await this.#call(ctx.tenant.id, operation, null, () => fn(key));
    } catch (error) {
      throw businessRule(describeFailure(PROVIDER_NAME, error));
    }
  }

  // ---- Campaigns ----

  #listItem(r: Row): MarketingCampaignListItemDto {
    return {
      id: r.id,
      name: r.name,
      subject: r.subject,
      stage: r.stage,
      stageName: MARKETING_STAGE_NAMES[r.stage],
      recipientCount: r.recipientCount,
      sentCount: r.sentCount,
      sentTime: iso(r.sentTime),
      creationTime: r.creationTime.toISOString(),
    };
  }

  #dto(r: Row): MarketingCampaignDto {
    return {
      ...this.#listItem(r),
      htmlContent: r.htmlContent,
      senderId: r.senderId,
      unsubscribeGroupId: r.unsubscribeGroupId,
      companyIds: r.companyIds,
      caseManagerIds: r.caseManagerIds,
      unsubscribedCount: r.unsubscribedCount,
      singleSendId: r.singleSendId,
      statistics: r.statistics ?? null,
      statisticsSyncTime: iso(r.statisticsSyncTime),
      lastError: r.lastError,
      concurrencyStamp: r.concurrencyStamp,
    };
  }

  #filter(q: { filterText?: string | undefined; stage?: number | undefined }): SQL | undefined {
    const text = q.filterText?.trim();
    return and(
      eq(mc.isDeleted, false),
      q.stage !== undefined ? eq(mc.stage, q.stage as MarketingStage) : undefined,
      text ? or(ilike(mc.name, likePattern(text)), ilike(mc.subject, likePattern(text))) : undefined,
    );
  }

  async list(ctx: RequestContext, q: ListQuery): Promise<PagedResult<MarketingCampaignListItemDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(this.#filter(q), await recordCondition(tx, ctx, 'marketingCampaign'));
      const [total] = await tx.select({ n: count() }).from(mc).where(where);
      const rows = await tx
        .select()
        .from(mc)
        .where(where)
        .orderBy(desc(mc.creationTime), desc(mc.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#listItem(r)) };
    });
  }

  async export(
    ctx: RequestContext,
    q: { filterText?: string | undefined; stage?: number | undefined },
  ): Promise<ExportFile> {
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      tx
        .select()
        .from(mc)
        .where(and(this.#filter(q), await recordCondition(tx, ctx, 'marketingCampaign')))
        .orderBy(desc(mc.creationTime), desc(mc.id)),
    );
    return exportRows({
      name: 'marketing-campaigns',
      sheetTitle: 'Marketing Campaigns',
      timeZone: ctx.tenant.timezone,
      rows: rows.map((r) => ({
        ...this.#listItem(r),
        unsubscribedCount: r.unsubscribedCount,
        ...(r.statistics ?? {}),
      })),
      columns: [
        { key: 'name', header: 'Name' },
        { key: 'subject', header: 'Subject' },
        { key: 'stageName', header: 'Stage' },
        { key: 'recipientCount', header: 'Recipients' },
        { key: 'sentCount', header: 'Sent' },
        { key: 'unsubscribedCount', header: 'Unsubscribed' },
        { key: 'sentTime', header: 'Sent time' },
        { key: 'delivered', header: 'Delivered' },
        { key: 'uniqueOpens', header: 'Unique opens' },
        { key: 'uniqueClicks', header: 'Unique clicks' },
        { key: 'unsubscribes', header: 'Unsubscribes' },
        { key: 'bounces', header: 'Bounces' },
        { key: 'creationTime', header: 'Created' },
      ],
    });
  }

  async #read(tx: Tx, ctx: RequestContext, id: string, lock = false): Promise<Row> {
    await requireAccess(tx, ctx, 'marketingCampaign', id);
    const query = tx.select().from(mc).where(eq(mc.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row!;
  }

  async get(ctx: RequestContext, id: string): Promise<MarketingCampaignDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => this.#dto(await this.#read(tx, ctx, id)));
  }

  /** The chosen companies and case managers, each seen by the caller, and their distinct e-mail addresses. */
  async #recipients(
    tx: Tx,
    ctx: RequestContext | null,
    companyIds: readonly string[],
    caseManagerIds: readonly string[],
  ): Promise<{ email: string; name: string; kind: MarketingRecipientKind; refId: string }[]> {
    if (ctx) {
      if (companyIds.length) await requireAccess(tx, ctx, 'company', companyIds);
      if (caseManagerIds.length) await requireAccess(tx, ctx, 'caseManager', caseManagerIds);
    }
    const found: { email: string; name: string; kind: MarketingRecipientKind; refId: string }[] = [];
    const chunk = <T>(xs: readonly T[]) =>
      Array.from({ length: Math.ceil(xs.length / 1000) }, (_, i) => xs.slice(i * 1000, i * 1000 + 1000));
    for (const ids of chunk(companyIds)) {
      const rows = await tx
        .select({ id: companies.id, name: companies.name, email: companies.email })
        .from(companies)
        .where(and(inArray(companies.id, ids), eq(companies.isDeleted, false), isNotNull(companies.email)));
      for (const r of rows) found.push({ email: normal(r.email!), name: r.name, kind: 'company', refId: r.id });
    }
    for (const ids of chunk(caseManagerIds)) {
      const rows = await tx
        .select({
          id: caseManagers.id,
          first: caseManagers.firstName,
          last: caseManagers.lastName,
          email: caseManagers.email,
        })
        .from(caseManagers)
        .where(and(inArray(caseManagers.id, ids), eq(caseManagers.isDeleted, false), isNotNull(caseManagers.email)));
      for (const r of rows)
        found.push({ email: normal(r.email!), name: `${r.first} ${r.last}`, kind: 'caseManager', refId: r.id });
    }
    const seen = new Set<string>();
    return found.filter((r) => r.email.includes('@') && !seen.has(r.email) && seen.add(r.email));
  }

  async create(ctx: RequestContext, input: Input): Promise<MarketingCampaignDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const recipients = await this.#recipients(tx, ctx, input.companyIds, input.caseManagerIds);
      const [row] = await tx
        .insert(mc)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
          ...this.#fields(input),
          recipientCount: recipients.length,
          stage: draftStage(recipients.length, input),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: row!,
      });
      return this.#dto(row!);
    });
  }

  #fields(input: Input) {
    return {
      name: input.name,
      subject: input.subject,
      htmlContent: input.htmlContent,
      senderId: input.senderId,
      unsubscribeGroupId: input.unsubscribeGroupId,
      companyIds: [...new Set(input.companyIds)],
      caseManagerIds: [...new Set(input.caseManagerIds)],
    };
  }

  #notSent(row: Row): void {
    if (row.stage >= 2) throw businessRule('The campaign has been sent; duplicate it to send it again.');
  }

  async update(
    ctx: RequestContext,
    id: string,
    input: Input & { concurrencyStamp: string },
  ): Promise<MarketingCampaignDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await this.#read(tx, ctx, id, true);
      if (before.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      this.#notSent(before);
      const recipients = await this.#recipients(tx, ctx, input.companyIds, input.caseManagerIds);
      const [row] = await tx
        .update(mc)
        .set({
          ...this.#fields(input),
          recipientCount: recipients.length,
          stage: draftStage(recipients.length, input),
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(mc.id, id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Updated',
        before,
        after: row!,
      });
      return this.#dto(row!);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await this.#read(tx, ctx, id, true);
      this.#notSent(before);
      const [row] = await tx
        .update(mc)
        .set({ isDeleted: true, deleterId: ctx.principal.userId, deletionTime: new Date(), concurrencyStamp: uuidv7() })
        .where(eq(mc.id, id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Deleted',
        before,
        after: row!,
      });
    });
  }

  /** A new draft with the same content, sender, group and recipients (those the caller still sees). */
  async duplicate(ctx: RequestContext, id: string): Promise<MarketingCampaignDto> {
    const source = await this.get(ctx, id);
    return this.create(ctx, {
      name: `${source.name} (copy)`.slice(0, 200),
      subject: source.subject,
      htmlContent: source.htmlContent,
      senderId: source.senderId,
      unsubscribeGroupId: source.unsubscribeGroupId,
      companyIds: source.companyIds,
      caseManagerIds: source.caseManagerIds,
    });
  }

  async candidates(
    ctx: RequestContext,
    q: { kind: MarketingRecipientKind; filterText?: string | undefined; skipCount: number; maxResultCount: number },
  ): Promise<PagedResult<MarketingCandidateDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const text = q.filterText?.trim();
      if (q.kind === 'company') {
        const where = and(
          eq(companies.isDeleted, false),
          sql`${companies.email} like '%@%'`,
          text ? or(ilike(companies.name, likePattern(text)), ilike(companies.email, likePattern(text))) : undefined,
        );
        const [total] = await tx.select({ n: count() }).from(companies).where(where);
        const rows = await tx
          .select({ id: companies.id, name: companies.name, email: companies.email })
          .from(companies)
          .where(where)
          .orderBy(companies.name, companies.id)
          .limit(q.maxResultCount)
          .offset(q.skipCount);
        return {
          totalCount: total?.n ?? 0,
          items: rows.map((r) => ({
            kind: 'company' as const,
            id: r.id,
            name: r.name,
            email: r.email!,
            companyName: null,
          })),
        };
      }
      const name = sql<string>`${caseManagers.firstName} || ' ' || ${caseManagers.lastName}`;
      const where = and(
        eq(caseManagers.isDeleted, false),
        sql`${caseManagers.email} like '%@%'`,
        text ? or(ilike(name, likePattern(text)), ilike(caseManagers.email, likePattern(text))) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(caseManagers).where(where);
      const rows = await tx
        .select({ id: caseManagers.id, name, email: caseManagers.email, companyName: companies.name })
        .from(caseManagers)
        .leftJoin(
          companies,
          and(eq(companies.tenantId, caseManagers.tenantId), eq(companies.id, caseManagers.companyId)),
        )
        .where(where)
        .orderBy(name, caseManagers.id)
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({
          kind: 'caseManager' as const,
          id: r.id,
          name: r.name,
          email: r.email!,
          companyName: r.companyName ?? null,
        })),
      };
    });
  }

  // ---- The provider's lists ----

  async senders(ctx: RequestContext) {
    return { items: await this.#ask(ctx, 'senders', (key) => this.#adapter().senders(key)) };
  }

  async unsubscribeGroups(ctx: RequestContext) {
    return { items: await this.#ask(ctx, 'unsubscribe-groups', (key) => this.#adapter().unsubscribeGroups(key)) };
  }

  async #ours(tenantId: string): Promise<Set<string>> {
    const rows = await this.database.withTenant(tenantId, (tx) =>
      tx.select({ email: mu.email }).from(mu).where(eq(mu.isDeleted, false)),
    );
    return new Set(rows.map((r) => r.email));
  }

  async unsubscribedEmails(ctx: RequestContext, groupId: number | undefined) {
    const provider = await this.#ask(ctx, groupId ? 'group-suppressions' : 'global-unsubscribes', (key) =>
      groupId ? this.#adapter().groupSuppressions(key, groupId) : this.#adapter().globalUnsubscribes(key),
    );
    const ours = [...(await this.#ours(ctx.tenant.id))].filter((e) => !provider.includes(e));
    return {
      items: [
        ...provider.map((email) => ({ email, source: 'provider' as const })),
        ...ours.sort().map((email) => ({ email, source: 'casebook' as const })),
      ],
    };
  }

  async unsubscribe(ctx: RequestContext, email: string) {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .insert(mu)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
          email: normal(email),
          source: 'casebook',
        })
        .onConflictDoNothing()
        .returning();
      if (row)
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'MarketingUnsubscribe',
          entityId: row.id,
          changeType: 'Created',
          before: null,
          after: row,
        });
    });
    const ours = [...(await this.#ours(ctx.tenant.id))].sort();
    return { items: ours.map((e) => ({ email: e, source: 'casebook' as const })) };
  }

  // ---- Sending ----

  /** isPreview: the campaign to its sender's own address; otherwise queued once to go to its recipients. */
  async sendEmail(
    ctx: RequestContext,
    id: string,
    isPreview: boolean,
  ): Promise<{ isPreview: boolean; message: string }> {
    const campaign = await this.get(ctx, id);
    if (!campaign.senderId) throw invalidField('senderId', 'Choose a sender first.');
    if (isPreview) {
      const senders = await this.#ask(ctx, 'senders', (key) => this.#adapter().senders(key));
      const sender = senders.find((s) => s.id === campaign.senderId);
      if (!sender) throw invalidField('senderId', 'The sender is no longer in SendGrid.');
      await this.#ask(ctx, 'preview', (key) =>
        this.#adapter().sendMail(key, {
          to: sender.fromEmail,
          from: { email: sender.fromEmail, name: sender.fromName },
          subject: `[Preview] ${campaign.subject}`,
          html: campaign.htmlContent,
        }),
      );
      return { isPreview: true, message: `A preview was sent to ${sender.fromEmail}.` };
    }
    await this.#keyFor(ctx);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await this.#read(tx, ctx, id, true);
      this.#notSent(before);
      if (before.recipientCount === 0) throw businessRule('Choose at least one recipient with an e-mail address.');
      if (!before.unsubscribeGroupId) throw invalidField('unsubscribeGroupId', 'Choose an unsubscribe group first.');
      const [row] = await tx
        .update(mc)
        .set({
          stage: 2,
          lastError: null,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(mc.id, id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Updated',
        before,
        after: row!,
      });
    });
    await this.jobs.send<SendJob>(
      MARKETING_SEND_QUEUE,
      {
        tenantId: ctx.tenant.id,
        campaignId: id,
        summary: `Campaign ${campaign.name} to ${campaign.recipientCount} recipients`,
      },
      { singletonKey: `marketing-send:${id}` },
    );
    return { isPreview: false, message: `The campaign is being sent to ${campaign.recipientCount} recipients.` };
  }

  /**
   * The send job. Every step can be repeated: the recipients' history rows are upserted, the contact list
   * and the single send are found by the campaign's name for them (and kept), and the single send is
   * scheduled only while SendGrid still has it as a draft. So a retry, or a second job, sends nothing twice.
   */
  async send(job: SendJob): Promise<{ sent: number; unsubscribed: number }> {
    const { tenantId, campaignId } = job;
    const adapter = this.#adapter();
    const apiKey = await this.#apiKey(tenantId);
    const campaign = await this.database.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(mc)
        .where(and(eq(mc.id, campaignId), eq(mc.isDeleted, false)));
      return row;
    });
    if (!campaign || campaign.stage === 3)
      return { sent: campaign?.sentCount ?? 0, unsubscribed: campaign?.unsubscribedCount ?? 0 };
    if (!campaign.senderId || !campaign.unsubscribeGroupId)
      throw new ProviderError('The campaign has no sender or no unsubscribe group.', 422);
    const tag = `casebook-campaign-${campaignId}`;
    const call = <T>(op: string, fn: () => Promise<T>) => this.#call(tenantId, op, tag, fn);

    // Who it goes to, less our unsubscribed list and the provider's suppressions.
    const recipients = await this.database.withTenant(tenantId, (tx) =>
      this.#recipients(tx, null, campaign.companyIds, campaign.caseManagerIds),
    );
    const ours = await this.#ours(tenantId);
    const suppressed = new Set(await call('global-unsubscribes', () => adapter.globalUnsubscribes(apiKey)));
    for (const e of await call('group-suppressions', () =>
      adapter.groupSuppressions(apiKey, campaign.unsubscribeGroupId!),
    ))
      suppressed.add(e);
    const statusOf = (email: string): 'SENT' | 'UNSUBSCRIBED' | 'SUPPRESSED' =>
      ours.has(email) ? 'UNSUBSCRIBED' : suppressed.has(email) ? 'SUPPRESSED' : 'SENT';
    const toSend = recipients.filter((r) => statusOf(r.email) === 'SENT');

    const listId = campaign.listId ?? (await call('list', () => adapter.ensureList(apiKey, tag)));
    if (!campaign.listId) await this.#save(tenantId, campaignId, { listId });
    const contacts: Contact[] = toSend.map((r) => {
      const [first, ...rest] = r.kind === 'caseManager' ? r.name.split(' ') : [r.name];
      return { email: r.email, firstName: first ?? '', lastName: rest.join(' ') };
    });
    if (contacts.length) await call('contacts', () => adapter.upsertContacts(apiKey, listId, contacts));

    let single = campaign.singleSendId
      ? await call('single-send', () => adapter.singleSend(apiKey, campaign.singleSendId!))
      : await call('find-single-send', () => adapter.findSingleSend(apiKey, tag));
    single ??= await call('create-single-send', () =>
      adapter.createSingleSend(apiKey, {
        name: tag,
        listId,
        subject: campaign.subject,
        html: campaign.htmlContent,
        senderId: campaign.senderId!,
        suppressionGroupId: campaign.unsubscribeGroupId!,
      }),
    );
    if (!campaign.singleSendId) await this.#save(tenantId, campaignId, { singleSendId: single.id });
    if (single.status === 'draft') await call('schedule', () => adapter.scheduleNow(apiKey, single.id));

    const now = new Date();
    await this.database.withTenant(tenantId, async (tx) => {
      for (let i = 0; i < recipients.length; i += 500) {
        await tx
          .insert(mr)
          .values(
            recipients.slice(i, i + 500).map((r) => ({
              tenantId,
              id: uuidv7(),
              concurrencyStamp: uuidv7(),
              campaignId,
              email: r.email,
              name: r.name,
              kind: r.kind,
              refId: r.refId,
              status: statusOf(r.email),
              statusTime: now,
            })),
          )
          .onConflictDoUpdate({
            target: [mr.tenantId, mr.campaignId, mr.email],
            set: { status: sql`excluded.status`, statusTime: sql`excluded.status_time` },
          });
      }
      const [before] = await tx.select().from(mc).where(eq(mc.id, campaignId)).for('update');
      const [after] = await tx
        .update(mc)
        .set({
          stage: 3,
          sentTime: now,
          sentCount: toSend.length,
          unsubscribedCount: recipients.length - toSend.length,
          recipientCount: recipients.length,
          lastError: null,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(mc.id, campaignId))
        .returning();
      await recordEntityChange(
        tx,
        { tenantId, userId: null, userName: PROVIDER_NAME, impersonatorUserId: null },
        { entityType: ENTITY, entityId: campaignId, changeType: 'Updated', before: before!, after: after! },
      );
    });
    return { sent: toSend.length, unsubscribed: recipients.length - toSend.length };
  }

  async #save(
    tenantId: string,
    id: string,
    values: Partial<Pick<Row, 'listId' | 'singleSendId' | 'lastError' | 'stage'>>,
  ) {
    await this.database.withTenant(tenantId, (tx) => tx.update(mc).set(values).where(eq(mc.id, id)));
  }

  async histories(
    ctx: RequestContext,
    id: string,
    q: { skipCount: number; maxResultCount: number; filterText?: string | undefined },
  ): Promise<PagedResult<MarketingEmailHistoryDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'marketingCampaign', id);
      const text = q.filterText?.trim();
      const where = and(
        eq(mr.campaignId, id),
        text ? or(ilike(mr.email, likePattern(text)), ilike(mr.name, likePattern(text))) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(mr).where(where);
      const rows = await tx
        .select()
        .from(mr)
        .where(where)
        .orderBy(mr.email)
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({
          email: r.email,
          name: r.name,
          kind: r.kind ?? null,
          status: r.status,
          time: iso(r.statusTime),
        })),
      };
    });
  }

  async statistic(
    ctx: RequestContext,
    id: string,
  ): Promise<{ statistics: SingleSendStatisticDto | null; syncTime: string | null }> {
    const c = await this.get(ctx, id);
    return { statistics: c.statistics, syncTime: c.statisticsSyncTime };
  }

  /** The single send's statistics pulled back, and the provider's unsubscribes added to our list. */
  async syncStatistics(ctx: RequestContext, id: string): Promise<MarketingCampaignDto> {
    const campaign = await this.get(ctx, id);
    if (!campaign.singleSendId) throw businessRule('The campaign has not been sent yet.');
    const adapter = this.#adapter();
    const statistics = await this.#ask(ctx, 'statistics', (key) => adapter.statistics(key, campaign.singleSendId!));
    const unsubscribed = await this.#ask(ctx, 'unsubscribes', async (key) => [
      ...(await adapter.globalUnsubscribes(key)),
      ...(campaign.unsubscribeGroupId ? await adapter.groupSuppressions(key, campaign.unsubscribeGroupId) : []),
    ]);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await this.#read(tx, ctx, id, true);
      for (let i = 0; i < unsubscribed.length; i += 500) {
        await tx
          .insert(mu)
          .values(
            unsubscribed.slice(i, i + 500).map((email) => ({
              tenantId: ctx.tenant.id,
              id: uuidv7(),
              concurrencyStamp: uuidv7(),
              email,
              source: 'provider' as const,
            })),
          )
          .onConflictDoNothing();
      }
      const [row] = await tx
        .update(mc)
        .set({ statistics, statisticsSyncTime: new Date(), concurrencyStamp: uuidv7() })
        .where(eq(mc.id, id))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: ENTITY,
        entityId: id,
        changeType: 'Updated',
        before,
        after: row!,
      });
      return this.#dto(row!);
    });
  }

  /**
   * A failed send: the campaign's last error in words; a 429 waits the provider's Retry-After (a new job),
   * anything else retryable is thrown for the queue's backoff; a refusal marks the campaign Failed.
   */
  defineJobs(): void {
    this.jobs.define<SendJob>(
      MARKETING_SEND_QUEUE,
      {
        retryLimit: 6,
        retryDelay: this.config?.retryDelaySeconds ?? 30,
        retryBackoff: true,
        retryDelayMax: 3600,
        expireInSeconds: 600,
        heartbeatSeconds: 30,
      },
      async ({ data }) => {
        try {
          return await this.#sends.run(data.campaignId, () => this.send(data));
        } catch (error) {
          const words = describeFailure(PROVIDER_NAME, error);
          if (error instanceof ProviderError && error.status === 429) {
            await this.#save(data.tenantId, data.campaignId, { lastError: words });
            const wait = Math.max(1, error.retryAfterSeconds ?? 60);
            await this.jobs.send(MARKETING_SEND_QUEUE, data, { startAfter: wait });
            return { deferredSeconds: wait };
          }
          if (error instanceof ProviderError && !error.retryable) {
            await this.#save(data.tenantId, data.campaignId, { lastError: words, stage: 4 });
            return { failed: words };
          }
          await this.#save(data.tenantId, data.campaignId, { lastError: words }).catch(() => undefined);
          throw error;
        }
      },
    );
  }

  /** One send of a campaign at a time in this process. */
  readonly #sends = new KeyedQueue();
}
