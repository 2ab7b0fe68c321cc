import { useCallback, useEffect, useState } from 'react';

/** Spec §9: the sidebar collapses under a 1300 px window. */
export const SIDEBAR_COLLAPSE_WIDTH = 1300;
const STORAGE_KEY = 'casebook.sidebarCollapsed';

function storedChoice(): boolean | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === null ? undefined : value === 'true';
  } catch {
    return undefined;
  }
}

const narrow = () => window.innerWidth < SIDEBAR_COLLAPSE_WIDTH;

/**
 * Collapsed under 1300 px; on a wider window, as the user last left it (saved in this browser). Crossing
 * the width collapses or restores it again.
 */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => narrow() || (storedChoice() ?? false));

  useEffect(() => {
    let wasNarrow = narrow();
    const onResize = () => {
      const isNarrow = narrow();
      if (isNarrow !== wasNarrow) setCollapsed(isNarrow || (storedChoice() ?? false));
      wasNarrow = isNarrow;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const choose = useCallback((value: boolean) => {
    setCollapsed(value);
    try {
      localStorage.setItem(STORAGE_KEY, String(value));
    } catch {
      // Only a convenience.
    }
  }, []);

  return [collapsed, choose];
}
