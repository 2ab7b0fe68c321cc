import { beginImpersonation } from '../../auth/oidc';
import { useApi } from '../../platform/api/api-client';

type ImpersonationToken = { accessToken: string; tokenType: 'Bearer'; expiresIn: number };

/**
 * Starts working as another user of the tenant (tenant admins; POST /api/app/account/impersonate). The
 * page reloads as that user, with REVOKE in the Account menu to return.
 */
export function useImpersonation(): (userId: string) => Promise<void> {
  const api = useApi();
  return async (userId) => {
    const { accessToken, expiresIn } = await api.post<ImpersonationToken>('/api/app/account/impersonate', { userId });
    await beginImpersonation(accessToken, expiresIn);
    window.location.assign('/');
  };
}
