import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationDto,
  NotificationListInput,
  NotificationSummaryDto,
  NotificationTypes,
  pagedResult,
  Permissions,
  Uuid,
} from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { errorResponses as errors, notFound } from '../../platform/http/errors';
import { users } from '../identity/identity.schema';
import { and, eq } from 'drizzle-orm';
import { NotificationsService } from './notifications.service';

const IdParams = z.object({ id: Uuid });
const feature = { features: ['RealtimeNotification'] as const };

const CreateNotificationInput = z.strictObject({
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

/** The app/notifications/inApp family (feature RealtimeNotification). */
export function registerNotificationRoutes(app: FastifyInstance, database: Database): NotificationsService {
  const service = new NotificationsService(database);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notifications'];
  const mine = { access: { authenticated: true, ...feature } };
  const base = '/api/app/notifications/inApp';

  r.get(
    base,
    {
      schema: { tags, querystring: NotificationListInput, response: { 200: pagedResult(NotificationDto), ...errors } },
      config: mine,
    },
    async (req) => service.list(contextOf(req), req.query),
  );
  r.get(
    `${base}/summary`,
    { schema: { tags, response: { 200: NotificationSummaryDto, ...errors } }, config: mine },
    async (req) => service.summary(contextOf(req)),
  );
  r.get(
    `${base}/searchByObjectId`,
    {
      schema: {
        tags,
        querystring: z.object({ objectId: Uuid }),
        response: { 200: pagedResult(NotificationDto), ...errors },
      },
      config: mine,
    },
    async (req) => service.searchByObjectId(contextOf(req), req.query.objectId),
  );
  r.put(
    `${base}/:id/markAsRead`,
    { schema: { tags, params: IdParams, response: { 200: NotificationDto, ...errors } }, config: mine },
    async (req) => service.setRead(contextOf(req), req.params.id, true),
  );
  r.put(
    `${base}/:id/markAsUnread`,
    { schema: { tags, params: IdParams, response: { 200: NotificationDto, ...errors } }, config: mine },
    async (req) => service.setRead(contextOf(req), req.params.id, false),
  );
  r.put(
    `${base}/markAllAsRead`,
    { schema: { tags, response: { 200: NotificationSummaryDto, ...errors } }, config: mine },
    async (req) => service.markAllAsRead(contextOf(req)),
  );
  // Office staff raise an action for a colleague (an "Action Required" notification).
  r.post(
    base,
    {
      schema: { tags, body: CreateNotificationInput, response: { 200: NotificationDto, ...errors } },
      config: { access: { permission: Permissions.emailTemplates.send, ...feature } },
    },
    async (req) => {
      const ctx = contextOf(req);
      const [recipient] = await database.withTenant(ctx.tenant.id, (tx) =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, req.body.recipientId))),
      );
      if (!recipient) throw notFound('The recipient');
      const [me] = await database.withTenant(ctx.tenant.id, (tx) =>
        tx
          .select({ name: users.name, surname: users.surname, email: users.email })
          .from(users)
          .where(and(eq(users.tenantId, ctx.tenant.id), eq(users.id, ctx.principal.userId))),
      );
      return service.notify(ctx.tenant.id, {
        ...req.body,
        creator: { name: me ? `${me.name} ${me.surname}`.trim() : ctx.actor.userName, email: me?.email ?? null },
      });
    },
  );
  return service;
}
