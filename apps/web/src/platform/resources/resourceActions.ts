import { Permissions } from '@casebook/domain';
import { useCan } from '../../app/session/useCan';
import type { ResourceMetadata } from './metadata';

/** What the signed-in user may do with a resource's records. */
export type ResourceActions = { create: boolean; update: boolean; delete: boolean; viewChanges: boolean };

/**
 * The resource's actions the user holds the permission for: the metadata names the permissions its
 * calls need, the same the server checks, so a screen shows only the buttons whose calls will pass.
 */
export function useResourceActions(metadata: ResourceMetadata): ResourceActions {
  const can = useCan();
  const allowed = (action: string) => {
    const permission = metadata.permissions[action];
    return permission !== undefined && can(permission);
  };
  return {
    create: allowed('create'),
    update: allowed('update'),
    delete: allowed('delete'),
    viewChanges: can(Permissions.entityChanges.read),
  };
}
