import type { FastifyInstance } from 'fastify';
import { NotificationEndpoints as api } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { notFound } from '../../platform/http/errors';
import { registerEndpoint } from '../../platform/http/endpoints';
import { users } from '../identity/identity.schema';
import { and, eq } from 'drizzle-orm';
import { NotificationsService } from './notifications.service';

/** The app/notifications/inApp family (feature RealtimeNotification). */
export function registerNotificationRoutes(app: FastifyInstance, database: Database): NotificationsService {
  const service = new NotificationsService(database);

  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.summary, async (req) => service.summary(contextOf(req)));
  registerEndpoint(app, api.searchByObjectId, async (req) =>
    service.searchByObjectId(contextOf(req), req.query.objectId),
  );
  registerEndpoint(app, api.markAsRead, async (req) => service.setRead(contextOf(req), req.params.id, true));
  registerEndpoint(app, api.markAsUnread, async (req) => service.setRead(contextOf(req), req.params.id, false));
  registerEndpoint(app, api.markAllAsRead, async (req) => service.markAllAsRead(contextOf(req)));
  // Office staff raise an action for a colleague (an "Action Required" notification).
  registerEndpoint(app, api.create, async (req) => {
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
  });
  return service;
}
