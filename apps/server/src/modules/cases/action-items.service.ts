import { and, eq, inArray } from 'drizzle-orm';
import {
  uuidv7,
  type ActionItemDto,
  type CreateActionItemInput,
  type CreateDefaultPicInput,
  type UpdateActionItemInput,
} from '@casebook/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { users } from '../identity/identity.schema';
import { casesRepository as repo } from './cases.repository';
import { cases, type caseActionItems } from './cases.schema';
import { raiseNotification } from '../notifications/notify';

/** How the service reads a case under the caller's record rule (404 when the caller may not see it). */
export type CaseReader = { get(ctx: RequestContext, id: string): Promise<unknown> };

type Row = typeof caseActionItems.$inferSelect;

async function toDtos(tx: Tx, rows: Row[]): Promise<ActionItemDto[]> {
  const named = new Map(
    (
      await repo.userNames(
        tx,
        rows.flatMap((r) => [...r.assigneeIds, ...r.picIds]),
      )
    ).map((u) => [u.id, u]),
  );
  const people = (ids: string[]) => ids.flatMap((id) => (named.has(id) ? [named.get(id)!] : []));
  return rows.map((r) => ({ ...toDto(r), assignees: people(r.assigneeIds), pics: people(r.picIds) }));
}

function toDto(r: Row): Omit<ActionItemDto, 'assignees' | 'pics'> {
  return {
    id: r.id,
    objectId: r.caseId,
    subject: r.subject,
    dueDate: r.dueDate,
    completed: r.completed,
    groupTask: r.groupTask,
    assigneeIds: r.assigneeIds,
    picIds: r.picIds,
    creationTime: r.creationTime.toISOString(),
    concurrencyStamp: r.concurrencyStamp,
  };
}

export async function checkUsers(tx: Tx, member: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.isDeleted, false)));
  if (found.length !== unique.length) throw invalidField(member, 'A user does not exist.');
  return unique;
}

/** Tells the users given an action item, with the case's number, in the item's transaction. */
async function notifyAssigned(tx: Tx, ctx: RequestContext, item: Row, assigneeIds: string[]) {
  if (assigneeIds.length === 0) return;
  const [c] = await tx
    .select({ caseNo: cases.caseNo })
    .from(cases)
    .where(and(eq(cases.tenantId, item.tenantId), eq(cases.id, item.caseId)));
  await raiseNotification(tx, item.tenantId, assigneeIds, {
    event: 'actionItemAssigned',
    content: `${item.subject}${c ? ` (case ${c.caseNo})` : ''}${item.dueDate ? `, due ${item.dueDate}` : ''}.`,
    objectId: item.caseId,
    objectReferenceName: c?.caseNo ?? null,
    fromModule: 'IME',
    actorId: ctx.principal.userId,
    creator: { name: ctx.actor.userName, email: null },
  });
}

/** Action-required items of cases, their assignees and persons in charge, and the default PICs. */
export class ActionItemsService {
  constructor(
    private readonly database: Database,
    private readonly cases: CaseReader,
  ) {}

  async list(ctx: RequestContext, caseId: string) {
    await this.cases.get(ctx, caseId);
    const items = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      toDtos(tx, await repo.actionItems(tx, caseId)),
    );
    return { totalCount: items.length, items };
  }

  async create(ctx: RequestContext, input: z.output<typeof CreateActionItemInput>) {
    await this.cases.get(ctx, input.objectId);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const assigneeIds = await checkUsers(tx, 'assigneeIds', input.assigneeIds);
      const picIds =
        input.picIds !== undefined
          ? await checkUsers(tx, 'picIds', input.picIds)
          : [...new Set((await repo.defaultPics(tx)).map((p) => p.userId))];
      const row = await repo.insertActionItem(tx, {
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        caseId: input.objectId,
        subject: input.subject,
        dueDate: input.dueDate,
        groupTask: input.groupTask,
        assigneeIds,
        picIds,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ActionItem',
        entityId: row.id,
        changeType: 'Created',
        before: null,
        after: row,
      });
      await notifyAssigned(tx, ctx, row, assigneeIds);
      return (await toDtos(tx, [row]))[0]!;
    });
  }

  /** `onCase`: the case the item must be on (a module's call names it), or any case the caller may see. */
  async update(ctx: RequestContext, id: string, input: z.output<typeof UpdateActionItemInput>, onCase?: string) {
    const caseId = await this.#caseOf(ctx, id, onCase);
    await this.cases.get(ctx, caseId);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await repo.actionItem(tx, id);
      if (!before) throw notFound('The action item');
      if (before.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
      const after = await repo.updateActionItem(tx, id, before.concurrencyStamp, {
        subject: input.subject,
        dueDate: input.dueDate,
        completed: input.completed,
        groupTask: input.groupTask,
        assigneeIds: await checkUsers(tx, 'assigneeIds', input.assigneeIds),
        picIds: await checkUsers(tx, 'picIds', input.picIds),
        lastModificationTime: new Date(),
        lastModifierId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      if (!after) throw concurrencyConflict();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ActionItem',
        entityId: id,
        changeType: 'Updated',
        before,
        after,
      });
      // Only those newly given the item hear of it.
      await notifyAssigned(
        tx,
        ctx,
        after,
        after.assigneeIds.filter((id) => !before.assigneeIds.includes(id)),
      );
      return (await toDtos(tx, [after]))[0]!;
    });
  }

  /** Clears an item from the case (kept as deleted, with its change history). */
  async remove(ctx: RequestContext, id: string, onCase?: string) {
    const caseId = await this.#caseOf(ctx, id, onCase);
    await this.cases.get(ctx, caseId);
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const before = await repo.actionItem(tx, id);
      if (!before) throw notFound('The action item');
      const after = await repo.updateActionItem(tx, id, before.concurrencyStamp, {
        isDeleted: true,
        deleterId: ctx.principal.userId,
        deletionTime: new Date(),
        concurrencyStamp: uuidv7(),
      });
      if (!after) throw concurrencyConflict();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ActionItem',
        entityId: id,
        changeType: 'Deleted',
        before,
        after: null,
      });
    });
  }

  async #caseOf(ctx: RequestContext, id: string, onCase: string | undefined) {
    const caseId = await this.database.withTenant(ctx.tenant.id, async (tx) => (await repo.actionItem(tx, id))?.caseId);
    if (!caseId || (onCase !== undefined && caseId !== onCase)) throw notFound('The action item');
    return caseId;
  }

  async assignedUsersCount(ctx: RequestContext) {
    return { items: await this.database.withTenant(ctx.tenant.id, (tx) => repo.assignedUsersCount(tx)) };
  }

  async picsCount(ctx: RequestContext) {
    return { items: await this.database.withTenant(ctx.tenant.id, (tx) => repo.picsCount(tx)) };
  }

  async defaultPics(ctx: RequestContext) {
    const rows = await this.database.withTenant(ctx.tenant.id, (tx) => repo.defaultPics(tx));
    return { items: rows.map((r) => ({ id: r.id, step: r.step, userId: r.userId })) };
  }

  async addDefaultPic(ctx: RequestContext, input: z.output<typeof CreateDefaultPicInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await checkUsers(tx, 'userId', [input.userId]);
      const row =
        (await repo.insertDefaultPic(tx, {
          tenantId: ctx.tenant.id,
          id: uuidv7(),
          step: input.step,
          userId: input.userId,
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        })) ?? (await repo.defaultPics(tx)).find((p) => p.step === input.step && p.userId === input.userId)!;
      return { id: row.id, step: row.step, userId: row.userId };
    });
  }

  async deleteDefaultPic(ctx: RequestContext, id: string) {
    const deleted = await this.database.withTenant(ctx.tenant.id, (tx) => repo.deleteDefaultPic(tx, id));
    if (!deleted) throw notFound('The default person in charge');
  }
}
