import { and, eq, lt, sql } from 'drizzle-orm';
import { formatIsoDate, todayIn } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import type { Jobs } from '../../platform/jobs/jobs';
import { raiseNotification } from '../notifications/notify';
import { notifications } from '../notifications/notifications.schema';
import { caseActionItems, cases } from './cases.schema';

export const ACTION_ITEM_OVERDUE_QUEUE = 'action-item-overdue';
/** Every hour: an item becomes overdue at the start of the tenant's day after its due date. */
export const ACTION_ITEM_OVERDUE_CRON = '5 * * * *';
const OVERDUE_TITLE = 'Action item overdue';

/**
 * Tells the assignees of each open action item past its due date on `today` (the persons in charge when it
 * has no assignee), each once: a recipient already told of the item is not told again (decision 0104).
 * Runs under a tenant lock, so two runs at once tell each person once. Answers how many were told.
 */
export async function notifyOverdueActionItems(database: Database, tenantId: string, today: string): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`action-item-overdue:${tenantId}`}))`);
    const items = await tx
      .select({
        id: caseActionItems.id,
        subject: caseActionItems.subject,
        dueDate: caseActionItems.dueDate,
        assigneeIds: caseActionItems.assigneeIds,
        picIds: caseActionItems.picIds,
        caseNo: cases.caseNo,
      })
      .from(caseActionItems)
      .innerJoin(cases, and(eq(cases.tenantId, caseActionItems.tenantId), eq(cases.id, caseActionItems.caseId)))
      .where(
        and(
          eq(caseActionItems.completed, false),
          eq(caseActionItems.isDeleted, false),
          eq(cases.isDeleted, false),
          lt(caseActionItems.dueDate, today),
        ),
      );
    let told = 0;
    for (const item of items) {
      const wanted = item.assigneeIds.length > 0 ? item.assigneeIds : item.picIds;
      if (wanted.length === 0) continue;
      const already = new Set(
        (
          await tx
            .select({ recipientId: notifications.recipientId })
            .from(notifications)
            .where(and(eq(notifications.objectId, item.id), eq(notifications.title, OVERDUE_TITLE)))
        ).map((r) => r.recipientId),
      );
      const fresh = wanted.filter((id) => !already.has(id));
      if (fresh.length === 0) continue;
      told += (
        await raiseNotification(tx, tenantId, fresh, {
          event: 'actionItemOverdue',
          content: `${item.subject} (case ${item.caseNo}) was due ${item.dueDate}.`,
          objectId: item.id,
          objectReferenceName: item.caseNo,
          fromModule: 'action-items',
        })
      ).length;
    }
    return told;
  });
}

type OverdueJob = { tenantId: string; summary?: string };
const EVERY_TENANT = '*';

/** The hourly pass over every active tenant, each with its own today. */
export function defineActionItemOverdueJobs(jobs: Jobs, database: Database): void {
  jobs.define<OverdueJob>(
    ACTION_ITEM_OVERDUE_QUEUE,
    {
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 900,
      heartbeatSeconds: 30,
      cron: {
        expression: ACTION_ITEM_OVERDUE_CRON,
        data: { tenantId: EVERY_TENANT, summary: 'Overdue action items of every tenant' },
      },
    },
    async ({ data }) => {
      const list = await database.withSystem((tx) =>
        tx.select({ id: tenants.id, timezone: tenants.timezone }).from(tenants).where(eq(tenants.isActive, true)),
      );
      let told = 0;
      for (const t of list.filter((x) => data.tenantId === EVERY_TENANT || x.id === data.tenantId)) {
        told += await notifyOverdueActionItems(database, t.id, formatIsoDate(todayIn(t.timezone)));
      }
      return { tenants: list.length, told };
    },
  );
}
