import { useCallback } from 'react';
import { useSession } from './useSession';

/**
 * Whether the signed-in user holds a permission (a `Permissions` name, as the server checks it). Screens
 * show an action only when it answers true, so they never offer a call the server would refuse.
 */
export function useCan(): (permission: string) => boolean {
  const { permissions } = useSession();
  return useCallback((permission: string) => permissions.has(permission), [permissions]);
}
