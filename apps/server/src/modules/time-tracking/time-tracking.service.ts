import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  hasAnyRole,
  minutesBetween,
  uuidv7,
  type CreateTimeEntryInput,
  type PagedResult,
  type TimeEntryDto,
  type TimeEntryFilters,
  type TimeEntryListQuery,
  type UpdateTimeEntryInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, registerRecordKind, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, notFound } from '../../platform/http/errors';
import { exportRows, type ExportFile } from '../../platform/resources/resource.export';
import { likePattern } from '../../platform/resources/resource.repository';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';
import { clients } from '../people/people.schema';
import { timeEntries as te } from './time-tracking.schema';

/** Who sees everyone's time: the tenant's administrators. Everyone else sees their own. */
const SEES_ALL_TIME = ['TENANT_ADMIN', 'ADMIN_STAFF'] as const;

registerRecordKind('timeEntry', {
  table: te,
  id: te.id,
  isDeleted: te.isDeleted,
  label: 'The time entry',
  condition: async (_tx, ctx) =>
    hasAnyRole(ctx.principal.roles, SEES_ALL_TIME) ? undefined : eq(te.userId, ctx.principal.userId),
});

export const TIMER_RUNNING_MESSAGE = 'A timer is already running. Stop it before starting another.';

function isRunningTimerViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; constraint_name?: string };
    if (pg.code === '23505') return true;
  }
  return false;
}

type Filters = z.output<typeof TimeEntryFilters>;
type ListQuery = z.output<typeof TimeEntryListQuery>;
type Row = {
  entry: typeof te.$inferSelect;
  caseNo: string;
  clientName: string;
  userName: string;
};

const SORTS: Record<string, SQL> = {
  startTime: sql`${te.startTime}`,
  caseNo: sql`${cases.caseNo}`,
  userName: sql`${users.name} || ' ' || ${users.surname}`,
  duration: sql`coalesce(${te.endTime}, now()) - ${te.startTime}`,
};

/** Time spent on cases: running timers (one per user), manual entries, the list and its export. */
export class TimeTrackingService {
  constructor(private readonly database: Database) {}

  #select(tx: Tx) {
    return tx
      .select({
        entry: te,
        caseNo: cases.caseNo,
        clientName: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
        userName: sql<string>`${users.name} || ' ' || ${users.surname}`,
      })
      .from(te)
      .innerJoin(cases, and(eq(cases.tenantId, te.tenantId), eq(cases.id, te.caseId)))
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .innerJoin(users, and(eq(users.tenantId, te.tenantId), eq(users.id, te.userId)));
  }

  #dto(r: Row, now = new Date()): TimeEntryDto {
    const e = r.entry;
    return {
      id: e.id,
      caseId: e.caseId,
      caseNo: r.caseNo,
      clientName: r.clientName,
      userId: e.userId,
      userName: r.userName,
      description: e.description,
      startTime: e.startTime.toISOString(),
      endTime: e.endTime ? e.endTime.toISOString() : null,
      durationMinutes: minutesBetween(e.startTime, e.endTime ?? now),
      isRunning: e.endTime === null,
      isManual: e.isManual,
      concurrencyStamp: e.concurrencyStamp,
    };
  }

  #filter(ctx: RequestContext, q: Filters): SQL | undefined {
    const text = q.filterText?.trim();
    const pattern = text ? likePattern(text) : undefined;
    const day = sql`(${te.startTime} at time zone ${ctx.tenant.timezone})::date`;
    return and(
      eq(te.isDeleted, false),
      q.caseId ? eq(te.caseId, q.caseId) : undefined,
      q.userId ? eq(te.userId, q.userId) : undefined,
      q.dateFrom ? sql`${day} >= ${q.dateFrom}::date` : undefined,
      q.dateTo ? sql`${day} <= ${q.dateTo}::date` : undefined,
      q.isRunning === undefined ? undefined : q.isRunning ? isNull(te.endTime) : isNotNull(te.endTime),
      pattern
        ? or(
            ilike(cases.caseNo, pattern),
            ilike(te.description, pattern),
            ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
            ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern),
          )
        : undefined,
    );
  }

  #order(sorting: string | undefined): SQL[] {
    const [field, dir] = (sorting ?? '').trim().split(/\s+/);
    const column = field ? SORTS[field] : undefined;
    if (!column) return [desc(te.startTime), desc(te.id)];
    return [dir?.toLowerCase() === 'desc' ? sql`${column} desc` : sql`${column} asc`, desc(te.id)];
  }

  async #where(tx: Tx, ctx: RequestContext, q: Filters) {
    return and(this.#filter(ctx, q), await recordCondition(tx, ctx, 'timeEntry'));
  }

  async list(ctx: RequestContext, q: ListQuery): Promise<PagedResult<TimeEntryDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = await this.#where(tx, ctx, q);
      const [total] = await tx
        .select({ n: count() })
        .from(te)
        .innerJoin(cases, and(eq(cases.tenantId, te.tenantId), eq(cases.id, te.caseId)))
        .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
        .innerJoin(users, and(eq(users.tenantId, te.tenantId), eq(users.id, te.userId)))
        .where(where);
      const rows = await this.#select(tx)
        .where(where)
        .orderBy(...this.#order(q.sorting))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      const now = new Date();
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#dto(r, now)) };
    });
  }

  async export(ctx: RequestContext, q: Filters): Promise<ExportFile> {
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      this.#select(tx)
        .where(await this.#where(tx, ctx, q))
        .orderBy(desc(te.startTime), desc(te.id)),
    );
    const now = new Date();
    return exportRows({
      name: 'time-tracking',
      sheetTitle: 'Time Tracking',
      timeZone: ctx.tenant.timezone,
      rows: rows.map((r) => ({ ...this.#dto(r, now), kind: r.entry.isManual ? 'Manual' : 'Timer' })),
      columns: [
        { key: 'caseNo', header: 'Case No.' },
        { key: 'clientName', header: 'Claimant' },
        { key: 'userName', header: 'User' },
        { key: 'description', header: 'Description' },
        { key: 'startTime', header: 'Start' },
        { key: 'endTime', header: 'End' },
        { key: 'durationMinutes', header: 'Minutes' },
        { key: 'kind', header: 'Entry' },
      ],
    });
  }

  async #one(tx: Tx, ctx: RequestContext, id: string): Promise<TimeEntryDto> {
    await requireAccess(tx, ctx, 'timeEntry', [id]);
    const [row] = await this.#select(tx).where(and(eq(te.id, id), eq(te.isDeleted, false)));
    if (!row) throw notFound('The time entry');
    return this.#dto(row);
  }

  async get(ctx: RequestContext, id: string): Promise<TimeEntryDto> {
    return this.database.withTenant(ctx.tenant.id, (tx) => this.#one(tx, ctx, id));
  }

  async running(ctx: RequestContext): Promise<{ entry: TimeEntryDto | null }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await this.#select(tx).where(
        and(eq(te.userId, ctx.principal.userId), isNull(te.endTime), eq(te.isDeleted, false)),
      );
      return { entry: row ? this.#dto(row) : null };
    });
  }

  async #insert(
    ctx: RequestContext,
    values: { caseId: string; description: string | null; startTime: Date; endTime: Date | null; isManual: boolean },
  ): Promise<TimeEntryDto> {
    const id = uuidv7();
    try {
      return await this.database.withTenant(ctx.tenant.id, async (tx) => {
        await requireAccess(tx, ctx, 'case', [values.caseId]);
        await tx.insert(te).values({
          tenantId: ctx.tenant.id,
          id,
          userId: ctx.principal.userId,
          ...values,
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'TimeEntry',
          entityId: id,
          changeType: 'Created',
          before: null,
          after: { ...values, userId: ctx.principal.userId },
        });
        return this.#one(tx, ctx, id);
      });
    } catch (error) {
      if (values.endTime === null && isRunningTimerViolation(error)) throw businessRule(TIMER_RUNNING_MESSAGE);
      throw error;
    }
  }

  /** Starts the caller's timer on a case; a second running timer is refused (the database keeps one). */
  start(ctx: RequestContext, input: { caseId: string; description: string | null }): Promise<TimeEntryDto> {
    return this.#insert(ctx, { ...input, startTime: new Date(), endTime: null, isManual: false });
  }

  create(ctx: RequestContext, input: z.output<typeof CreateTimeEntryInput>): Promise<TimeEntryDto> {
    return this.#insert(ctx, {
      caseId: input.caseId,
      description: input.description,
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      isManual: true,
    });
  }

  async #change(
    ctx: RequestContext,
    id: string,
    stamp: string,
    change: (entry: typeof te.$inferSelect) => Partial<typeof te.$inferInsert>,
  ): Promise<TimeEntryDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'timeEntry', [id]);
      const [entry] = await tx.select().from(te).where(eq(te.id, id));
      if (!entry) throw notFound('The time entry');
      if (entry.concurrencyStamp !== stamp) throw concurrencyConflict();
      const values = change(entry);
      await tx
        .update(te)
        .set({
          ...values,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(te.id, id));
      const before = Object.fromEntries(Object.keys(values).map((k) => [k, entry[k as keyof typeof entry]]));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TimeEntry',
        entityId: id,
        changeType: 'Updated',
        before,
        after: values,
      });
      return this.#one(tx, ctx, id);
    });
  }

  stop(ctx: RequestContext, id: string, stamp: string): Promise<TimeEntryDto> {
    return this.#change(ctx, id, stamp, (entry) => {
      if (entry.endTime) throw businessRule('The timer has already been stopped.');
      // A clock running past a day is capped at the day: the rest was not work on the case.
      const end = new Date(Math.min(Date.now(), entry.startTime.getTime() + 24 * 60 * 60_000));
      return { endTime: end };
    });
  }

  update(ctx: RequestContext, id: string, input: z.output<typeof UpdateTimeEntryInput>): Promise<TimeEntryDto> {
    return this.#change(ctx, id, input.concurrencyStamp, (entry) => {
      if (!entry.endTime) throw businessRule('Stop the timer before changing it.');
      return { startTime: new Date(input.startTime), endTime: new Date(input.endTime), description: input.description };
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'timeEntry', [id]);
      await tx
        .update(te)
        .set({ isDeleted: true, deleterId: ctx.principal.userId, deletionTime: new Date() })
        .where(eq(te.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TimeEntry',
        entityId: id,
        changeType: 'Deleted',
        before: { isDeleted: false },
        after: { isDeleted: true },
      });
    });
  }
}
