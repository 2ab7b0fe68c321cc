import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '../../app/theme/ThemeProvider';
import { ScreenProvider, useScreen } from '../resources/ScreenContext';
import { createNotices } from './notices';

function ShellNotice() {
  const { notification } = App.useApp();
  useEffect(() => createNotices(notification).success('Shell notice'), [notification]);
  return null;
}

function ScreenNotice() {
  const screen = useScreen();
  useEffect(() => screen.success('Screen notice'), [screen]);
  return null;
}

/** The list of notices a notice text sits in (antd names it after its placement). */
function placementOf(text: string) {
  const list = screen.getByText(text).closest('.ant-notification');
  return list?.className ?? '';
}

describe('notices', () => {
  it('appear at the bottom right, clear of the header buttons, for the shell and the resource screens', async () => {
    render(
      <ThemeProvider>
        <ShellNotice />
        <ScreenProvider navigate={() => {}}>
          <ScreenNotice />
        </ScreenProvider>
      </ThemeProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('Shell notice')).toBeTruthy();
    expect(await screen.findByText('Screen notice')).toBeTruthy();
    expect(placementOf('Shell notice')).toContain('ant-notification-bottomRight');
    expect(placementOf('Screen notice')).toContain('ant-notification-bottomRight');
    expect(document.querySelector('.ant-notification-topRight')).toBeNull();
  });
});
