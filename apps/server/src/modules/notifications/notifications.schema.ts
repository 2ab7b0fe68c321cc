import { boolean, foreignKey, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@casebook/domain';
import { instant } from '../../platform/db/instant';
import { tenants } from '../../platform/db/platform.schema';

/** In-app notifications, one row per recipient. */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    objectId: uuid('object_id'),
    objectReferenceName: text('object_reference_name'),
    fromModule: text('from_module'),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    sentTime: instant('sent_time').notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    creatorName: text('creator_name'),
    creatorEmail: text('creator_email'),
  },
  (t) => [
    primaryKey({ name: 'notifications_pkey', columns: [t.tenantId, t.id] }),
    foreignKey({ name: 'notifications_tenant_fkey', columns: [t.tenantId], foreignColumns: [tenants.id] }),
    index('notifications_recipient_idx').on(t.tenantId, t.recipientId, t.sentTime),
  ],
);
