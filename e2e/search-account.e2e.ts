import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MyRecordsDto } from '@casebook/domain';
import { apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { pane, screenshots } from './support/screen';
import { DEMO_PASSWORD, signIn } from './support/signin';

const baseUrl = inject('baseUrl');
let browser: RunningBrowser;
const RUN = Date.now().toString(36);
const shot = screenshots('search-account');
const PLACEHOLDER = 'This section is not available yet.';

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(userName: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { tenant: 'demo', userNameOrEmail: userName, password: DEMO_PASSWORD }, path);
  await pane(page).locator('.screen-title').first().waitFor();
  return page;
}

describe('the universal search', () => {
  it("staff find a claimant's case by the claimant's name and open it from the result", async () => {
    const staff = await signedIn('staff', '/view/universal-search');
    // A claimant whose name no one else has, and a case of theirs.
    const lastName = `Quorvath${RUN}`;
    const company = (await apiGet<{ items: { id: string }[] }>(baseUrl, staff, '/api/app/companies?maxResultCount=1'))
      .items[0]!;
    const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
      firstName: 'Sally',
      lastName: `Searcher${RUN}`,
      companyId: company.id,
    });
    const client = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
      firstName: 'Imogen',
      lastName,
    });
    const booked = await apiPost<{ id: string; caseNo: string }>(baseUrl, staff, '/api/app/assessments', {
      clientId: client.id,
      caseManagerId: cm.id,
    });

    expect(await pane(staff).getByText(PLACEHOLDER).count()).toBe(0);
    await pane(staff).getByLabel('Search everything').fill(`imogen ${lastName}`.slice(0, 40));
    const cases = pane(staff).locator('[data-group="Cases"]');
    const result = cases.getByRole('link', { name: new RegExp(booked.caseNo) });
    await result.waitFor();
    await pane(staff)
      .locator('[data-group="Claimants"]')
      .getByRole('link', { name: `Imogen ${lastName}` })
      .waitFor();
    await shot(staff, 'universal');
    await result.click();
    await staff.waitForURL((url) => url.pathname === `/view/assessments/detail/${booked.id}`);
    await pane(staff)
      .getByRole('heading', { name: new RegExp(booked.caseNo) })
      .waitFor();
  });
});

describe('the account pages', () => {
  it('a specialist sees their own record on Doctor Profile', async () => {
    const page = await signedIn('specialist', '/view/dr-account');
    const mine = await apiGet<MyRecordsDto>(baseUrl, page, '/api/app/account/my-records');
    expect(mine.specialist).not.toBeNull();
    await pane(page).getByText(mine.specialist!.name).first().waitFor();
    if (mine.specialist!.email) await pane(page).getByText(mine.specialist!.email).waitFor();
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'dr-account');
  });

  it('a case manager sees their record and firm on CaseManager Profile', async () => {
    const page = await signedIn('casemanager', '/view/cm-profile');
    const mine = await apiGet<MyRecordsDto>(baseUrl, page, '/api/app/account/my-records');
    expect(mine.caseManagers.length).toBeGreaterThan(0);
    const record = mine.caseManagers[0]!;
    await pane(page).getByText(record.name).first().waitFor();
    await pane(page).getByText(record.companyName).first().waitFor();
    if (record.recent[0]) await pane(page).getByText(record.recent[0].caseNo, { exact: true }).first().waitFor();
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'cm-profile');
  });

  it('the demo contractor sees their typing service on Contractor Detail', async () => {
    const page = await signedIn('contractor', '/view/contractor-detail');
    await pane(page).getByText('Precise Typing Services').waitFor();
    await pane(page).getByText('jobs@precisetyping.example').waitFor();
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'contractor-detail');
  });

  it("admin staff see the tenant's edition and features on Subscription", async () => {
    const page = await signedIn('adminstaff', '/subscription');
    const tenant = await apiGet<{ name: string; editionName: string }>(baseUrl, page, '/api/app/tenants/current');
    await pane(page).getByText(tenant.editionName, { exact: true }).first().waitFor();
    await pane(page).getByText(tenant.name).first().waitFor();
    await pane(page).getByText('Storage used').waitFor();
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'subscription');
  });

  it('a case manager reads the product updates', async () => {
    const page = await signedIn('casemanager', '/view/product-update');
    await pane(page).getByText('Combined Task Search and account pages').waitFor();
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'product-update');
  });

  it('staff see open action items on Action Required Search', async () => {
    const page = await signedIn('staff', '/view/action-required-search');
    expect(await pane(page).getByText(PLACEHOLDER).count()).toBe(0);
    await pane(page).locator('.ant-table').waitFor();
    await shot(page, 'action-required');
  });
});
