import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NotificationEndpoints } from '@casebook/domain';
import type { Session } from '../../app/session/sessionTypes';
import { SessionContext } from '../../app/session/useSession';
import { WorkspaceContext, type Workspace } from '../../app/tabs/useWorkspace';
import { ApiContext } from '../../platform/api/api-client';
import { fakeApi } from '../../platform/controls/testing/fakeApi';
import { NotificationsPage } from './NotificationsPage';

function renderFor(features: Record<string, string>, ui: ReactElement) {
  const api = fakeApi((call) => {
    if (call.path === NotificationEndpoints.list.path) return { totalCount: 0, items: [] };
    throw new Error(`unexpected ${call.method} ${call.path}`);
  });
  const session = {
    user: { isAuthenticated: true, isHost: true, roles: ['TENANT_ADMIN'] },
    accessTenant: { id: 'host', name: 'host', editionName: '', features },
    tenant: { timezone: 'Australia/Sydney' },
  } as unknown as Session;
  render(
    <SessionContext.Provider value={session}>
      <ApiContext.Provider value={api}>
        <WorkspaceContext.Provider value={{ open: vi.fn() } as unknown as Workspace}>{ui}</WorkspaceContext.Provider>
      </ApiContext.Provider>
    </SessionContext.Provider>,
  );
  return api;
}

describe('Notifications page', () => {
  it('says notifications are off for a tenant without the feature, and does not ask the server', async () => {
    const api = renderFor({}, <NotificationsPage />);
    expect(await screen.findByText('Notifications are not enabled for your organisation.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('lists the notifications where the feature is on', async () => {
    const api = renderFor({ RealtimeNotification: 'True' }, <NotificationsPage />);
    await vi.waitFor(() => expect(api.calls.map((c) => c.path)).toEqual([NotificationEndpoints.list.path]));
    expect(screen.queryByText('Notifications are not enabled for your organisation.')).toBeNull();
  });
});
