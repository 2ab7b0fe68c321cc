import type { Page } from 'playwright-core';
import { apiPost } from './api';
import { pane } from './screen';
import { DEMO_PASSWORD } from './signin';

export type NewUser = { id: string; userName: string; email: string; fullName: string };

/**
 * A user of its own, added through the API by the administrator signed in on `page`, so that changing it
 * leaves the seeded accounts as they were and the suite can run again on the same database.
 */
export async function addUser(
  baseUrl: string,
  page: Page,
  roles: string[],
  names: { name: string; surname: string } = { name: 'Casey', surname: 'Resets' },
): Promise<NewUser> {
  const userName = `reset-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = { userName, email: `${userName}@example.test`, ...names };
  const { id } = await apiPost<{ id: string }>(baseUrl, page, '/api/app/users', {
    ...user,
    roles,
    password: DEMO_PASSWORD,
  });
  return { id, userName, email: user.email, fullName: `${names.name} ${names.surname}` };
}

/**
 * Resets a user's password from their detail screen as the administrator signed in on `page`: Reset
 * password, the spec's question, Yes, and the spec's confirmation. The new password goes out by e-mail.
 */
export async function resetPasswordOnUserScreen(page: Page, userId: string, screenshot?: string): Promise<void> {
  if (new URL(page.url()).pathname !== `/view/users/detail/${userId}`) await page.goto(`/view/users/detail/${userId}`);
  const panel = pane(page);
  await panel.getByRole('heading', { name: /^User: / }).waitFor();
  await panel.getByRole('button', { name: /Reset password/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByText('Do you want to reset password? New password will be sent to the user automatically.')
    .filter({ visible: true })
    .waitFor();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await page.getByText('Resend login Information successfully!').waitFor();
  if (screenshot) await page.screenshot({ animations: 'disabled', path: screenshot });
}
