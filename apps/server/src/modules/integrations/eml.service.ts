import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CreateCaseInput,
  EML_MAX_BYTES,
  hasAnyRole,
  OFFICE_ROLES,
  uuidv7,
  type EmlAcceptInput,
  type EmlMailboxDto,
  type EmlMailboxInput,
  type EmlProposalDto,
  type EmlProposalListInput,
  type EmlSource,
  type EmlSyncResultDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { NOTHING, recordCondition, registerRecordKind, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { WorkerFailure, WorkerPool, type WorkerPoolOptions } from '../../platform/files/worker-pool';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import { KeyedQueue } from '../../platform/jobs/keyed-queue';
import type { CasesService } from '../cases/cases.service';
import { cases } from '../cases/cases.schema';
import { clientsResource } from '../people/people.resources';
import { caseManagers, clients, companies } from '../people/people.schema';
import type { IntegrationsConfig } from './config';
import type { ParsedRequest } from './eml-parse';
import { emlMailboxes, emlProposals } from './eml.schema';
import type { EmlTask } from './eml-tasks';
import { checkMailbox, readNewMessages, type MailboxSettings } from './imap/adapter';
import { describeFailure } from './provider';

/** One worker is enough for request e-mails; each parse has a heap and a time limit like the documents'. */
const EML_WORKER_LIMITS: WorkerPoolOptions = {
  size: 1,
  limits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4, timeLimitMs: 30_000 },
  maxQueued: 100,
  idleMs: 60_000,
};

const ENTITY = 'Casebook.EmlProposal';

registerRecordKind('emailProposal', {
  table: emlProposals,
  id: emlProposals.id,
  isDeleted: emlProposals.isDeleted,
  label: 'The synced appointment',
  // Appointment requests of every firm arrive in the office's mailbox: its roles see them all; a case
  // manager or specialist none, whatever permissions their tenant gives them.
  condition: async (_tx, ctx) => (hasAnyRole(ctx.principal.roles, OFFICE_ROLES) ? undefined : NOTHING),
});
export const EML_READ_QUEUE = 'eml-mailbox-read';
/** Every tenant's request mailbox is read every five minutes (and at once with "Fetch now"). */
export const EML_READ_CRON = '*/5 * * * *';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
type Row = typeof emlProposals.$inferSelect;

/**
 * Appointment requests arriving as e-mail: an uploaded .eml file or the tenant's IMAP mailbox, each read
 * in a worker into a proposed case; staff accept one (the case is made with the claimant, the case
 * manager's company and the date asked for) or reject it.
 */
export class EmlService {
  readonly #pool = new WorkerPool<EmlTask, ParsedRequest>(
    new URL('./eml-tasks.ts', import.meta.url),
    EML_WORKER_LIMITS,
  );
  /** One mailbox read at a time per tenant in this process. */
  readonly #reads = new KeyedQueue();

  constructor(
    private readonly database: Database,
    private readonly integrations: IntegrationsConfig | undefined,
    private readonly casesService: CasesService,
  ) {}

  close(): Promise<void> {
    return this.#pool.close();
  }

  defineJobs(jobs: Jobs): void {
    jobs.define(
      EML_READ_QUEUE,
      {
        expireInSeconds: 600,
        retryLimit: 0,
        retryDelay: 60,
        retryBackoff: false,
        cron: { expression: EML_READ_CRON, data: { tenantId: '*', summary: 'Request mailboxes read' } },
      },
      async () => ({ read: await this.syncAll() }),
    );
  }

  async list(ctx: RequestContext, q: z.output<typeof EmlProposalListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(
        q.status ? eq(emlProposals.status, q.status) : undefined,
        await recordCondition(tx, ctx, 'emailProposal'),
      );
      const [total] = await tx.select({ n: count() }).from(emlProposals).where(where);
      const rows = await tx
        .select({ p: emlProposals, caseNo: cases.caseNo })
        .from(emlProposals)
        .leftJoin(cases, and(eq(cases.tenantId, emlProposals.tenantId), eq(cases.id, emlProposals.caseId)))
        .where(where)
        .orderBy(desc(emlProposals.creationTime), desc(emlProposals.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const items = [];
      for (const r of rows) items.push(await this.#dto(tx, r.p, r.caseNo));
      return { totalCount: total?.n ?? 0, items };
    });
  }

  async get(ctx: RequestContext, id: string): Promise<EmlProposalDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'emailProposal', id);
      return this.#dto(tx, await this.#row(tx, id));
    });
  }

  /** An uploaded .eml file read into a proposal (the one already made from the same message, if any). */
  async upload(ctx: RequestContext, input: { fileName: string; content: string }): Promise<EmlProposalDto> {
    const bytes = Buffer.from(input.content, 'base64');
    if (bytes.length === 0) throw invalidField('content', 'The file is empty.');
    if (bytes.length > EML_MAX_BYTES) throw invalidField('content', 'content must be at most 5 MB');
    const parsed = await this.#parse(bytes, 'content');
    const id = await this.database.withTenant(ctx.tenant.id, (tx) =>
      this.#propose(tx, ctx.tenant.id, parsed, 'UPLOAD'),
    );
    return this.get(ctx, id);
  }

  async accept(ctx: RequestContext, id: string, input: z.output<typeof EmlAcceptInput>): Promise<EmlProposalDto> {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'emailProposal', id);
      const row = await this.#pending(tx, id, input.concurrencyStamp);
      const matched = await this.#matches(tx, row);
      const caseManagerId = input.caseManagerId ?? matched.caseManagerId;
      if (!caseManagerId) throw invalidField('caseManagerId', 'Choose the case manager who asked for the appointment.');
      let clientId = input.clientId ?? matched.clientId;
      if (!clientId) {
        if (!row.claimantFirstName || !row.claimantLastName)
          throw invalidField('clientId', 'The e-mail does not name the claimant: choose the claimant.');
        clientId = uuidv7();
        const [client] = await tx
          .insert(clients)
          .values({
            tenantId: ctx.tenant.id,
            id: clientId,
            concurrencyStamp: uuidv7(),
            creatorId: ctx.principal.userId,
            firstName: row.claimantFirstName,
            lastName: row.claimantLastName,
            dateOfBirth: row.claimantDateOfBirth,
          })
          .returning();
        await recordEntityChange(tx, ctx.actor, {
          entityType: clientsResource.entityType,
          entityId: clientId,
          changeType: 'Created',
          before: null,
          after: client!,
        });
      }
      const caseId = await this.casesService.createIn(
        tx,
        ctx,
        CreateCaseInput.parse({
          serviceType: 'IME',
          clientId,
          caseManagerId,
          bookingNotes: this.#bookingNotes(row),
        }),
        row.appointmentDate
          ? { appointmentDate: row.appointmentDate, appointmentTime: row.appointmentTime }
          : undefined,
      );
      await this.#decide(tx, ctx, row, { status: 'ACCEPTED', caseId });
    });
    return this.get(ctx, id);
  }

  async reject(ctx: RequestContext, id: string, stamp: string): Promise<EmlProposalDto> {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'emailProposal', id);
      const row = await this.#pending(tx, id, stamp);
      await this.#decide(tx, ctx, row, { status: 'REJECTED', caseId: null });
    });
    return this.get(ctx, id);
  }

  async mailbox(ctx: RequestContext): Promise<EmlMailboxDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => mailboxDto(await this.#mailboxRow(tx)));
  }

  /** Keeps the mailbox after signing in to it; a password left out keeps the one kept. */
  async saveMailbox(ctx: RequestContext, input: z.output<typeof EmlMailboxInput>): Promise<EmlMailboxDto> {
    const box = this.#box();
    const tenantId = ctx.tenant.id;
    const existing = await this.database.withTenant(tenantId, (tx) => this.#mailboxRow(tx));
    const password = input.password ?? (existing ? box.open(tenantId, existing.password) : undefined);
    if (!password) throw invalidField('password', 'password is required');
    const settings: MailboxSettings = { ...input, password };
    try {
      await checkMailbox(settings, this.integrations?.timeoutMs ?? 10_000);
    } catch (error) {
      throw businessRule(describeFailure('The mailbox', error));
    }
    return this.database.withTenant(tenantId, async (tx) => {
      const sealed = box.seal(tenantId, password);
      const values = {
        host: input.host,
        port: input.port,
        secure: input.secure,
        username: input.username,
        password: sealed,
        folder: input.folder,
        lastError: null,
      };
      // Another mailbox or folder: its UIDs are not the old one's.
      const moved =
        existing &&
        (existing.host !== input.host || existing.username !== input.username || existing.folder !== input.folder);
      if (existing) {
        await tx
          .update(emlMailboxes)
          .set({
            ...values,
            ...(moved ? { uidValidity: null, lastUid: 0 } : {}),
            lastModificationTime: new Date(),
            lastModifierId: ctx.principal.userId,
            concurrencyStamp: uuidv7(),
          })
          .where(eq(emlMailboxes.id, existing.id));
      } else {
        await tx
          .insert(emlMailboxes)
          .values({ tenantId, id: uuidv7(), concurrencyStamp: uuidv7(), creatorId: ctx.principal.userId, ...values });
      }
      const after = { ...values, password: '(sealed)' };
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Casebook.EmlMailbox',
        entityId: existing?.id ?? tenantId,
        changeType: existing ? 'Updated' : 'Created',
        before: existing ? { ...existing, password: '(sealed)' } : null,
        after,
      });
      return mailboxDto(await this.#mailboxRow(tx));
    });
  }

  /** Reads the tenant's mailbox now. */
  async sync(ctx: RequestContext): Promise<EmlSyncResultDto> {
    const result = await this.syncTenant(ctx.tenant.id);
    return { ...result, mailbox: await this.mailbox(ctx) };
  }

  /** Reads a tenant's mailbox: new messages become proposals (one per message), then are marked read. */
  async syncTenant(tenantId: string): Promise<{ fetched: number; proposed: number }> {
    return this.#reads.run(tenantId, async () => {
      const row = await this.database.withTenant(tenantId, (tx) => this.#mailboxRow(tx));
      if (!row) throw businessRule('No mailbox is set up for appointment requests.');
      const settings: MailboxSettings = {
        host: row.host,
        port: row.port,
        secure: row.secure,
        username: row.username,
        password: this.#box().open(tenantId, row.password),
        folder: row.folder,
      };
      let proposed = 0;
      try {
        const read = await readNewMessages(
          settings,
          { uidValidity: row.uidValidity, afterUid: row.lastUid },
          this.integrations?.timeoutMs ?? 10_000,
          async (messages) => {
            const parsed: ParsedRequest[] = [];
            for (const m of messages) {
              if (m.source.length > EML_MAX_BYTES) continue;
              parsed.push(await this.#parse(m.source, 'message'));
            }
            await this.database.withTenant(tenantId, async (tx) => {
              for (const p of parsed) {
                const before = await tx
                  .select({ id: emlProposals.id })
                  .from(emlProposals)
                  .where(eq(emlProposals.messageKey, p.messageKey));
                if (before.length === 0) proposed++;
                await this.#propose(tx, tenantId, p, 'MAILBOX');
              }
              const last = messages.at(-1)?.uid;
              if (last !== undefined) {
                await tx.update(emlMailboxes).set({ lastUid: last }).where(eq(emlMailboxes.id, row.id));
              }
            });
          },
        );
        await this.database.withTenant(tenantId, (tx) =>
          tx
            .update(emlMailboxes)
            .set({ uidValidity: read.uidValidity, lastUid: read.lastUid, lastSyncTime: new Date(), lastError: null })
            .where(eq(emlMailboxes.id, row.id)),
        );
        return { fetched: read.fetched, proposed };
      } catch (error) {
        const message = describeFailure('The mailbox', error);
        await this.database.withTenant(tenantId, (tx) =>
          tx
            .update(emlMailboxes)
            .set({ lastError: message, lastSyncTime: new Date() })
            .where(eq(emlMailboxes.id, row.id)),
        );
        throw businessRule(message);
      }
    });
  }

  /** Every tenant with a mailbox, read one after another (the scheduled read). */
  async syncAll(): Promise<number> {
    const tenants = await this.database.withSystem((tx) =>
      tx.select({ tenantId: emlMailboxes.tenantId }).from(emlMailboxes).where(eq(emlMailboxes.isDeleted, false)),
    );
    // A mailbox that fails keeps its words in lastError for its tenant; the others are still read.
    for (const { tenantId } of tenants) await this.syncTenant(tenantId).catch(() => undefined);
    return tenants.length;
  }

  #box() {
    if (!this.integrations) throw businessRule('Outside services are not set up on this server.');
    return this.integrations.box;
  }

  async #parse(bytes: Uint8Array, field: string): Promise<ParsedRequest> {
    try {
      return await this.#pool.run({ kind: 'parse', bytes });
    } catch (error) {
      if (error instanceof WorkerFailure && error.reason === 'busy') throw businessRule(error.message);
      throw invalidField(field, 'The e-mail could not be read.');
    }
  }

  /** The proposal for a parsed message; the existing one when the message was read before. */
  async #propose(tx: Tx, tenantId: string, p: ParsedRequest, source: EmlSource): Promise<string> {
    const [inserted] = await tx
      .insert(emlProposals)
      .values({
        tenantId,
        id: uuidv7(),
        concurrencyStamp: uuidv7(),
        messageKey: p.messageKey,
        source,
        status: 'PENDING',
        subject: p.subject,
        fromEmail: p.fromEmail,
        fromName: p.fromName,
        receivedTime: p.receivedTime ? new Date(p.receivedTime) : null,
        claimantFirstName: p.claimantFirstName,
        claimantLastName: p.claimantLastName,
        claimantDateOfBirth: p.claimantDateOfBirth,
        companyName: p.companyName,
        caseManagerEmail: p.caseManagerEmail,
        appointmentDate: p.appointmentDate,
        appointmentTime: p.appointmentTime,
        notes: p.notes,
        problems: p.problems,
      })
      .onConflictDoNothing({ target: [emlProposals.tenantId, emlProposals.messageKey] })
      .returning({ id: emlProposals.id });
    if (inserted) return inserted.id;
    const [existing] = await tx
      .select({ id: emlProposals.id })
      .from(emlProposals)
      .where(eq(emlProposals.messageKey, p.messageKey));
    return existing!.id;
  }

  async #row(tx: Tx, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(emlProposals)
      .where(and(eq(emlProposals.id, id), eq(emlProposals.isDeleted, false)));
    if (!row) throw notFound('The synced appointment');
    return row;
  }

  async #pending(tx: Tx, id: string, stamp: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(emlProposals)
      .where(and(eq(emlProposals.id, id), eq(emlProposals.isDeleted, false)))
      .for('update');
    if (!row) throw notFound('The synced appointment');
    if (row.concurrencyStamp !== stamp) throw concurrencyConflict();
    if (row.status !== 'PENDING') throw businessRule('This appointment request has already been decided.');
    return row;
  }

  async #decide(
    tx: Tx,
    ctx: RequestContext,
    row: Row,
    decision: { status: 'ACCEPTED' | 'REJECTED'; caseId: string | null },
  ): Promise<void> {
    const [after] = await tx
      .update(emlProposals)
      .set({
        ...decision,
        decidedById: ctx.principal.userId,
        decidedTime: new Date(),
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      })
      .where(and(eq(emlProposals.id, row.id), eq(emlProposals.concurrencyStamp, row.concurrencyStamp)))
      .returning();
    if (!after) throw concurrencyConflict();
    await recordEntityChange(tx, ctx.actor, {
      entityType: ENTITY,
      entityId: row.id,
      changeType: 'Updated',
      before: row,
      after,
    });
  }

  /**
   * The tenant's records the request names: the case manager by the e-mail given (or the sender's), the
   * company by name (else the case manager's), the claimant by name and date of birth.
   */
  async #matches(tx: Tx, row: Row) {
    const email = row.caseManagerEmail ?? row.fromEmail;
    const live = eq(caseManagers.isDeleted, false);
    const [company] = row.companyName
      ? await tx
          .select({ id: companies.id })
          .from(companies)
          .where(and(sql`lower(${companies.name}) = lower(${row.companyName})`, eq(companies.isDeleted, false)))
          .limit(1)
      : [];
    const managers = email
      ? await tx
          .select({ id: caseManagers.id, companyId: caseManagers.companyId })
          .from(caseManagers)
          .where(and(sql`lower(${caseManagers.email}) = ${email.toLowerCase()}`, live))
      : [];
    // The sender at the company named first; a case manager of another company is still a match.
    const manager = managers.find((m) => m.companyId === company?.id) ?? managers[0];
    const [client] =
      row.claimantFirstName && row.claimantLastName
        ? await tx
            .select({ id: clients.id })
            .from(clients)
            .where(
              and(
                sql`lower(${clients.firstName}) = lower(${row.claimantFirstName})`,
                sql`lower(${clients.lastName}) = lower(${row.claimantLastName})`,
                row.claimantDateOfBirth
                  ? eq(clients.dateOfBirth, row.claimantDateOfBirth)
                  : sql`${clients.dateOfBirth} is null`,
                eq(clients.isDeleted, false),
              ),
            )
            .limit(1)
        : [];
    return {
      companyId: company?.id ?? manager?.companyId ?? null,
      caseManagerId: manager?.id ?? null,
      clientId: client?.id ?? null,
    };
  }

  #bookingNotes(row: Row): string | null {
    const lines = [
      row.subject ? `Requested by e-mail: ${row.subject}` : 'Requested by e-mail',
      row.notes ? row.notes : null,
    ].filter(Boolean);
    return lines.join('\n').slice(0, 4000);
  }

  async #dto(tx: Tx, row: Row, caseNo?: string | null): Promise<EmlProposalDto> {
    const matched = row.status === 'PENDING' ? await this.#matches(tx, row) : undefined;
    let number = caseNo;
    if (number === undefined && row.caseId) {
      const [c] = await tx.select({ caseNo: cases.caseNo }).from(cases).where(eq(cases.id, row.caseId));
      number = c?.caseNo ?? null;
    }
    return {
      id: row.id,
      status: row.status,
      source: row.source,
      subject: row.subject,
      fromEmail: row.fromEmail,
      fromName: row.fromName,
      receivedTime: iso(row.receivedTime),
      claimantFirstName: row.claimantFirstName,
      claimantLastName: row.claimantLastName,
      claimantDateOfBirth: row.claimantDateOfBirth,
      companyName: row.companyName,
      caseManagerEmail: row.caseManagerEmail,
      appointmentDate: row.appointmentDate,
      appointmentTime: row.appointmentTime,
      notes: row.notes,
      matchedCompanyId: matched?.companyId ?? null,
      matchedCaseManagerId: matched?.caseManagerId ?? null,
      matchedClientId: matched?.clientId ?? null,
      problems: row.problems,
      caseId: row.caseId,
      caseNo: number ?? null,
      decidedTime: iso(row.decidedTime),
      creationTime: row.creationTime.toISOString(),
      concurrencyStamp: row.concurrencyStamp,
    };
  }

  async #mailboxRow(tx: Tx) {
    const [row] = await tx.select().from(emlMailboxes).where(eq(emlMailboxes.isDeleted, false)).limit(1);
    return row;
  }
}

function mailboxDto(row: typeof emlMailboxes.$inferSelect | undefined): EmlMailboxDto {
  return {
    configured: Boolean(row),
    host: row?.host ?? null,
    port: row?.port ?? null,
    secure: row?.secure ?? true,
    username: row?.username ?? null,
    folder: row?.folder ?? 'INBOX',
    lastSyncTime: iso(row?.lastSyncTime ?? null),
    lastError: row?.lastError ?? null,
  };
}
