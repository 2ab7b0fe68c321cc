import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  BUILT_IN_TEMPLATE_MODULES,
  type CorrespondenceListInput,
  type CorrespondenceNoteDto,
  type CreateAdhocTemplateInput,
  type CreateCorrespondenceNoteInput,
  type EmailPreviewDto,
  type EmailPreviewInput,
  type EmailSendInput,
  type EmailTemplateDto,
  type EmailTemplateListInput,
  type EmailTrackingDetailDto,
  type EmailTrackingDto,
  type EmailTrackingListInput,
  type PagedResult,
  type UpdateEmailTemplateInput,
  uuidv7,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { correspondenceNotes, emailTemplates, mailOutbox } from './correspondence.schema';
import { enqueueMail, outboxAttachments, tenantSender } from './outbox';
import { BUILT_IN_TEMPLATES, builtInTemplate } from './template-catalogue';
import { placeholdersOf, renderTemplate } from './template-render';
import { templateRecordKind, templateSource } from './template-sources';

type OutboxRow = typeof mailOutbox.$inferSelect;
type TemplateRow = typeof emailTemplates.$inferSelect;
type NoteRow = typeof correspondenceNotes.$inferSelect;

function noteDto(row: NoteRow): CorrespondenceNoteDto {
  return {
    id: row.id,
    fromModule: row.fromModule,
    objectId: row.objectId,
    communicationType: row.communicationType,
    category: row.category,
    contactName: row.contactName,
    content: row.content,
    contactTime: row.contactTime.toISOString(),
    creatorName: row.creatorName,
    creationTime: row.creationTime.toISOString(),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function toTrackingDto(row: OutboxRow): EmailTrackingDto {
  return {
    id: row.id,
    templateKey: row.templateKey,
    trackingPropertyName: row.category,
    fromModule: row.fromModule,
    objectId: row.objectId,
    objectReference: row.objectReference,
    category: row.category,
    recipient: row.recipient,
    cc: row.cc,
    sender: row.sender,
    subject: row.subject,
    state: row.state,
    markedSuccess: row.markedSuccess,
    attempts: row.attempts,
    lastError: row.lastError,
    creationTime: row.creationTime.toISOString(),
    sentTime: row.sentTime?.toISOString() ?? null,
  };
}

function templateDto(key: string, own: TemplateRow | undefined): EmailTemplateDto | undefined {
  const builtIn = builtInTemplate(key);
  if (!builtIn && !own) return undefined;
  const subject = own?.subject ?? builtIn!.subject;
  const templateContent = own?.templateContent ?? builtIn!.templateContent;
  return {
    id: own?.id ?? null,
    name: key,
    templateKey: key,
    module: builtIn?.module ?? 'ADHOC',
    description: builtIn?.name ?? 'Ad-hoc template',
    subject,
    templateContent,
    disabled: own?.disabled ?? false,
    isAdhoc: own?.isAdhoc ?? false,
    isCustomised: Boolean(own && builtIn),
    placeholders: placeholdersOf(subject, templateContent),
    concurrencyStamp: own?.concurrencyStamp ?? null,
  };
}

/** E-mail templates, preview and send, and e-mail tracking. */
export class CorrespondenceService {
  constructor(private readonly database: Database) {}

  // ---- tracking ----

  async listTracking(ctx: RequestContext, input: EmailTrackingListInput): Promise<PagedResult<EmailTrackingDto>> {
    const where: SQL[] = [eq(mailOutbox.tenantId, ctx.tenant.id)];
    if (input.templateKey) where.push(eq(mailOutbox.templateKey, input.templateKey));
    if (input.objectId) where.push(eq(mailOutbox.objectId, input.objectId));
    if (input.state) where.push(eq(mailOutbox.state, input.state));
    if (input.filterText) {
      const like = `%${escapeLike(input.filterText)}%`;
      where.push(
        or(
          ilike(mailOutbox.recipient, like),
          ilike(mailOutbox.subject, like),
          ilike(mailOutbox.templateKey, like),
          ilike(mailOutbox.objectReference, like),
        )!,
      );
    }
    const order = /asc/i.test(input.sorting ?? '') ? asc(mailOutbox.creationTime) : desc(mailOutbox.creationTime);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [total] = await tx
        .select({ n: count() })
        .from(mailOutbox)
        .where(and(...where));
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(...where))
        .orderBy(order, desc(mailOutbox.id))
        .limit(input.maxResultCount)
        .offset(input.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map(toTrackingDto) };
    });
  }

  async getTracking(ctx: RequestContext, id: string): Promise<EmailTrackingDetailDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#outboxRow(tx, ctx.tenant.id, id);
      return { ...toTrackingDto(row), html: row.html };
    });
  }

  async #outboxRow(tx: Tx, tenantId: string, id: string): Promise<OutboxRow> {
    const [row] = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.id, id)));
    if (!row) throw notFound('The e-mail');
    return row;
  }

  /** Sends the message again as a new message (the original keeps its own history). */
  async resend(ctx: RequestContext, id: string): Promise<EmailTrackingDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#outboxRow(tx, ctx.tenant.id, id);
      const newId = await enqueueMail(tx, ctx.tenant.id, {
        to: row.recipient,
        cc: row.cc,
        subject: row.subject,
        html: row.html,
        text: row.text,
        templateKey: row.templateKey,
        fromModule: row.fromModule,
        objectId: row.objectId,
        objectReference: row.objectReference,
        category: row.category,
        creatorId: ctx.actor.userId,
        attachments: await outboxAttachments(tx, ctx.tenant.id, row.id),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'EmailTracking',
        entityId: row.id,
        changeType: 'Updated',
        before: { resentAs: null },
        after: { resentAs: newId },
      });
      return toTrackingDto(await this.#outboxRow(tx, ctx.tenant.id, newId));
    });
  }

  /** Records a message as delivered (sent by other means); it is not sent again. */
  async markSuccess(ctx: RequestContext, id: string): Promise<EmailTrackingDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await this.#outboxRow(tx, ctx.tenant.id, id);
      const [updated] = await tx
        .update(mailOutbox)
        .set({ state: 'Sent', markedSuccess: true, sentTime: row.sentTime ?? new Date() })
        .where(and(eq(mailOutbox.tenantId, ctx.tenant.id), eq(mailOutbox.id, id)))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'EmailTracking',
        entityId: id,
        changeType: 'Updated',
        before: { state: row.state, markedSuccess: row.markedSuccess },
        after: { state: 'Sent', markedSuccess: true },
      });
      return toTrackingDto(updated!);
    });
  }

  /** Messages per template key and state queued from one day to another (inclusive, the tenant's days). */
  async sendingReport(ctx: RequestContext, from: string | undefined, to: string | undefined) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const tz = ctx.tenant.timezone;
      const rows = await tx
        .select({ templateKey: mailOutbox.templateKey, state: mailOutbox.state, n: count() })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.tenantId, ctx.tenant.id),
            from ? sql`${mailOutbox.creationTime} >= (${from}::date)::timestamp at time zone ${tz}` : undefined,
            to ? sql`${mailOutbox.creationTime} < (${to}::date + 1)::timestamp at time zone ${tz}` : undefined,
          ),
        )
        .groupBy(mailOutbox.templateKey, mailOutbox.state);
      const byKey = new Map<
        string,
        { templateKey: string; sent: number; pending: number; failed: number; total: number }
      >();
      for (const r of rows) {
        const key = r.templateKey ?? '(none)';
        const entry = byKey.get(key) ?? { templateKey: key, sent: 0, pending: 0, failed: 0, total: 0 };
        if (r.state === 'Sent') entry.sent += r.n;
        else if (r.state === 'Failed') entry.failed += r.n;
        else entry.pending += r.n;
        entry.total += r.n;
        byKey.set(key, entry);
      }
      const items = [...byKey.values()].sort((a, b) => a.templateKey.localeCompare(b.templateKey));
      return { totalCount: items.length, items };
    });
  }

  // ---- a record's correspondence ----

  /**
   * The record a correspondence list or note is for; another tenant's (or a missing) record is a 404, and so is
   * one the caller's record rule hides (another firm's case for a case manager).
   */
  async #record(tx: Tx, ctx: RequestContext, fromModule: string, objectId: string) {
    const lookup = templateSource(fromModule);
    if (!lookup) throw invalidField('fromModule', `${fromModule} records have no correspondence yet.`);
    const found = await lookup(tx, ctx.tenant.id, objectId);
    if (!found) throw notFound('The record');
    const kind = templateRecordKind(fromModule);
    if (kind) await requireAccess(tx, ctx, kind, objectId);
    return found;
  }

  /** A record's e-mails, newest first. */
  async listRecordEmails(ctx: RequestContext, input: CorrespondenceListInput): Promise<PagedResult<EmailTrackingDto>> {
    await this.database.withTenant(ctx.tenant.id, (tx) => this.#record(tx, ctx, input.fromModule, input.objectId));
    return this.listTracking(ctx, { ...input, objectId: input.objectId });
  }

  /** A record's notes of calls, messages and meetings, newest first, by communication type and category. */
  async listNotes(ctx: RequestContext, input: CorrespondenceListInput): Promise<PagedResult<CorrespondenceNoteDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#record(tx, ctx, input.fromModule, input.objectId);
      const where = and(
        eq(correspondenceNotes.tenantId, ctx.tenant.id),
        eq(correspondenceNotes.objectId, input.objectId),
        eq(correspondenceNotes.fromModule, input.fromModule),
        input.communicationType ? eq(correspondenceNotes.communicationType, input.communicationType) : undefined,
        input.category ? eq(correspondenceNotes.category, input.category) : undefined,
        input.filterText
          ? or(
              ilike(correspondenceNotes.content, `%${escapeLike(input.filterText)}%`),
              ilike(correspondenceNotes.contactName, `%${escapeLike(input.filterText)}%`),
            )
          : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(correspondenceNotes).where(where);
      const rows = await tx
        .select()
        .from(correspondenceNotes)
        .where(where)
        .orderBy(desc(correspondenceNotes.contactTime), desc(correspondenceNotes.id))
        .limit(input.maxResultCount)
        .offset(input.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map(noteDto) };
    });
  }

  /** Adds a note to a record's correspondence, with its audit row. */
  async addNote(ctx: RequestContext, input: CreateCorrespondenceNoteInput): Promise<CorrespondenceNoteDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#record(tx, ctx, input.fromModule, input.objectId);
      const [row] = await tx
        .insert(correspondenceNotes)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          fromModule: input.fromModule,
          objectId: input.objectId,
          communicationType: input.communicationType,
          category: input.category ?? null,
          contactName: input.contactName || null,
          content: input.content,
          contactTime: input.contactTime ? new Date(input.contactTime) : new Date(),
          creatorId: ctx.actor.userId,
          creatorName: ctx.actor.userName ?? null,
        })
        .returning();
      const dto = noteDto(row!);
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'CorrespondenceNote',
        entityId: dto.id,
        changeType: 'Created',
        before: null,
        after: dto,
      });
      return dto;
    });
  }

  // ---- templates ----

  async listTemplates(ctx: RequestContext, input: EmailTemplateListInput): Promise<PagedResult<EmailTemplateDto>> {
    const own = await this.database.withTenant(ctx.tenant.id, (tx) =>
      tx.select().from(emailTemplates).where(eq(emailTemplates.tenantId, ctx.tenant.id)),
    );
    const ownByKey = new Map(own.map((r) => [r.templateKey, r]));
    const keys = [...new Set([...BUILT_IN_TEMPLATES.map((t) => t.templateKey), ...own.map((r) => r.templateKey)])];
    let all = keys.map((k) => templateDto(k, ownByKey.get(k))!);
    if (input.module) all = all.filter((t) => t.module === input.module);
    if (input.isAdhoc !== undefined) all = all.filter((t) => t.isAdhoc === input.isAdhoc);
    if (input.filterText) {
      const f = input.filterText.toLowerCase();
      all = all.filter(
        (t) =>
          t.templateKey.toLowerCase().includes(f) ||
          t.description.toLowerCase().includes(f) ||
          t.subject.toLowerCase().includes(f),
      );
    }
    all.sort((a, b) => a.module.localeCompare(b.module) || a.templateKey.localeCompare(b.templateKey));
    return { totalCount: all.length, items: all.slice(input.skipCount, input.skipCount + input.maxResultCount) };
  }

  async getTemplate(ctx: RequestContext, key: string): Promise<EmailTemplateDto> {
    const own = await this.database.withTenant(ctx.tenant.id, (tx) => this.#ownTemplate(tx, ctx.tenant.id, key));
    const dto = templateDto(key, own);
    if (!dto) throw notFound('The e-mail template');
    return dto;
  }

  async #ownTemplate(tx: Tx, tenantId: string, key: string): Promise<TemplateRow | undefined> {
    const [row] = await tx
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.templateKey, key)));
    return row;
  }

  async updateTemplate(ctx: RequestContext, key: string, input: UpdateEmailTemplateInput): Promise<EmailTemplateDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const own = await this.#ownTemplate(tx, ctx.tenant.id, key);
      if (!own && !builtInTemplate(key)) throw notFound('The e-mail template');
      if (own && input.concurrencyStamp && input.concurrencyStamp !== own.concurrencyStamp) throw concurrencyConflict();
      const before = templateDto(key, own)!;
      const values = {
        subject: input.subject,
        templateContent: input.templateContent,
        disabled: input.disabled ?? own?.disabled ?? false,
        lastModificationTime: new Date(),
        lastModifierId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      };
      let row: TemplateRow;
      if (own) {
        [row] = (await tx
          .update(emailTemplates)
          .set(values)
          .where(and(eq(emailTemplates.tenantId, ctx.tenant.id), eq(emailTemplates.id, own.id)))
          .returning()) as [TemplateRow];
      } else {
        [row] = (await tx
          .insert(emailTemplates)
          .values({ tenantId: ctx.tenant.id, id: uuidv7(), templateKey: key, ...values })
          .returning()) as [TemplateRow];
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'EmailTemplate',
        entityId: row.id,
        changeType: own ? 'Updated' : 'Created',
        before: { subject: before.subject, templateContent: before.templateContent, disabled: before.disabled },
        after: { subject: row.subject, templateContent: row.templateContent, disabled: row.disabled },
      });
      return templateDto(key, row)!;
    });
  }

  async createAdhoc(ctx: RequestContext, input: CreateAdhocTemplateInput): Promise<EmailTemplateDto> {
    if (builtInTemplate(input.templateKey)) throw businessRule(`${input.templateKey} is a built-in template.`);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (await this.#ownTemplate(tx, ctx.tenant.id, input.templateKey)) {
        throw invalidField('templateKey', `A template ${input.templateKey} already exists.`);
      }
      const [row] = await tx
        .insert(emailTemplates)
        .values({
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          templateKey: input.templateKey,
          subject: input.subject,
          templateContent: input.templateContent,
          isAdhoc: true,
          lastModifierId: ctx.actor.userId,
          concurrencyStamp: uuidv7(),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'EmailTemplate',
        entityId: row!.id,
        changeType: 'Created',
        before: null,
        after: { templateKey: row!.templateKey, subject: row!.subject, templateContent: row!.templateContent },
      });
      return templateDto(row!.templateKey, row)!;
    });
  }

  async setAdhocDisabled(ctx: RequestContext, id: string, disabled: boolean): Promise<EmailTemplateDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.tenantId, ctx.tenant.id), eq(emailTemplates.id, id)));
      if (!row) throw notFound('The e-mail template');
      const [updated] = await tx
        .update(emailTemplates)
        .set({
          disabled,
          concurrencyStamp: uuidv7(),
          lastModificationTime: new Date(),
          lastModifierId: ctx.actor.userId,
        })
        .where(and(eq(emailTemplates.tenantId, ctx.tenant.id), eq(emailTemplates.id, id)))
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'EmailTemplate',
        entityId: id,
        changeType: 'Updated',
        before: { disabled: row.disabled },
        after: { disabled },
      });
      return templateDto(updated!.templateKey, updated)!;
    });
  }

  async renderedAdhoc(ctx: RequestContext, id: string): Promise<{ subject: string; content: string }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.tenantId, ctx.tenant.id), eq(emailTemplates.id, id)));
      if (!row) throw notFound('The e-mail template');
      const values = await this.#tenantValues(tx, ctx.tenant.id);
      const rendered = renderTemplate(row, values);
      return { subject: rendered.subject, content: rendered.html };
    });
  }

  async #tenantValues(tx: Tx, tenantId: string) {
    const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    return { tenantName: tenant?.name ?? '' };
  }

  /** Renders a template for a module's record (and extra values), as the Preview Email Template dialog shows it. */
  async preview(
    ctx: RequestContext,
    input: EmailPreviewInput,
  ): Promise<EmailPreviewDto & { objectReference: string | null }> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#render(tx, ctx, input));
  }

  async #render(tx: Tx, ctx: RequestContext, input: EmailPreviewInput) {
    const own = await this.#ownTemplate(tx, ctx.tenant.id, input.templateKey);
    const template = templateDto(input.templateKey, own);
    if (!template) throw invalidField('templateKey', `There is no e-mail template ${input.templateKey}.`);
    if (!BUILT_IN_TEMPLATE_MODULES.includes(input.fromModule)) throw invalidField('fromModule', 'Unknown module.');
    let source: Awaited<ReturnType<NonNullable<ReturnType<typeof templateSource>>>>;
    if (input.objectId) {
      const lookup = templateSource(input.fromModule);
      if (!lookup) throw invalidField('objectId', `${input.fromModule} records cannot be used in e-mails yet.`);
      source = await lookup(tx, ctx.tenant.id, input.objectId, input.templateKey);
      if (!source) throw notFound('The record');
      const kind = templateRecordKind(input.fromModule);
      if (kind) await requireAccess(tx, ctx, kind, input.objectId);
    }
    const values = { ...(await this.#tenantValues(tx, ctx.tenant.id)), ...source?.values, ...input.extraParams };
    const rendered = renderTemplate(
      {
        subject: input.subject ?? template.subject,
        templateContent: input.templateContent ?? template.templateContent,
      },
      values,
    );
    const sender = (await tenantSender(tx, ctx.tenant.id)) ?? 'Casebook';
    return {
      sender,
      destination: source?.defaultRecipient ?? null,
      subject: rendered.subject,
      body: rendered.html,
      metaData: { fromModule: input.fromModule },
      objectReference: source?.objectReference ?? null,
      text: rendered.text,
    };
  }

  /** Renders and queues the e-mail to the given recipient ('Email has been sent!' once it is queued). */
  async send(ctx: RequestContext, input: EmailSendInput): Promise<EmailTrackingDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rendered = await this.#render(tx, ctx, input);
      const id = await enqueueMail(tx, ctx.tenant.id, {
        to: input.email,
        subject: rendered.subject,
        html: rendered.body,
        text: rendered.text,
        templateKey: input.templateKey,
        fromModule: input.fromModule,
        objectId: input.objectId ?? null,
        objectReference: rendered.objectReference,
        creatorId: ctx.actor.userId,
      });
      return toTrackingDto(await this.#outboxRow(tx, ctx.tenant.id, id));
    });
  }
}
