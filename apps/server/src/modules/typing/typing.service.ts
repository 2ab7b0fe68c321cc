import { aliasedTable, and, asc, count, desc, eq, gte, ilike, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  formatIsoDate,
  isDictationFile,
  todayIn,
  uuidv7,
  type AssignTypistJobInput,
  type PagedResult,
  type TypistJobDto,
  type TypistJobListQuery,
  type TypistJobSummary,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, registerRecordKind, requireAccess, seesWholeTenant } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { likePattern } from '../../platform/resources/resource.repository';
import { cases } from '../cases/cases.schema';
import { attachments, files } from '../files/files.schema';
import { users } from '../identity/identity.schema';
import { clients } from '../people/people.schema';
import { attachmentTypes } from '../reference/reference.schema';
import { typistJobs as j } from './typing.schema';

registerRecordKind('typistJob', {
  table: j,
  id: j.id,
  isDeleted: j.isDeleted,
  label: 'The typist job',
  // The office sees every job of the tenant; anyone else only the jobs given to them.
  condition: async (_tx, ctx) => (seesWholeTenant(ctx) ? undefined : eq(j.contractorId, ctx.principal.userId)),
});

/** The documents a typed report may be. */
const TYPED_REPORT_EXTENSIONS = ['doc', 'docx', 'pdf', 'rtf', 'txt'];
/** The attachment type a typed report is filed under on the case, when the tenant keeps it. */
const TYPED_REPORT_TYPE = 'dictation report';

const dictation = aliasedTable(attachments, 'dictation');
const typed = aliasedTable(attachments, 'typed');

type Row = {
  job: typeof j.$inferSelect;
  caseNo: string;
  serviceType: string;
  clientName: string;
  dictationName: string;
  dictationFileId: string;
  contractorName: string;
  typedReportName: string | null;
  typedReportFileId: string | null;
};
type ListQuery = z.output<typeof TypistJobListQuery>;
type AssignInput = z.output<typeof AssignTypistJobInput>;

const SORTS: Record<string, PgColumn> = {
  dueDate: j.dueDate,
  assignedTime: j.creationTime,
  completedTime: j.completedTime,
  caseNo: cases.caseNo,
};

/** Dictations given to typists and the typed reports they send back to the case. */
export class TypingService {
  constructor(
    private readonly database: Database,
    /** Told when a typed report was attached, so its text is read soon. */
    private readonly textQueued: () => void = () => undefined,
  ) {}

  #select(tx: Tx) {
    return tx
      .select({
        job: j,
        caseNo: cases.caseNo,
        serviceType: cases.serviceType,
        clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
        dictationName: dictation.name,
        dictationFileId: dictation.fileId,
        contractorName: sql<string>`${users.name} || ' ' || ${users.surname}`,
        typedReportName: typed.name,
        typedReportFileId: typed.fileId,
      })
      .from(j)
      .innerJoin(cases, and(eq(cases.tenantId, j.tenantId), eq(cases.id, j.caseId)))
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .innerJoin(dictation, and(eq(dictation.tenantId, j.tenantId), eq(dictation.id, j.dictationAttachmentId)))
      .innerJoin(users, and(eq(users.tenantId, j.tenantId), eq(users.id, j.contractorId)))
      .leftJoin(typed, and(eq(typed.tenantId, j.tenantId), eq(typed.id, j.typedReportAttachmentId)));
  }

  #dto(r: Row): TypistJobDto {
    return {
      id: r.job.id,
      caseId: r.job.caseId,
      caseNo: r.caseNo,
      serviceType: r.serviceType,
      clientName: r.clientName,
      dictationAttachmentId: r.job.dictationAttachmentId,
      dictationName: r.dictationName,
      dictationFileId: r.dictationFileId,
      contractorId: r.job.contractorId,
      contractorName: r.contractorName,
      typedReportStatus: r.job.typedReportStatus,
      typedReportAttachmentId: r.job.typedReportAttachmentId,
      typedReportName: r.typedReportName,
      typedReportFileId: r.typedReportFileId,
      dueDate: r.job.dueDate,
      notes: r.job.notes,
      assignedTime: r.job.creationTime.toISOString(),
      completedTime: r.job.completedTime ? r.job.completedTime.toISOString() : null,
      concurrencyStamp: r.job.concurrencyStamp,
    };
  }

  private rows(tx: Tx, where: SQL | undefined) {
    return this.#select(tx).where(where);
  }

  #filter(q: Partial<ListQuery>): SQL | undefined {
    const text = q.filterText?.trim();
    const pattern = text ? likePattern(text) : undefined;
    return and(
      eq(j.isDeleted, false),
      q.typedReportStatus !== undefined ? eq(j.typedReportStatus, q.typedReportStatus) : undefined,
      q.caseId ? eq(j.caseId, q.caseId) : undefined,
      q.contractorId ? eq(j.contractorId, q.contractorId) : undefined,
      q.dueDateFrom ? gte(j.dueDate, q.dueDateFrom) : undefined,
      q.dueDateTo ? lte(j.dueDate, q.dueDateTo) : undefined,
      pattern
        ? or(
            ilike(cases.caseNo, pattern),
            ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
            ilike(dictation.name, pattern),
            ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
          )
        : undefined,
    );
  }

  #order(sorting: string | undefined): SQL[] {
    const [field, dir] = (sorting ?? '').trim().split(/\s+/);
    const column = field ? SORTS[field] : undefined;
    if (!column) return [sql`${j.dueDate} asc nulls last`, desc(j.creationTime), desc(j.id)];
    return [dir?.toLowerCase() === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, desc(j.id)];
  }

  async list(ctx: RequestContext, q: ListQuery): Promise<PagedResult<TypistJobDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(this.#filter(q), await recordCondition(tx, ctx, 'typistJob'));
      const [total] = await tx
        .select({ n: count() })
        .from(j)
        .innerJoin(cases, and(eq(cases.tenantId, j.tenantId), eq(cases.id, j.caseId)))
        .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
        .innerJoin(dictation, and(eq(dictation.tenantId, j.tenantId), eq(dictation.id, j.dictationAttachmentId)))
        .innerJoin(users, and(eq(users.tenantId, j.tenantId), eq(users.id, j.contractorId)))
        .where(where);
      const rows = await this.rows(tx, where)
        .orderBy(...this.#order(q.sorting))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#dto(r)) };
    });
  }

  async summary(ctx: RequestContext): Promise<TypistJobSummary> {
    const today = formatIsoDate(todayIn(ctx.tenant.timezone));
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .select({
          incomplete: sql<number>`count(*) filter (where ${j.typedReportStatus} = 0)`.mapWith(Number),
          completed: sql<number>`count(*) filter (where ${j.typedReportStatus} = 1)`.mapWith(Number),
          overdue: sql<number>`count(*) filter (where ${j.typedReportStatus} = 0 and ${j.dueDate} < ${today})`.mapWith(
            Number,
          ),
        })
        .from(j)
        .where(and(eq(j.isDeleted, false), await recordCondition(tx, ctx, 'typistJob')));
      return { incomplete: row?.incomplete ?? 0, completed: row?.completed ?? 0, overdue: row?.overdue ?? 0 };
    });
  }

  /** Active users with the contractor role who are typists (not brokers or insurers). */
  async typists(ctx: RequestContext) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx
        .select({ id: users.id, name: users.name, surname: users.surname })
        .from(users)
        .where(this.#typist())
        .orderBy(asc(users.name), asc(users.surname));
      const items = rows.map((r) => ({ id: r.id, displayName: `${r.name} ${r.surname}`, isActive: true }));
      return { items, totalCount: items.length };
    });
  }

  #typist(): SQL {
    return and(
      eq(users.isDeleted, false),
      eq(users.isActive, true),
      sql`'CONTRACTOR' = any(${users.roles})`,
      or(isNull(users.contractorType), ne(users.contractorType, 'BROKER')),
      or(isNull(users.contractorType), ne(users.contractorType, 'INSURER')),
    )!;
  }

  async #one(tx: Tx, ctx: RequestContext, id: string): Promise<TypistJobDto> {
    await requireAccess(tx, ctx, 'typistJob', [id]);
    const [row] = await this.rows(tx, and(eq(j.id, id), eq(j.isDeleted, false)));
    if (!row) throw notFound('The typist job');
    return this.#dto(row);
  }

  async get(ctx: RequestContext, id: string): Promise<TypistJobDto> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#one(tx, ctx, id));
  }

  /**
   * Gives a case's dictation to a typist. A dictation still with a typist is given to the new one instead
   * (a reassignment); one already typed is not given out again.
   */
  async assign(ctx: RequestContext, input: AssignInput): Promise<TypistJobDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [att] = await tx
        .select({ a: attachments, fileName: files.fileName })
        .from(attachments)
        .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
        .where(
          and(
            eq(attachments.id, input.dictationAttachmentId),
            eq(attachments.isDeleted, false),
            ne(attachments.status, 'removed'),
          ),
        );
      if (!att || att.a.attachmentFrom !== 'IME') {
        throw invalidField('dictationAttachmentId', 'The dictation does not exist.');
      }
      // The case must be one the caller may see; its dictation is otherwise not there for them.
      await requireAccess(tx, ctx, 'case', [att.a.objectId]);
      if (!isDictationFile(att.fileName)) {
        throw invalidField('dictationAttachmentId', 'Only an audio file can be given to a typist.');
      }
      const [typist] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.contractorId), this.#typist()));
      if (!typist) throw invalidField('contractorId', 'The typist does not exist.');

      const [current] = await tx
        .select()
        .from(j)
        .where(and(eq(j.dictationAttachmentId, att.a.id), eq(j.isDeleted, false)));
      if (current) {
        if (current.typedReportStatus === 1) throw businessRule('The dictation has already been typed.');
        const after = { contractorId: input.contractorId, dueDate: input.dueDate, notes: input.notes };
        await tx
          .update(j)
          .set({
            ...after,
            lastModificationTime: new Date(),
            lastModifierId: ctx.principal.userId,
            concurrencyStamp: uuidv7(),
          })
          .where(eq(j.id, current.id));
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'TypistJob',
          entityId: current.id,
          changeType: 'Updated',
          before: { contractorId: current.contractorId, dueDate: current.dueDate, notes: current.notes },
          after,
        });
        return this.#one(tx, ctx, current.id);
      }
      const id = uuidv7();
      const values = {
        caseId: att.a.objectId,
        dictationAttachmentId: att.a.id,
        contractorId: input.contractorId,
        dueDate: input.dueDate,
        notes: input.notes,
        typedReportStatus: 0 as const,
      };
      await tx.insert(j).values({
        tenantId: ctx.tenant.id,
        id,
        ...values,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TypistJob',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: values,
      });
      return this.#one(tx, ctx, id);
    });
  }

  /**
   * The typist's typed report: attached to the job's case (as a dictation report), and the job completed.
   * The report must be a document the caller uploaded and that is not attached anywhere yet.
   */
  async submitTypedReport(
    ctx: RequestContext,
    id: string,
    input: { fileId: string; concurrencyStamp: string },
  ): Promise<TypistJobDto> {
    const done = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'typistJob', [id]);
      const [job] = await tx
        .select()
        .from(j)
        .where(and(eq(j.id, id), eq(j.isDeleted, false)));
      if (!job) throw notFound('The typist job');
      if (job.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      if (job.typedReportStatus === 1) throw businessRule('The typed report has already been sent.');
      const [file] = await tx
        .select()
        .from(files)
        .where(and(eq(files.id, input.fileId), eq(files.isDeleted, false), eq(files.isContentRemoved, false)));
      if (!file || file.creatorId !== ctx.principal.userId) throw invalidField('fileId', 'The file does not exist.');
      if (!TYPED_REPORT_EXTENSIONS.includes(file.extension.toLowerCase())) {
        throw invalidField('fileId', `The typed report must be a document (${TYPED_REPORT_EXTENSIONS.join(', ')}).`);
      }
      const [attached] = await tx
        .select({ id: attachments.id })
        .from(attachments)
        .where(eq(attachments.fileId, file.id));
      if (attached) throw invalidField('fileId', 'The file is already attached.');
      const [type] = await tx
        .select({ id: attachmentTypes.id })
        .from(attachmentTypes)
        .where(and(sql`lower(${attachmentTypes.name}) = ${TYPED_REPORT_TYPE}`, eq(attachmentTypes.isDeleted, false)));

      const attachmentId = uuidv7();
      await tx.insert(attachments).values({
        tenantId: ctx.tenant.id,
        id: attachmentId,
        fileId: file.id,
        name: file.name,
        attachmentTypeId: type?.id ?? null,
        attachmentFrom: 'IME',
        objectId: job.caseId,
        status: 'done',
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Attachment',
        entityId: attachmentId,
        changeType: 'Created',
        before: null,
        after: { name: file.name, fileId: file.id, attachmentFrom: 'IME', objectId: job.caseId },
      });
      const completedTime = new Date();
      await tx
        .update(j)
        .set({
          typedReportStatus: 1,
          typedReportAttachmentId: attachmentId,
          completedTime,
          lastModificationTime: completedTime,
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(j.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TypistJob',
        entityId: id,
        changeType: 'Updated',
        before: { typedReportStatus: 0, typedReportAttachmentId: null },
        after: { typedReportStatus: 1, typedReportAttachmentId: attachmentId },
      });
      return this.#one(tx, ctx, id);
    });
    this.textQueued();
    return done;
  }
}
