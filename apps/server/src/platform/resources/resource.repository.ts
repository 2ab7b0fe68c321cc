import { and, asc, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortTerm } from '@casebook/domain';
import type { Tx } from '../db/database';
import { countWhere, pageTotal } from '../db/paging';
import type { ResourceDefinition } from './resource';

export type Row = Record<string, unknown> & { id: string; concurrencyStamp: string };

/**
 * A selection list counts its matches up to this many (five pickers' pages): a picker shows 20 and
 * asks for more typing, and counting every one of 100,000 claimants costs more than the page itself.
 */
export const SELECTION_COUNT_LIMIT = 100;

/** A selection-list item: id, displayName, isActive and any extra fields the resource adds. */
export type SelectionRow = { id: string; displayName: string; isActive: boolean } & Record<string, unknown>;

/** The field a page query counts its matches into, when it counts in the same pass. */
const MATCHES = '__matches';
const matchCount = sql<number>`count(*) over ()`;

/** Escapes LIKE wildcards so user text is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The only SQL of the resource mechanism. Runs inside a tenant transaction: RLS does the scoping. */
export class ResourceRepository {
  private readonly columns: Record<string, PgColumn>;
  /** The table's columns and the definition's computed values: what reads return. */
  private readonly readFields: Record<string, PgColumn | SQL>;

  constructor(private readonly def: ResourceDefinition) {
    this.columns = getTableColumns(def.table) as Record<string, PgColumn>;
    this.readFields = { ...this.columns, ...def.computed };
  }

  column(name: string): PgColumn {
    const c = this.columns[name];
    if (!c) throw new Error(`${this.def.name} has no column ${name}`);
    return c;
  }

  hasColumn(name: string): boolean {
    return name in this.columns;
  }

  conditions(filterText: string | undefined, extra: (SQL | undefined)[]): SQL | undefined {
    const parts: (SQL | undefined)[] = [eq(this.column('isDeleted'), false), ...extra];
    const text = filterText?.trim();
    if (text && this.def.search) {
      parts.push(this.def.search(text).where);
    } else if (text) {
      const pattern = likePattern(text);
      parts.push(or(...this.def.searchColumns.map((c) => ilike(c, pattern))));
    }
    return and(...parts);
  }

  orderBy(terms: SortTerm[]): SQL[] {
    const order = terms.map((t) => {
      const target = this.def.sorting[t.field]!;
      return t.direction === 'desc' ? desc(target) : asc(target);
    });
    order.push(asc(this.column('id')));
    return order;
  }

  /**
   * A page and the total. `countInPage` counts with count(*) over () in the same query: right when the
   * query must collect every match before ordering anyway (an id search); otherwise a separate count
   * reads only the index, where count(*) over () would read every matching row per page.
   */
  async page(
    tx: Tx,
    where: SQL | undefined,
    order: SQL[],
    skip: number,
    take: number,
    countInPage = false,
  ): Promise<{ totalCount: number; rows: Row[] }> {
    const found = (await tx
      .select(countInPage ? { ...this.readFields, [MATCHES]: matchCount } : this.readFields)
      .from(this.def.table)
      .where(where)
      .orderBy(...order)
      .limit(take)
      .offset(skip)) as Row[];
    const totalCount = await this.total(skip, take, found, () => this.count(tx, where));
    const rows = countInPage ? found.map(({ [MATCHES]: _, ...row }) => row as Row) : found;
    return { totalCount, rows };
  }

  /** The total of a page: from the page itself when it tells, else from `count`. */
  private async total(
    skip: number,
    take: number,
    rows: Record<string, unknown>[],
    count: () => Promise<number>,
  ): Promise<number> {
    const inPage = rows[0]?.[MATCHES];
    if (inPage !== undefined) return Number(inPage);
    return pageTotal(skip, take, rows.length, count);
  }

  /**
   * Matching rows, counted no further than `limit`, taken in list order: that walks the page's own
   * index, where a plain scan may read other tenants' rows first (they are not spread evenly).
   */
  async countUpTo(tx: Tx, where: SQL | undefined, order: SQL[], limit: number): Promise<number> {
    const matches = tx
      .select({ one: sql`1` })
      .from(this.def.table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .as('matches');
    const [r] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matches);
    return r?.n ?? 0;
  }

  count(tx: Tx, where: SQL | undefined): Promise<number> {
    return countWhere(tx, this.def.table, where);
  }

  async selection(
    tx: Tx,
    where: SQL | undefined,
    order: SQL[],
    skip: number,
    take: number,
    extra: Record<string, PgColumn | SQL> = {},
    countInPage = false,
  ): Promise<{ totalCount: number; items: SelectionRow[] }> {
    const isActive = this.hasColumn('isActive') ? this.column('isActive') : sql<boolean>`true`;
    const fields = { ...extra, id: this.column('id'), displayName: sql<string>`${this.def.displayName}`, isActive };
    const rows = (await tx
      .select(countInPage ? { ...fields, [MATCHES]: matchCount } : fields)
      .from(this.def.table)
      .where(where)
      .orderBy(...order)
      .limit(take)
      .offset(skip)) as Record<string, unknown>[];
    const totalCount = await this.total(skip, take, rows, () =>
      this.countUpTo(tx, where, order, Math.max(SELECTION_COUNT_LIMIT, skip + rows.length)),
    );
    return {
      totalCount,
      items: rows.map((r) => {
        const item: SelectionRow = {
          id: String(r.id),
          displayName: String(r.displayName),
          isActive: Boolean(r.isActive),
        };
        for (const key of Object.keys(extra)) {
          const v = (r as Record<string, unknown>)[key];
          item[key] = v instanceof Date ? v.toISOString() : (v ?? null);
        }
        return item;
      }),
    };
  }

  /** The live row, locked; `reach` limits it to the rows the caller may see. */
  async findForUpdate(tx: Tx, id: string, reach?: SQL): Promise<Row | undefined> {
    const [row] = await tx
      .select()
      .from(this.def.table)
      .where(and(eq(this.column('id'), id), eq(this.column('isDeleted'), false), reach))
      .for('update', { of: this.def.table });
    return row as Row | undefined;
  }

  async find(tx: Tx, id: string, reach?: SQL): Promise<Row | undefined> {
    const [row] = await tx
      .select(this.readFields)
      .from(this.def.table)
      .where(and(eq(this.column('id'), id), eq(this.column('isDeleted'), false), reach));
    return row as Row | undefined;
  }

  async insert(tx: Tx, values: Record<string, unknown>): Promise<Row> {
    const [row] = await tx.insert(this.def.table).values(values).returning();
    return row as Row;
  }

  async update(tx: Tx, id: string, stamp: string, values: Record<string, unknown>): Promise<Row | undefined> {
    const [row] = await tx
      .update(this.def.table)
      .set(values)
      .where(and(eq(this.column('id'), id), eq(this.column('concurrencyStamp'), stamp)))
      .returning();
    return row as Row | undefined;
  }
}
