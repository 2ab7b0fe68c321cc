import { and, arrayOverlaps, eq, inArray } from 'drizzle-orm';
import { NotificationTitles, type NotificationEvent } from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import type { JobData } from '../../platform/jobs/jobs';
import { users } from '../identity/identity.schema';
import { insertNotification } from './notifications.service';

export type RaisedNotification = {
  event: NotificationEvent;
  content: string;
  objectId?: string | null;
  objectReferenceName?: string | null;
  fromModule?: string | null;
  /** Who caused it; never told of their own change. */
  actorId?: string | null;
  creator?: { name: string | null; email: string | null };
};

/**
 * Raises one notification for each recipient, in the caller's transaction (so it exists only if the
 * change that causes it commits): active users of the tenant, each once, never the one who acted.
 */
export async function raiseNotification(
  tx: Tx,
  tenantId: string,
  recipientIds: readonly (string | null | undefined)[],
  n: RaisedNotification,
): Promise<string[]> {
  const wanted = [...new Set(recipientIds.filter((id): id is string => Boolean(id) && id !== n.actorId))];
  if (wanted.length === 0) return [];
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, wanted),
        eq(users.isActive, true),
        eq(users.isDeleted, false),
      ),
    );
  const ids = wanted.filter((id) => active.some((u) => u.id === id));
  for (const recipientId of ids) {
    await insertNotification(tx, tenantId, {
      recipientId,
      type: 'Action Required',
      title: NotificationTitles[n.event],
      content: n.content,
      objectId: n.objectId ?? null,
      objectReferenceName: n.objectReferenceName ?? null,
      fromModule: n.fromModule ?? null,
      creator: n.creator ?? { name: null, email: null },
    });
  }
  return ids;
}

/** The tenant's active administrators (tenant admins and admin staff) (told of failures nobody in particular asked for). */
export async function tenantAdminIds(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        arrayOverlaps(users.roles, ['TENANT_ADMIN', 'ADMIN_STAFF']),
        eq(users.isActive, true),
        eq(users.isDeleted, false),
      ),
    );
  return rows.map((r) => r.id);
}

/** The tenant's active accounting users (told of money that came in). */
export async function accountingUserIds(tx: Tx, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        arrayOverlaps(users.roles, ['ACCOUNTING']),
        eq(users.isActive, true),
        eq(users.isDeleted, false),
      ),
    );
  return rows.map((r) => r.id);
}

/** A background job failed its last attempt: the tenant's administrators are told, with the failure. */
export async function notifyJobGaveUp(
  database: Database,
  failed: { queue: string; data: JobData; message: string },
): Promise<void> {
  const { tenantId } = failed.data;
  await database.withTenant(tenantId, async (tx) => {
    await raiseNotification(tx, tenantId, await tenantAdminIds(tx, tenantId), {
      event: 'jobFailed',
      content: `${failed.data.summary ?? `A ${failed.queue} job`} failed: ${failed.message.slice(0, 300)}`,
    });
  });
}
