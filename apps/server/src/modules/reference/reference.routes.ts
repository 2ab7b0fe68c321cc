import type { FastifyInstance } from 'fastify';
import { ReferenceEndpoints as api } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { ResourceService } from '../../platform/resources/resource.service';
import { lookupConfigsResource } from './reference.resources';
import { ReferenceService } from './reference.service';

/** Value-list defaults and the matter-type pick lists (case-modules.md §7, "Matter types"). */
export function registerReferenceRoutes(app: FastifyInstance, database: Database): ReferenceService {
  const service = new ReferenceService(database, new ResourceService(lookupConfigsResource, database));

  registerEndpoint(app, api.setDefault, async (req) => service.setDefault(contextOf(req), req.params.id, true));
  registerEndpoint(app, api.unsetDefault, async (req) => service.setDefault(contextOf(req), req.params.id, false));
  registerEndpoint(app, api.listMatterType, async (req) => service.listMatterTypes(contextOf(req)));
  registerEndpoint(app, api.listTypeOfClaim, async (req) => service.listTypeOfClaim(contextOf(req), req.params.id));
  registerEndpoint(app, api.listTypeOfReport, async (req) => service.listTypeOfReport(contextOf(req), req.params.id));
  registerEndpoint(app, api.listTypeOfReportOfClaim, async (req) =>
    service.listTypeOfReport(contextOf(req), req.params.id, req.params.claimId),
  );

  return service;
}
