import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPut } from './support/api';
import { artifactPath } from './support/artifacts';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { pane, screenshots, seeNotice } from './support/screen';
import { DEMO_PASSWORD, mailedPasswordFor, signIn } from './support/signin';
import { addUser, resetPasswordOnUserScreen } from './support/users';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const shot = screenshots('why');

let browser: RunningBrowser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  admin = await (await browser.newContext()).newPage();
  await signIn(admin, { tenant: 'demo', userNameOrEmail: 'admin', password: DEMO_PASSWORD }, '/view/roles');
});

afterAll(async () => {
  // The demo's Staff role goes back to its defaults whatever happened, for the tests that follow.
  if (admin) await apiPut(baseUrl, admin, '/api/app/roles/setDefaultPermissions', { roleName: 'STAFF' });
  await browser?.close();
});

/** Picks an option of an antd select found by its label, typing to narrow the list first. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = pane(page).getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.pressSequentially(typed);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

describe('why can this user do that', () => {
  it('the demo admin revokes a permission from Staff; the Why panel names the revocation as the reason; a password is reset', async () => {
    const screen = pane(admin);
    await screen.getByRole('heading', { name: 'Roles' }).waitFor();

    // Staff can open the IME list before anything changes.
    const why = screen.locator('.ant-card').filter({ hasText: 'Why can this user do that?' });
    await choose(admin, 'User', 'Sam', 'Sam Staff');
    await choose(admin, 'Screen', '/view/assessments', 'IME Assessments (/view/assessments)');
    const verdict = why.getByRole('alert');
    await expect.poll(() => verdict.textContent()).toContain('Sam Staff can open IME Assessments.');
    expect(await verdict.textContent()).toContain('Allowed');

    // Revoke the IME list's permission from Staff by clicking it off and saving.
    // The role picker opens on Staff.
    await screen.getByRole('combobox', { name: 'Role', exact: true }).waitFor();
    await screen
      .locator('.ant-select-content', { hasText: /^Staff$/ })
      .first()
      .waitFor();
    await screen.getByRole('searchbox', { name: 'Find a permission' }).fill('Casebook.Assessment');
    const box = screen.getByRole('checkbox', { name: 'Casebook.Assessment', exact: true });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.click();
    expect(await box.isChecked()).toBe(false);
    await shot(admin, 'revoke');
    await screen.getByRole('button', { name: /^Save \(1 changed\)$/ }).click();
    await seeNotice(admin, 'Data has been saved successfully');

    // The Why panel: refused, and the revocation — by the admin, with its time — is the reason.
    await why.locator('label', { hasText: 'An action' }).click();
    await why.locator('label', { hasText: 'A screen' }).click();
    await choose(admin, 'Screen', '/view/assessments', 'IME Assessments (/view/assessments)');
    await expect.poll(() => verdict.textContent()).toContain('Sam Staff cannot open IME Assessments.');
    expect(await verdict.textContent()).toContain('Refused');
    const reasons = why.getByRole('list', { name: 'Reasons' });
    const revocation = reasons
      .getByRole('listitem')
      .filter({ hasText: 'Casebook.Assessment was revoked from role Staff' });
    expect(await revocation.textContent()).toMatch(
      /^Casebook\.Assessment was revoked from role Staff by Alex Admin at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(await revocation.getByLabel('refuses').count()).toBe(1);
    await why.screenshot({ animations: 'disabled', path: artifactPath('why-panel-refused.png') });

    // The action itself says the same.
    await why.locator('label', { hasText: 'An action' }).click();
    await choose(admin, 'Action', 'Casebook.Assessment', 'Casebook.Assessment');
    await expect.poll(() => verdict.textContent()).toContain('Sam Staff cannot use Casebook.Assessment.');

    // Reset to defaults gives it back, and the answer follows.
    await screen.getByRole('button', { name: 'Reset to defaults' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Yes' }).click();
    await seeNotice(admin, 'Data has been saved successfully');
    await why.locator('label', { hasText: 'A screen' }).click();
    await choose(admin, 'Screen', '/view/assessments', 'IME Assessments (/view/assessments)');
    await expect.poll(() => verdict.textContent()).toContain('Sam Staff can open IME Assessments.');

    // Reset a staff user's password from the Users screen; the new one goes out by e-mail.
    const user = await addUser(baseUrl, admin, ['STAFF'], { name: 'Robin', surname: 'Rotates' });
    await resetPasswordOnUserScreen(admin, user.id, artifactPath('why-user-password-reset.png'));
    expect(await mailedPasswordFor(dataDir, user.email)).not.toBe(DEMO_PASSWORD);
  });
});
