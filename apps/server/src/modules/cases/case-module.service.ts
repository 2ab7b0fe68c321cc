import { and, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CASE_NUMBER_NOT_FOUND_MESSAGE,
  normaliseCaseNo,
  decideModuleStep,
  moduleAllows,
  refusedTransitionMessage,
  formatIsoDate,
  isModuleStatus,
  modulePrefixedStatus,
  todayIn,
  uuidv7,
  ADMIN_OR_STAFF,
  hasAnyRole,
  type CaseModuleDeclaration,
  type CreateModuleCaseInput,
  type DateRule,
  type ModuleCaseDto,
  type ModuleCaseListItemDto,
  type ModuleStatusLogDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { visibleRecords } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { likePattern } from '../../platform/resources/resource.repository';
import { AppError, businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { enqueueRequestedMail } from '../correspondence/outbox';
import { reachOf } from '../people/people.access';
import { clients } from '../people/people.schema';
import { caseScopeFor, scopeCondition } from './cases.access';
import { caseNames, casesRepository as repo, type CoreCaseRow } from './cases.repository';
import { cases } from './cases.schema';
import { CASE_ENTITY } from './cases.service';
import { notifyModuleStatusChange } from './case-notifications';

/** A module's details table: one row per case, keyed by tenant and case, its other columns the module's fields. */
export type ModuleDetailsTable = PgTable & { tenantId: PgColumn; caseId: PgColumn };

/** The parties of a case, kept on the core row; every other field of a step lives in the details table. */
const CORE_FIELDS = ['clientId', 'caseManagerId', 'specialistId', 'bookingNotes'] as const;
type CoreField = (typeof CORE_FIELDS)[number];
/** Step input members that are not stored: the stamp the step is checked against, the confirmation of a date rule. */
const NOT_STORED = new Set(['concurrencyStamp', 'confirmed']);

type Fields = Record<string, string | null>;
type Found = { c: CoreCaseRow } & Record<keyof typeof caseNames, unknown>;
type ListQuery = { filterText?: string | undefined; status?: string[] | undefined };

/** A module case's values for its e-mails: the number, the parties and the status in words. */
export function moduleMailValues(
  m: CaseModuleDeclaration,
  found: Found,
  recipientName: string,
  timeZone: string,
): Record<string, string> {
  return {
    recipientName,
    caseNo: found.c.caseNo,
    claimantName: found.clientName as string,
    caseManagerName: found.caseManagerName as string,
    companyName: found.companyName as string,
    specialistName: (found.specialistName as string | null) ?? '',
    status: m.statuses[found.c.status]?.label ?? found.c.status,
    timeZone,
  };
}

/** Whom a template is for, read from its key: the specialist (paperwork, requests to them) or the case manager. */
export function moduleRecipientOf(templateKey: string): 'specialists' | 'case_managers' {
  return /SPECIALIST|PAPERWORK/.test(templateKey) ? 'specialists' : 'case_managers';
}

/**
 * A declared case module served from the core `cases` table and its details table: reads narrowed by the
 * `case` record rule and the module's service types, creation with the module's number prefix, and step
 * updates decided by the declaration (status log, case, details and change history in one transaction).
 */
export class CaseModuleService {
  private readonly fieldColumns: Record<string, PgColumn>;

  constructor(
    private readonly database: Database,
    readonly module: CaseModuleDeclaration,
    private readonly details: ModuleDetailsTable,
  ) {
    const { tenantId: _t, caseId: _c, ...rest } = getTableColumns(details) as Record<string, PgColumn>;
    this.fieldColumns = rest;
  }

  /** The case's due date from the details table, for a module that keeps one. */
  private dueDateSql(): SQL<string | null> | undefined {
    const due = this.module.due;
    if (!due) return undefined;
    const column = this.fieldColumns[due.field];
    if (!column) throw new Error(`${this.module.key}: no details column for the due date '${due.field}'`);
    return sql<string | null>`(select ${column}::text from ${this.details} where ${this.details.caseId} = ${cases.id})`;
  }

  /** Cases past their due date in a status that counts, as of the tenant's today. */
  private overdueSql(ctx: RequestContext): SQL | undefined {
    const dueDate = this.dueDateSql();
    if (!dueDate || !this.module.due) return undefined;
    const today = formatIsoDate(todayIn(ctx.tenant.timezone));
    return and(inArray(cases.status, this.module.due.statuses as never[]), sql`${dueDate} < ${today}`);
  }

  private inModule(): SQL {
    return and(inArray(cases.serviceType, this.module.serviceTypes as never[]), eq(cases.isDeleted, false))!;
  }

  /** The module's case with this number under the caller's record rule, if any (`checkExistCaseNo`). */
  async checkExistCaseNo(ctx: RequestContext, q: { caseNo: string }) {
    const caseNo = normaliseCaseNo(q.caseNo);
    const found = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const hit = await repo.caseNoTaken(tx, caseNo);
      if (!hit || !(this.module.serviceTypes as readonly string[]).includes(hit.serviceType)) return undefined;
      return (await repo.find(tx, hit.id, await caseScopeFor(tx, ctx), false, this.module.serviceTypes))
        ? hit
        : undefined;
    });
    return {
      exists: Boolean(found),
      module: this.module.key,
      id: found?.id ?? null,
      message: found ? null : CASE_NUMBER_NOT_FOUND_MESSAGE,
    };
  }

  /** The filtered list in pages, for the export; more than `max` rows is refused before anything is read. */
  async forEachPage(
    ctx: RequestContext,
    q: ListQuery,
    size: number,
    max: number,
    onPage: (rows: ModuleCaseListItemDto[]) => Promise<void>,
  ): Promise<void> {
    const first = await this.list(ctx, { ...q, skipCount: 0, maxResultCount: size });
    if (first.totalCount > max) {
      throw businessRule(`The export would have ${first.totalCount} rows; narrow the search to at most ${max} rows.`);
    }
    await onPage(first.items);
    for (let skip = size; skip < first.totalCount; skip += size) {
      await onPage((await this.list(ctx, { ...q, skipCount: skip, maxResultCount: size })).items);
    }
  }

  /** Cases per status that have waited in it longer than the status's declared days. */
  async countOverdue(ctx: RequestContext, q: ListQuery) {
    const limits = Object.entries(this.module.statuses)
      .filter(([, s]) => s.overdueDays !== null)
      .map(([status, s]) => [status, s.overdueDays!] as [never, number]);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const items = await repo.countOverdue(tx, await this.listWhere(tx, ctx, q, false), limits);
      return { totalCount: items.reduce((n, i) => n + i.count, 0), items };
    });
  }

  /**
   * Rebook: a new case of the module for the same parties and visibility in its first status, its status log
   * naming the case it was rebooked from; with `notifyCaseDNA`, the module's non-attendance notice goes to the
   * booking case manager in the same transaction.
   */
  async rebook(ctx: RequestContext, id: string, input: { notifyCaseDNA?: boolean | undefined }) {
    const newId = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await this.find(tx, ctx, id);
      const old = found.c;
      const caseNo = await this.nextCaseNo(tx, ctx, old.serviceType);
      const now = new Date();
      const status = this.module.initialStatus as never;
      const row = await repo.insertCoreCase(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseNo,
        serviceType: old.serviceType,
        status,
        statusDate: now,
        clientId: old.clientId,
        companyId: old.companyId,
        caseManagerId: old.caseManagerId,
        specialistId: old.specialistId,
        bookingNotes: old.bookingNotes,
        visibility: old.visibility,
        visibilityGroupId: old.visibilityGroupId,
        creationTime: now,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await tx.insert(this.details).values({ tenantId: ctx.tenant.id, caseId: row.id } as never);
      const note = `Rebooked from ${old.caseNo}`;
      await repo.logStatus(tx, {
        tenantId: ctx.tenant.id,
        caseId: row.id,
        from: null,
        to: status,
        at: now,
        userId: ctx.principal.userId,
        userName: ctx.actor.userName,
        note,
      });
      const template = this.module.nonAttendanceTemplate;
      if (input.notifyCaseDNA && template) {
        const recipient = await repo.recipient(tx, 'case_managers', old.caseManagerId);
        if (!recipient?.email) throw invalidField('notifyCaseDNA', 'The booking case manager has no e-mail address.');
        await enqueueRequestedMail(
          tx,
          ctx.tenant.id,
          {
            to: recipient.email,
            templateKey: template,
            fromModule: this.module.templateModule,
            objectId: old.id,
            objectReference: old.caseNo,
            category: 'NON_ATTENDANCE',
            creatorId: ctx.principal.userId,
            values: {
              ...moduleMailValues(this.module, found, recipient.name, ctx.tenant.timezone),
              rebookedCaseNo: caseNo,
            },
          },
          'to notify the case manager',
        );
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: { ...row, rebookedFrom: old.caseNo },
      });
      return row.id;
    });
    return this.get(ctx, newId);
  }

  /**
   * The report sent: its date kept in the module's declared field and the report e-mail queued to the case
   * manager, with the case's stamp checked, in one transaction.
   */
  async sendReportStatus(ctx: RequestContext, id: string, input: { concurrencyStamp: string; reportSentDate: string }) {
    const sent = this.module.reportSent;
    if (!sent) throw new Error(`${this.module.key}: no reportSent part`);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await this.find(tx, ctx, id, true);
      const current = found.c;
      if (current.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      const before = await this.fieldsOf(tx, id);
      const recipient = await repo.recipient(tx, 'case_managers', current.caseManagerId);
      if (!recipient?.email) throw invalidField('reportSentDate', 'The case manager has no e-mail address.');
      const own = { [sent.field]: input.reportSentDate };
      await tx
        .insert(this.details)
        .values({ tenantId: ctx.tenant.id, caseId: id, ...own } as never)
        .onConflictDoUpdate({ target: [this.details.tenantId, this.details.caseId], set: own as never });
      const now = new Date();
      const updated = await repo.updateCoreCase(tx, id, current.concurrencyStamp, {
        lastModificationTime: now,
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!updated) throw concurrencyConflict();
      await enqueueRequestedMail(
        tx,
        ctx.tenant.id,
        {
          to: recipient.email,
          templateKey: sent.template,
          fromModule: this.module.templateModule,
          objectId: id,
          objectReference: current.caseNo,
          category: 'REPORT',
          creatorId: ctx.principal.userId,
          values: moduleMailValues(this.module, found, recipient.name, ctx.tenant.timezone),
        },
        'to send the report',
      );
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: id,
        changeType: 'Updated',
        before: { ...current, ...before },
        after: { ...updated, ...before, ...own },
      });
    });
    return this.get(ctx, id);
  }

  /** The next free case number of the module's prefix for the service type. */
  private async nextCaseNo(tx: Tx, ctx: RequestContext, serviceType: string): Promise<string> {
    const prefix = this.module.numberPrefixes[serviceType as never]!;
    const next = async () =>
      `${prefix}-${String(await repo.nextCaseNumber(tx, ctx.tenant.id, prefix)).padStart(6, '0')}`;
    let caseNo = await next();
    // A number typed by hand earlier may already hold the generated one: take the next free one.
    while (await repo.caseNoTaken(tx, caseNo)) caseNo = await next();
    return caseNo;
  }

  /** The case under the caller's record rule, only when it belongs to this module. */
  private async find(tx: Tx, ctx: RequestContext, id: string, forUpdate = false): Promise<Found> {
    const found = await repo.find(tx, id, await caseScopeFor(tx, ctx), forUpdate, this.module.serviceTypes);
    if (!found) throw notFound('The case');
    return found as Found;
  }

  private async fieldsOf(tx: Tx, caseId: string): Promise<Fields> {
    const rows = await tx
      .select(this.fieldColumns)
      .from(this.details as PgTable)
      .where(eq(this.details.caseId, caseId));
    const row = (rows[0] ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.keys(this.fieldColumns).map((k) => [k, (row[k] as string | null) ?? null]));
  }

  private toDto(found: Found, fields: Fields): ModuleCaseDto {
    const c = found.c;
    return {
      id: c.id,
      caseNo: c.caseNo,
      serviceType: c.serviceType,
      status: c.status,
      statusDate: c.statusDate.toISOString(),
      clientId: c.clientId,
      clientName: found.clientName as string,
      companyId: c.companyId,
      companyName: found.companyName as string,
      caseManagerId: c.caseManagerId,
      caseManagerName: found.caseManagerName as string,
      specialistId: c.specialistId,
      specialistName: found.specialistName as string | null,
      bookingNotes: c.bookingNotes,
      visibility: c.visibility,
      fields,
      creationTime: c.creationTime.toISOString(),
      concurrencyStamp: c.concurrencyStamp,
    };
  }

  async get(ctx: RequestContext, id: string): Promise<ModuleCaseDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await this.find(tx, ctx, id);
      return this.toDto(found, await this.fieldsOf(tx, id));
    });
  }

  /**
   * Work on a module case's own records (an MVA claim's offers, an OT quotation): the case read under the
   * caller's record rule (404 when they may not see it), locked when `forUpdate`, in one transaction with the work.
   */
  async withCase<T>(
    ctx: RequestContext,
    id: string,
    work: (tx: Tx, c: ModuleCaseDto) => Promise<T>,
    forUpdate = false,
  ): Promise<T> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await this.find(tx, ctx, id, forUpdate);
      return work(tx, this.toDto(found, await this.fieldsOf(tx, id)));
    });
  }

  private async listWhere(tx: Tx, ctx: RequestContext, q: ListQuery, withStatus: boolean) {
    const text = q.filterText?.trim();
    const pattern = text ? likePattern(text) : undefined;
    return and(
      this.inModule(),
      scopeCondition(await caseScopeFor(tx, ctx)),
      withStatus && q.status && q.status.length > 0 ? inArray(cases.status, q.status as never[]) : undefined,
      pattern
        ? or(
            ilike(cases.caseNo, pattern),
            sql`${cases.clientId} = any(array(select c.id from ${clients} c where (c.first_name || ' ' || c.last_name) ilike ${pattern}))`,
          )
        : undefined,
    );
  }

  /** The module's cases the caller may see, newest first. */
  async list(
    ctx: RequestContext,
    q: { skipCount: number; maxResultCount: number; filterText?: string | undefined; status?: string[] | undefined },
  ): Promise<{ totalCount: number; items: ModuleCaseListItemDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = await this.listWhere(tx, ctx, q, true);
      const [total] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cases)
        .where(where);
      const rows = await tx
        .select({
          id: cases.id,
          caseNo: cases.caseNo,
          serviceType: cases.serviceType,
          status: cases.status,
          statusDate: cases.statusDate,
          creationTime: cases.creationTime,
          clientName: caseNames.clientName,
          companyName: caseNames.companyName,
          caseManagerName: caseNames.caseManagerName,
          specialistName: caseNames.specialistName,
          ...(this.module.due
            ? { dueDate: this.dueDateSql()!, overdue: sql<boolean>`coalesce(${this.overdueSql(ctx)}, false)` }
            : {}),
        })
        .from(cases)
        .where(where)
        .orderBy(desc(cases.creationTime), desc(cases.id))
        .offset(q.skipCount)
        .limit(q.maxResultCount);
      return {
        totalCount: total?.n ?? 0,
        items: rows.map((r) => ({
          ...r,
          statusDate: r.statusDate.toISOString(),
          creationTime: r.creationTime.toISOString(),
        })),
      };
    });
  }

  /** Cases per status under the list's filters, the status filter itself left out. */
  async countByStatus(ctx: RequestContext, q: { filterText?: string | undefined }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const items = await tx
        .select({ status: cases.status, count: sql<number>`count(*)::int` })
        .from(cases)
        .where(await this.listWhere(tx, ctx, q, false))
        .groupBy(cases.status);
      const overdue = this.overdueSql(ctx);
      const [late] = overdue
        ? await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(cases)
            .where(and(await this.listWhere(tx, ctx, q, false), overdue))
        : [];
      return {
        totalCount: items.reduce((n, i) => n + i.count, 0),
        items,
        ...(late ? { overdueCount: late.n } : {}),
      };
    });
  }

  async statusLogs(ctx: RequestContext, id: string): Promise<{ totalCount: number; items: ModuleStatusLogDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.find(tx, ctx, id);
      const rows = await repo.statusLogs(tx, id, {});
      const items = rows.map((r) => ({
        id: r.id,
        statusFrom: r.statusFrom,
        statusName: r.statusName,
        prefixedStatusName: isModuleStatus(this.module, r.statusName)
          ? modulePrefixedStatus(this.module, r.statusName)
          : r.statusName,
        statusDate: r.statusDate.toISOString(),
        userName: r.userName,
        note: r.note,
      }));
      return { totalCount: items.length, items };
    });
  }

  /**
   * The parties of a case: the claimant visible to the caller, the case manager (and so the company), a case
   * manager booking only for their own companies, the specialist existing.
   */
  private async parties(
    tx: Tx,
    ctx: RequestContext,
    input: { clientId: string; caseManagerId: string; specialistId: string | null },
  ) {
    if (!(await visibleRecords(tx, ctx, 'claimant', [input.clientId])).has(input.clientId)) {
      throw invalidField('clientId', 'The claimant does not exist.');
    }
    const caseManager = await repo.caseManager(tx, input.caseManagerId);
    if (!caseManager) throw invalidField('caseManagerId', 'The case manager does not exist.');
    if (!hasAnyRole(ctx.principal.roles, ADMIN_OR_STAFF)) {
      const mine = await reachOf(tx, ctx);
      if (!mine.companyIds.includes(caseManager.companyId)) {
        throw invalidField('caseManagerId', 'You can only book for case managers of your own company.');
      }
    }
    if (input.specialistId && !(await repo.specialist(tx, input.specialistId))) {
      throw invalidField('specialistId', 'The specialist does not exist.');
    }
    return { companyId: caseManager.companyId };
  }

  /**
   * A new case in the module's initial status, numbered with its prefix; `fields` are details it starts with.
   */
  async create(ctx: RequestContext, input: CreateModuleCaseInput, fields: Fields = {}): Promise<ModuleCaseDto> {
    const id = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const decided = await this.parties(tx, ctx, input);
      const serviceType = this.module.serviceTypes[0]!;
      const caseNo = await this.nextCaseNo(tx, ctx, serviceType);
      const now = new Date();
      const status = this.module.initialStatus as never;
      const row = await repo.insertCoreCase(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseNo,
        serviceType: serviceType as never,
        status,
        statusDate: now,
        clientId: input.clientId,
        caseManagerId: input.caseManagerId,
        specialistId: input.specialistId,
        bookingNotes: input.bookingNotes,
        companyId: decided.companyId,
        creationTime: now,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await tx.insert(this.details).values({ tenantId: ctx.tenant.id, caseId: row.id, ...fields } as never);
      await repo.logStatus(tx, {
        tenantId: ctx.tenant.id,
        caseId: row.id,
        from: null,
        to: status,
        at: now,
        userId: ctx.principal.userId,
        userName: ctx.actor.userName,
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: { ...row, ...fields },
      });
      return row.id;
    });
    return this.get(ctx, id);
  }

  /**
   * One declared step: the case read under a row lock, its stamp checked (409), the step's date rules (a
   * confirmation asked for, or a 422), the status decided by the declaration (422 with the module's refusal),
   * then the status log, the core row, the details and the change history written together.
   */
  async step(
    ctx: RequestContext,
    stepKey: string,
    id: string,
    input: Record<string, unknown> & { concurrencyStamp: string; confirmed?: boolean },
  ): Promise<ModuleCaseDto> {
    const step = this.module.steps[stepKey];
    if (!step) throw new Error(`${this.module.key}: no step '${stepKey}'`);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await this.find(tx, ctx, id, true);
      const current = found.c;
      if (current.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      const before = await this.fieldsOf(tx, id);
      const core: Partial<Record<CoreField, string | null>> = {};
      const own: Fields = {};
      for (const [key, value] of Object.entries(input)) {
        if (NOT_STORED.has(key)) continue;
        if ((CORE_FIELDS as readonly string[]).includes(key)) core[key as CoreField] = value as string | null;
        else if (key in this.fieldColumns) own[key] = value as string | null;
        else throw new Error(`${this.module.key}: step '${stepKey}' has '${key}', which nothing stores`);
      }
      const merged: Fields = { ...before, ...own };
      this.checkDates(ctx, step.dateRules ?? [], own, merged, input.confirmed === true);
      for (const [key, value] of Object.entries(step.derive?.(merged) ?? {})) {
        if (!(key in this.fieldColumns)) throw new Error(`${this.module.key}: step '${stepKey}' derives '${key}'`);
        own[key] = value;
        merged[key] = value;
      }
      const decision = decideModuleStep(
        this.module,
        stepKey,
        current.status as string,
        {
          ...merged,
          ...input,
        } as never,
      );
      if (!decision.ok) throw businessRule(decision.message);
      const to = decision.to;
      const partyValues =
        core.clientId !== undefined && core.caseManagerId !== undefined
          ? await this.parties(tx, ctx, {
              clientId: core.clientId!,
              caseManagerId: core.caseManagerId!,
              specialistId: core.specialistId ?? null,
            })
          : {};
      const now = new Date();
      if (to) {
        await repo.logStatus(tx, {
          tenantId: ctx.tenant.id,
          caseId: id,
          from: current.status,
          to: to as never,
          at: now,
          userId: ctx.principal.userId,
          userName: ctx.actor.userName,
          note: (input[step.note ?? 'cancellationReason'] as string | null | undefined) ?? null,
        });
      }
      const updated = await repo.updateCoreCase(tx, id, current.concurrencyStamp, {
        ...(core as Partial<CoreCaseRow>),
        ...partyValues,
        ...(to ? { status: to as never, statusDate: now } : {}),
        lastModificationTime: now,
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!updated) throw concurrencyConflict();
      // Those the move concerns hear of it when it commits.
      if (to) await notifyModuleStatusChange(tx, ctx, this.module, current.status as string, updated);
      if (Object.keys(own).length > 0) {
        await tx
          .insert(this.details)
          .values({ tenantId: ctx.tenant.id, caseId: id, ...own } as never)
          .onConflictDoUpdate({ target: [this.details.tenantId, this.details.caseId], set: own as never });
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: id,
        changeType: 'Updated',
        before: { ...current, ...before },
        after: { ...updated, ...merged },
      });
    });
    return this.get(ctx, id);
  }

  /**
   * A call of the module's own that may move the case (a request to a specialist, a linked report): the case
   * read under a row lock, `work` run in the same transaction (its own rows), then the status it names checked
   * against the transitions (422 with the module's refusal; the same status is no move), the status log, the
   * core row's stamp, the details it names and the change history written with it.
   */
  async act<T>(
    ctx: RequestContext,
    id: string,
    work: (tx: Tx, status: string) => Promise<{ to: string | null; fields?: Fields; note?: string | null; value: T }>,
  ): Promise<T> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const current = (await this.find(tx, ctx, id, true)).c;
      const before = await this.fieldsOf(tx, id);
      const done = await work(tx, current.status as string);
      const to = done.to === current.status ? null : done.to;
      if (to && !moduleAllows(this.module, current.status as string, to)) {
        throw businessRule(refusedTransitionMessage(this.module, current.status as string, to));
      }
      const now = new Date();
      if (to) {
        await repo.logStatus(tx, {
          tenantId: ctx.tenant.id,
          caseId: id,
          from: current.status,
          to: to as never,
          at: now,
          userId: ctx.principal.userId,
          userName: ctx.actor.userName,
          note: done.note ?? null,
        });
      }
      const updated = await repo.updateCoreCase(tx, id, current.concurrencyStamp, {
        ...(to ? { status: to as never, statusDate: now } : {}),
        lastModificationTime: now,
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!updated) throw concurrencyConflict();
      if (to) await notifyModuleStatusChange(tx, ctx, this.module, current.status as string, updated);
      const own = done.fields ?? {};
      if (Object.keys(own).length > 0) {
        await tx
          .insert(this.details)
          .values({ tenantId: ctx.tenant.id, caseId: id, ...own } as never)
          .onConflictDoUpdate({ target: [this.details.tenantId, this.details.caseId], set: own as never });
      }
      await recordEntityChange(tx, ctx.actor, {
        entityType: CASE_ENTITY,
        entityId: id,
        changeType: 'Updated',
        before: { ...current, ...before },
        after: { ...updated, ...before, ...own },
      });
      return done.value;
    });
  }

  /** Reads under the case's record rule: `work` runs only when the caller may see the case (404 otherwise). */
  async read<T>(ctx: RequestContext, id: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.find(tx, ctx, id);
      return work(tx);
    });
  }

  /** The step's date rules over the dates it records: a `refuse` rule is a 422, a `confirm` rule asks first. */
  private checkDates(ctx: RequestContext, rules: readonly DateRule[], own: Fields, merged: Fields, confirmed: boolean) {
    const today = formatIsoDate(todayIn(ctx.tenant.timezone));
    for (const rule of rules) {
      const value = own[rule.field];
      if (!value) continue;
      const other = rule.rule === 'notInPast' ? today : rule.other ? merged[rule.other] : null;
      if (!other) continue;
      const broken = rule.rule === 'notAfter' ? value > other : value < other;
      if (!broken) continue;
      if (rule.outcome === 'refuse') throw businessRule(rule.message);
      if (!confirmed) throw new AppError('Casebook:BusinessRule', rule.message, undefined, `confirm:${rule.field}`);
    }
  }
}
