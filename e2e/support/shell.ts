import type { Locator, Page } from 'playwright-core';

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
