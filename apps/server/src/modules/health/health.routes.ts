import type { FastifyInstance } from 'fastify';
import { HealthEndpoints as api } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';

/** The demo's work in progress: not seeded by this process, being seeded, seeded, or stopped by an error. */
export type DemoDataState = 'none' | 'seeding' | 'ready' | 'failed';

/**
 * GET /api/health: 200 when the database answers, 503 when it does not. A server that seeds the demo's work
 * in progress after it starts answering also says where that stands (`demo`: seeding, ready or failed).
 */
export function registerHealthRoutes(app: FastifyInstance, database: Database, demoData?: () => DemoDataState) {
  registerEndpoint(
    app,
    api.health,
    async (_req, reply) => {
      try {
        await database.ping();
        const demo = demoData?.();
        return reply.send({ status: 'Healthy', database: database.kind, ...(demo && demo !== 'none' ? { demo } : {}) });
      } catch {
        return reply.status(503).send({ status: 'Unhealthy', database: database.kind });
      }
    },
    // Load balancers may check with HEAD.
    { head: true },
  );
}
