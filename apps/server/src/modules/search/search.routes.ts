import type { FastifyInstance } from 'fastify';
import { SearchEndpoints as api } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { SearchService } from './search.service';

/** The universal and action-required searches, the account pages' own records and the product updates. */
export function registerSearchRoutes(app: FastifyInstance, database: Database): void {
  const service = new SearchService(database);
  registerEndpoint(app, api.universal, async (req) => service.universal(contextOf(req), req.query.text));
  registerEndpoint(app, api.actionRequired, async (req) => service.actionRequired(contextOf(req), req.query));
  registerEndpoint(app, api.myRecords, async (req) => service.myRecords(contextOf(req)));
  registerEndpoint(app, api.productUpdates, async (req) => service.productUpdates(contextOf(req), req.query));
}
