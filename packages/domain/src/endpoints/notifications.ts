import { z } from 'zod';
import { NotificationDto, NotificationListInput, NotificationSummaryDto, NotificationTypes } from '../correspondence';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const base = '/api/app/notifications/inApp';
const tags = ['Notifications'];
const IdParams = z.object({ id: Uuid });
/** The caller's own notifications: any signed-in user of a tenant with the feature. */
const mine = { authenticated: true, features: ['RealtimeNotification'] } as const;

/** An "Action Required" notification raised by office staff for a colleague. */
export const CreateNotificationInput = z.strictObject({
  recipientId: Uuid,
  type: z
    .enum(NotificationTypes, { error: `type must be ${NotificationTypes.join(' or ')}` })
    .default('Action Required'),
  title: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(200),
  content: z.string({ error: 'This field is required' }).min(1, 'This field is required').max(4000),
  objectId: Uuid.optional(),
  objectReferenceName: z.string().max(200).optional(),
  fromModule: z.string().max(50).optional(),
});
export type CreateNotificationInput = z.input<typeof CreateNotificationInput>;

/** The app/notifications/inApp family (feature RealtimeNotification). */
export const NotificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: base,
    query: NotificationListInput,
    response: pagedResult(NotificationDto),
    access: mine,
    tags,
  }),
  summary: endpoint({ method: 'GET', path: `${base}/summary`, response: NotificationSummaryDto, access: mine, tags }),
  searchByObjectId: endpoint({
    method: 'GET',
    path: `${base}/searchByObjectId`,
    query: z.object({ objectId: Uuid }),
    response: pagedResult(NotificationDto),
    access: mine,
    tags,
  }),
  markAsRead: endpoint({
    method: 'PUT',
    path: `${base}/:id/markAsRead`,
    params: IdParams,
    response: NotificationDto,
    access: mine,
    tags,
  }),
  markAsUnread: endpoint({
    method: 'PUT',
    path: `${base}/:id/markAsUnread`,
    params: IdParams,
    response: NotificationDto,
    access: mine,
    tags,
  }),
  markAllAsRead: endpoint({
    method: 'PUT',
    path: `${base}/markAllAsRead`,
    response: NotificationSummaryDto,
    access: mine,
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    body: CreateNotificationInput,
    response: NotificationDto,
    access: { permission: Permissions.emailTemplates.send, features: ['RealtimeNotification'] },
    tags,
  }),
};
