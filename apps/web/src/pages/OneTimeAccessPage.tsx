import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountEndpoints, endpointPath, oneTimeLinkPath } from '@casebook/domain';
import { Messages, postJson, type PostResult } from '../http';

type Redeemed = { accessToken: string; expiresIn: number; target: Record<string, string> };

// A link works once: a remounted page (or React's double effect in development) must not spend it twice.
const redeemed = new Map<string, Promise<PostResult<Redeemed>>>();

/**
 * /view/onetimeaccess?tenantId=…&token=…: the link of a one-time access e-mail. Opens without sign-in,
 * redeems the link once, signs this tab in as the link's user and opens what the link was for.
 */
export function OneTimeAccessPage() {
  const [query] = useSearchParams();
  const tenantId = query.get('tenantId') ?? '';
  const token = query.get('token') ?? '';
  const [failure, setFailure] = useState<string | undefined>(tenantId && token ? undefined : Messages.linkInvalid);

  useEffect(() => {
    if (!tenantId || !token) return;
    let call = redeemed.get(token);
    if (!call) {
      call = postJson<Redeemed>(endpointPath(AccountEndpoints.redeemOneTimeAccess), { tenantId, token });
      redeemed.set(token, call);
    }
    let live = true;
    void call.then(async (result) => {
      if (!live) return;
      if (!result.ok) return setFailure(result.message);
      const auth = await import('../auth/oidc');
      await auth.beginLinkSession(result.body.accessToken, result.body.expiresIn);
      // A full load: the signed-in shell starts with the new session.
      window.location.replace(oneTimeLinkPath(result.body.target));
    });
    return () => {
      live = false;
    };
  }, [tenantId, token]);

  return (
    <main className="page">
      <section className="card auth-card" aria-labelledby="onetime-title">
        <h1 id="onetime-title">One-Time Access</h1>
        {failure ? (
          <>
            <p role="alert" className="alert">
              {failure}
            </p>
            <a href="/login" className="text-link">
              Sign in
            </a>
          </>
        ) : (
          <p role="status" aria-busy="true">
            Opening your link…
          </p>
        )}
      </section>
    </main>
  );
}
