import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  uuidv7,
  type NotificationDto,
  type NotificationListInput,
  type NotificationSummaryDto,
  type NotificationType,
  type PagedResult,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { Database, Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { notifications } from './notifications.schema';

type Row = typeof notifications.$inferSelect;

export type NewNotification = {
  recipientId: string;
  type: NotificationType;
  title: string;
  content: string;
  objectId?: string | null;
  objectReferenceName?: string | null;
  fromModule?: string | null;
  creator?: { name: string | null; email: string | null };
};

export function toNotificationDto(row: Row): NotificationDto {
  return {
    id: row.id,
    recipientId: row.recipientId,
    objectId: row.objectId,
    objectReferenceName: row.objectReferenceName,
    fromModule: row.fromModule,
    type: row.type,
    title: row.title,
    content: row.content,
    sentTime: row.sentTime.toISOString(),
    isRead: row.isRead,
    creator: { name: row.creatorName, email: row.creatorEmail },
  };
}

/**
 * Writes a notification in the caller's transaction. A trigger announces it when the transaction commits
 * and the real-time hub pushes it to the recipient's open browsers (migration 0044); a rolled-back change
 * announces nothing.
 */
export async function insertNotification(tx: Tx, tenantId: string, n: NewNotification): Promise<NotificationDto> {
  const [row] = await tx
    .insert(notifications)
    .values({
      tenantId,
      id: uuidv7(),
      recipientId: n.recipientId,
      type: n.type,
      title: n.title,
      content: n.content,
      objectId: n.objectId ?? null,
      objectReferenceName: n.objectReferenceName ?? null,
      fromModule: n.fromModule ?? null,
      creatorName: n.creator?.name ?? null,
      creatorEmail: n.creator?.email ?? null,
    })
    .returning();
  return toNotificationDto(row!);
}

/** The signed-in user's in-app notifications: list, summary, read/unread, mark all read. */
export class NotificationsService {
  constructor(private readonly database: Database) {}

  /** Creates a notification in its own transaction (pushed to the recipient once committed). */
  async notify(tenantId: string, n: NewNotification): Promise<NotificationDto> {
    return this.database.withTenant(tenantId, (tx) => insertNotification(tx, tenantId, n));
  }

  /** One notification by id, for the real-time hub's push. */
  async load(tenantId: string, id: string): Promise<NotificationDto | undefined> {
    const [row] = await this.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.tenantId, tenantId), eq(notifications.id, id))),
    );
    return row ? toNotificationDto(row) : undefined;
  }

  #mine(ctx: RequestContext): SQL[] {
    return [eq(notifications.tenantId, ctx.tenant.id), eq(notifications.recipientId, ctx.principal.userId)];
  }

  async list(ctx: RequestContext, input: NotificationListInput): Promise<PagedResult<NotificationDto>> {
    const where = this.#mine(ctx);
    if (input.notificationTypes?.length) where.push(inArray(notifications.type, input.notificationTypes));
    if (input.showUnread) where.push(eq(notifications.isRead, false));
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [total] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(...where));
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(...where))
        .orderBy(desc(notifications.sentTime), desc(notifications.id))
        .limit(input.maxResultCount)
        .offset(input.skipCount);
      return { totalCount: total?.n ?? 0, items: rows.map(toNotificationDto) };
    });
  }

  async searchByObjectId(ctx: RequestContext, objectId: string): Promise<PagedResult<NotificationDto>> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(...this.#mine(ctx), eq(notifications.objectId, objectId)))
        .orderBy(desc(notifications.sentTime));
      return { totalCount: rows.length, items: rows.map(toNotificationDto) };
    });
  }

  async summary(ctx: RequestContext): Promise<NotificationSummaryDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [all] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(...this.#mine(ctx)));
      const [unread] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(...this.#mine(ctx), eq(notifications.isRead, false)));
      return { totalCount: all?.n ?? 0, totalUnreadCount: unread?.n ?? 0 };
    });
  }

  async setRead(ctx: RequestContext, id: string, isRead: boolean): Promise<NotificationDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [row] = await tx
        .update(notifications)
        .set({ isRead })
        .where(and(...this.#mine(ctx), eq(notifications.id, id)))
        .returning();
      // Someone else's notification is not found, exactly like another tenant's.
      if (!row) throw notFound('The notification');
      return toNotificationDto(row);
    });
  }

  async markAllAsRead(ctx: RequestContext): Promise<NotificationSummaryDto> {
    await this.database.withTenant(ctx.tenant.id, (tx) =>
      tx
        .update(notifications)
        .set({ isRead: true })
        .where(and(...this.#mine(ctx), eq(notifications.isRead, false))),
    );
    return this.summary(ctx);
  }
}
