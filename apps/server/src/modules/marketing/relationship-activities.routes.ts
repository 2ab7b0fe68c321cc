import type { FastifyInstance } from 'fastify';
import { RelationshipActivityEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { sendExport } from '../../platform/resources/resource.export';
import { RelationshipActivityService } from './relationship-activities.service';

/** The Marketing menu's relationship activities: list, record one, export. */
export function registerRelationshipActivityRoutes(app: FastifyInstance, database: Database) {
  const service = new RelationshipActivityService(database);
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.export, async (req, reply) =>
    sendExport(reply, await service.export(contextOf(req), req.query)),
  );
}
