import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  taskChecklistStatus,
  uuidv7,
  type ChecklistCriterion,
  type ChecklistDto,
  type ChecklistListQuery,
  type ChecklistStatus,
  type CreateChecklistInput,
  type PagedResult,
  type TaskChecklistDto,
  type UpdateTaskCriteriaInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { likePattern } from '../../platform/resources/resource.repository';
import { cases } from '../cases/cases.schema';
import { checklists as cl, taskChecklists as tc, type TaskChecklistItemRow } from './lmq.schema';

type ChecklistRow = typeof cl.$inferSelect;
type TaskRow = typeof tc.$inferSelect;

const criteriaOf = (texts: readonly string[]): ChecklistCriterion[] =>
  texts.map((text, itemIndex) => ({ id: uuidv7(), text, itemIndex }));
const sameCriteria = (a: readonly ChecklistCriterion[], b: readonly ChecklistCriterion[]) =>
  a.length === b.length && a.every((c, i) => c.text === b[i]?.text);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

const NAME_TAKEN = 'A checklist with this name already exists.';

/** LMQ checklists (copy, reset to default, enable, disable, criteria) and the task checklists of cases. */
export class LmqService {
  constructor(private readonly database: Database) {}

  #dto(r: ChecklistRow): ChecklistDto {
    return {
      id: r.id,
      name: r.name,
      displayName: r.name,
      description: r.description,
      isActive: r.isActive,
      criteria: r.criteria,
      isModified: !sameCriteria(r.criteria, r.defaultCriteria),
      concurrencyStamp: r.concurrencyStamp,
    };
  }

  #taskDto(r: TaskRow, name: string): TaskChecklistDto {
    return {
      id: r.id,
      caseId: r.caseId,
      checklistId: r.checklistId,
      name,
      items: r.items,
      status: r.status,
      concurrencyStamp: r.concurrencyStamp,
    };
  }

  async list(ctx: RequestContext, q: z.output<typeof ChecklistListQuery>): Promise<PagedResult<ChecklistDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const text = q.filterText?.trim();
      const where = and(
        eq(cl.isDeleted, false),
        q.isActive === undefined ? undefined : eq(cl.isActive, q.isActive),
        // A selection list offers only what may be chosen.
        q.isSelectionList ? eq(cl.isActive, true) : undefined,
        text ? ilike(cl.name, likePattern(text)) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(cl).where(where);
      const rows = await tx
        .select()
        .from(cl)
        .where(where)
        .orderBy(asc(sql`lower(${cl.name})`), asc(cl.id))
        .limit(q.maxResultCount)
        .offset(q.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map((r) => this.#dto(r)) };
    });
  }

  async #checklist(tx: Tx, id: string): Promise<ChecklistRow> {
    const [row] = await tx
      .select()
      .from(cl)
      .where(and(eq(cl.id, id), eq(cl.isDeleted, false)));
    if (!row) throw notFound('The checklist');
    return row;
  }

  async get(ctx: RequestContext, id: string): Promise<ChecklistDto> {
    return this.#dto(await this.database.withTenant(ctx.tenant.id, (tx) => this.#checklist(tx, id)));
  }

  async criterias(ctx: RequestContext, id: string): Promise<{ items: ChecklistCriterion[] }> {
    return { items: (await this.get(ctx, id)).criteria };
  }

  async #write<T>(ctx: RequestContext, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.database.withTenant(ctx.tenant.id, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('name', NAME_TAKEN);
      throw error;
    }
  }

  async #insert(
    ctx: RequestContext,
    tx: Tx,
    values: {
      name: string;
      description: string | null;
      criteria: ChecklistCriterion[];
      defaultCriteria: ChecklistCriterion[];
    },
  ): Promise<ChecklistDto> {
    const id = uuidv7();
    await tx.insert(cl).values({
      tenantId: ctx.tenant.id,
      id,
      ...values,
      creatorId: ctx.principal.userId,
      concurrencyStamp: uuidv7(),
    });
    await recordEntityChange(tx, ctx.actor, {
      entityType: 'Checklist',
      entityId: id,
      changeType: 'Created',
      before: null,
      after: { name: values.name, description: values.description, criteria: values.criteria.map((c) => c.text) },
    });
    return this.#dto(await this.#checklist(tx, id));
  }

  create(ctx: RequestContext, input: z.output<typeof CreateChecklistInput>): Promise<ChecklistDto> {
    const criteria = criteriaOf(input.criteria);
    return this.#write(ctx, (tx) =>
      this.#insert(ctx, tx, { name: input.name, description: input.description, criteria, defaultCriteria: criteria }),
    );
  }

  /** Copies a checklist: "Copy of …" (numbered when taken), its criteria becoming the copy's default set. */
  copy(ctx: RequestContext, id: string): Promise<ChecklistDto> {
    return this.#write(ctx, async (tx) => {
      const source = await this.#checklist(tx, id);
      const taken = new Set(
        (
          await tx
            .select({ name: cl.name })
            .from(cl)
            .where(and(eq(cl.isDeleted, false), ilike(cl.name, likePattern(`Copy of ${source.name}`))))
        ).map((r) => r.name.toLowerCase()),
      );
      let name = `Copy of ${source.name}`;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `Copy of ${source.name} (${n})`;
      const criteria = criteriaOf(source.criteria.map((c) => c.text));
      return this.#insert(ctx, tx, { name, description: source.description, criteria, defaultCriteria: criteria });
    });
  }

  async #change(
    ctx: RequestContext,
    id: string,
    stamp: string | undefined,
    change: (row: ChecklistRow) => Partial<Pick<ChecklistRow, 'name' | 'description' | 'isActive' | 'criteria'>>,
  ): Promise<ChecklistDto> {
    return this.#write(ctx, async (tx) => {
      const row = await this.#checklist(tx, id);
      if (stamp !== undefined && row.concurrencyStamp !== stamp) throw concurrencyConflict();
      const values = change(row);
      await tx
        .update(cl)
        .set({
          ...values,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(cl.id, id));
      const shown = (v: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(v).map(([k, x]) => [k, k === 'criteria' ? (x as ChecklistCriterion[]).map((c) => c.text) : x]),
        );
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Checklist',
        entityId: id,
        changeType: 'Updated',
        before: shown(Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof ChecklistRow]]))),
        after: shown(values),
      });
      return this.#dto(await this.#checklist(tx, id));
    });
  }

  update(
    ctx: RequestContext,
    id: string,
    input: { name: string; description: string | null; concurrencyStamp: string },
  ) {
    return this.#change(ctx, id, input.concurrencyStamp, () => ({ name: input.name, description: input.description }));
  }

  /** Replaces the criteria; a criterion whose text is unchanged keeps its id, so task checklists still match it. */
  updateCriterias(ctx: RequestContext, id: string, input: { criteria: string[]; concurrencyStamp: string }) {
    return this.#change(ctx, id, input.concurrencyStamp, (row) => {
      const byText = new Map(row.criteria.map((c) => [c.text, c.id]));
      return {
        criteria: input.criteria.map((text, itemIndex) => ({ id: byText.get(text) ?? uuidv7(), text, itemIndex })),
      };
    });
  }

  resetToDefault(ctx: RequestContext, id: string, stamp: string) {
    return this.#change(ctx, id, stamp, (row) => ({ criteria: row.defaultCriteria }));
  }

  enable(ctx: RequestContext, id: string) {
    return this.#change(ctx, id, undefined, () => ({ isActive: true }));
  }

  disable(ctx: RequestContext, id: string) {
    return this.#change(ctx, id, undefined, () => ({ isActive: false }));
  }

  // Task checklists: each hangs on a case, and is seen by those who see the case.

  async taskList(ctx: RequestContext, caseId: string) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'case', [caseId]);
      const rows = await tx
        .select({ task: tc, name: cl.name })
        .from(tc)
        .innerJoin(cl, and(eq(cl.tenantId, tc.tenantId), eq(cl.id, tc.checklistId)))
        .where(and(eq(tc.caseId, caseId), eq(tc.isDeleted, false)))
        .orderBy(asc(tc.creationTime), asc(tc.id));
      return { items: rows.map((r) => this.#taskDto(r.task, r.name)), totalCount: rows.length };
    });
  }

  /** Task checklists by status: of one case, or of every case the caller may see. */
  async countLmqStatus(ctx: RequestContext, caseId: string | undefined) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (caseId) await requireAccess(tx, ctx, 'case', [caseId]);
      const visible = await recordCondition(tx, ctx, 'case');
      const rows = await tx
        .select({ status: tc.status, n: count() })
        .from(tc)
        .where(
          and(
            eq(tc.isDeleted, false),
            caseId ? eq(tc.caseId, caseId) : undefined,
            visible
              ? inArray(
                  tc.caseId,
                  tx
                    .select({ id: cases.id })
                    .from(cases)
                    .where(and(eq(cases.isDeleted, false), visible)),
                )
              : undefined,
          ),
        )
        .groupBy(tc.status);
      const of = (s: ChecklistStatus) => rows.find((r) => r.status === s)?.n ?? 0;
      const counts = { incomplete: of('Incomplete'), complete: of('Complete'), notRequired: of('Not Required') };
      return { ...counts, total: counts.incomplete + counts.complete + counts.notRequired };
    });
  }

  async #task(tx: Tx, ctx: RequestContext, id: string): Promise<{ task: TaskRow; name: string }> {
    const [row] = await tx
      .select({ task: tc, name: cl.name })
      .from(tc)
      .innerJoin(cl, and(eq(cl.tenantId, tc.tenantId), eq(cl.id, tc.checklistId)))
      .where(and(eq(tc.id, id), eq(tc.isDeleted, false)));
    if (!row) throw notFound('The task checklist');
    // Its case decides: a case the caller may not see hides its checklists too.
    await requireAccess(tx, ctx, 'case', [row.task.caseId]).catch(() => {
      throw notFound('The task checklist');
    });
    return row;
  }

  async taskCreate(ctx: RequestContext, input: { caseId: string; checklistId: string }): Promise<TaskChecklistDto> {
    try {
      return await this.database.withTenant(ctx.tenant.id, async (tx) => {
        await requireAccess(tx, ctx, 'case', [input.caseId]);
        const [checklist] = await tx
          .select()
          .from(cl)
          .where(and(eq(cl.id, input.checklistId), eq(cl.isDeleted, false)));
        if (!checklist) throw invalidField('checklistId', 'The checklist does not exist.');
        if (!checklist.isActive) throw invalidField('checklistId', 'The checklist is disabled.');
        const items = fresh(checklist.criteria);
        const id = uuidv7();
        const status = taskChecklistStatus(items);
        await tx.insert(tc).values({
          tenantId: ctx.tenant.id,
          id,
          caseId: input.caseId,
          checklistId: checklist.id,
          items,
          status,
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'TaskChecklist',
          entityId: id,
          changeType: 'Created',
          before: null,
          after: { caseId: input.caseId, checklistId: checklist.id, status },
        });
        const made = await this.#task(tx, ctx, id);
        return this.#taskDto(made.task, made.name);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw businessRule('The checklist is already on this case.');
      throw error;
    }
  }

  async #taskChange(
    ctx: RequestContext,
    id: string,
    stamp: string,
    next: (task: TaskRow, tx: Tx) => Promise<TaskChecklistItemRow[]>,
  ): Promise<TaskChecklistDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const { task, name } = await this.#task(tx, ctx, id);
      if (task.concurrencyStamp !== stamp) throw concurrencyConflict();
      const items = await next(task, tx);
      const status = taskChecklistStatus(items);
      await tx
        .update(tc)
        .set({
          items,
          status,
          lastModificationTime: new Date(),
          lastModifierId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })
        .where(eq(tc.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'TaskChecklist',
        entityId: id,
        changeType: 'Updated',
        before: { status: task.status, items: task.items.map((i) => `${i.text}: ${i.status}`).join('; ') },
        after: { status, items: items.map((i) => `${i.text}: ${i.status}`).join('; ') },
      });
      const [row] = await tx.select().from(tc).where(eq(tc.id, id));
      return this.#taskDto(row!, name);
    });
  }

  taskUpdateCriterias(ctx: RequestContext, id: string, input: z.output<typeof UpdateTaskCriteriaInput>) {
    return this.#taskChange(ctx, id, input.concurrencyStamp, async (task) => {
      const statuses = new Map(input.items.map((i) => [i.criterionId, i.status]));
      const known = new Set(task.items.map((i) => i.criterionId));
      const unknown = input.items.find((i) => !known.has(i.criterionId));
      if (unknown) throw invalidField('items', `The criterion ${unknown.criterionId} is not on this checklist.`);
      return task.items.map((i) => ({ ...i, status: statuses.get(i.criterionId) ?? i.status }));
    });
  }

  /** Starts the task checklist again from its checklist's current criteria, every item incomplete. */
  taskResetCriterias(ctx: RequestContext, id: string, stamp: string) {
    return this.#taskChange(ctx, id, stamp, async (task, tx) =>
      fresh((await this.#checklist(tx, task.checklistId)).criteria),
    );
  }
}

function fresh(criteria: readonly ChecklistCriterion[]): TaskChecklistItemRow[] {
  return criteria.map((c) => ({ criterionId: c.id, text: c.text, status: 'Incomplete' as const }));
}
