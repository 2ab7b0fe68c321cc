import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Permissions, SystemErrorEndpoints, type SystemErrorDto } from '@casebook/domain';
import { answering, fakeApi, isCallOf, on, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { NoticesContext, type Notices } from '../../platform/notices/notices';
import { SystemErrorsPage } from './SystemErrorsPage';

const error: SystemErrorDto = {
  id: '0192f1a0-0000-7000-8000-000000000001',
  tenantId: '0192f1a0-0000-7000-8000-0000000000aa',
  tenantName: 'demo',
  method: 'GET',
  path: '/api/account/my-profile',
  errorType: 'DrizzleQueryError',
  message: 'Failed query: select …\nCause: column "name" does not exist',
  stack: 'Error: Failed query\n    at page (resource.repository.ts:83:20)',
  requestId: 'req-1',
  userId: null,
  occurrences: 3,
  firstSeen: '2026-11-27T01:00:00.000Z',
  lastSeen: '2026-11-27T02:00:00.000Z',
  isResolved: false,
  resolvedAt: null,
  resolvedByName: null,
};

function render(permissions: string[]) {
  const api = fakeApi(
    answering([
      on(SystemErrorEndpoints.listSystemErrors, () => ({ totalCount: 1, items: [error] })),
      on(SystemErrorEndpoints.markAsResolved, () => ({ ...error, isResolved: true })),
    ]),
  );
  const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
  renderWithApi(
    <App>
      <NoticesContext.Provider value={notices}>
        <SystemErrorsPage />
      </NoticesContext.Provider>
    </App>,
    api,
    { permissions },
  );
  return Object.assign(api, { notices });
}

describe('System errors', () => {
  it('lists the unresolved errors with their count, tenant and cause, and marks one resolved', async () => {
    const api = render([Permissions.systemErrors.read, Permissions.systemErrors.update]);
    const table = await screen.findByRole('table');
    const row = await within(table).findByText('/api/account/my-profile');
    expect(api.calls.find((c) => isCallOf(c, SystemErrorEndpoints.listSystemErrors))?.query).toMatchObject({
      isResolved: false,
    });
    const line = row.closest('tr')!;
    expect(within(line).getByText('3')).toBeTruthy();
    expect(within(line).getByText('demo')).toBeTruthy();
    expect(within(line).getByText('Cause: column "name" does not exist')).toBeTruthy();
    fireEvent.click(within(line).getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(api.notices.success).toHaveBeenCalledWith('Marked as resolved.'));
    expect(api.calls.some((c) => isCallOf(c, SystemErrorEndpoints.markAsResolved))).toBe(true);
  });

  it('offers no action without the update permission, and the Resolved view asks for resolved ones', async () => {
    const api = render([Permissions.systemErrors.read]);
    await screen.findByText('/api/account/my-profile');
    expect(screen.queryByRole('button', { name: 'Mark as resolved' })).toBeNull();
    fireEvent.click(screen.getByText('Resolved'));
    await waitFor(() =>
      expect(api.calls.filter((c) => isCallOf(c, SystemErrorEndpoints.listSystemErrors)).at(-1)?.query).toMatchObject({
        isResolved: true,
      }),
    );
  });
});
