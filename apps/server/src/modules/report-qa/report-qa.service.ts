import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  hasReportQa,
  CorrectionStatusLabels,
  REPORT_QA_IME_ONLY,
  ReviewStatusLabels,
  uuidv7,
  ValidationStatusLabels,
  type CorrectionStatus,
  type PagedResult,
  type ReportCorrectionDto,
  type ReportCorrectionFilters,
  type ReportCorrectionListQuery,
  type ReportQaDto,
  type ReviewStatus,
  type UpdateReportQaInput,
  type ValidationStatus,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import {
  recordCondition,
  referencesVisible,
  registerRecordKind,
  requireAccess,
  seesWholeTenant,
} from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, notFound } from '../../platform/http/errors';
import { exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { likePattern } from '../../platform/resources/resource.repository';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';
import { clients, specialists } from '../people/people.schema';
import { reportCorrections as rc, reportQa } from './report-qa.schema';

// A correction is seen by whoever may see its case.
registerRecordKind('reportCorrection', {
  table: rc,
  id: rc.id,
  isDeleted: rc.isDeleted,
  label: 'The report correction',
  condition: async (tx, ctx) => (seesWholeTenant(ctx) ? undefined : referencesVisible(tx, ctx, 'case', rc.caseId)),
});

type Filters = z.output<typeof ReportCorrectionFilters>;
type ListQuery = z.output<typeof ReportCorrectionListQuery>;

type Row = {
  c: typeof rc.$inferSelect;
  caseNo: string;
  specialistId: string | null;
  appointmentDate: string | null;
  clientName: string;
  specialistName: string | null;
  reviewStatus: ReviewStatus;
  validationStatus: ValidationStatus;
  creatorName: string | null;
};

const creators = alias(users, 'correction_creators');
const reviewOf = sql<ReviewStatus>`coalesce(${reportQa.reviewStatus}, 'PENDING')`;
const validationOf = sql<ValidationStatus>`coalesce(${reportQa.validationStatus}, 'PENDING')`;

const SORTS: Record<string, SQL> = {
  creationTime: sql`${rc.creationTime}`,
  caseNo: sql`${cases.caseNo}`,
  status: sql`${rc.status}`,
  appointmentDate: sql`${cases.appointmentDate}`,
};

/** Report QA of IME cases: review and validation status per case, its corrections, and the QA sheet. */
export class ReportQaService {
  constructor(private readonly database: Database) {}

  #select(tx: Tx) {
    return tx
      .select({
        c: rc,
        caseNo: cases.caseNo,
        specialistId: cases.specialistId,
        appointmentDate: cases.appointmentDate,
        clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
        specialistName: sql<string | null>`${specialists.firstName} || ' ' || ${specialists.lastName}`,
        reviewStatus: reviewOf,
        validationStatus: validationOf,
        creatorName: sql<string | null>`${creators.name} || ' ' || ${creators.surname}`,
      })
      .from(rc)
      .innerJoin(cases, and(eq(cases.tenantId, rc.tenantId), eq(cases.id, rc.caseId)))
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .leftJoin(specialists, and(eq(specialists.tenantId, cases.tenantId), eq(specialists.id, cases.specialistId)))
      .leftJoin(reportQa, and(eq(reportQa.tenantId, rc.tenantId), eq(reportQa.caseId, rc.caseId)))
      .leftJoin(creators, and(eq(creators.tenantId, rc.tenantId), eq(creators.id, rc.creatorId)));
  }

  #dto(r: Row): ReportCorrectionDto {
    return {
      id: r.c.id,
      caseId: r.c.caseId,
      caseNo: r.caseNo,
      clientName: r.clientName,
      specialistId: r.specialistId,
      specialistName: r.specialistName,
      appointmentDate: r.appointmentDate,
      reviewStatus: r.reviewStatus,
      validationStatus: r.validationStatus,
      status: r.c.status,
      note: r.c.note,
      concurrencyStamp: r.c.concurrencyStamp,
      creationTime: r.c.creationTime.toISOString(),
      creatorName: r.creatorName,
      lastModificationTime: r.c.lastModificationTime ? r.c.lastModificationTime.toISOString() : null,
    };
  }

  #filter(ctx: RequestContext, q: Filters): SQL | undefined {
    const text = q.filterText?.trim();
    const day = sql`(${rc.creationTime} at time zone ${ctx.tenant.timezone})::date`;
    return and(
      eq(rc.isDeleted, false),
      eq(cases.isDeleted, false),
      q.caseId ? eq(rc.caseId, q.caseId) : undefined,
      q.status ? eq(rc.status, q.status) : undefined,
      q.reviewStatus ? sql`${reviewOf} = ${q.reviewStatus}` : undefined,
      q.validationStatus ? sql`${validationOf} = ${q.validationStatus}` : undefined,
      q.specialistId ? eq(cases.specialistId, q.specialistId) : undefined,
      q.dateFrom ? sql`${day} >= ${q.dateFrom}::date` : undefined,
      q.dateTo ? sql`${day} <= ${q.dateTo}::date` : undefined,
      text ? ilike(cases.caseNo, likePattern(text)) : undefined,
    );
  }

  async #where(tx: Tx, ctx: RequestContext, q: Filters) {
    return and(this.#filter(ctx, q), await recordCondition(tx, ctx, 'reportCorrection'));
  }

  #order(sorting: string | undefined): SQL[] {
    const [field, dir] = (sorting ?? '').trim().split(/\s+/);
    const column = field ? SORTS[field] : undefined;
    if (!column) return [desc(rc.creationTime), desc(rc.id)];
    return [dir?.toLowerCase() === 'desc' ? sql`${column} desc` : sql`${column} asc`, desc(rc.id)];
  }

  /** The QA sheet: corrections with their cases, as filtered, newest first. */
  async list(ctx: RequestContext, q: ListQuery): Promise<PagedResult<ReportCorrectionDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = await this.#where(tx, ctx, q);
      const [total] = await tx
        .select({ n: count() })
        .from(rc)
        .innerJoin(cases, and(eq(cases.tenantId, rc.tenantId), eq(cases.id, rc.caseId)))
        .leftJoin(reportQa, and(eq(reportQa.tenantId, rc.tenantId), eq(reportQa.caseId, rc.caseId)))
        .where(where);
      const rows = await this.#select(tx)
        .where(where)
        .orderBy(...this.#order(q.sorting))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#dto(r)) };
    });
  }

  async export(ctx: RequestContext, q: Filters): Promise<ExportFile> {
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      this.#select(tx)
        .where(await this.#where(tx, ctx, q))
        .orderBy(desc(rc.creationTime), desc(rc.id)),
    );
    return exportRows({
      name: 'report-corrections',
      sheetTitle: 'Reports QA Sheet',
      timeZone: ctx.tenant.timezone,
      rows: rows.map((r) => this.#dto(r)),
      columns: [
        { key: 'caseNo', header: 'Case No.' },
        { key: 'clientName', header: 'Claimant' },
        { key: 'specialistName', header: 'Specialist' },
        { key: 'appointmentDate', header: 'Appointment Date' },
        { key: 'reviewStatus', header: 'Review Status', format: (v) => ReviewStatusLabels[v as ReviewStatus] },
        {
          key: 'validationStatus',
          header: 'Validation Status',
          format: (v) => ValidationStatusLabels[v as ValidationStatus],
        },
        { key: 'status', header: 'Correction Status', format: (v) => CorrectionStatusLabels[v as CorrectionStatus] },
        { key: 'note', header: 'Note' },
        { key: 'creatorName', header: 'Recorded By' },
        { key: 'creationTime', header: 'Recorded' },
      ],
    });
  }

  /** The case, which the caller may see and which is an IME case; otherwise a 404 or the IME-only refusal. */
  async #imeCase(tx: Tx, ctx: RequestContext, caseId: string) {
    await requireAccess(tx, ctx, 'case', [caseId]);
    const [c] = await tx
      .select({ caseNo: cases.caseNo, serviceType: cases.serviceType })
      .from(cases)
      .where(eq(cases.id, caseId));
    if (!c) throw notFound('The case');
    if (!hasReportQa(c.serviceType)) throw businessRule(REPORT_QA_IME_ONLY);
    return c;
  }

  async #caseQa(tx: Tx, ctx: RequestContext, caseId: string): Promise<ReportQaDto> {
    const c = await this.#imeCase(tx, ctx, caseId);
    const [qa] = await tx.select().from(reportQa).where(eq(reportQa.caseId, caseId));
    const rows = await this.#select(tx)
      .where(and(eq(rc.caseId, caseId), eq(rc.isDeleted, false)))
      .orderBy(desc(rc.creationTime), desc(rc.id));
    return {
      caseId,
      caseNo: c.caseNo,
      reviewStatus: qa?.reviewStatus ?? 'PENDING',
      validationStatus: qa?.validationStatus ?? 'PENDING',
      lastModificationTime: qa?.lastModificationTime ? qa.lastModificationTime.toISOString() : null,
      corrections: rows.map((r) => this.#dto(r)),
    };
  }

  caseQa(ctx: RequestContext, caseId: string): Promise<ReportQaDto> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#caseQa(tx, ctx, caseId));
  }

  async updateCaseQa(
    ctx: RequestContext,
    caseId: string,
    input: z.output<typeof UpdateReportQaInput>,
  ): Promise<ReportQaDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#imeCase(tx, ctx, caseId);
      const [before] = await tx.select().from(reportQa).where(eq(reportQa.caseId, caseId));
      const values = { ...input, lastModificationTime: new Date(), lastModifierId: ctx.principal.userId };
      await tx
        .insert(reportQa)
        .values({ tenantId: ctx.tenant.id, caseId, ...values })
        .onConflictDoUpdate({ target: [reportQa.tenantId, reportQa.caseId], set: values });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ReportQa',
        entityId: caseId,
        changeType: before ? 'Updated' : 'Created',
        before: before ? { reviewStatus: before.reviewStatus, validationStatus: before.validationStatus } : null,
        after: { ...input },
      });
      return this.#caseQa(tx, ctx, caseId);
    });
  }

  async #one(tx: Tx, ctx: RequestContext, id: string): Promise<ReportCorrectionDto> {
    await requireAccess(tx, ctx, 'reportCorrection', [id]);
    const [row] = await this.#select(tx).where(and(eq(rc.id, id), eq(rc.isDeleted, false)));
    if (!row) throw notFound('The report correction');
    return this.#dto(row);
  }

  get(ctx: RequestContext, id: string): Promise<ReportCorrectionDto> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#one(tx, ctx, id));
  }

  async create(
    ctx: RequestContext,
    input: { caseId: string; status: CorrectionStatus; note: string },
  ): Promise<ReportCorrectionDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.#imeCase(tx, ctx, input.caseId);
      const id = uuidv7();
      await tx.insert(rc).values({
        tenantId: ctx.tenant.id,
        id,
        ...input,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ReportCorrection',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { ...input },
      });
      return this.#one(tx, ctx, id);
    });
  }

  /** Changes one field of a correction, with its audit row, in one transaction. */
  async #change(
    ctx: RequestContext,
    id: string,
    values: { note: string } | { status: CorrectionStatus },
    stamp: string | undefined,
  ): Promise<ReportCorrectionDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'reportCorrection', [id]);
      const [entry] = await tx.select().from(rc).where(eq(rc.id, id));
      if (!entry) throw notFound('The report correction');
      if (stamp !== undefined && stamp !== entry.concurrencyStamp) throw concurrencyConflict();
      await tx
        .update(rc)
        .set({
          ...values,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(rc.id, id));
      const before = Object.fromEntries(Object.keys(values).map((k) => [k, entry[k as keyof typeof entry]]));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ReportCorrection',
        entityId: id,
        changeType: 'Updated',
        before,
        after: values,
      });
      return this.#one(tx, ctx, id);
    });
  }

  updateNote(ctx: RequestContext, id: string, input: { note: string; concurrencyStamp?: string }) {
    return this.#change(ctx, id, { note: input.note }, input.concurrencyStamp);
  }

  updateStatus(ctx: RequestContext, id: string, input: { status: CorrectionStatus; concurrencyStamp?: string }) {
    return this.#change(ctx, id, { status: input.status }, input.concurrencyStamp);
  }
}
