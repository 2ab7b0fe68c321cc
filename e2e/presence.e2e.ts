import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { apiGet, apiPost } from './support/api';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');

let browser: RunningBrowser;
let avery: Page;
let sam: Page;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  // Two people, two browser profiles.
  avery = await (await browser.newContext()).newPage();
  sam = await (await browser.newContext()).newPage();
  await signIn(avery, { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD });
  await signIn(sam, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

const notice = (page: Page, text: string) => page.locator('.ant-notification-notice').filter({ hasText: text });

const RUN = Date.now().toString(36);

/** A case of this run, as staff book it: a claimant and the booking case manager of a company. */
async function newCase(page: Page): Promise<{ id: string; caseNo: string }> {
  const company = await apiPost<{ id: string }>(baseUrl, page, '/api/app/companies', {
    name: `Presence Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, page, '/api/app/case-managers', {
    firstName: 'Pat',
    lastName: `Presence${RUN}`,
    companyId: company.id,
    email: `pat.${RUN}@example.test`,
  });
  const client = await apiPost<{ id: string }>(baseUrl, page, '/api/app/clients', {
    firstName: 'Casey',
    lastName: `Claimant${RUN}`,
  });
  return apiPost(baseUrl, page, '/api/app/assessments', { clientId: client.id, caseManagerId: cm.id });
}

describe('presence and notifications between two users', () => {
  it('each sees the other on the same case, and one is notified and marks it read', async () => {
    const c = await newCase(avery);
    await avery.goto(`/view/assessments/detail/${c.id}`);
    await avery.getByRole('heading', { name: new RegExp(c.caseNo) }).waitFor();
    await sam.goto(`/view/assessments/detail/${c.id}`);
    await sam.getByRole('heading', { name: new RegExp(c.caseNo) }).waitFor();

    // Avery is told that Sam opened it, and both see the other's avatar.
    await notice(avery, 'User Editing Item').filter({ hasText: 'Sam Staff is viewing this record.' }).waitFor();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor();
    await sam.locator('[data-viewer="Avery Adminstaff"]').waitFor();
    // Sam is told too once Avery opens the case again (Avery closes it, Sam's header empties, Avery comes back).
    await avery.goto('/view/dashboard');
    await sam.locator('[data-viewer="Avery Adminstaff"]').waitFor({ state: 'detached' });
    await avery.goto(`/view/assessments/detail/${c.id}`);
    await notice(sam, 'User Editing Item').filter({ hasText: 'Avery Adminstaff is viewing this record.' }).waitFor();
    await sam.locator('[data-viewer="Avery Adminstaff"]').waitFor();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor();
    await avery.screenshot({ animations: 'disabled', path: artifactPath('presence-avery.png') });
    await sam.screenshot({ animations: 'disabled', path: artifactPath('presence-sam.png') });

    // Avery raises an action on the case for Sam; Sam's bell counts it, Sam opens the list and marks it read.
    const me = await apiGet<{ id: string }>(baseUrl, sam, '/api/app/account/my-profile');
    const title = `Please review case ${c.caseNo}`;
    await apiPost(baseUrl, avery, '/api/app/notifications/inApp', {
      recipientId: me.id,
      objectId: c.id,
      objectReferenceName: c.caseNo,
      fromModule: 'IME',
      title,
      content: '<p>The appointment needs a second look.</p>',
    });
    const bell = sam.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).not.toBe('Notifications, 0 unread');
    const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.click();
    const item = sam.locator(`.notification-dropdown [data-notification="${title}"]`).first();
    await item.waitFor();
    await sam.screenshot({ animations: 'disabled', path: artifactPath('presence-sam-bell.png') });
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await item.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`Notifications, ${unreadBefore - 1} unread`);

    // Sam closes the browser: Avery no longer sees Sam.
    await sam.close();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor({ state: 'detached' });
  });

  it('record screens show the other viewers too', async () => {
    const specialists = await apiGet<{ items: { id: string }[] }>(
      baseUrl,
      avery,
      '/api/app/specialists?maxResultCount=1',
    );
    const id = specialists.items[0]!.id;
    const other = await (await browser.newContext()).newPage();
    await signIn(other, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD });
    await avery.goto(`/view/specialists/detail/${id}`);
    await avery.getByRole('tabpanel').waitFor();
    await other.goto(`/view/specialists/detail/${id}`);
    await other.getByRole('tabpanel').waitFor();
    await notice(avery, 'User Editing Item').filter({ hasText: 'Sam Staff is viewing this record.' }).waitFor();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor();
    await other.locator('[data-viewer="Avery Adminstaff"]').waitFor();
    await other.close();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor({ state: 'detached' });
  });
});
