import { useCallback } from 'react';
import { effectiveFeatures, type EndpointAccess } from '@casebook/domain';
import { useSession } from './useSession';

/**
 * Whether the signed-in user holds a permission (a `Permissions` name, as the server checks it). Screens
 * show an action only when it answers true, so they never offer a call the server would refuse.
 */
export function useCan(): (permission: string) => boolean {
  const { permissions } = useSession();
  return useCallback((permission: string) => permissions.has(permission), [permissions]);
}

/**
 * Whether the server's guard would let the signed-in user make a declared call: its permission, host-only
 * rule and features, read the way the guard reads them. A screen makes a call only when this says yes.
 */
export function useMayCall(): (e: { access: EndpointAccess }) => boolean {
  const { permissions, user, accessTenant } = useSession();
  return useCallback(
    ({ access }: { access: EndpointAccess }) => {
      if (access.anonymous) return true;
      if (access.hostOnly && !user.isHost) return false;
      if (access.permission && !permissions.has(access.permission)) return false;
      if (access.features && access.features.length > 0) {
        const on: ReadonlySet<string> = effectiveFeatures(user, accessTenant);
        if (!access.features.some((f) => on.has(f))) return false;
      }
      return true;
    },
    [permissions, user, accessTenant],
  );
}
