import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { accessTokenOf, apiGet, apiPost, apiPut } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, oneTimeLinkFor, signIn } from './support/signin';
import { screenshots } from './support/screen';
import { addUser } from './support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let admin: Page;
let cm: Page;

const shot = screenshots('notifications-onetime');

type Named = { id: string };
type Case = { id: string; caseNo: string; status: string; concurrencyStamp: string };

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  const adminContext = await browser.newContext();
  admin = await adminContext.newPage();
  await signIn(admin, as('admin'), '/view/dashboard');
  const cmContext = await browser.newContext();
  cm = await cmContext.newPage();
  await signIn(cm, as('casemanager'), '/view/dashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('notifications of a module other than IME', () => {
  it("staff move a supplementary case to a draft: its case manager's bell shows it within 2 s, without a reload", async () => {
    const users = await apiGet<{ items: { id: string; userName: string }[] }>(
      baseUrl,
      staff,
      '/api/app/users?filterText=casemanager&maxResultCount=50',
    );
    const cmUserId = users.items.find((u) => u.userName === 'casemanager')!.id;
    const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', {
      name: `Bell Law ${RUN}`,
      businessType: 'LAW_FIRM',
    });
    const booker = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
      firstName: 'Bella',
      lastName: `Bell${RUN}`,
      companyId: company.id,
      userId: cmUserId,
    });
    const claimant = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
      firstName: 'Rita',
      lastName: `Ringer${RUN}`,
    });
    let c = await apiPost<Case>(baseUrl, staff, '/api/app/supplementary', {
      clientId: claimant.id,
      caseManagerId: booker.id,
    });
    const put = async (step: string, body: Record<string, unknown>) =>
      (c = await apiPut<Case>(baseUrl, staff, `/api/app/supplementary/${c.id}/${step}`, {
        concurrencyStamp: c.concurrencyStamp,
        ...body,
      }));
    await put('booking-detail', { clientId: claimant.id, caseManagerId: booker.id, reportRequestedDate: '2026-03-02' });
    await put('paperwork', { paperworkReceivedDate: '2026-03-04' });

    const bell = cm.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    const before = await unread();
    await put('dictation-report', { dictationDate: '2026-03-10', draftDate: '2026-03-12' });
    expect(c.status).toBe('DRAFT');
    await expect.poll(unread, { timeout: 2000, interval: 100 }).toBe(before + 1);
    await bell.click();
    const told = cm.locator('.notification-dropdown [data-notification="Report received"]').first();
    await told.waitFor();
    expect(await told.textContent()).toContain(c.caseNo);
    await shot(cm, 'supplementary-report-received-bell');
    await cm.keyboard.press('Escape');
  });
});

describe('the anonymous routes', () => {
  it('a one-time access link opens without sign-in in a fresh browser, signs its user in once, and is refused the second time', async () => {
    const user = await addUser(baseUrl, admin, ['CASE_MANAGER'], { name: 'Linda', surname: `Link${RUN}` });
    await apiPost(baseUrl, admin, '/api/app/onetime-access', { userId: user.id });
    const link = await oneTimeLinkFor(dataDir, user.email);

    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(link);
    // Not sent to sign in: the link signs the tab in and opens the home page of the link's user.
    await fresh.locator('.shell').first().waitFor({ timeout: 15_000 });
    expect(new URL(fresh.url()).pathname).not.toBe('/login');
    const profile = await apiGet<{ id: string }>(baseUrl, fresh, '/api/app/account/my-profile');
    expect(profile.id).toBe(user.id);
    await shot(fresh, 'onetime-signed-in');

    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: 'The link you followed is invalid or expired' }).waitFor();
    expect(new URL(again.url()).pathname).toBe('/view/onetimeaccess');
    await shot(again, 'onetime-used');
  });

  it('/view/document shows a document from its link without sign-in, and says so when the link is spent or wrong', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText(`Shared report ${RUN}`, { x: 50, y: 760, size: 14, font });
    const bytes = Array.from(await doc.save());
    const token = await accessTokenOf(staff);
    const fileName = `shared-${RUN}.pdf`;
    const uploaded = await staff.evaluate(
      async ({ bytes, fileName, token }) => {
        const form = new FormData();
        form.append('name', fileName);
        form.append('type', 'documents');
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
        const res = await fetch('/api/app/files', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return { status: res.status, body: (await res.json()) as { id?: string } };
      },
      { bytes, fileName, token },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const download = await apiPost<{ token: string }>(
      baseUrl,
      staff,
      `/api/app/files/GenerateDownloadToken?fileId=${uploaded.body.id}`,
      {},
    );

    const fresh = await (await browser.newContext()).newPage();
    await fresh.goto(`/view/document?token=${encodeURIComponent(download.token)}`);
    await fresh.getByRole('heading', { name: fileName }).waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/view/document');
    await fresh.locator(`iframe[title="${fileName}"]`).waitFor();
    await fresh.getByRole('link', { name: 'Download' }).waitFor();
    await shot(fresh, 'document');

    const wrong = await (await browser.newContext()).newPage();
    await wrong.goto('/view/document?token=not-a-token');
    await wrong.getByRole('alert').filter({ hasText: 'The link you followed is invalid or expired' }).waitFor();
    expect(new URL(wrong.url()).pathname).toBe('/view/document');
    await wrong.goto('/view/document');
    await wrong.getByRole('alert').filter({ hasText: 'The link you followed is invalid or expired' }).waitFor();
  });
});
