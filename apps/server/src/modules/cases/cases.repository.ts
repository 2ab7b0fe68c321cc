import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CaseServiceTypes, uuidv7, type CaseListInput, type CaseServiceType, type ImeStatus } from '@casebook/domain';
import type { Tx } from '../../platform/db/database';
import { likePattern } from '../../platform/resources/resource.repository';
import { userGroups, users } from '../identity/identity.schema';
import { scopeCondition, type CaseScope } from './cases.access';
import { caseManagers, clients, companies, specialists } from '../people/people.schema';
import { centres } from '../reference/reference.schema';
import {
  caseActionItems,
  caseAppointmentHistory,
  caseDefaultPics,
  caseEmailRequests,
  caseNumberCounters,
  cases,
  caseStatusLogs,
  imeCaseDetails,
} from './cases.schema';

/** The core row of a case, the same for every module. */
export type CoreCaseRow = typeof cases.$inferSelect;
/** The assessment list's own fields, kept in `ime_case_details`. */
export type ImeCaseDetails = Omit<typeof imeCaseDetails.$inferSelect, 'tenantId' | 'caseId'>;
/** An assessment-list case as the service reads and writes it: its core row and its details, as one row. */
export type CaseRow = CoreCaseRow & ImeCaseDetails;

const { tenantId: _detailsTenant, caseId: _detailsCase, ...detailColumns } = getTableColumns(imeCaseDetails);
const DETAIL_KEYS = new Set(Object.keys(detailColumns));

/** The details of a case whose row has none yet: the columns' defaults. */
const DETAIL_DEFAULTS: ImeCaseDetails = {
  privateNotes: null,
  specialistWithoutContract: false,
  isFileReview: false,
  paperworkSentDate: null,
  paperworkNotes: null,
  attendance: 'NONE',
  attendanceDate: null,
  attendanceNotes: null,
  cancellationType: null,
  cancellationDate: null,
  cancellationReason: null,
  dictationReceivedDate: null,
  reportDraftSentDate: null,
  reportReceivedDate: null,
  reportCompletedDate: null,
  reportSentDate: null,
  rebookedFromId: null,
};

const isAssessment = (serviceType: string) => (CaseServiceTypes as readonly string[]).includes(serviceType);

/** A write's values parted into the core row's and the details row's. */
function splitValues<T extends Record<string, unknown>>(values: T) {
  const core: Record<string, unknown> = {};
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    (DETAIL_KEYS.has(key) ? details : core)[key] = value;
  }
  return { core, details };
}

/** The core row with its details (an assessment-list case); another module's case is its core row alone. */
function withDetails(core: CoreCaseRow, details: Partial<ImeCaseDetails> | null | undefined): CaseRow {
  if (!details && !isAssessment(core.serviceType)) return core as CaseRow;
  const own = details
    ? Object.fromEntries(Object.keys(detailColumns).map((k) => [k, details[k as keyof ImeCaseDetails]]))
    : {};
  return { ...core, ...DETAIL_DEFAULTS, ...own } as CaseRow;
}

const detailsJoin = and(eq(imeCaseDetails.tenantId, cases.tenantId), eq(imeCaseDetails.caseId, cases.id));

/**
 * A name from a referenced row, as a scalar subquery: cheaper to plan than a join per reference
 * (the list's plan time dominated its cost with five joins).
 */
const nameOf = (table: string, expression: string, fk: PgColumn) =>
  sql.raw(
    `(select ${expression} from ${table} x where x.tenant_id = "cases"."tenant_id" and x.id = "cases"."${fk.name}")`,
  );

const PERSON = `x.first_name || ' ' || x.last_name`;

/** The referenced names every case read returns beside the row. */
export const caseNames = {
  clientName: sql<string>`${nameOf('clients', PERSON, cases.clientId)}`,
  companyName: sql<string>`${nameOf('companies', 'x.name', cases.companyId)}`,
  caseManagerName: sql<string>`${nameOf('case_managers', PERSON, cases.caseManagerId)}`,
  specialistName: sql<string | null>`${nameOf('specialists', PERSON, cases.specialistId)}`,
  centreName: sql<string | null>`${nameOf('centres', 'x.name', cases.centreId)}`,
  highRiskReasonToBookingCm: sql<
    string | null
  >`${nameOf('companies', 'x.high_risk_reason_to_booking_cm', cases.companyId)}`,
  highRiskReasonToStaff: sql<string | null>`${nameOf('companies', 'x.high_risk_reason_to_staff', cases.companyId)}`,
  openActionCount: sql<number>`(select count(*)::int from case_action_items a where a.tenant_id = "cases"."tenant_id" and a.case_id = "cases"."id" and not a.completed and not a.is_deleted)`,
};
export type CaseNames = {
  clientName: string;
  companyName: string;
  caseManagerName: string;
  specialistName: string | null;
  centreName: string | null;
  highRiskReasonToBookingCm: string | null;
  highRiskReasonToStaff: string | null;
  openActionCount: number;
};

const names = caseNames;

function joined(tx: Tx) {
  // The key first: a left-joined object is read as missing when its first column is null.
  return tx
    .select({ c: cases, d: { caseId: imeCaseDetails.caseId, ...detailColumns }, ...names })
    .from(cases)
    .leftJoin(imeCaseDetails, detailsJoin);
}

/** What a row of the case list shows: its own columns and the names of what it references. */
const listColumns = {
  id: cases.id,
  caseNo: cases.caseNo,
  serviceType: cases.serviceType,
  status: cases.status,
  statusDate: cases.statusDate,
  appointmentDate: cases.appointmentDate,
  appointmentTime: cases.appointmentTime,
  billingStatus: cases.billingStatus,
  isHighRisk: cases.isHighRisk,
  creationTime: cases.creationTime,
  clientName: names.clientName,
  companyName: names.companyName,
  caseManagerName: names.caseManagerName,
  specialistName: names.specialistName,
  centreName: names.centreName,
};
export type CaseListRow = {
  id: string;
  caseNo: string;
  serviceType: CaseServiceType;
  status: ImeStatus;
  statusDate: Date;
  appointmentDate: string | null;
  appointmentTime: string | null;
  billingStatus: CaseRow['billingStatus'];
  isHighRisk: boolean;
  creationTime: Date;
} & Pick<CaseNames, 'clientName' | 'companyName' | 'caseManagerName' | 'specialistName' | 'centreName'>;

/**
 * The list's filters, without paging: shared by the list, its counts and the export. Dates are days of
 * the tenant's time zone: a case created at 08:00 in Sydney is created that day, not the UTC day before.
 */
export function listConditions(
  q: CaseListInput & { serviceType: CaseServiceType },
  scope: CaseScope,
  timeZone: string,
  statuses = true,
) {
  const dateColumn =
    q.dateField === 'created'
      ? sql`(${cases.creationTime} at time zone ${timeZone})::date`
      : sql`${cases.appointmentDate}`;
  const text = q.filterText?.trim();
  return and(
    eq(cases.serviceType, q.serviceType),
    eq(cases.isDeleted, false),
    scopeCondition(scope),
    statuses && q.status && (q.status as ImeStatus[]).length > 0
      ? inArray(cases.status, q.status as ImeStatus[])
      : undefined,
    q.dateFrom ? gte(dateColumn, q.dateFrom) : undefined,
    q.dateTo ? lte(dateColumn, q.dateTo) : undefined,
    q.specialistId ? eq(cases.specialistId, q.specialistId) : undefined,
    q.companyId ? eq(cases.companyId, q.companyId) : undefined,
    q.caseManagerId ? eq(cases.caseManagerId, q.caseManagerId) : undefined,
    q.centreId ? eq(cases.centreId, q.centreId) : undefined,
    q.billingStatus ? eq(cases.billingStatus, q.billingStatus) : undefined,
    q.isHighRisk !== undefined ? eq(cases.isHighRisk, q.isHighRisk as boolean) : undefined,
    text ? caseTextCondition(text) : undefined,
  );
}

/**
 * A case number or claimant name containing the text. Both sides become id arrays the planner reads
 * through indexes (and ORs as bitmaps): case numbers through the trigram index, which row-level security
 * keeps LIKE away from on the table itself, so casebook_case_no_search() applies the tenant itself; the
 * claimants through their key. Text under three characters cannot use trigrams: it reads the tenant's
 * cases row by row as before.
 */
function caseTextCondition(text: string): SQL {
  const pattern = likePattern(text);
  const claimants = sql`${cases.clientId} = any(array(select c.id from ${clients} c where (c.first_name || ' ' || c.last_name) ilike ${pattern}))`;
  if (text.length < 3) return or(ilike(cases.caseNo, pattern), claimants)!;
  return or(sql`${cases.id} = any(array(select casebook_case_no_search(${pattern})))`, claimants)!;
}

/** Sort fields the list accepts. */
export const CASE_SORT_FIELDS = {
  creationTime: cases.creationTime,
  caseNo: cases.caseNo,
  status: cases.status,
  appointmentDate: cases.appointmentDate,
  statusDate: cases.statusDate,
} as const;

/** The only SQL of the case module; runs inside tenant transactions. */
export const casesRepository = {
  /** A case the scope sees, of the given service types (the assessment list's unless another module asks). */
  async find(
    tx: Tx,
    id: string,
    scope: CaseScope,
    forUpdate = false,
    serviceTypes: readonly string[] = CaseServiceTypes,
  ) {
    const query = joined(tx)
      .where(
        and(
          eq(cases.id, id),
          eq(cases.isDeleted, false),
          inArray(cases.serviceType, serviceTypes as CaseServiceType[]),
          scopeCondition(scope),
        ),
      )
      .limit(1);
    const rows = await (forUpdate ? query.for('update', { of: cases }) : query);
    const row = rows[0];
    if (!row) return undefined;
    const { c, d, ...rest } = row;
    return { c: withDetails(c, d), ...rest } as { c: CaseRow } & CaseNames;
  },

  /**
   * One page of the list. The page's ids come first (from the ordered index alone, however far the
   * offset), then only those rows are read with their names: skipped rows cost no name lookups.
   */
  async listPage(
    tx: Tx,
    where: SQL | undefined,
    order: { column: keyof typeof CASE_SORT_FIELDS; direction: 'asc' | 'desc' }[],
    skip: number,
    take: number,
  ): Promise<CaseListRow[]> {
    return (await this.pageQuery(tx, where, order, skip, take, false)) as CaseListRow[];
  },

  /**
   * A page and the number of rows under the same filters in one statement (one round trip, one plan):
   * the count is an init plan evaluated once, beside the page. An empty page carries no count, so the
   * caller counts separately then (a page past the end).
   */
  async listPageWithTotal(
    tx: Tx,
    where: SQL | undefined,
    order: { column: keyof typeof CASE_SORT_FIELDS; direction: 'asc' | 'desc' }[],
    skip: number,
    take: number,
  ): Promise<{ rows: CaseListRow[]; total: number | undefined }> {
    const rows = (await this.pageQuery(tx, where, order, skip, take, true)) as (CaseListRow & { total: number })[];
    const total = rows[0]?.total;
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  },

  async pageQuery(
    tx: Tx,
    where: SQL | undefined,
    order: { column: keyof typeof CASE_SORT_FIELDS; direction: 'asc' | 'desc' }[],
    skip: number,
    take: number,
    withTotal: boolean,
  ) {
    const orderBy = [
      ...order.map((o) => (o.direction === 'asc' ? asc(CASE_SORT_FIELDS[o.column]) : desc(CASE_SORT_FIELDS[o.column]))),
      desc(cases.id),
    ];
    const ids = tx
      .select({ id: cases.id })
      .from(cases)
      .where(where)
      .orderBy(...orderBy)
      .limit(take)
      .offset(skip);
    const columns = withTotal
      ? {
          ...listColumns,
          total: sql<number>`(select count(*)::int from ${cases} where ${where ?? sql`true`})`,
        }
      : listColumns;
    return tx
      .select(columns)
      .from(cases)
      .where(inArray(cases.id, ids))
      .orderBy(...orderBy);
  },

  async count(tx: Tx, where: SQL | undefined): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(cases).where(where);
    return row?.n ?? 0;
  },

  async countByStatus(tx: Tx, where: SQL | undefined): Promise<{ status: ImeStatus; count: number }[]> {
    return tx
      .select({ status: cases.status, count: sql<number>`count(*)::int` })
      .from(cases)
      .where(where)
      .groupBy(cases.status);
  },

  /** Cases whose current status is older than the given days, per status. */
  async countOverdue(
    tx: Tx,
    where: SQL | undefined,
    limits: [ImeStatus, number][],
  ): Promise<{ status: ImeStatus; count: number }[]> {
    if (limits.length === 0) return [];
    // One range of statuses with each one's allowance picked by a CASE, rather than an OR per status:
    // the statuses are then one index condition and the dates are read from the index alone.
    const allowance = sql.join(
      [sql`case ${cases.status}`, ...limits.map(([status, days]) => sql`when ${status} then ${days}::int`), sql`end`],
      sql` `,
    );
    return tx
      .select({ status: cases.status, count: sql<number>`count(*)::int` })
      .from(cases)
      .where(
        and(
          where,
          inArray(
            cases.status,
            limits.map(([status]) => status),
          ),
          sql`${cases.statusDate} < now() - make_interval(days => ${allowance})`,
        ),
      )
      .groupBy(cases.status);
  },

  async caseNoTaken(
    tx: Tx,
    caseNo: string,
    excludeId?: string,
  ): Promise<{ id: string; serviceType: CaseServiceType } | undefined> {
    const [row] = await tx
      .select({ id: cases.id, serviceType: cases.serviceType })
      .from(cases)
      .where(
        and(
          sql`lower(${cases.caseNo}) = lower(${caseNo})`,
          eq(cases.isDeleted, false),
          excludeId ? ne(cases.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    return row;
  },

  /** The next number of a prefix for the tenant; the row lock serialises concurrent bookings. */
  async nextCaseNumber(tx: Tx, tenantId: string, prefix: string): Promise<number> {
    const [row] = await tx
      .insert(caseNumberCounters)
      .values({ tenantId, prefix, lastValue: 1 })
      .onConflictDoUpdate({
        target: [caseNumberCounters.tenantId, caseNumberCounters.prefix],
        set: { lastValue: sql`${caseNumberCounters.lastValue} + 1` },
      })
      .returning({ value: caseNumberCounters.lastValue });
    return row!.value;
  },

  async caseManager(tx: Tx, id: string) {
    const [row] = await tx
      .select({ id: caseManagers.id, companyId: caseManagers.companyId, userId: caseManagers.userId })
      .from(caseManagers)
      .where(and(eq(caseManagers.id, id), eq(caseManagers.isDeleted, false)));
    return row;
  },

  async company(tx: Tx, id: string) {
    const [row] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), eq(companies.isDeleted, false)));
    return row;
  },

  async specialist(tx: Tx, id: string) {
    const [row] = await tx
      .select({
        id: specialists.id,
        onboardedDate: specialists.onboardedDate,
        onboardedEndDate: specialists.onboardedEndDate,
      })
      .from(specialists)
      .where(and(eq(specialists.id, id), eq(specialists.isDeleted, false)));
    return row;
  },

  async centreExists(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: centres.id })
      .from(centres)
      .where(and(eq(centres.id, id), eq(centres.isDeleted, false)));
    return Boolean(row);
  },

  async userGroupExists(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.id, id), eq(userGroups.isDeleted, false)));
    return Boolean(row);
  },

  /** A user group with its name and member ids. */
  async userGroup(tx: Tx, id: string) {
    const [row] = await tx
      .select({ id: userGroups.id, name: userGroups.name, memberIds: userGroups.memberIds })
      .from(userGroups)
      .where(and(eq(userGroups.id, id), eq(userGroups.isDeleted, false)));
    return row;
  },

  /** Display names of users, in the order asked; unknown or deleted users are left out. */
  async userNames(tx: Tx, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await tx
      .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}` })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.isDeleted, false)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },

  /** A new assessment-list case: its core row and its details row. */
  async insertCase(tx: Tx, values: typeof cases.$inferInsert & Partial<ImeCaseDetails>): Promise<CaseRow> {
    const { core, details } = splitValues(values);
    const row = await this.insertCoreCase(tx, core as typeof cases.$inferInsert);
    const [own] = await tx
      .insert(imeCaseDetails)
      .values({ ...details, tenantId: row.tenantId, caseId: row.id })
      .returning();
    return withDetails(row, own);
  },

  /** A new case's core row alone (a module with a details table of its own writes that itself). */
  async insertCoreCase(tx: Tx, values: typeof cases.$inferInsert): Promise<CoreCaseRow> {
    const [row] = await tx.insert(cases).values(values).returning();
    return row!;
  },

  /**
   * Updates an assessment-list case under its concurrency stamp, its core row and (when the values name
   * any) its details row; undefined when another change came first.
   */
  async updateCase(
    tx: Tx,
    id: string,
    stamp: string,
    values: Partial<typeof cases.$inferInsert> & Partial<ImeCaseDetails>,
  ): Promise<CaseRow | undefined> {
    const { core, details } = splitValues(values);
    const row = await this.updateCoreCase(tx, id, stamp, core as Partial<typeof cases.$inferInsert>);
    if (!row) return undefined;
    const [own] =
      Object.keys(details).length > 0
        ? await tx
            .insert(imeCaseDetails)
            .values({ ...details, tenantId: row.tenantId, caseId: id })
            .onConflictDoUpdate({ target: [imeCaseDetails.tenantId, imeCaseDetails.caseId], set: details })
            .returning()
        : await tx.select().from(imeCaseDetails).where(eq(imeCaseDetails.caseId, id));
    return withDetails(row, own);
  },

  /** Updates a case's core row alone under its concurrency stamp; undefined when another change came first. */
  async updateCoreCase(
    tx: Tx,
    id: string,
    stamp: string,
    values: Partial<typeof cases.$inferInsert>,
  ): Promise<CoreCaseRow | undefined> {
    const [row] = await tx
      .update(cases)
      .set(values)
      .where(and(eq(cases.id, id), eq(cases.concurrencyStamp, stamp)))
      .returning();
    return row;
  },

  /** Adds a status log row and makes it the case's only active one. */
  async logStatus(
    tx: Tx,
    row: {
      tenantId: string;
      caseId: string;
      from: ImeStatus | null;
      to: ImeStatus;
      at: Date;
      userId: string | null;
      userName: string | null;
      note?: string | null;
    },
  ) {
    await tx
      .update(caseStatusLogs)
      .set({ isActive: false })
      .where(and(eq(caseStatusLogs.caseId, row.caseId), eq(caseStatusLogs.isActive, true)));
    await tx.insert(caseStatusLogs).values({
      tenantId: row.tenantId,
      id: uuidv7(),
      caseId: row.caseId,
      statusFrom: row.from,
      statusName: row.to,
      statusDate: row.at,
      isActive: true,
      userId: row.userId,
      userName: row.userName,
      note: row.note ?? null,
    });
  },

  statusLogs(tx: Tx, caseId: string, opts: { from?: ImeStatus; latest?: boolean }) {
    return tx
      .select()
      .from(caseStatusLogs)
      .where(
        and(
          eq(caseStatusLogs.caseId, caseId),
          opts.from ? eq(caseStatusLogs.statusFrom, opts.from) : undefined,
          opts.latest ? eq(caseStatusLogs.isActive, true) : undefined,
        ),
      )
      .orderBy(asc(caseStatusLogs.statusDate), asc(caseStatusLogs.id));
  },

  async addAppointmentHistory(tx: Tx, values: Omit<typeof caseAppointmentHistory.$inferInsert, 'id'>) {
    await tx.insert(caseAppointmentHistory).values({ ...values, id: uuidv7() });
  },

  appointmentHistory(tx: Tx, caseId: string) {
    return tx
      .select()
      .from(caseAppointmentHistory)
      .where(eq(caseAppointmentHistory.caseId, caseId))
      .orderBy(desc(caseAppointmentHistory.changeTime), desc(caseAppointmentHistory.id));
  },

  /** Earlier cases of the same claimant with the same specialist. */
  specialistClientCases(tx: Tx, specialistId: string, clientId: string, scope: CaseScope, excludeId?: string) {
    return tx
      .select({ id: cases.id, caseNo: cases.caseNo, status: cases.status, appointmentDate: cases.appointmentDate })
      .from(cases)
      .where(
        and(
          eq(cases.specialistId, specialistId),
          eq(cases.clientId, clientId),
          eq(cases.isDeleted, false),
          excludeId ? ne(cases.id, excludeId) : undefined,
          scopeCondition(scope),
        ),
      )
      .orderBy(desc(cases.creationTime))
      .limit(20);
  },

  /** The name and e-mail of a case manager or specialist. */
  async recipient(tx: Tx, kind: 'case_managers' | 'specialists', id: string | null) {
    if (!id) return undefined;
    const table = kind === 'case_managers' ? caseManagers : specialists;
    const [row] = await tx
      .select({ email: table.email, name: sql<string>`(${table.firstName} || ' ' || ${table.lastName})` })
      .from(table)
      .where(eq(table.id, id));
    return row;
  },

  async insertEmailRequest(tx: Tx, values: typeof caseEmailRequests.$inferInsert) {
    const [row] = await tx.insert(caseEmailRequests).values(values).returning();
    return row!;
  },

  // Action items -------------------------------------------------------------------------------------

  actionItems(tx: Tx, caseId: string) {
    return tx
      .select()
      .from(caseActionItems)
      .where(and(eq(caseActionItems.caseId, caseId), eq(caseActionItems.isDeleted, false)))
      .orderBy(asc(caseActionItems.completed), asc(caseActionItems.creationTime));
  },

  async actionItem(tx: Tx, id: string) {
    const [row] = await tx
      .select()
      .from(caseActionItems)
      .where(and(eq(caseActionItems.id, id), eq(caseActionItems.isDeleted, false)));
    return row;
  },

  async insertActionItem(tx: Tx, values: typeof caseActionItems.$inferInsert) {
    const [row] = await tx.insert(caseActionItems).values(values).returning();
    return row!;
  },

  async updateActionItem(tx: Tx, id: string, stamp: string, values: Partial<typeof caseActionItems.$inferInsert>) {
    const [row] = await tx
      .update(caseActionItems)
      .set(values)
      .where(and(eq(caseActionItems.id, id), eq(caseActionItems.concurrencyStamp, stamp)))
      .returning();
    return row;
  },

  /** Open action items per assigned user (a user counts once per item). */
  async assignedUsersCount(tx: Tx): Promise<{ userId: string; count: number }[]> {
    const rows = await tx.execute(
      sql`select u as "userId", count(*)::int as "count" from ${caseActionItems}, unnest(${caseActionItems.assigneeIds}) u where not ${caseActionItems.completed} and not ${caseActionItems.isDeleted} group by u`,
    );
    return (rows as unknown as { rows: { userId: string; count: number }[] }).rows;
  },

  async picsCount(tx: Tx): Promise<{ userId: string; count: number }[]> {
    const rows = await tx.execute(
      sql`select u as "userId", count(*)::int as "count" from ${caseActionItems}, unnest(${caseActionItems.picIds}) u where not ${caseActionItems.completed} and not ${caseActionItems.isDeleted} group by u`,
    );
    return (rows as unknown as { rows: { userId: string; count: number }[] }).rows;
  },

  defaultPics(tx: Tx) {
    return tx
      .select()
      .from(caseDefaultPics)
      .where(eq(caseDefaultPics.isDeleted, false))
      .orderBy(asc(caseDefaultPics.step), asc(caseDefaultPics.id));
  },

  async insertDefaultPic(tx: Tx, values: typeof caseDefaultPics.$inferInsert) {
    const [row] = await tx.insert(caseDefaultPics).values(values).onConflictDoNothing().returning();
    return row;
  },

  async deleteDefaultPic(tx: Tx, id: string): Promise<boolean> {
    // Deleted as the Default PICs screen deletes them: kept, marked deleted.
    const rows = await tx
      .update(caseDefaultPics)
      .set({ isDeleted: true, deletionTime: new Date(), concurrencyStamp: uuidv7() })
      .where(and(eq(caseDefaultPics.id, id), eq(caseDefaultPics.isDeleted, false)))
      .returning({ id: caseDefaultPics.id });
    return rows.length > 0;
  },
};
