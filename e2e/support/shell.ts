import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the header's account menu and clicks one of its entries. */
export async function chooseAccountMenuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The tab strip's tabs, in order. */
export function workspaceTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Open sections' }).getByRole('tab');
}

/** The titles of the open tabs, in order. */
export async function tabTitles(page: Page): Promise<string[]> {
  return (await workspaceTabs(page).allTextContents()).map((t) => t.trim());
}

/** The tab with this exact title. */
export function tabNamed(page: Page, title: string): Locator {
  return workspaceTabs(page).filter({ has: page.locator(`.workspace-tab-title:text-is("${title}")`) });
}

/** The active tab's title. */
export async function activeTabTitle(page: Page): Promise<string> {
  return ((await workspaceTabs(page).and(page.locator('[aria-selected="true"]')).textContent()) ?? '').trim();
}

/** The sidebar's entries as { path, label }, in order (closed groups included). */
export async function sidebarEntries(page: Page): Promise<{ path: string; label: string }[]> {
  await page.locator('nav[aria-label="Main menu"] [data-menu-path]').first().waitFor({ state: 'attached' });
  return page.locator('nav[aria-label="Main menu"] [data-menu-path]').evaluateAll((links) =>
    links.map((link) => ({
      path: link.getAttribute('data-menu-path') ?? '',
      label: (link.textContent ?? '').trim(),
    })),
  );
}

/**
 * An antd dialog once it has finished opening. It grows from where the click was, and until its zoom
 * has ended a button in it is not yet where it will be: on a busy machine a click can land beside it
 * and do nothing.
 */
export async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((el) => !/-(appear|enter)\b/.test(el.className) && el.getAnimations().length === 0))
    .toBe(true);
  return dialog;
}
