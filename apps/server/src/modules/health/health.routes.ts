import type { FastifyInstance } from 'fastify';
import { HealthEndpoints as api } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  registerEndpoint(app, api.health, async (_req, reply) => {
    try {
      await database.ping();
      return reply.send({ status: 'Healthy', database: database.kind });
    } catch {
      return reply.status(503).send({ status: 'Unhealthy', database: database.kind });
    }
  });
}
