/** The Theme Settings dialog's Sidebar Color choices (spec shell §2); dark by default (§4, §9). */
export const SidebarColors = [
  { value: 'dark', label: 'Dark' },
  { value: 'dark-blue', label: 'Dark Blue' },
  { value: 'light', label: 'Light' },
] as const;

export type SidebarColor = (typeof SidebarColors)[number]['value'];

export const DEFAULT_SIDEBAR_COLOR: SidebarColor = 'dark';

/** The user setting (`SystemConfigEndpoints.setUserSetting`) that keeps the choice per user. */
export const SIDEBAR_COLOR_SETTING = 'Theme.SidebarColor';

const STORAGE_KEY = 'casebook.sidebarColor';

export function isSidebarColor(value: unknown): value is SidebarColor {
  return SidebarColors.some((c) => c.value === value);
}

/** The last choice in this browser, so the first paint already has it. */
export function storedSidebarColor(): SidebarColor {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isSidebarColor(value) ? value : DEFAULT_SIDEBAR_COLOR;
  } catch {
    return DEFAULT_SIDEBAR_COLOR;
  }
}

export function storeSidebarColor(color: SidebarColor): void {
  try {
    localStorage.setItem(STORAGE_KEY, color);
  } catch {
    // Only a convenience: the user setting has the choice too.
  }
}

/** Colours of the sidebar for each choice: its background, its menu's, and whether antd's dark menu is used. */
export const SidebarPalettes: Record<SidebarColor, { background: string; subMenu: string; dark: boolean }> = {
  dark: { background: '#1b1e24', subMenu: '#14161b', dark: true },
  'dark-blue': { background: '#0b2545', subMenu: '#081b33', dark: true },
  light: { background: '#ffffff', subMenu: '#f7f8fa', dark: false },
};
