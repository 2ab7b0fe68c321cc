import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  dayBoundsIn,
  formatInZone,
  hasAnyRole,
  OFFICE_ROLES,
  parseIsoDate,
  toDayNumber,
  uuidv7,
  type AvailabilitySearchKind,
  type SearchHistoryExportInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { writeWithCommit, type Database, type Tx } from '../../platform/db/database';
import { invalidField } from '../../platform/http/errors';
import { EXPORT_MAX_ROWS, exportSpreadsheets, type ExportFile } from '../../platform/resources/resource.export';
import { appointmentSearchHistories as h } from './search-history.schema';

/** Paging and display settings of a search: not what was looked for. */
const NOT_CRITERIA = new Set(['skipCount', 'maxResultCount', 'slotsPerSpecialist']);

/** The criteria a search was given, without empty values and paging. */
export function searchCriteria(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([k, v]) => !NOT_CRITERIA.has(k) && v !== undefined && v !== null && v !== ''),
  );
}

const SEARCH_LABELS: Record<AvailabilitySearchKind, string> = {
  searchAppointment: 'Session & Specialist Search',
  searchOnDemandAppointment: 'On-demand video/phone',
  searchClinicArea: 'Clinic area',
};

type HistoryRow = typeof h.$inferSelect;
type HistoryLine = { searchedAt: string; userName: string; search: string; criteria: string; resultCount: number };

export const searchHistoryRepository = {
  /**
   * Adds a line and lets the transaction's commit go without waiting for the disk, in one statement sent with
   * the commit (writeWithCommit: no round trip of its own): a log of searches may lose its last few lines in
   * a crash, never a booking, and every search stays as quick as a read.
   */
  async insertUnsynced(
    tx: Tx,
    row: Pick<
      typeof h.$inferInsert,
      'tenantId' | 'id' | 'creatorId' | 'concurrencyStamp' | 'userName' | 'searchKind' | 'criteria' | 'resultCount'
    >,
  ): Promise<void> {
    await writeWithCommit(
      tx,
      sql`insert into ${h}
        (tenant_id, id, creator_id, concurrency_stamp, user_name, search_kind, criteria, result_count)
      select ${row.tenantId}::uuid, ${row.id}::uuid, ${row.creatorId ?? null}::uuid, ${row.concurrencyStamp}::text,
        ${row.userName ?? null}::text, ${row.searchKind}::text, ${JSON.stringify(row.criteria)}::jsonb,
        ${row.resultCount}::int
      from set_config('synchronous_commit', 'off', true)`,
    );
  },

  async page(tx: Tx, where: SQL | undefined, skip: number, take: number): Promise<HistoryRow[]> {
    return tx.select().from(h).where(where).orderBy(asc(h.creationTime), asc(h.id)).offset(skip).limit(take);
  },

  async count(tx: Tx, where: SQL | undefined): Promise<number> {
    return tx.$count(h, where);
  },
};

/** The availability search history: every search a user makes, and its export. */
export class SearchHistoryService {
  constructor(private readonly database: Database) {}

  /**
   * Records a search with its criteria and result count, in the transaction given (the search's own).
   * Paging through one search's results (skipCount above 0) is the same search and is not recorded
   * again.
   */
  async recordIn(
    tx: Tx,
    ctx: RequestContext,
    kind: AvailabilitySearchKind,
    query: Record<string, unknown>,
    resultCount: number,
  ): Promise<void> {
    if (typeof query.skipCount === 'number' && query.skipCount > 0) return;
    await searchHistoryRepository.insertUnsynced(tx, {
      tenantId: ctx.tenant.id,
      id: uuidv7(),
      creatorId: ctx.principal.userId,
      concurrencyStamp: uuidv7(),
      userName: ctx.actor.userName,
      searchKind: kind,
      criteria: searchCriteria(query),
      resultCount,
    });
  }

  /** Records a search made in a transaction of its own (one that cannot take a history line itself). */
  async record(
    ctx: RequestContext,
    kind: AvailabilitySearchKind,
    query: Record<string, unknown>,
    resultCount: number,
  ): Promise<void> {
    await this.database.withTenant(ctx.tenant.id, (tx) => this.recordIn(tx, ctx, kind, query, resultCount));
  }

  /** The history as xlsx, oldest first; case managers get only their own searches. */
  async export(ctx: RequestContext, q: SearchHistoryExportInput): Promise<ExportFile> {
    const zone = ctx.tenant.timezone;
    const parts: (SQL | undefined)[] = [eq(h.isDeleted, false)];
    if (q.fromDate) parts.push(gte(h.creationTime, dayBoundsIn(zone, parseIsoDate(q.fromDate)!).from));
    if (q.toDate) parts.push(lt(h.creationTime, dayBoundsIn(zone, parseIsoDate(q.toDate)!).to));
    if (q.fromDate && q.toDate && toDayNumber(parseIsoDate(q.toDate)!) < toDayNumber(parseIsoDate(q.fromDate)!)) {
      throw invalidField('toDate', 'The end date must not be before the start date');
    }
    const everyone = hasAnyRole(ctx.principal.roles, OFFICE_ROLES);
    // The searcher is the row's creator.
    if (!everyone) parts.push(eq(h.creatorId, ctx.principal.userId));
    else if (q.userId) parts.push(eq(h.creatorId, q.userId));
    const where = and(...parts);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const total = await searchHistoryRepository.count(tx, where);
      if (total > EXPORT_MAX_ROWS) {
        throw invalidField('fromDate', `The export would have ${total} rows; narrow the dates.`);
      }
      return exportSpreadsheets<HistoryLine>({
        name: 'appointment-search-history',
        sheetTitle: 'Search history',
        timeZone: ctx.tenant.timezone,
        columns: [
          { key: 'searchedAt', header: 'Searched At' },
          { key: 'userName', header: 'User' },
          { key: 'search', header: 'Search' },
          { key: 'criteria', header: 'Criteria' },
          { key: 'resultCount', header: 'Results' },
        ],
        forEachPage: async (size, onPage) => {
          for (let skip = 0; skip < total; skip += size) {
            const rows = await searchHistoryRepository.page(tx, where, skip, size);
            await onPage(rows.map((r) => toLine(r, zone)));
          }
        },
      });
    });
  }
}

function toLine(r: HistoryRow, zone: string): HistoryLine {
  return {
    searchedAt: formatInZone(r.creationTime, zone, zone.startsWith('Australia/')),
    userName: r.userName ?? '',
    search: SEARCH_LABELS[r.searchKind] ?? r.searchKind,
    criteria: Object.entries(r.criteria)
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join('; '),
    resultCount: r.resultCount,
  };
}
