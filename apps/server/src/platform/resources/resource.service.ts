import { and, asc, eq, type SQL } from 'drizzle-orm';
import { parseSorting, uuidv7, type PagedListInput, type PagedResult, type SelectionListItem } from '@casebook/domain';
import type { Database, Tx } from '../db/database';
import { recordEntityChange } from '../db/audit';
import type { RequestContext } from '../access/context';
import { recordCondition } from '../access/records';
import { AppError, concurrencyConflict, invalidField, notFound } from '../http/errors';
import type { ResourceDefinition } from './resource';
import { ResourceRepository, type Row } from './resource.repository';

export type ListQuery = PagedListInput & Record<string, unknown>;

/** The DTO's fields of a row, dates as ISO strings, missing values as null. */
export function pickDtoFields(dto: ResourceDefinition['dto'], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(dto.shape)) {
    const v = row[key];
    out[key] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
}

/** Rows become DTOs: the DTO's fields only, dates as ISO strings. Never a raw row on the wire. */
export function toDto(def: ResourceDefinition, row: Row): Record<string, unknown> {
  return def.toDto ? def.toDto(row) : pickDtoFields(def.dto, row);
}

function pgConstraint(error: unknown): { code: string; constraint?: string } | undefined {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Generic service behind every declared resource: the rules (stamps, soft delete, audit) live here. */
export class ResourceService {
  readonly repo: ResourceRepository;
  private readonly audited: boolean;

  constructor(
    readonly def: ResourceDefinition,
    private readonly database: Database,
  ) {
    this.repo = new ResourceRepository(def);
    this.audited = def.audit !== false;
  }

  /** Turns a constraint violation into a message about the field it concerns. */
  private translate(error: unknown): unknown {
    const pg = pgConstraint(error);
    const known = pg?.constraint ? this.def.constraints?.[pg.constraint] : undefined;
    if (!pg || !known) return error;
    if (pg.code === '23505') {
      return new AppError('Casebook:Duplicate', known.message, [{ message: known.message, members: [known.member] }]);
    }
    if (pg.code === '23503') return invalidField(known.member, known.message);
    return error;
  }

  private async run<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.database.withTenant(ctx.tenant.id, fn);
    } catch (error) {
      throw this.translate(error);
    }
  }

  private async where(ctx: RequestContext, tx: Tx, query: ListQuery): Promise<SQL | undefined> {
    const extra: (SQL | undefined)[] = [];
    for (const [name, filter] of Object.entries(this.def.filters ?? {})) {
      const value = query[name];
      if (value !== undefined) extra.push(filter.where(value as never));
    }
    if (query.isActive !== undefined && this.repo.hasColumn('isActive')) {
      extra.push(eq(this.repo.column('isActive'), query.isActive));
    }
    if (this.def.scope) extra.push(await this.def.scope(ctx, tx, query));
    extra.push(await this.reach(ctx, tx));
    return this.repo.conditions(query.filterText, extra);
  }

  /** The rows of the resource the caller may see at all: its own rows, by its record kind's access rule. */
  private async reach(ctx: RequestContext, tx: Tx): Promise<SQL | undefined> {
    const kind = this.def.recordKind ? await recordCondition(tx, ctx, this.def.recordKind) : undefined;
    return this.def.rows && kind ? and(this.def.rows, kind) : (this.def.rows ?? kind);
  }

  private order(query: ListQuery) {
    const sorting = query.sorting?.trim() ? query.sorting : this.def.defaultSorting;
    const parsed = parseSorting(sorting, Object.keys(this.def.sorting));
    if (!parsed.ok) throw invalidField('sorting', parsed.message);
    return this.repo.orderBy(parsed.terms);
  }

  /** A search that collects every match before ordering counts them in that same pass. */
  private countsInPage(query: ListQuery): boolean {
    const text = query.filterText?.trim();
    return Boolean(text && this.def.search?.(text).collectsAllMatches);
  }

  async getList(ctx: RequestContext, query: ListQuery): Promise<PagedResult<Record<string, unknown>>> {
    const order = this.order(query);
    return this.run(ctx, async (tx) => {
      const { totalCount, rows } = await this.repo.page(
        tx,
        await this.where(ctx, tx, query),
        order,
        query.skipCount,
        query.maxResultCount,
        this.countsInPage(query),
      );
      return { totalCount, items: rows.map((r) => toDto(this.def, r)) };
    });
  }

  async getSelectionList(ctx: RequestContext, query: ListQuery): Promise<PagedResult<SelectionListItem>> {
    // Selection lists read alphabetically unless the caller sorts.
    const order = query.sorting?.trim() ? this.order(query) : [asc(this.def.displayName), ...this.repo.orderBy([])];
    const extra = this.def.selectionFields?.(query) ?? {};
    return this.run(ctx, async (tx) =>
      this.repo.selection(
        tx,
        await this.where(ctx, tx, query),
        order,
        query.skipCount,
        query.maxResultCount,
        extra,
        this.countsInPage(query),
      ),
    );
  }

  /** The row as reads return it: with the computed values when the resource has any. */
  private async readBack(tx: Tx, row: Row): Promise<Row> {
    if (!this.def.computed) return row;
    return (await this.repo.find(tx, row.id)) ?? row;
  }

  async get(ctx: RequestContext, id: string): Promise<Record<string, unknown>> {
    const row = await this.run(ctx, async (tx) => this.repo.find(tx, id, await this.reach(ctx, tx)));
    if (!row) throw notFound();
    return toDto(this.def, row);
  }

  async create(ctx: RequestContext, input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { dto, row } = await this.run(ctx, async (tx) => {
      const values = this.def.beforeWrite ? await this.def.beforeWrite({ ctx, tx, input, before: null }) : input;
      const row = await this.repo.insert(tx, {
        ...values,
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (this.audited) {
        await recordEntityChange(tx, ctx.actor, {
          entityType: this.def.entityType,
          entityId: row.id,
          changeType: 'Created',
          before: null,
          after: row,
        });
      }
      return { dto: toDto(this.def, await this.readBack(tx, row)), row };
    });
    await this.def.afterCommit?.(ctx, { kind: 'create', id: row.id, before: null, after: row });
    return dto;
  }

  async update(
    ctx: RequestContext,
    id: string,
    input: Record<string, unknown> & { concurrencyStamp: string },
  ): Promise<Record<string, unknown>> {
    const { concurrencyStamp, ...values } = input;
    return this.change(ctx, id, concurrencyStamp, values, true);
  }

  async setActive(ctx: RequestContext, id: string, isActive: boolean): Promise<Record<string, unknown>> {
    if (!this.repo.hasColumn('isActive')) throw notFound();
    return this.change(ctx, id, undefined, { isActive }, false);
  }

  /**
   * Updates a row under its concurrency stamp (or the current one when none is given); an edit of the
   * record (not enable/disable) goes through the resource's write hook first.
   */
  private async change(
    ctx: RequestContext,
    id: string,
    stamp: string | undefined,
    values: Record<string, unknown>,
    isEdit: boolean,
  ): Promise<Record<string, unknown>> {
    const { dto, before, after } = await this.run(ctx, async (tx) => {
      const before = await this.repo.findForUpdate(tx, id, await this.reach(ctx, tx));
      if (!before) throw notFound();
      if (stamp !== undefined && before.concurrencyStamp !== stamp) throw concurrencyConflict();
      const checked =
        isEdit && this.def.beforeWrite ? await this.def.beforeWrite({ ctx, tx, input: values, before }) : values;
      const after = await this.repo.update(tx, id, before.concurrencyStamp, {
        ...checked,
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!after) throw concurrencyConflict();
      if (this.audited) {
        await recordEntityChange(tx, ctx.actor, {
          entityType: this.def.entityType,
          entityId: id,
          changeType: 'Updated',
          before,
          after,
        });
      }
      return { dto: toDto(this.def, await this.readBack(tx, after)), before, after };
    });
    await this.def.afterCommit?.(ctx, { kind: 'update', id, before, after });
    return dto;
  }

  async delete(ctx: RequestContext, id: string): Promise<void> {
    const before = await this.run(ctx, async (tx) => {
      const before = await this.repo.findForUpdate(tx, id, await this.reach(ctx, tx));
      if (!before) throw notFound();
      await this.repo.update(tx, id, before.concurrencyStamp, {
        isDeleted: true,
        deleterId: ctx.principal.userId,
        deletionTime: new Date(),
        concurrencyStamp: uuidv7(),
      });
      if (this.audited) {
        await recordEntityChange(tx, ctx.actor, {
          entityType: this.def.entityType,
          entityId: id,
          changeType: 'Deleted',
          before,
          after: null,
        });
      }
      return before;
    });
    await this.def.afterCommit?.(ctx, { kind: 'delete', id, before, after: null });
  }

  /** Every matching row in list order, a page at a time, inside one tenant transaction. */
  async forEachPage(
    ctx: RequestContext,
    query: ListQuery,
    pageSize: number,
    limit: number,
    onPage: (rows: Record<string, unknown>[], index: number, totalCount: number) => Promise<void>,
  ): Promise<number> {
    const order = this.order(query);
    return this.run(ctx, async (tx) => {
      const where = await this.where(ctx, tx, query);
      const total = await this.repo.count(tx, where);
      if (total > limit) {
        throw new AppError(
          'Casebook:BusinessRule',
          `The export would have ${total} rows; narrow the search to at most ${limit} rows.`,
        );
      }
      let index = 0;
      for (let skip = 0; skip < total || (skip === 0 && total === 0); skip += pageSize) {
        const { rows } = await this.repo.page(tx, where, order, skip, pageSize);
        await onPage(
          rows.map((r) => toDto(this.def, r)),
          index++,
          total,
        );
        if (total === 0) break;
      }
      return total;
    });
  }
}
