import type { FastifyInstance } from 'fastify';
import { TpdEndpoints, TpdModule } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { registerCaseModule } from '../cases/case-module.routes';
import { tpdCaseDetails } from './tpd.schema';

/** TPD claims: the declared calls. */
export function registerTpdRoutes(app: FastifyInstance, database: Database) {
  registerCaseModule(app, database, TpdModule, TpdEndpoints, tpdCaseDetails);
}
