import { useEffect, useState } from 'react';
import { authorizedFetch, currentUser, signIn } from '../auth/oidc';
import { CONNECTION_MESSAGE } from '../health';
import { HomePage, type Account } from '../home';
import { errorMessageOf, Messages } from '../http';
import { navigate } from '../router';

type MyProfile = { fullName: string; roles: { name: string }[] };
type CurrentTenant = { name: string };

type State = { status: 'loading' } | { status: 'ready'; account: Account } | { status: 'failed'; message: string };

/** GETs JSON with the access token; a failure keeps its status and the message to show. */
async function getJson<T>(
  url: string,
): Promise<{ ok: true; body: T } | { ok: false; status: number; message: string }> {
  const response = await authorizedFetch(url, { headers: { accept: 'application/json' } });
  if (response.ok) return { ok: true, body: (await response.json()) as T };
  return { ok: false, status: response.status, message: await errorMessageOf(response) };
}

/** Loads the session, profile and tenant: signs in first when needed, signs out when they are refused. */
async function loadAccount(): Promise<State | undefined> {
  if (!(await currentUser())) {
    await signIn(window.location.pathname + window.location.search);
    return undefined;
  }
  const [profile, tenant] = await Promise.all([
    getJson<MyProfile>('/api/app/account/my-profile'),
    getJson<CurrentTenant>('/api/app/tenants/current'),
  ]);
  if ((!profile.ok && profile.status === 401) || (!tenant.ok && tenant.status === 401)) {
    // The spec: a profile or tenant that cannot be loaded logs the user out.
    navigate('/view/logout', { replace: true });
    return undefined;
  }
  if (!profile.ok) return { status: 'failed', message: profile.message };
  if (!tenant.ok) return { status: 'failed', message: tenant.message };
  return {
    status: 'ready',
    account: {
      fullName: profile.body.fullName,
      roles: profile.body.roles.map((r) => r.name),
      tenant: tenant.body.name,
    },
  };
}

/** Every route that needs a signed-in user; for now they all show the home page. */
export function SignedInArea() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadAccount().then(
      (next) => active && next && setState(next),
      (error: unknown) =>
        active &&
        setState({ status: 'failed', message: error instanceof TypeError ? CONNECTION_MESSAGE : Messages.generic }),
    );
    return () => {
      active = false;
    };
  }, []);

  if (state.status === 'ready') return <HomePage account={state.account} />;
  return (
    <main className="page">
      <section className="card auth-card" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : (
          <p role="alert" className="alert">
            {state.message}
          </p>
        )}
      </section>
    </main>
  );
}
