import type { FastifyInstance } from 'fastify';
import { PeopleEndpoints as api, type CaseManagerDto, type ContractorDto, type SpecialistDto } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { contextOf } from '../../platform/access/context';
import { registerEndpoint } from '../../platform/http/endpoints';
import { ResourceService } from '../../platform/resources/resource.service';
import { caseManagersResource, contractorsResource, specialistsResource } from './people.resources';
import { PeopleService } from './people.service';

/** The people calls beyond CRUD: similar-item checks, the duplicate-name check and the high-risk check. */
export function registerPeopleRoutes(app: FastifyInstance, database: Database): PeopleService {
  const service = new PeopleService(database, {
    case_managers: new ResourceService(caseManagersResource, database),
    specialists: new ResourceService(specialistsResource, database),
    contractors: new ResourceService(contractorsResource, database),
  });

  // Profile screens (CaseManager Profile, Doctor Profile, contractor detail): the caller's own record.
  registerEndpoint(app, api.myCaseManager, async (req) =>
    service.myDetail<CaseManagerDto>(contextOf(req), 'case_managers'),
  );
  registerEndpoint(app, api.mySpecialist, async (req) =>
    service.myDetail<SpecialistDto>(contextOf(req), 'specialists'),
  );
  registerEndpoint(app, api.myContractor, async (req) =>
    service.myDetail<ContractorDto>(contextOf(req), 'contractors'),
  );
  registerEndpoint(app, api.similarCaseManagers, async (req) =>
    service.similarPeople(contextOf(req), 'case_managers', req.query),
  );
  registerEndpoint(app, api.similarSpecialists, async (req) =>
    service.similarPeople(contextOf(req), 'specialists', req.query),
  );
  registerEndpoint(app, api.similarClients, async (req) => service.similarClients(contextOf(req), req.query));
  registerEndpoint(app, api.checkServiceProviderName, async (req) =>
    service.checkServiceProviderName(contextOf(req), req.query.name, req.query.excludeId),
  );
  registerEndpoint(app, api.companyHighRisk, async (req) => service.highRisk(contextOf(req), req.params.id));
  registerEndpoint(app, api.companyBookingAgents, async (req) => service.bookingAgents(contextOf(req), req.params.id));

  return service;
}
