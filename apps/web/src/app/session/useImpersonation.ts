import { AccountEndpoints } from '@casebook/domain';
import { beginImpersonation } from '../../auth/oidc';
import { useCall } from '../../platform/api/endpoints';

/**
 * Starts working as another user of the tenant (tenant admins; `AccountEndpoints.impersonate`). The
 * page reloads as that user, with REVOKE in the Account menu to return.
 */
export function useImpersonation(): (userId: string) => Promise<void> {
  const call = useCall();
  return async (userId) => {
    const { accessToken, expiresIn } = await call(AccountEndpoints.impersonate, { body: { userId } });
    await beginImpersonation(accessToken, expiresIn);
    window.location.assign('/');
  };
}
