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

describe('presence and notifications between two users', () => {
  it('each sees the other on the same record, and one is notified and marks it read', async () => {
    const specialists = await apiGet<{ items: { id: string }[] }>(
      baseUrl,
      avery,
      '/api/app/specialists?maxResultCount=1',
    );
    const id = specialists.items[0]!.id;
    await avery.goto(`/view/specialists/detail/${id}`);
    await avery.getByRole('tabpanel').waitFor();
    await sam.goto(`/view/specialists/detail/${id}`);
    await sam.getByRole('tabpanel').waitFor();

    // Avery is told that Sam opened it, and both see the other's avatar.
    await notice(avery, 'User Editing Item').filter({ hasText: 'Sam Staff is viewing this record.' }).waitFor();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor();
    await sam.locator('[data-viewer="Avery Adminstaff"]').waitFor();
    await avery.screenshot({ path: artifactPath('presence-avery.png') });
    await sam.screenshot({ path: artifactPath('presence-sam.png') });

    // Avery raises an action for Sam; Sam's bell counts it, Sam opens the list and marks it read.
    const me = await apiGet<{ id: string }>(baseUrl, sam, '/api/app/account/my-profile');
    await apiPost(baseUrl, avery, '/api/app/notifications/inApp', {
      recipientId: me.id,
      title: 'Please review the specialist',
      content: '<p>The fee schedule needs a second look.</p>',
    });
    const bell = sam.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).not.toBe('Notifications, 0 unread');
    const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.click();
    const item = sam.locator('.notification-dropdown [data-notification="Please review the specialist"]').first();
    await item.waitFor();
    await sam.screenshot({ path: artifactPath('presence-sam-bell.png') });
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await item.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`Notifications, ${unreadBefore - 1} unread`);

    // Sam closes the browser: Avery no longer sees Sam.
    await sam.close();
    await avery.locator('[data-viewer="Sam Staff"]').waitFor({ state: 'detached' });
  });
});
