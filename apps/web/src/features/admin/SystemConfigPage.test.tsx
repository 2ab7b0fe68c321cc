import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import {
  INDEPENDENCE_BLOCK_SETTING,
  IRO_FUNDING_SETTING,
  Permissions,
  SHOW_POPUP_SETTING,
  SystemConfigEndpoints,
} from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { fakeApi, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { NoticesContext, SAVED_MESSAGE, type Notices } from '../../platform/notices/notices';
import { settingsOf, SystemConfigPage } from './SystemConfigPage';

const asAdmin = (permissions: string[]) =>
  ({ tenant: { timezone: 'Australia/Sydney' }, permissions: new Set(permissions) }) as unknown as Session;

function render(stored: Record<string, string>, permissions: string[]) {
  const api = fakeApi((call) => (call.method === 'PUT' ? call.body : { settings: stored }));
  const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
  renderWithApi(
    <App>
      <NoticesContext.Provider value={notices}>
        <SessionContext.Provider value={asAdmin(permissions)}>
          <SystemConfigPage />
        </SessionContext.Provider>
      </NoticesContext.Provider>
    </App>,
    api,
  );
  return Object.assign(api, { notices });
}

describe('System Configuration', () => {
  it('stores the ticked findings as the block rule, in the order of the kinds, and the popup as true or false', () => {
    expect(settingsOf({ blockOn: ['OTHER_PARTY', 'TREATING'], showPopup: true, iroFunding: true })).toEqual({
      [INDEPENDENCE_BLOCK_SETTING]: 'TREATING,OTHER_PARTY',
      [SHOW_POPUP_SETTING]: 'true',
      [IRO_FUNDING_SETTING]: 'true',
    });
    // Nothing ticked: nothing blocks (an empty value, not the default).
    expect(settingsOf({ blockOn: [], showPopup: false, iroFunding: false })[INDEPENDENCE_BLOCK_SETTING]).toBe('');
  });

  it("shows the tenant's rule (treating blocks when none is set), and Save sends the changed rule", async () => {
    const api = render({ 'Casebook.Other': 'x' }, [Permissions.systemConfig.update]);
    const treating = await screen.findByRole('checkbox', { name: 'Treating relationship' });
    expect((treating as HTMLInputElement).checked).toBe(true);
    const other = screen.getByRole('checkbox', { name: 'Earlier case for another company' });
    expect((other as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Casebook.Other')).toBeTruthy();

    fireEvent.click(other);
    fireEvent.click(screen.getByRole('switch', { name: 'Show a popup for each new notification' }));
    fireEvent.click(screen.getByRole('switch', { name: 'IRO funding' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: SystemConfigEndpoints.updateSettings.path,
      query: undefined,
      body: {
        settings: {
          [INDEPENDENCE_BLOCK_SETTING]: 'EARLIER_CASE_OTHER_COMPANY,TREATING',
          [SHOW_POPUP_SETTING]: 'true',
          [IRO_FUNDING_SETTING]: 'true',
        },
      },
    });
    await waitFor(() => expect(api.notices.success).toHaveBeenCalledWith(SAVED_MESSAGE));
  });

  it('shows the rule without Save to someone who may not change it', async () => {
    render({ [INDEPENDENCE_BLOCK_SETTING]: '' }, []);
    const treating = await screen.findByRole('checkbox', { name: 'Treating relationship' });
    expect((treating as HTMLInputElement).checked).toBe(false);
    expect((treating as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
