import { useEffect, useState } from 'react';
import { CONNECTION_MESSAGE } from '../health';

type RedirectingProps = {
  /** What the user is waiting for, e.g. "Signing you in…". */
  label: string;
  /** Leaves the page (or navigates); must be a stable function, it runs once per mount. */
  action: () => Promise<unknown>;
  /** Shown when the action fails for any reason other than an unreachable server. */
  failureMessage: string;
};

/** A page that only hands over to the provider (or back from it), with a way out if that fails. */
export function Redirecting({ label, action, failureMessage }: RedirectingProps) {
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let active = true;
    action().catch((error: unknown) => {
      // fetch() rejects with a TypeError when the server cannot be reached.
      if (active) setFailure(error instanceof TypeError ? CONNECTION_MESSAGE : failureMessage);
    });
    return () => {
      active = false;
    };
  }, [action, failureMessage]);

  return (
    <main className="page">
      <section className="card auth-card" aria-busy={!failure}>
        {failure ? (
          <>
            <p role="alert" className="alert">
              {failure}
            </p>
            {/* A full load, so sign-in starts from scratch even when this page is /login itself. */}
            <a href="/login" className="text-link">
              Sign in again
            </a>
          </>
        ) : (
          <p className="muted" role="status">
            {label}
          </p>
        )}
      </section>
    </main>
  );
}
