import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { EntityChangeDto, EntityChangeListInput, ErrorEnvelope, Permissions, pagedResult } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { countWhere, pageTotal } from '../../platform/db/paging';
import { entityChanges } from '../../platform/db/platform.schema';
import { contextOf } from '../../platform/access/context';

/** GET /api/app/entity-changes: the "View changes" dialog's history of one record, newest first. */
export function registerEntityChangeRoutes(app: FastifyInstance, database: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/app/entity-changes',
    {
      schema: {
        tags: ['Entity history'],
        querystring: EntityChangeListInput,
        response: { 200: pagedResult(EntityChangeDto), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
      },
      config: { access: { permission: Permissions.entityChanges.read } },
    },
    async (req) => {
      const ctx = contextOf(req);
      const q = req.query;
      const where = and(
        eq(entityChanges.entityId, q.entityId),
        q.propertyName ? eq(entityChanges.propertyName, q.propertyName) : undefined,
      );
      // The latest changes; the count is of all of them (counted only when the latest are not all).
      const { rows, totalCount } = await database.withTenant(ctx.tenant.id, async (tx) => {
        const latest = await tx
          .select()
          .from(entityChanges)
          .where(where)
          .orderBy(desc(entityChanges.changeTime), desc(entityChanges.id))
          .limit(q.maxResultCount);
        const total = await pageTotal(0, q.maxResultCount, latest.length, () => countWhere(tx, entityChanges, where));
        return { rows: latest, totalCount: total };
      });
      return {
        totalCount,
        items: rows.map((r) => ({
          id: r.id,
          entityType: r.entityType,
          entityId: r.entityId,
          changeType: r.changeType,
          propertyName: r.propertyName,
          originalValue: r.originalValue,
          newValue: r.newValue,
          originalValueExtraInfo: { text: r.originalValue },
          newValueExtraInfo: { text: r.newValue },
          user: { id: r.userId, displayName: r.userName },
          impersonatorUserId: r.impersonatorUserId,
          changeTime: r.changeTime.toISOString(),
          executionTime: r.changeTime.toISOString(),
        })),
      };
    },
  );
}
