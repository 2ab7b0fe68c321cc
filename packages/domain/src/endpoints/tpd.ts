import { TpdModule } from '../cases/modules/tpd';
import { caseModuleEndpoints, moduleEndpointList } from './case-modules';

/** TPD claims: the shared calls of the declaration (its steps include precedentAuthority, costAgreement, ClaimForms). */
export const TpdEndpoints = caseModuleEndpoints(TpdModule, '/api/app/tpd');

export const TpdEndpointList = moduleEndpointList(TpdEndpoints);
