import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  app.get(
    '/api/health',
    { config: { access: { anonymous: true } }, schema: { tags: ['Health'] } },
    async (_req, reply) => {
      try {
        await database.ping();
        return { status: 'Healthy', database: database.kind };
      } catch {
        return reply.status(503).send({ status: 'Unhealthy', database: database.kind });
      }
    },
  );
}
