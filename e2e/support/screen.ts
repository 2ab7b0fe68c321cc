import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MONTH_NAMES } from '@casebook/domain';
import { artifactPath } from './artifacts';

/** The shown tab's screen. */
export const pane = (page: Page): Locator => page.getByRole('tabpanel').filter({ visible: true }).first();

/** A full-page picture of the page as `<prefix>-<name>.png` among the run's artifacts. */
export const screenshots = (prefix: string) => (page: Page, name: string) =>
  page.screenshot({ animations: 'disabled', path: artifactPath(`${prefix}-${name}.png`), fullPage: true });

/** Waits for a notice with this text and closes it. */
export async function seeNotice(page: Page, text: string | RegExp) {
  const notice = page.locator('.ant-notification-notice').filter({ hasText: text }).first();
  await notice.waitFor();
  // This notice, not whichever notice with the same text is first later (a second save raises another).
  // It may have closed on its own since it was seen: then there is nothing left to close.
  const shown = await notice.elementHandle({ timeout: 1_000 }).catch(() => null);
  if (!shown) return;
  // A notice may close on its own while it is clicked: then it is gone, as the click would have made it.
  await notice
    .locator('.ant-notification-notice-close')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  // A pointer resting on a notice keeps it open.
  await page.mouse.move(0, 0).catch(() => undefined);
  await shown.waitForElementState('hidden');
}

/**
 * A date as the app's date fields show and take it (DD MMM YYYY, the month's first three letters: `Sep`,
 * where some locales' short month is `Sept`).
 */
export const shownDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day} ${MONTH_NAMES[Number(month) - 1]!.slice(0, 3)} ${year}`;
};

/** Fills an antd date field of the shown tab, or of another part of the page such as a dialog, and confirms it. */
export async function fillDate(page: Page, label: string, iso: string, scope: Locator = pane(page)) {
  const text = shownDate(iso);
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Chooses a tab of the shown screen; one beyond the strip's width is taken from its "more" menu. */
export async function openTab(page: Page, name: string) {
  const tab = pane(page).getByRole('tab', { name, exact: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    // A tab beyond the strip's width is reached as a person does: from the strip's "more" menu.
    const box = await tab.boundingBox();
    const width = page.viewportSize()?.width ?? Infinity;
    if (box && box.x + box.width > width) {
      await pane(page).locator('.ant-tabs-nav-more').first().hover();
      await page.getByRole('option', { name, exact: true }).filter({ visible: true }).first().click();
    } else {
      await tab.click();
    }
    if ((await tab.getAttribute('aria-selected')) === 'true') return;
    await page.waitForTimeout(300);
  }
  expect(await tab.getAttribute('aria-selected')).toBe('true');
}

/** Saves the shown case step and waits for the case's status tag to read `status`. */
export async function saveStep(page: Page, status: string) {
  await pane(page).getByRole('button', { name: 'Save' }).click();
  await seeNotice(page, 'Data has been saved successfully');
  await pane(page).locator('h1 .ant-tag', { hasText: status }).waitFor();
}
