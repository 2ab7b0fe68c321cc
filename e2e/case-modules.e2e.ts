import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessTokenOf, apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { fillDate, openTab, pane, saveStep, screenshots, seeNotice } from './support/screen';

const baseUrl = inject('baseUrl');
const RUN = Date.now().toString(36);
const as = (userNameOrEmail: string) => ({ tenant: 'demo', userNameOrEmail, password: DEMO_PASSWORD });

let browser: RunningBrowser;
let staff: Page;
let cm: Page;
let ours: { clientId: string; caseManagerId: string };
let theirs: { clientId: string; caseManagerId: string };
let doctor: string;

const shot = screenshots('case-modules');

type Named = { id: string };
type Case = { id: string; caseNo: string };

/** Status log rows of the shown case, joined. */
const logOf = async (page: Page) =>
  (
    await pane(page).getByRole('table', { name: 'Status log' }).locator('tbody tr td:first-child').allTextContents()
  ).join(' | ');

/** The caller's answer for a case of another firm: the status of a plain GET. */
const statusOf = async (page: Page, path: string) =>
  (
    await page.request.get(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } })
  ).status();

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await browser.newPage();
  await signIn(staff, as('staff'), '/view/dashboard');
  const users = await apiGet<{ items: { id: string; userName: string }[] }>(
    baseUrl,
    staff,
    '/api/app/users?filterText=casemanager&maxResultCount=50',
  );
  const cmUserId = users.items.find((u) => u.userName === 'casemanager')!.id;
  const firm = async (name: string, userId?: string) => {
    const company = await apiPost<Named>(baseUrl, staff, '/api/app/companies', { name, businessType: 'LAW_FIRM' });
    const manager = await apiPost<Named>(baseUrl, staff, '/api/app/case-managers', {
      firstName: 'Casey',
      lastName: `${name.split(' ')[0]}${RUN}`,
      companyId: company.id,
      ...(userId ? { userId } : {}),
    });
    const client = await apiPost<Named>(baseUrl, staff, '/api/app/clients', {
      firstName: 'Terry',
      lastName: `${name.split(' ')[0]}${RUN}`,
    });
    return { clientId: client.id, caseManagerId: manager.id };
  };
  ours = await firm(`Modules Law ${RUN}`, cmUserId);
  theirs = await firm(`Elsewhere Firm ${RUN}`);
  await apiPost<Named>(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Mena',
    lastName: `Neg${RUN}`,
    onboardedDate: '2020-01-01',
  });
  doctor = `Mena Neg${RUN}`;
  const cmContext = await browser.newContext();
  cm = await cmContext.newPage();
  await signIn(cm, as('casemanager'), '/view/dashboard');
});

afterAll(async () => {
  await browser?.close();
});

describe('TPD claims, end to end', () => {
  it('staff take a claim from created to the employer statement; another firm’s case manager cannot find it', async () => {
    const tpd = await apiPost<Case>(baseUrl, staff, '/api/app/tpd', ours);
    const other = await apiPost<Case>(baseUrl, staff, '/api/app/tpd', theirs);
    await staff.goto(`/view/tpd/detail/${tpd.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Case created' }).waitFor();

    await openTab(staff, 'Booking Detail');
    await pane(staff).getByLabel('Fund name', { exact: true }).fill('AustralianSuper');
    await fillDate(staff, 'Request received date', '2026-02-02');
    await saveStep(staff, 'Request received');
    await openTab(staff, 'Cost Agreement');
    await fillDate(staff, 'Cost agreement sent date', '2026-02-03');
    await fillDate(staff, 'Cost agreement signed date', '2026-02-06');
    await saveStep(staff, 'Agreement signed');
    await openTab(staff, 'Claim Forms');
    await fillDate(staff, 'Claim form sent date', '2026-02-09');
    await fillDate(staff, 'Claim form received date', '2026-02-16');
    await saveStep(staff, 'Client claim');
    await openTab(staff, 'Statements and Submission');
    await fillDate(staff, 'Medical attendant statement date', '2026-03-02');
    await saveStep(staff, 'Medical attendant statement');
    await fillDate(staff, 'Legal submission date', '2026-03-20');
    await saveStep(staff, 'Legal submission');
    await fillDate(staff, 'Employer statement date', '2026-03-27');
    await saveStep(staff, 'Employer statement');
    await expect
      .poll(() => logOf(staff))
      .toBe(
        'Case created | Request received | Agreement signed | Client claim | Medical attendant statement | Legal submission | Employer statement',
      );
    await shot(staff, 'tpd');

    // The demo tenant's own claims are in the list beside it.
    const listed = await apiGet<{ totalCount: number }>(baseUrl, staff, '/api/app/tpd?maxResultCount=1');
    expect(listed.totalCount).toBeGreaterThanOrEqual(8);

    await cm.goto('/view/tpd');
    await pane(cm).getByRole('heading', { name: 'TPD Claims' }).waitFor();
    await pane(cm).getByText(tpd.caseNo, { exact: true }).waitFor();
    expect(await pane(cm).getByText(other.caseNo, { exact: true }).count()).toBe(0);
    await cm.goto(`/view/tpd/detail/${other.id}`);
    await pane(cm).getByText('Cannot found').waitFor();
    expect(await statusOf(cm, `/api/app/tpd/${other.id}`)).toBe(404);
  });
});

describe('medical negligence, end to end', () => {
  it('staff open a matter, ask two specialists, link a full report and close it; another firm cannot find it', async () => {
    const mn = await apiPost<Case>(baseUrl, staff, '/api/app/medneg', ours);
    const other = await apiPost<Case>(baseUrl, staff, '/api/app/medneg', theirs);
    await staff.goto(`/view/mednegs/detail/${mn.id}`);
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Created' }).waitFor();

    await openTab(staff, 'Booking Detail');
    await pane(staff).getByLabel('Allegation', { exact: true }).fill('Missed fracture');
    await fillDate(staff, 'Opened date', '2026-04-01');
    await saveStep(staff, 'Open');

    // The requests sit below the tabs, in their own section.
    const section = staff.getByRole('region', { name: 'Requests to specialists' });
    const ask = async (type: string, status: string) => {
      const box = section.getByRole('combobox', { name: 'Specialist' });
      await box.click();
      await box.pressSequentially(`Neg${RUN}`);
      await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: doctor }).first().click();
      await section.getByRole('combobox', { name: 'Request type' }).click();
      await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: type }).first().click();
      await fillDate(staff, 'Requested date', '2026-04-02', section);
      await section.getByRole('button', { name: 'Ask specialist' }).click();
      await pane(staff).locator('h1 .ant-tag', { hasText: status }).waitFor();
    };
    await ask('PO request', 'Request Sent to Specialists');
    await ask('Free PO', 'Free PO Requested');
    await section.getByRole('button', { name: 'Declined' }).first().click();
    await section.locator('td', { hasText: /^Declined$/ }).waitFor();

    const box = section.getByRole('combobox', { name: 'Specialist' });
    await box.click();
    await box.pressSequentially(`Neg${RUN}`);
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: doctor }).first().click();
    await section.getByRole('button', { name: 'Create full report' }).click();
    await pane(staff).locator('h1 .ant-tag', { hasText: 'Linked Report Created' }).waitFor();

    await openTab(staff, 'Closure');
    await pane(staff).getByRole('combobox', { name: 'Close outcome' }).click();
    await staff
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'With bookings' })
      .first()
      .click();
    await fillDate(staff, 'Closed date', '2026-05-01');
    await saveStep(staff, 'Close With Bookings');
    await expect
      .poll(() => logOf(staff))
      .toBe(
        'Created | Open | Request Sent to Specialists | Free PO Requested | Linked Report Created | Close With Bookings',
      );
    await shot(staff, 'medneg');

    await cm.goto('/view/mednegs');
    await pane(cm).getByRole('heading', { name: 'Medical Negligence' }).waitFor();
    await pane(cm).getByText(mn.caseNo, { exact: true }).waitFor();
    expect(await pane(cm).getByText(other.caseNo, { exact: true }).count()).toBe(0);
    await cm.goto(`/view/mednegs/detail/${other.id}`);
    await pane(cm).getByText('Cannot found').waitFor();
    expect(await statusOf(cm, `/api/app/medneg/${other.id}`)).toBe(404);
  });
});

describe('the correspondence tab of a module case', () => {
  it('staff add a phone note to a file review and find it in the case’s correspondence', async () => {
    const review = await apiPost<Case>(baseUrl, staff, '/api/app/file-review', ours);
    await staff.goto(`/view/file-reviews/detail/${review.id}`);
    await pane(staff).locator('h1', { hasText: review.caseNo }).waitFor();
    await openTab(staff, 'Correspondence');
    await pane(staff).getByRole('button', { name: 'Add correspondence' }).click();
    const add = staff.getByRole('dialog').filter({ hasText: 'Add correspondence' });
    await add.getByRole('combobox', { name: 'Communication type' }).click();
    await staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Phone' }).first().click();
    await add.getByLabel('Note').fill(`Firm asked for the file review date ${RUN}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff)
      .locator('[aria-label="Correspondence notes"] tbody tr.ant-table-row')
      .filter({ hasText: `Firm asked for the file review date ${RUN}` })
      .filter({ hasText: 'Phone' })
      .waitFor();
    await shot(staff, 'file-review-correspondence');
    // The case manager's screen of the case has no correspondence tab.
    await cm.goto(`/view/file-reviews/detail/${review.id}`);
    await pane(cm).locator('h1', { hasText: review.caseNo }).waitFor();
    expect(await pane(cm).getByRole('tab', { name: 'Correspondence', exact: true }).count()).toBe(0);
  });
});
