import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { NOTICE_PLACEMENT } from '../../platform/notices/notices';
import { SidebarPalettes, storedSidebarColor, storeSidebarColor, type SidebarColor } from './sidebarColors';
import { ThemeContext, type ThemeState } from './useTheme';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the user has asked the system for less motion; follows the setting while the app is open. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION);
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return reduced;
}

/**
 * antd's theme for the whole shell, and the sidebar colour the Theme Settings dialog chooses. Dialogs,
 * menus and notices open without animation for a user whose system asks for reduced motion.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [sidebarColor, setColor] = useState<SidebarColor>(storedSidebarColor);
  const reducedMotion = usePrefersReducedMotion();
  const palette = SidebarPalettes[sidebarColor];

  const state = useMemo<ThemeState>(
    () => ({
      sidebarColor,
      setSidebarColor: (color) => {
        storeSidebarColor(color);
        setColor(color);
      },
    }),
    [sidebarColor],
  );

  return (
    <ConfigProvider
      theme={{
        // Component styles come from antd's static stylesheet (imported in main.tsx), not generated at run time.
        zeroRuntime: true,
        token: {
          colorPrimary: '#1d4ed8',
          borderRadius: 6,
          motion: !reducedMotion,
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        components: {
          Layout: { siderBg: palette.background, triggerBg: palette.subMenu, headerBg: '#ffffff', bodyBg: '#f5f7fa' },
          Menu: { darkItemBg: palette.background, darkSubMenuItemBg: palette.subMenu, darkPopupBg: palette.background },
        },
      }}
    >
      <AntApp className="app-root" notification={NOTICE_PLACEMENT}>
        <ThemeContext.Provider value={state}>{children}</ThemeContext.Provider>
      </AntApp>
    </ConfigProvider>
  );
}
