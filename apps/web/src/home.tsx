import { useCallback, useEffect, useState } from 'react';
import { describeHealth, readHealth, type HealthView } from './health';

/** Placeholder home page: what Casebook is and whether its server is up. */
export function HomePage() {
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
    <main className="home">
      <section className="card" aria-labelledby="product-name">
        <h1 id="product-name">Casebook</h1>
        <p className="tagline">Case management and booking for medico-legal service providers.</p>
        <p className="health" role="status" aria-live="polite" data-state={health.state}>
          <span className="health-dot" aria-hidden="true" />
          {describeHealth(health)}
        </p>
        <button type="button" className="recheck" onClick={() => void check()} disabled={health.state === 'checking'}>
          Check again
        </button>
      </section>
    </main>
  );
}
