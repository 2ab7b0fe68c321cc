import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { chooseAccountMenuItem } from './support/shell';
import { addUser, resetPasswordOnUserScreen, type NewUser } from './support/users';
import {
  DEMO_PASSWORD,
  mailedPasswordFor,
  resetLinkFor,
  signIn,
  submitSignIn,
  waitForSignInForm,
} from './support/signin';

const baseUrl = inject('baseUrl');
const databaseKind = inject('databaseKind');
const dataDir = inject('dataDir');

let browser: RunningBrowser;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl });
});

afterAll(async () => {
  await browser?.close();
});

/** Runs `body` in a new browser context: no cookies, no provider session, empty storage. */
async function inFreshContext(body: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext();
  try {
    await body(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
// A string, evaluated in the page: the e2e project has no DOM types.
const hasStoredUser = (page: Page) =>
  page.evaluate<boolean>("Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:'))");
/** The signed-in user's email, from the ID token claims the app keeps (demo emails embed the tenant id). */
async function emailOf(credentials: { tenant: string; userNameOrEmail: string }): Promise<string> {
  let email = '';
  await inFreshContext(async (page) => {
    await signIn(page, { ...credentials, password: DEMO_PASSWORD });
    email = await page.evaluate<string>(
      "JSON.parse(sessionStorage.getItem(Object.keys(sessionStorage).find((key) => key.startsWith('oidc.user:')))).profile.email",
    );
  });
  return email;
}

const alertText = async (page: Page) => (await page.getByRole('alert').textContent())?.trim();
/** A fact of the dashboard's "Signed in as" panel (Roles, Tenant, Edition). */
const fact = async (page: Page, name: string) =>
  (await page.locator(`.facts dt:text-is("${name}") + dd`).textContent())?.trim();

const demoUsers = [
  { userName: 'admin', fullName: 'Alex Admin', roles: 'Tenant admin' },
  { userName: 'staff', fullName: 'Sam Staff', roles: 'Staff' },
  { userName: 'casemanager', fullName: 'Morgan Casemanager', roles: 'Case manager' },
];

describe('signing in through /login', () => {
  it.each(demoUsers)(
    'signs $userName of tenant demo in and shows who is signed in',
    async ({ userName, fullName, roles }) => {
      await inFreshContext(async (page) => {
        await page.goto('/');
        // Signed out, the app starts the code flow and the provider hands back to the sign-in page.
        await waitForSignInForm(page);
        await page.screenshot({ animations: 'disabled', path: artifactPath(`signin-${userName}.png`), fullPage: true });

        await submitSignIn(page, { tenant: 'demo', userNameOrEmail: userName, password: DEMO_PASSWORD });
        await page.getByText(`Signed in as ${fullName}`, { exact: true }).waitFor();
        // The root opens the dashboard as the first tab.
        expect(pathOf(page)).toBe('/view/dashboard');
        expect(await fact(page, 'Roles')).toBe(roles);
        expect(await fact(page, 'Tenant')).toBe('demo');
        const health = page.locator('[role="status"][data-state]:not([data-state="checking"])');
        await health.waitFor();
        expect(await health.textContent()).toBe(`Service status: Healthy (${databaseKind})`);
        // Tokens live in this tab's session storage only.
        expect(await hasStoredUser(page)).toBe(true);
        await page.screenshot({ animations: 'disabled', path: artifactPath(`home-${userName}.png`), fullPage: true });
      });
    },
  );

  it('returns to the page first asked for', async () => {
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD }, '/view/dashboard?x=1');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/view/dashboard?x=1');
    });
  });

  it('accepts the email address as the user name', async () => {
    const email = await emailOf({ tenant: 'demo', userNameOrEmail: 'staff' });
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: 'demo', userNameOrEmail: email, password: DEMO_PASSWORD });
      await page.getByText('Signed in as Sam Staff', { exact: true }).waitFor();
    });
  });

  it('signs the host admin in with an empty tenant', async () => {
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: '', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
      expect(await fact(page, 'Tenant')).toBe('Host');
    });
  });
});

describe('any local address and a fast first load', () => {
  const localhostUrl = baseUrl.replace('//127.0.0.1:', '//localhost:');

  it.each([
    ['127.0.0.1', baseUrl],
    ['localhost', localhostUrl],
  ])('signs in when the app is opened at %s', async (_name, origin) => {
    await inFreshContext(async (page) => {
      await signIn(
        page,
        { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD },
        `${origin}/view/dashboard`,
      );
      await page.getByText('Signed in as Sam Staff', { exact: true }).waitFor();
      // The app runs at PUBLIC_URL, where sign-in is registered.
      expect(new URL(page.url()).origin).toBe(baseUrl);
      expect(pathOf(page)).toBe('/view/dashboard');
    });
  });

  it("sends the build's hashed scripts compressed and cached for a year, and its page revalidated", async () => {
    const index = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
    expect(script).toBeDefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // fetch undoes the encoding: the script itself arrives.
      expect((await res.text()).length).toBeGreaterThan(Number(res.headers.get('content-length')));
    }
  });
});

describe('sign-in errors', () => {
  it('shows the spec message for a wrong password and lets the user try again', async () => {
    await inFreshContext(async (page) => {
      await page.goto('/login');
      await waitForSignInForm(page);
      await submitSignIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: 'Wrong!pass1' });
      await page.getByRole('alert').waitFor();
      expect(await alertText(page)).toBe('Your username or password is incorrect');
      expect(pathOf(page)).toBe('/login');
      expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
      await page.screenshot({
        animations: 'disabled',
        path: artifactPath('signin-wrong-password.png'),
        fullPage: true,
      });
    });
  });

  it('asks for the required fields without calling the server', async () => {
    await inFreshContext(async (page) => {
      await page.goto('/login');
      await waitForSignInForm(page);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect(await page.getByText('This field is required', { exact: true }).count()).toBe(2);
      expect(await page.getByLabel('Username or email').getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
      await page.screenshot({ animations: 'disabled', path: artifactPath('signin-required.png'), fullPage: true });
    });
  });

  it('says the link expired for an unknown interaction and starts again', async () => {
    await inFreshContext(async (page) => {
      await page.goto('/login?uid=no-such-interaction');
      await page.getByRole('heading', { name: 'Sign in to Casebook' }).waitFor();
      await submitSignIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toContain('The link you followed is invalid or expired');
      await page.getByRole('button', { name: 'Start again' }).click();
      // A new authorization request, so a new interaction.
      await page.waitForURL((url) => !['no-such-interaction', null].includes(url.searchParams.get('uid')));
      await waitForSignInForm(page);
    });
  });
});

describe('signing out', () => {
  it('ends the session and returns to the sign-in form with the tenant remembered', async () => {
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
      await chooseAccountMenuItem(page, 'Sign out');
      await waitForSignInForm(page);
      expect(await page.getByLabel('Tenant', { exact: true }).inputValue()).toBe('demo');
      expect(await hasStoredUser(page)).toBe(false);

      // The provider's session is over too: opening the app asks for credentials again.
      await page.goto('/');
      await waitForSignInForm(page);
      await page.screenshot({ animations: 'disabled', path: artifactPath('signed-out.png'), fullPage: true });
    });
  });

  it('signs out when the profile is refused', async () => {
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
      await page.route('**/api/app/account/my-profile', (route) =>
        route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"message":"no"}}' }),
      );
      await page.reload();
      await waitForSignInForm(page);
    });
  });
});

/** An accounting user of its own, added by the demo admin (see `addUser`). */
async function newAccountingUser(): Promise<NewUser> {
  let user: NewUser | undefined;
  await inFreshContext(async (page) => {
    await signIn(page, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
    user = await addUser(baseUrl, page, ['ACCOUNTING']);
  });
  return user!;
}

describe('password reset', () => {
  it('sends a link by email, sets a new password with it, and signs in with that password', async () => {
    const { userName, email, fullName } = await newAccountingUser();
    const newPassword = 'Fresh!Pass9';
    await inFreshContext(async (page) => {
      await page.goto('/login');
      await waitForSignInForm(page);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Tenant', { exact: true }).fill('demo');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.locator('.notice[role="status"]').waitFor();
      expect(await page.locator('.notice[role="status"]').textContent()).toBe(
        'If the account exists, an email with a link to reset the password has been sent',
      );
      await page.screenshot({ animations: 'disabled', path: artifactPath('forgot-password-sent.png'), fullPage: true });

      const link = await resetLinkFor(dataDir, email);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // The rule is checked before anything is sent.
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      expect(await page.locator('#new-password-note.field-error').textContent()).toBe(
        'The password must be at least 8 characters long and contain an uppercase letter, a lowercase letter, a digit and a special character',
      );
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('status').waitFor();
      expect(await page.getByRole('status').textContent()).toBe('Your password has been changed');
      await page.screenshot({ animations: 'disabled', path: artifactPath('reset-password-done.png'), fullPage: true });

      await page.getByRole('link', { name: 'Sign in' }).click();
      await waitForSignInForm(page);
      await submitSignIn(page, { tenant: 'demo', userNameOrEmail: userName, password: newPassword });
      await page.getByText(`Signed in as ${fullName}`, { exact: true }).waitFor();

      // The link works once.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('alert').waitFor();
      expect(await alertText(page)).toBe('The link you followed is invalid or expired');
    });
  });

  it("an administrator resets a user's password from the Users screen; the user signs in with the e-mailed one", async () => {
    const { id, userName, email, fullName } = await newAccountingUser();
    // The reset's mail, not a mail of the account's creation that the outbox may deliver after it.
    const resetAt = Date.now();
    await inFreshContext(async (page) => {
      await signIn(
        page,
        { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD },
        `/view/users/detail/${id}`,
      );
      await resetPasswordOnUserScreen(page, id, artifactPath('user-password-reset.png'));
    });
    const password = await mailedPasswordFor(dataDir, email, 15_000, resetAt);
    expect(password).not.toBe(DEMO_PASSWORD);
    await inFreshContext(async (page) => {
      await signIn(page, { tenant: 'demo', userNameOrEmail: userName, password });
      await page.getByText(`Signed in as ${fullName}`, { exact: true }).waitFor();
    });
  });
});
