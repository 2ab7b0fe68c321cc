import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Field } from './Field';
import { isStrongPassword, Messages, postJson } from '../http';

type Errors = { password?: string; confirm?: string };

/** /account/reset-password?tenantId=…&token=…: the link of the password reset email. */
export function ResetPasswordPage() {
  const [query] = useSearchParams();
  const tenantId = query.get('tenantId') ?? '';
  const token = query.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>(tenantId && token ? undefined : Messages.linkInvalid);
  const [done, setDone] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    if (!password) next.password = Messages.required;
    else if (!isStrongPassword(password)) next.password = Messages.passwordRule;
    if (!confirm) next.confirm = Messages.required;
    else if (confirm !== password) next.confirm = Messages.passwordsDiffer;
    setErrors(next);
    if (next.password || next.confirm) return;

    setSubmitting(true);
    setFailure(undefined);
    const result = await postJson<{ message: string }>('/api/account/reset-password', { tenantId, token, password });
    setSubmitting(false);
    if (result.ok) setDone(result.body.message);
    else setFailure(result.message);
  }

  return (
    <main className="page">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {done ? (
          <>
            <p role="status" className="notice">
              {done}
            </p>
            <Link to="/login" className="text-link">
              Sign in
            </Link>
          </>
        ) : (
          <>
            {failure && (
              <p role="alert" className="alert">
                {failure}
              </p>
            )}
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Field
                id="new-password"
                label="New password"
                type="password"
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setErrors((e) => ({ ...e, password: undefined }));
                }}
                hint={Messages.passwordRule}
                error={errors.password}
                autoComplete="new-password"
                required
                autoFocus
              />
              <Field
                id="confirm-password"
                label="Confirm password"
                type="password"
                value={confirm}
                onChange={(value) => {
                  setConfirm(value);
                  setErrors((e) => ({ ...e, confirm: undefined }));
                }}
                error={errors.confirm}
                autoComplete="new-password"
                required
              />
              <button type="submit" className="primary" disabled={submitting}>
                Change password
              </button>
            </form>
          </>
        )}
      </section>
    </main>
  );
}
