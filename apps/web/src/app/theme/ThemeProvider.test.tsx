import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './ThemeProvider';

function Motion() {
  const { token } = theme.useToken();
  return <span>{token.motion ? 'animated' : 'still'}</span>;
}

/** A system setting for reduced motion that the test can change while the app is open. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    expect(media).toBe('(prefers-reduced-motion: reduce)');
    return query;
  });
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ThemeProvider', () => {
  it('animates dialogs and menus unless the system asks for reduced motion, and follows a change', () => {
    const setting = systemSetting(false);
    render(
      <ThemeProvider>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByText('animated')).toBeTruthy();
    act(() => setting.change(true));
    expect(screen.getByText('still')).toBeTruthy();
    act(() => setting.change(false));
    expect(screen.getByText('animated')).toBeTruthy();
  });

  it('starts without animation when reduced motion is already asked for', () => {
    systemSetting(true);
    render(
      <ThemeProvider>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByText('still')).toBeTruthy();
  });
});
