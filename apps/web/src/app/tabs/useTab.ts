import { createContext, useContext } from 'react';
import type { Tab } from './tabModel';

/** The tab a screen is rendered in. */
export type TabInfo = { tab: Tab; active: boolean };

export const TabContext = createContext<TabInfo | null>(null);

/** The tab the calling screen is in; undefined outside the tab workspace (print pages). */
export function useTab(): TabInfo | undefined {
  return useContext(TabContext) ?? undefined;
}
