import { createContext, useContext } from 'react';
import type { SidebarColor } from './sidebarColors';

export type ThemeState = { sidebarColor: SidebarColor; setSidebarColor: (color: SidebarColor) => void };

export const ThemeContext = createContext<ThemeState | null>(null);

export function useTheme(): ThemeState {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error('useTheme outside ThemeProvider');
  return theme;
}
