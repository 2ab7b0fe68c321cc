import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'Demo!2026';

export type Credentials = { tenant: string; userNameOrEmail: string; password: string };

/** Waits for the sign-in form the provider hands the browser to (/login?uid=…). */
export async function waitForSignInForm(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('uid'));
  await page.getByRole('heading', { name: 'Sign in to Casebook' }).waitFor();
}

/** Types into the labelled fields and presses "Sign in". */
export async function submitSignIn(page: Page, credentials: Credentials): Promise<void> {
  const tenant = page.getByLabel('Tenant', { exact: true });
  await tenant.clear();
  await tenant.pressSequentially(credentials.tenant);
  await page.getByLabel('Username or email', { exact: true }).pressSequentially(credentials.userNameOrEmail);
  await page.getByLabel('Password', { exact: true }).pressSequentially(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens `startPath` signed out, signs in through the form and waits for the signed-in page (shell or print). */
export async function signIn(page: Page, credentials: Credentials, startPath = '/'): Promise<void> {
  await page.goto(startPath);
  await waitForSignInForm(page);
  await submitSignIn(page, credentials);
  await page.waitForURL((url) => !['/login', '/signin-oidc'].includes(url.pathname));
  await page.locator('.shell, .print-page').first().waitFor();
}

/**
 * The first match of `pattern` in the newest email to `to` in the server's outbox (DATA_DIR/mail) that
 * has one. Mail bodies are quoted-printable, so soft line breaks and `=3D` are undone first.
 */
async function fromNewestMail(
  dataDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs: number,
  /** Only mail written at or after this time (ms): an earlier mail to the same address is not the one awaited. */
  since = 0,
): Promise<RegExpExecArray> {
  const outbox = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      if (since > 0 && fs.statSync(path.join(outbox, file)).mtimeMs < since) continue;
      const mail = fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(mail)) continue;
      const found = pattern.exec(mail);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${pattern} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The password reset link of the newest email to `to` in the server's outbox, as a path. */
export async function resetLinkFor(dataDir: string, to: string, timeoutMs = 5_000): Promise<string> {
  return (await fromNewestMail(dataDir, to, /\/account\/reset-password\?tenantId=[\w-]+&token=[\w-]+/, timeoutMs))[0];
}

/** The password of the newest login information e-mailed to `to` (sent when an administrator resets it). */
export async function mailedPasswordFor(dataDir: string, to: string, timeoutMs = 5_000, since = 0): Promise<string> {
  return (await fromNewestMail(dataDir, to, /^Password: (\S+)$/m, timeoutMs, since))[1]!;
}

/** The newest e-mail to `to` in the server's outbox whose text matches `pattern`: the match. */
export async function mailMatching(dataDir: string, to: string, pattern: RegExp, timeoutMs = 5_000, since = 0) {
  return fromNewestMail(dataDir, to, pattern, timeoutMs, since);
}

/** The one-time access link of the newest email to `to` in the server's outbox, as a path. */
export async function oneTimeLinkFor(dataDir: string, to: string, timeoutMs = 5_000): Promise<string> {
  return (await fromNewestMail(dataDir, to, /\/view\/onetimeaccess\?tenantId=[\w-]+&token=[\w-]+/, timeoutMs))[0];
}
