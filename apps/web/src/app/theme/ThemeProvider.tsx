import { App as AntApp, ConfigProvider } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { NOTICE_PLACEMENT } from '../../platform/notices/notices';
import { SidebarPalettes, storedSidebarColor, storeSidebarColor, type SidebarColor } from './sidebarColors';
import { ThemeContext, type ThemeState } from './useTheme';

/** antd's theme for the whole shell, and the sidebar colour the Theme Settings dialog chooses. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [sidebarColor, setColor] = useState<SidebarColor>(storedSidebarColor);
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
        token: {
          colorPrimary: '#1d4ed8',
          borderRadius: 6,
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
