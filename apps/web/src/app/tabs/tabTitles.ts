import type { RouteEntry } from '@casebook/domain';
import type { Tab } from './tabModel';

export const PRODUCT_NAME = 'Casebook';

const TITLE_PREFIX = 'casebook.tabTitle:';

/** Remembers a screen's own title for its path, so a restored tab shows it before the screen loads. */
export function rememberTitle(path: string, title: string): void {
  try {
    localStorage.setItem(TITLE_PREFIX + path, title);
  } catch {
    // Only a convenience.
  }
}

function rememberedTitle(path: string): string | undefined {
  try {
    return localStorage.getItem(TITLE_PREFIX + path) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Spec: the tab's own title, else the route's, else a remembered value; plus its suffix. */
export function tabTitle(tab: Pick<Tab, 'path' | 'title' | 'postFix'>, route: RouteEntry | undefined): string {
  const title = tab.title ?? route?.title ?? rememberedTitle(tab.path) ?? tab.path;
  return tab.postFix ? `${title} - ${tab.postFix}` : title;
}

/** Spec: the browser title is the tab title, the tenant name and the product name. */
export function documentTitle(title: string | undefined, tenantName: string | undefined): string {
  return [title, tenantName, PRODUCT_NAME].filter(Boolean).join(' - ');
}
