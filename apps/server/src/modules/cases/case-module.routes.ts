import type { FastifyInstance } from 'fastify';
import type { CaseModuleDeclaration, CaseModuleEndpoints } from '@casebook/domain';
import { contextOf } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { registerEndpoint } from '../../platform/http/endpoints';
import { CaseModuleService, type ModuleDetailsTable } from './case-module.service';

/**
 * Registers a declared case module's shared calls: list, counts, get, create, status log, and one PUT per step
 * of the declaration, each saving through the step's input and moving the status as the module decides.
 */
export function registerCaseModule(
  app: FastifyInstance,
  database: Database,
  module: CaseModuleDeclaration,
  api: CaseModuleEndpoints,
  details: ModuleDetailsTable,
): CaseModuleService {
  const service = new CaseModuleService(database, module, details);
  registerEndpoint(app, api.list, async (req) => service.list(contextOf(req), req.query));
  registerEndpoint(app, api.counts, async (req) => service.countByStatus(contextOf(req), req.query));
  registerEndpoint(app, api.get, async (req) => service.get(contextOf(req), req.params.id));
  registerEndpoint(app, api.create, async (req) => service.create(contextOf(req), req.body));
  registerEndpoint(app, api.statusLogs, async (req) => service.statusLogs(contextOf(req), req.params.id));
  for (const [key, e] of Object.entries(api.steps)) {
    registerEndpoint(app, e, async (req) => service.step(contextOf(req), key, req.params.id, req.body as never));
  }
  return service;
}
