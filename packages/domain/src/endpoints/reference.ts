import { z } from 'zod';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';
import { LookupConfigDto, NamedItemList } from '../reference';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const readMatterTypes = { permission: Permissions.matterTypes.read } as const;

/** Value-list defaults and the matter-type pick lists (case-modules.md §7, "Matter types"). */
export const ReferenceEndpoints = {
  setDefault: endpoint({
    method: 'PUT',
    path: '/api/app/lookup-configs/:id/setDefault',
    params: IdParams,
    response: LookupConfigDto,
    access: { permission: Permissions.lookupConfigs.update },
    summary: "Make the value its type's default (the previous default is unset)",
    tags: ['Value List'],
  }),
  unsetDefault: endpoint({
    method: 'PUT',
    path: '/api/app/lookup-configs/:id/unsetDefault',
    params: IdParams,
    response: LookupConfigDto,
    access: { permission: Permissions.lookupConfigs.update },
    summary: 'Unset the value as its type default',
    tags: ['Value List'],
  }),
  listMatterType: endpoint({
    method: 'GET',
    path: '/api/app/matter-types/listMatterType',
    response: NamedItemList,
    access: readMatterTypes,
    summary: 'Active matter types',
    tags: ['Matter Types'],
  }),
  listTypeOfClaim: endpoint({
    method: 'GET',
    path: '/api/app/matter-types/:id/listTypeOfClaim',
    params: IdParams,
    response: NamedItemList,
    access: readMatterTypes,
    summary: 'The types of claim of a matter type',
    tags: ['Matter Types'],
  }),
  listTypeOfReport: endpoint({
    method: 'GET',
    path: '/api/app/matter-types/:id/listTypeOfReport',
    params: IdParams,
    response: NamedItemList,
    access: readMatterTypes,
    summary: 'The types of report of a matter type (all its types of claim)',
    tags: ['Matter Types'],
  }),
  listTypeOfReportOfClaim: endpoint({
    method: 'GET',
    path: '/api/app/matter-types/:id/:claimId/listTypeOfReport',
    // The claim id is checked after the matter type, so another tenant's matter type is a 404 first.
    params: z.object({ id: Uuid, claimId: z.string().max(64) }),
    response: NamedItemList,
    access: readMatterTypes,
    summary: 'The types of report of one type of claim of a matter type',
    tags: ['Matter Types'],
  }),
};
