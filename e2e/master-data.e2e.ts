import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, formatIsoDate, todayIn, type CalendarDate } from '@casebook/domain';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from './support/signin';
import { shownDate } from './support/screen';

const baseUrl = inject('baseUrl');

let browser: RunningBrowser;
let page: Page;

const ADMIN_STAFF = { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD };
// The browser runs in the machine's zone; "today" for the marks is the browser's today.
const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
// Names of this run: the database may outlive it (a PostgreSQL database reused between runs).
const RUN = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  page = await browser.newPage();
  await page.goto('/view/companies/add');
  await waitForSignInForm(page);
  await submitSignIn(page, ADMIN_STAFF);
  await pane().getByRole('heading', { name: 'Add company' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

const pane = (): Locator => page.getByRole('tabpanel');
const shot = (name: string) =>
  page.screenshot({ animations: 'disabled', path: artifactPath(`master-data-${name}.png`) });
const rowNames = () => pane().locator('tbody tr.ant-table-row td:first-child').allTextContents();

/** DD MMM YYYY, as the date fields show and take dates. */
const shown = (day: CalendarDate): string => shownDate(formatIsoDate(day));

async function typeDate(label: string, day: CalendarDate) {
  const input = pane().getByLabel(label, { exact: true });
  await input.click();
  await input.fill(shown(day));
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(shown(day));
}

async function chooseOption(label: string, option: string) {
  await pane().getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function seeNotice(text: string) {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: text });
  await notice.waitFor();
  // A notice may close on its own while it is clicked: then it is gone, as the click would have made it.
  await notice
    .locator('.ant-notification-notice-close')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await notice.waitFor({ state: 'detached' });
}

/** Opens a selection list, types part of a name, and returns the option that shows `name`. */
async function pickerOption(combobox: Locator, typed: string, name: string): Promise<Locator> {
  await combobox.click();
  await combobox.pressSequentially(typed);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name });
  await option.first().waitFor();
  return option.first();
}

describe('master data', () => {
  const company = `Riverbend Insurance ${RUN}`;
  const specialist = { first: 'Marguerite', last: `Okafor${RUN}` };

  it('adds a company whose high-risk flag applies from last month, and finds it by search and in a picker', async () => {
    await pane().getByLabel('Name', { exact: true }).fill(company);
    await chooseOption('Business type', 'Insurer');
    await pane().getByRole('switch', { name: 'High risk applied' }).click();
    await typeDate('High risk applied from', addDays(today, -30));
    await pane().getByLabel('High risk reason to booking CM', { exact: true }).fill('Please call the office first.');
    await pane().getByLabel('High risk reason to staff', { exact: true }).fill('Overdue invoices above 90 days.');
    await shot('company-form');
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await pane()
      .getByRole('heading', { name: `Company: ${company}` })
      .waitFor();

    // Found by part of its name in the companies list.
    await page.goto('/view/companies');
    await pane().getByRole('heading', { name: 'Companies' }).waitFor();
    await pane().getByRole('textbox', { name: 'Search' }).fill(`bend insurance ${RUN}`);
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual([company]);

    // In the case manager form's company picker, marked as high risk.
    await page.goto('/view/case-managers/add');
    await pane().getByRole('heading', { name: 'Add case manager' }).waitFor();
    const option = await pickerOption(pane().getByRole('combobox', { name: 'Company' }), `Riverbend`, company);
    await option.getByText('High risk', { exact: true }).waitFor();
    await shot('company-picker');
    await page.keyboard.press('Escape');
  });

  it('adds a specialty to the value list and a specialist of it whose contract ended, and finds them', async () => {
    // The value list is one page: its add form and the new value open inside the same tab.
    const specialty = `Forensic psychiatry ${RUN}`;
    await page.goto('/view/lookup-config');
    await pane().getByRole('heading', { name: 'Value List' }).waitFor();
    await pane().getByRole('button', { name: 'Add' }).click();
    await pane().getByRole('heading', { name: 'Add lookup config' }).waitFor();
    await chooseOption('Type', 'Specialty');
    await pane().getByLabel('Label', { exact: true }).fill(specialty);
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await pane()
      .getByRole('heading', { name: new RegExp(specialty) })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/view/lookup-config');
    await shot('value-added');

    await page.goto('/view/specialists/add');
    await pane().getByRole('heading', { name: 'Add specialist' }).waitFor();
    await pane().getByLabel('First name', { exact: true }).fill(specialist.first);
    await pane().getByLabel('Last name', { exact: true }).fill(specialist.last);
    // The specialty comes from the value list's specialties.
    await (
      await pickerOption(pane().getByRole('combobox', { name: 'Specialty', exact: true }), 'Forensic psy', specialty)
    ).click();
    await typeDate('Onboarded date', addDays(today, -400));
    await typeDate('Onboarded end date', addDays(today, -1));
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await pane()
      .getByRole('heading', { name: new RegExp(`Specialist: .*${specialist.last}`) })
      .waitFor();

    // Found by part of the surname in the specialists list (trigram search).
    await page.goto('/view/specialists');
    await pane().getByRole('heading', { name: 'Specialists' }).waitFor();
    await pane()
      .getByRole('textbox', { name: 'Search' })
      .fill(specialist.last.slice(2, 9 + RUN.length));
    const rows = () => pane().locator('tbody tr.ant-table-row').allTextContents();
    await expect.poll(async () => (await rows()).join('|'), { timeout: 15_000 }).toContain(specialist.last);
    await shot('specialist-search');

    // The booking screen's specialist picker marks them: choosing them would ask about the contract.
    await page.goto('/view/assessments/add');
    await pane().getByRole('heading', { name: /IME/ }).first().waitFor();
    const item = await pickerOption(
      pane().getByRole('combobox', { name: 'Specialist', exact: true }),
      specialist.last.slice(0, 8),
      specialist.last,
    );
    await item.getByText('No contract', { exact: true }).waitFor();
    await shot('specialist-picker');
    await page.keyboard.press('Escape');
  });

  it('opens Staff, NDIS Service Items, Default PICs and IMS Approvals, and adds an NDIS service item', async () => {
    for (const [path, title] of [
      ['/view/staffs', 'Staff'],
      ['/view/ndis-service-items', 'NDIS Service Items'],
      ['/view/default-pic', 'Default PICs'],
      ['/view/ims-approvals', 'IMS Approvals'],
    ] as const) {
      await page.goto(path);
      await pane().getByRole('heading', { name: title, exact: true }).waitFor();
      // The demo's rows: the screen's resource answers (no "Cannot found").
      await pane().locator('tbody tr.ant-table-row').first().waitFor();
      expect(await pane().getByText('Cannot found').count(), path).toBe(0);
    }
    const staff = await rowNames();
    expect(staff.length).toBeGreaterThan(0);

    const itemNumber = `15_${String(Date.now() % 1000).padStart(3, '0')}_0128_1_3`;
    await page.goto('/view/ndis-service-items');
    await pane().getByRole('heading', { name: 'NDIS Service Items', exact: true }).waitFor();
    await pane().getByRole('button', { name: 'Add' }).click();
    await pane().getByRole('heading', { name: 'Add NDIS service item' }).waitFor();
    await pane().getByLabel('Item number', { exact: true }).fill(itemNumber);
    await pane().getByLabel('Name', { exact: true }).fill(`Psychosocial assessment ${RUN}`);
    await chooseOption('Unit', 'Hour');
    await pane().getByLabel('Price limit', { exact: true }).fill('193.99');
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await pane()
      .getByRole('heading', { name: new RegExp(`Psychosocial assessment ${RUN}`) })
      .waitFor();
    await page.goto('/view/ndis-service-items');
    await pane().getByRole('textbox', { name: 'Search' }).fill(itemNumber);
    const rows = () => pane().locator('tbody tr.ant-table-row').allTextContents();
    // Found alone by its number, with its price limit in dollars (kept in cents).
    await expect.poll(rows, { timeout: 15_000 }).toHaveLength(1);
    expect((await rows())[0]).toContain(itemNumber);
    expect((await rows())[0]).toContain('$193.99');
    await shot('ndis-service-items');
  });

  it("shows the tenant's independence rule on System Configuration and saves it", async () => {
    await page.goto('/view/system-config');
    await pane().getByRole('heading', { name: 'System Configuration' }).waitFor();
    const kinds = [
      'Earlier case for the same company',
      'Earlier case for another company',
      'Treating relationship',
      'Acted for the other party',
    ];
    const ticked = async () => {
      const states: string[] = [];
      for (const kind of kinds) if (await pane().getByRole('checkbox', { name: kind }).isChecked()) states.push(kind);
      return states;
    };
    await pane().getByRole('checkbox', { name: kinds[0] }).waitFor();
    const before = await ticked();
    await shot('system-config');
    // Tick and untick one (the demo's rule stays as it is for everyone else), then save.
    await pane().getByRole('checkbox', { name: kinds[3] }).click();
    expect(await ticked()).not.toEqual(before);
    await pane().getByRole('checkbox', { name: kinds[3] }).click();
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been saved successfully.');
    await page.reload();
    await pane().getByRole('checkbox', { name: kinds[0] }).waitFor();
    expect(await ticked()).toEqual(before);
    // The stored rule is listed with every other setting.
    await pane().getByRole('table', { name: 'All settings' }).getByText('Casebook.Independence.BlockOn').waitFor();
  });
});
