import { EntityChangeDto, EntityChangeListInput } from '../audit';
import { pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/** The "View changes" dialog's history of one record, newest first. */
export const AuditEndpoints = {
  listEntityChanges: endpoint({
    method: 'GET',
    path: '/api/app/entity-changes',
    query: EntityChangeListInput,
    response: pagedResult(EntityChangeDto),
    access: { permission: Permissions.entityChanges.read },
    tags: ['Entity history'],
  }),
};
