import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { DEMO_PASSWORD, submitSignIn, waitForSignInForm } from './support/signin';

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
  await notice.locator('.ant-notification-notice-close').click();
  await notice.waitFor({ state: 'detached' });
}
const rowNames = () => pane().locator('tbody tr.ant-table-row td:first-child').allTextContents();
const shot = (name: string) => page.screenshot({ path: artifactPath(`resources-${name}.png`) });

/** Types into the list's search box and waits for the debounced list to show `expected` rows. */
async function search(text: string, expected: string[]) {
  await pane().getByRole('textbox', { name: 'Search' }).fill(text);
  await expect.poll(rowNames, { timeout: 5_000 }).toEqual(expected);
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
    const name = `Testland ${Date.now().toString(36)}`;
    await pane().getByRole('button', { name: 'Add' }).click();
    await page.waitForURL('**/view/countries/add');
    await pane().getByRole('heading', { name: 'Add country' }).waitFor();
    await pane().getByRole('textbox', { name: 'Name' }).fill(name);
    await pane().getByRole('textbox', { name: 'Code' }).fill('QX');
    await pane().getByRole('button', { name: 'Save' }).click();
    await seeNotice('Data has been added successfully');
    await page.waitForURL(/\/view\/countries\/detail\/[0-9a-f-]{36}$/);
    await pane()
      .getByRole('heading', { name: `Country: ${name}` })
      .waitFor();
    expect(await pane().getByRole('textbox', { name: 'Code' }).inputValue()).toBe('QX');

    // Edit and save with the concurrency stamp.
    await pane().getByRole('textbox', { name: 'Name' }).fill(`${name} Edited`);
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
    await shot('view-changes');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Back in the list, found by search, deleted after the confirm.
    await page.goto('/view/countries');
    await search(name, [`${name} Edited`]);
    await pane().locator('tbody tr.ant-table-row').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you want to delete this record?' });
    await confirm.waitFor();
    await shot('delete-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await seeNotice('Data has been deleted successfully.');
    await expect.poll(rowNames).toEqual([]);
    await pane().getByText('No Data', { exact: true }).waitFor();
  });
});
