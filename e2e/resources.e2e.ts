import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from './support/signin';
import { opened } from './support/shell';

const baseUrl = inject('baseUrl');

let browser: RunningBrowser;
let page: Page;

// The route table gives master data to admin staff and staff (shell.md §2), so the tenant's admin staff.
const ADMIN_STAFF = { tenant: 'demo', userNameOrEmail: 'adminstaff', password: DEMO_PASSWORD };

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 900 } });
  page = await browser.newPage();
  await page.goto('/view/countries');
  await waitForSignInForm(page);
  await submitSignIn(page, ADMIN_STAFF);
  await pane().getByRole('heading', { name: 'Countries' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

/** The shown tab's screen (the other tabs' panes stay mounted but hidden). */
const pane = (): Locator => page.getByRole('tabpanel');
/** Waits for a notice and closes it: notices sit over the screen's top-right buttons. */
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
const rowNames = () => pane().locator('tbody tr.ant-table-row td:first-child').allTextContents();
const shot = (name: string) => page.screenshot({ animations: 'disabled', path: artifactPath(`resources-${name}.png`) });

// Names of this run: the database may outlive it (a PostgreSQL database reused between runs).
const RUN = Date.now().toString(36);
const CODE = `Q${String.fromCharCode(65 + (Date.now() % 26))}`;

/** Types into the list's search box and waits for the debounced list to show `expected` rows. */
async function search(text: string, expected: string[]) {
  await pane().getByRole('textbox', { name: 'Search' }).fill(text);
  await expect.poll(rowNames, { timeout: 15_000 }).toEqual(expected);
}

describe('generic resource screens', () => {
  it('searches, adds, edits, shows the changes, refuses an unfiltered export and deletes a country', async () => {
    // The seeded countries, the list through its route, searched.
    expect(await rowNames()).toContain('Australia');
    await search('zeal', ['New Zealand']);
    await shot('list-searched');

    // Export needs a search text or a filter first; the button says files hold 500 rows.
    await pane().getByRole('textbox', { name: 'Search' }).fill('');
    await expect.poll(async () => (await rowNames()).length).toBeGreaterThan(1);
    const exportButton = pane().getByRole('button', { name: 'Export' });
    await exportButton.hover();
    await page.getByRole('tooltip', { name: 'Exports are split into files of 500 rows each' }).waitFor();
    await exportButton.click();
    await page.locator('.ant-notification-notice', { hasText: 'You need to search text or filter first' }).waitFor();
    await shot('export-refused');
    await seeNotice('You need to search text or filter first before exporting results.');

    // Add: the create form from the schema; saving opens the new record's detail.
    const name = `Testland ${RUN}`;
    await pane().getByRole('button', { name: 'Add' }).click();
    await page.waitForURL('**/view/countries/add');
    await pane().getByRole('heading', { name: 'Add country' }).waitFor();
    await pane().getByLabel('Name', { exact: true }).fill(name);
    await pane().getByLabel('Code', { exact: true }).fill(CODE);
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await page.waitForURL(/\/view\/countries\/detail\/[0-9a-f-]{36}$/);
    await pane()
      .getByRole('heading', { name: `Country: ${name}` })
      .waitFor();
    expect(await pane().getByLabel('Code', { exact: true }).inputValue()).toBe(CODE);

    // Edit and save with the concurrency stamp.
    await pane().getByLabel('Name', { exact: true }).fill(`${name} Edited`);
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been saved successfully.');
    await pane()
      .getByRole('heading', { name: `Country: ${name} Edited` })
      .waitFor();

    // "View changes": the edit of the name, by the signed-in user.
    await pane().getByRole('button', { name: 'View changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'View changes' });
    const edit = dialog.locator('tbody tr.ant-table-row').filter({ hasText: 'Updated' }).filter({ hasText: 'Name' });
    await edit.first().waitFor();
    const cells = (await edit.first().locator('td').allTextContents()).map((t) => t.trim());
    expect(cells.slice(1)).toEqual(['Avery Adminstaff', 'Updated', 'Name', name, `${name} Edited`]);
    // When, in the tenant's zone (Sydney) with its abbreviation.
    expect(cells[0]).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} AE[DS]T$/);
    await opened(dialog);
    await shot('view-changes');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Back in the list, found by search, deleted after the confirm.
    await page.goto('/view/countries');
    await search(name, [`${name} Edited`]);
    await pane().locator('tbody tr.ant-table-row').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this record?' });
    await opened(confirm);
    await shot('delete-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await seeNotice('Data has been deleted successfully.');
    await expect.poll(rowNames).toEqual([]);
    await pane().getByText('No Data', { exact: true }).waitFor();
  });

  it('adds a city in a country chosen from the selection list, and keeps column choices after a reload', async () => {
    await page.goto('/view/cities/add');
    await pane().getByRole('heading', { name: 'Add city' }).waitFor();
    await pane().getByLabel('Name', { exact: true }).fill(`Dubbo ${RUN}`);
    await pane().getByLabel('State', { exact: true }).fill('NSW');
    await pane().getByLabel('Postcode', { exact: true }).fill('2830');
    // The country is chosen by name from GET /api/app/countries?isSelectionList=true.
    const country = pane().getByRole('combobox', { name: 'Country' });
    await country.click();
    await country.pressSequentially('austr');
    await page.locator('.ant-select-item-option', { hasText: 'Australia' }).click();
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await pane()
      .getByRole('heading', { name: `City: Dubbo ${RUN}` })
      .waitFor();
    expect(await pane().locator('.ant-select-content').first().getAttribute('title')).toBe('Australia');
    await shot('city-detail');

    // Hide a column: saved for this user a second later, still hidden after a reload.
    await page.goto('/view/cities');
    await pane().getByRole('heading', { name: 'Cities' }).waitFor();
    const headers = () => pane().locator('thead th').allTextContents();
    expect(await headers()).toContain('Postcode');
    // The list has its rows before the popover opens, so nothing re-renders under the click.
    await pane().locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => pane().locator('.ant-spin-spinning').count()).toBe(0);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/app/system-config/updateUserTableSetting') && response.ok(),
    );
    await pane().getByRole('button', { name: 'Columns' }).click();
    const postcode = page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name: 'Postcode' });
    await postcode.click();
    // Hidden at once on screen; saved about a second later.
    await expect.poll(() => postcode.isChecked()).toBe(false);
    await expect.poll(headers).not.toContain('Postcode');
    await saved;
    await page.reload();
    await pane().getByRole('heading', { name: 'Cities' }).waitFor();
    await expect.poll(headers).not.toContain('Postcode');
    expect(await headers()).toContain('Country');
    await shot('cities-columns');
  });
});
