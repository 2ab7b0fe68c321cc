import { useCallback, useEffect, useState } from 'react';
import { describeHealth, readHealth, type HealthView } from './health';
import { navigate } from './router';

/** Who is signed in, as the home page shows it. */
export type Account = { fullName: string; roles: string[]; tenant: string };

/** Placeholder home page: who is signed in, what Casebook is and whether its server is up. */
export function HomePage({ account }: { account: Account }) {
  const [health, setHealth] = useState<HealthView>({ state: 'checking' });

  const check = useCallback(async (signal?: { cancelled: boolean }) => {
    setHealth({ state: 'checking' });
    const view = await readHealth();
    if (!signal?.cancelled) setHealth(view);
  }, []);

  useEffect(() => {
    // StrictMode mounts twice in development; drop the answer of the discarded mount.
    const signal = { cancelled: false };
    void check(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [check]);

  return (
    <main className="page">
      <section className="card" aria-labelledby="product-name">
        <h1 id="product-name">Casebook</h1>
        <p className="tagline">Case management and booking for medico-legal service providers.</p>
        <div className="account">
          <p className="account-name">Signed in as {account.fullName}</p>
          <p>Roles: {account.roles.join(', ')}</p>
          <p>Tenant: {account.tenant}</p>
        </div>
        <p className="health" role="status" aria-live="polite" data-state={health.state}>
          <span className="health-dot" aria-hidden="true" />
          {describeHealth(health)}
        </p>
        <div className="actions">
          <button type="button" className="recheck" onClick={() => void check()} disabled={health.state === 'checking'}>
            Check again
          </button>
          <button type="button" className="recheck" onClick={() => navigate('/view/logout')}>
            Sign out
          </button>
        </div>
      </section>
    </main>
  );
}
