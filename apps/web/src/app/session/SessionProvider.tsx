import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AccountEndpoints, checkDomain, TenancyEndpoints } from '@casebook/domain';
import type { User } from 'oidc-client-ts';
import { currentUser, issuerOrigin, signIn } from '../../auth/oidc';
import { removeSavedAccount, saveAccount } from '../../auth/savedAccounts';
import { ApiError, useApi } from '../../platform/api/api-client';
import { endpointKey, endpointQuery } from '../../platform/api/endpoints';
import { CONNECTION_FAILED } from '../../platform/api/failures';
import { DEFAULT_SIDEBAR_COLOR, isSidebarColor, SIDEBAR_COLOR_SETTING } from '../theme/sidebarColors';
import { useTheme } from '../theme/useTheme';
import { sessionOf } from './accessOf';
import { SessionContext } from './useSession';

/** The cached profile and current tenant: the keys their queries below are made with. */
export const PROFILE_QUERY = endpointKey(AccountEndpoints.myProfile, {});
export const TENANT_QUERY = endpointKey(TenancyEndpoints.currentTenant, {});

/** A full-page wait or failure while the session loads. */
function SessionState({ failure, onRetry }: { failure?: string; onRetry?: () => void }) {
  if (failure) {
    return (
      <main className="session-state">
        <p role="alert" className="session-failure">
          {failure}
        </p>
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      </main>
    );
  }
  return (
    <main className="session-state" aria-busy="true">
      <Spin size="large" />
      <p role="status">Loading…</p>
    </main>
  );
}

const isConnectionFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Signs in when needed, then loads the profile and the current tenant and checks the domain. A profile
 * or tenant the server refuses, or a page on a foreign domain, signs the user out (and forgets the saved
 * account); a server that cannot be reached offers to try again instead.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const navigate = useNavigate();
  const { sidebarColor, setSidebarColor } = useTheme();
  const [oidcUser, setOidcUser] = useState<User | null>();
  const [authFailure, setAuthFailure] = useState<string>();

  useEffect(() => {
    let active = true;
    currentUser().then(
      (user) => {
        if (!active) return;
        if (user) setOidcUser(user);
        else void signIn(window.location.pathname + window.location.search);
      },
      () => active && setAuthFailure(CONNECTION_FAILED),
    );
    return () => {
      active = false;
    };
  }, []);

  const ready = !!oidcUser;
  // The spec: a 401 or 500 on the profile call is passed on silently; this page handles it.
  const profile = useQuery({
    ...endpointQuery(api, AccountEndpoints.myProfile, undefined, { silent: true }),
    enabled: ready,
    staleTime: Infinity,
  });
  const tenant = useQuery({
    ...endpointQuery(api, TenancyEndpoints.currentTenant, undefined, { silent: true }),
    enabled: ready,
    staleTime: Infinity,
  });
  const clientDomain = tenant.data?.extraProperties.ClientDomain;
  const domain = useQuery({
    queryKey: ['session', 'domain', clientDomain ?? ''],
    queryFn: async () => checkDomain(clientDomain, window.location.origin, await issuerOrigin()),
    enabled: !!tenant.data,
    staleTime: Infinity,
    retry: false,
  });

  const failed = profile.error ?? tenant.error;
  const offline = isConnectionFailure(failed) || (!!domain.error && !domain.data);
  const refused = (failed && !isConnectionFailure(failed)) || domain.data === false;

  useEffect(() => {
    if (!refused || !oidcUser) return;
    // Spec §8: a profile or tenant that cannot be loaded logs out and removes the saved account.
    removeSavedAccount(oidcUser.profile.sub);
    navigate('/view/logout', { replace: true });
  }, [refused, oidcUser, navigate]);

  const session = useMemo(
    () => (profile.data && tenant.data ? sessionOf(profile.data, tenant.data) : undefined),
    [profile.data, tenant.data],
  );

  useEffect(() => {
    if (!session || !oidcUser || session.impersonated) return;
    saveAccount({
      key: oidcUser.profile.sub,
      tenantId: session.tenant.id,
      userName: session.profile.userName,
      email: session.profile.email,
      // The sign-in form names the host with an empty tenant.
      tenantName: session.tenant.isHost ? '' : session.tenant.name,
      displayName: session.profile.fullName,
      oidcUser: oidcUser.toStorageString(),
      ...(oidcUser.expires_at ? { expireAt: oidcUser.expires_at } : {}),
    });
  }, [session, oidcUser]);

  // The sidebar colour is the user's setting (it follows them from browser to browser); without one, the
  // default. The browser's last colour only paints the page until the profile is in.
  const userId = profile.data?.id;
  const savedColor = profile.data?.settings[SIDEBAR_COLOR_SETTING];
  useEffect(() => {
    if (!userId) return;
    const color = isSidebarColor(savedColor) ? savedColor : DEFAULT_SIDEBAR_COLOR;
    if (color !== sidebarColor) setSidebarColor(color);
    // Only when the user or their saved value changes, not when they try another colour in the dialog.
  }, [userId, savedColor]);

  if (authFailure) return <SessionState failure={authFailure} onRetry={() => window.location.reload()} />;
  if (offline) {
    return (
      <SessionState
        failure={CONNECTION_FAILED}
        onRetry={() => {
          void profile.refetch();
          void tenant.refetch();
          void domain.refetch();
        }}
      />
    );
  }
  if (!session || refused || domain.data !== true) return <SessionState />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
