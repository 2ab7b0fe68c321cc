import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiGet, apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { pane, screenshots, seeNotice } from './support/screen';
import { DEMO_PASSWORD, signIn } from './support/signin';

// The NDIS calendar, relationship activities and the impairment checker, as admin staff use them.
const baseUrl = inject('baseUrl');
let browser: RunningBrowser;
const RUN = Date.now().toString(36);
const shot = screenshots('menu-pages');
const PLACEHOLDER = 'This section is not available yet.';

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD }, path);
  await pane(page).getByRole('heading').first().waitFor();
  return page;
}

/** Picks an option of a drop-down inside the scope, typing to search when asked. */
async function pick(page: Page, scope: Locator, label: string, option: string, search?: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('the NDIS calendar', () => {
  it('shows the NDIS sessions of a day and not the others; a session opens with its NDIS type', async () => {
    const page = await signedIn('/view/dashboard');
    const lastName = `Ndis${RUN}`;
    const sp = await apiPost<{ id: string }>(baseUrl, page, '/api/app/specialists', {
      firstName: 'Nora',
      lastName,
      email: `nora.${RUN}@clinic.test`,
    });
    const centre = await apiPost<{ id: string }>(baseUrl, page, '/api/app/centres', {
      name: `NDIS centre ${RUN}`,
      state: 'NSW',
      postcode: '2000',
    });
    const session = (startTime: string, endTime: string, appointmentType: string) =>
      apiPost(baseUrl, page, '/api/app/appointment-sessions', {
        specialistId: sp.id,
        centreId: centre.id,
        date: '2028-03-15',
        startTime,
        endTime,
        timeZone: 'Australia/Sydney',
        appointmentType,
        slotStatus: 3,
      });
    await session('09:00', '10:00', 'NDIS');
    await session('11:00', '12:00', 'INPERSON');
    await page.goto(`/view/ndis-calendar?date=2028-03-15&view=Day&specialistId=${sp.id}`);
    const screen = pane(page);
    await screen.getByRole('heading', { name: 'NDIS Calendar' }).waitFor();
    const ndis = screen.getByRole('button', { name: new RegExp(`^09:00 Nora ${lastName}`) });
    await ndis.waitFor();
    expect(await screen.getByRole('button', { name: new RegExp(`^11:00 Nora ${lastName}`) }).count()).toBe(0);
    expect(await screen.getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'ndis-calendar');
    await ndis.click();
    const detail = page.getByRole('dialog', { name: 'Session' });
    await detail.getByText('NDIS', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
    // The clinic calendar still shows both.
    await page.goto(`/view/calendar?date=2028-03-15&view=Day&specialistId=${sp.id}`);
    await pane(page)
      .getByRole('button', { name: new RegExp(`^11:00 Nora ${lastName}`) })
      .waitFor();
  });
});

describe('relationship activities', () => {
  it('records a call with a company, finds it by type and company, and offers the export', async () => {
    const page = await signedIn('/view/dashboard');
    const company = await apiPost<{ id: string; name: string }>(baseUrl, page, '/api/app/companies', {
      name: `Harbour Legal ${RUN}`,
      businessType: 'LAW_FIRM',
    });
    await page.goto('/view/relationship-activities');
    const screen = pane(page);
    await screen.getByRole('heading', { name: 'Relationship Activities' }).waitFor();
    expect(await screen.getByText(PLACEHOLDER).count()).toBe(0);
    await screen.getByRole('button', { name: 'Add activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add activity' });
    await pick(page, dialog, 'Activity type', 'Relationship call');
    await pick(page, dialog, 'Activity party', company.name, company.name);
    await dialog.getByLabel('Contact person').fill('Priya Partner');
    await dialog.getByLabel('Activity notes').fill(`Quarterly catch-up ${RUN}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeNotice(page, 'Data has been added successfully');
    await pick(page, screen, 'Type', 'Relationship call');
    await pick(page, screen, 'Company', company.name, company.name);
    const table = screen.getByRole('table');
    const row = table.getByRole('row', { name: new RegExp(`Quarterly catch-up ${RUN}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${company.name} (Company)`);
    expect(await row.textContent()).toContain('Priya Partner');
    const listed = await apiGet<{ totalCount: number }>(
      baseUrl,
      page,
      `/api/app/relationship-activities?companyId=${company.id}`,
    );
    expect(listed.totalCount).toBe(1);
    await shot(page, 'relationship-activities');
    await screen.getByRole('button', { name: 'Export' }).click();
    await page.getByText('Do you want to download search results?').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Yes' }).click();
    expect((await download).suggestedFilename()).toMatch(/relationship-activities/);
  });
});

describe('the impairment checker', () => {
  it('combines whole-person impairments largest first and compares the stated total', async () => {
    // The demo tenant does not have the feature: a tenant of this run that has it, made by the host.
    const host = await (await browser.newContext()).newPage();
    await signIn(host, { tenant: '', userNameOrEmail: 'admin', password: DEMO_PASSWORD });
    const name = `Impairment ${RUN}`;
    const adminEmail = `admin.${RUN}@impairment.test`;
    await apiPost(baseUrl, host, '/api/app/tenants', {
      name,
      editionName: 'MLP',
      features: { ImpairmentChecker: 'True' },
      adminEmail,
      adminPassword: DEMO_PASSWORD,
    });
    const page = await (await browser.newContext()).newPage();
    await signIn(
      page,
      { tenant: name, userNameOrEmail: adminEmail, password: DEMO_PASSWORD },
      '/view/impairmentChecker',
    );
    const screen = pane(page);
    await screen.getByRole('heading', { name: 'Impairment Checker' }).waitFor();
    await screen.getByLabel('WPI 1').fill('10');
    await screen.getByLabel('WPI 2').fill('35');
    await screen.getByRole('button', { name: 'Add impairment' }).click();
    await screen.getByLabel('Body part 3').fill('Lumbar spine');
    await screen.getByLabel('WPI 3').fill('20');
    await screen.getByLabel('WPI 3').press('Tab');
    await expect.poll(() => screen.getByLabel('Combined WPI').textContent()).toBe('53%');
    await screen.getByText('35% combined with 20% = 48%').waitFor();
    await screen.getByText('48% combined with 10% = 53%').waitFor();
    await screen.getByLabel('Stated total').fill('65');
    await screen.getByLabel('Stated total').press('Tab');
    await screen.getByText('The stated total (65%) differs from the combined WPI (53%).').waitFor();
    await shot(page, 'impairment-checker');
  });
});

describe('the NDIS time budget', () => {
  it('lists the activities of the budget with their minutes', async () => {
    const page = await signedIn('/view/dashboard');
    await apiPost(baseUrl, page, '/api/app/ndis-time-budgets', { activity: `Report writing ${RUN}`, minutes: 240 });
    await page.goto('/view/time-budget-breakdown');
    const screen = pane(page);
    const row = screen.getByRole('row', { name: new RegExp(`Report writing ${RUN}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('240');
    expect(await screen.getByText(PLACEHOLDER).count()).toBe(0);
    await shot(page, 'ndis-time-budget');
  });
});
