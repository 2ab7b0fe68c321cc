import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from './Field';
import { looksLikeEmail, Messages, postJson } from '../http';
import { Redirecting } from './Redirecting';

// The tenant name of the last successful sign-in in this browser ('' for the host); the forms start with it.
const LAST_TENANT = 'casebook.lastTenant';

function rememberedTenant(): string {
  try {
    return localStorage.getItem(LAST_TENANT) ?? '';
  } catch {
    return '';
  }
}

function rememberTenant(name: string): void {
  try {
    localStorage.setItem(LAST_TENANT, name);
  } catch {
    // Storage may be disabled; remembering is only a convenience.
  }
}

// Loaded on demand: with a `uid` the page needs only the form, not the OpenID client.
const startSignIn = () => import('../auth/oidc').then((auth) => auth.signIn('/'));

/**
 * /login. Without `uid` it starts the code flow; the provider sends the browser back here with the
 * `uid` of its sign-in interaction, which the form completes.
 */
export function LoginPage() {
  const [query] = useSearchParams();
  const uid = query.get('uid');
  // The server sends `error=expired` when the interaction it was asked about no longer exists.
  const expired = query.get('error') === 'expired';
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in');

  if (!uid && !expired) {
    return <Redirecting label="Redirecting to sign in…" action={startSignIn} failureMessage={Messages.generic} />;
  }
  return (
    <main className="page">
      {mode === 'sign-in' ? (
        <SignInForm uid={uid} expired={expired} onForgot={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('sign-in')} />
      )}
    </main>
  );
}

type SignInFormProps = { uid: string | null; expired: boolean; onForgot: () => void };

function SignInForm({ uid, expired, onForgot }: SignInFormProps) {
  const [tenant, setTenant] = useState(rememberedTenant);
  const [userNameOrEmail, setUserNameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ userNameOrEmail?: string; password?: string }>({});
  const [alert, setAlert] = useState<string | undefined>(expired ? Messages.linkInvalid : undefined);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = {
      ...(userNameOrEmail.trim() ? {} : { userNameOrEmail: Messages.required }),
      ...(password ? {} : { password: Messages.required }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    if (!uid) return void startSignIn();

    setSubmitting(true);
    setAlert(undefined);
    const result = await postJson<{ redirectTo: string }>(`/connect/interaction/${encodeURIComponent(uid)}/login`, {
      tenant: tenant.trim(),
      userNameOrEmail: userNameOrEmail.trim(),
      password,
    });
    if (result.ok) {
      rememberTenant(tenant.trim());
      // The provider finishes the flow and returns to /signin-oidc; the button stays disabled meanwhile.
      window.location.href = result.body.redirectTo;
      return;
    }
    setSubmitting(false);
    setAlert(result.message);
  }

  return (
    <section className="card auth-card" aria-labelledby="signin-title">
      <h1 id="signin-title">Sign in to Casebook</h1>
      {alert && (
        <div role="alert" className="alert">
          {alert}
          {/* An expired interaction cannot be completed; only a new sign-in helps. */}
          {alert === Messages.linkInvalid && (
            <button type="button" className="text-link" onClick={() => void startSignIn()}>
              Start again
            </button>
          )}
        </div>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id="tenant"
          label="Tenant"
          value={tenant}
          onChange={setTenant}
          autoComplete="organization"
          hint="Leave empty to sign in to the host"
          autoFocus={!tenant}
        />
        <Field
          id="userNameOrEmail"
          label="Username or email"
          value={userNameOrEmail}
          onChange={(value) => {
            setUserNameOrEmail(value);
            setErrors((e) => ({ ...e, userNameOrEmail: undefined }));
          }}
          error={errors.userNameOrEmail}
          autoComplete="username"
          required
          autoFocus={!!tenant}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="primary" disabled={submitting}>
          Sign in
        </button>
      </form>
      <button type="button" className="text-link" onClick={onForgot}>
        Forgot password?
      </button>
    </section>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [tenant, setTenant] = useState(rememberedTenant);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = !email.trim() ? Messages.required : looksLikeEmail(email) ? undefined : Messages.invalidEmail;
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    setOutcome(undefined);
    const result = await postJson<{ message: string }>('/api/account/forgot-password', {
      tenant: tenant.trim(),
      email: email.trim(),
    });
    setSubmitting(false);
    setOutcome(result.ok ? { ok: true, message: result.body.message } : result);
  }

  return (
    <section className="card auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot password?</h1>
      <p className="muted">Enter your tenant and email, and we will send you a link to choose a new password.</p>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice' : 'alert'}>
          {outcome.message}
        </p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id="forgot-tenant"
          label="Tenant"
          value={tenant}
          onChange={setTenant}
          hint="Leave empty for the host"
          autoComplete="organization"
        />
        <Field
          id="forgot-email"
          label="Email"
          type="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(undefined);
          }}
          error={error}
          autoComplete="email"
          required
          autoFocus
        />
        <button type="submit" className="primary" disabled={submitting}>
          Send reset link
        </button>
      </form>
      <button type="button" className="text-link" onClick={onBack}>
        Back to sign in
      </button>
    </section>
  );
}
