import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AllPermissionNames, endpoint, FormMessages, SchedulingEndpoints } from '@casebook/domain';
import type { ApiClient } from '../../platform/api/api-client';
import { fakeApi, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { NoticesContext, type Notices } from '../../platform/notices/notices';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { WorkspaceContext, type Workspace } from '../../app/tabs/useWorkspace';
import { ExportButton } from './ExportButton';
import { SmartSearchPage } from './SmartSearchPage';

const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
/** An export declared as the screens' exports are: a POST whose answer is a file. */
const exportProbe = endpoint({
  method: 'POST',
  path: '/api/probe/export',
  body: z.object({ fromDate: z.string() }),
  access: { authenticated: true },
  tags: ['Probe'],
});
const file = { blob: new Blob(['x']), fileName: 'appointment-availability.xlsx' };

function renderWith(ui: ReactElement, api: ApiClient) {
  const workspace = { open: vi.fn() } as unknown as Workspace;
  const session = {
    profile: { roles: [{ name: 'STAFF' }] },
    tenant: { timezone: 'Australia/Sydney' },
    permissions: new Set(AllPermissionNames),
  } as unknown as Session;
  renderWithApi(
    <SessionContext.Provider value={session}>
      <NoticesContext.Provider value={notices}>
        <WorkspaceContext.Provider value={workspace}>{ui}</WorkspaceContext.Provider>
      </NoticesContext.Provider>
    </SessionContext.Provider>,
    api,
  );
  return userEvent.setup();
}

beforeEach(() => {
  vi.clearAllMocks();
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

describe('ExportButton', () => {
  it('asks first, then downloads with the body as a POST and saves the file', async () => {
    const api = fakeApi(() => file);
    const user = renderWith(<ExportButton endpoint={exportProbe} input={{ body: { fromDate: '2027-01-01' } }} />, api);
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Do you want to download search results?')).toBeTruthy();
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.calls).toEqual([
      { method: 'DOWNLOAD', path: '/api/probe/export', query: undefined, body: { fromDate: '2027-01-01' } },
    ]);
  });

  it('without a search or filter it says so and downloads nothing', async () => {
    const api = fakeApi(() => file);
    const user = renderWith(
      <ExportButton endpoint={exportProbe} input={{ body: { fromDate: '2027-01-01' } }} ready={false} />,
      api,
    );
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(notices.warning).toHaveBeenCalledWith(FormMessages.exportNeedsFilter);
    expect(api.calls).toEqual([]);
  });
});

describe('Session & Specialist Search', () => {
  const result = {
    fromDate: '2027-01-04',
    toDate: '2027-01-10',
    totalCount: 1,
    items: [
      {
        specialist: { id: 'sp1', fullName: 'Sam Bone', title: 'Dr', businessEmail: null, specialty: 'Orthopaedics' },
        totalCount: 1,
        sessions: [],
      },
    ],
  };

  it('says "at least" when the total of a search with a room is a lower bound', { timeout: 30_000 }, async () => {
    let answer: object = { ...result, totalCount: 31, totalIsMinimum: true };
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path.includes('searchAppointment')) return answer;
      throw new Error(`unexpected ${call.method} ${call.path}`);
    });
    const user = renderWith(<SmartSearchPage />, api);
    const box = screen.getByRole('searchbox', { name: 'Search availability' });
    await user.type(box, 'orthopaedic next week{Enter}');
    expect(await screen.findByText(/^At least 31 specialists with free sessions from/)).toBeTruthy();
    answer = { ...result, totalCount: 2 };
    await user.type(box, ' in NSW{Enter}');
    expect(await screen.findByText(/^2 specialists with free sessions from/)).toBeTruthy();
  });

  it('exports the search results and asks the booking staff for a CV', { timeout: 30_000 }, async () => {
    const api = fakeApi((call) => {
      if (call.method === 'GET' && call.path.includes('searchAppointment')) return result;
      if (call.method === 'DOWNLOAD') return file;
      if (call.method === 'POST' && call.path.endsWith('requestCVorSample')) return { queued: 2, recipients: [] };
      throw new Error(`unexpected ${call.method} ${call.path}`);
    });
    const user = renderWith(<SmartSearchPage />, api);
    await user.click(screen.getByRole('button', { name: 'download Export' }));
    expect(notices.warning).toHaveBeenCalledWith(FormMessages.exportNeedsFilter);

    // The user's searches (everyone's for the office) can be downloaded at any time.
    await user.click(screen.getByRole('button', { name: /Export history/ }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DOWNLOAD')).toBe(true));
    expect(api.calls.find((c) => c.method === 'DOWNLOAD')).toMatchObject({
      path: SchedulingEndpoints.exportSearchHistory.path,
      body: {},
    });
    api.calls.length = 0;

    await user.type(screen.getByRole('searchbox', { name: 'Search availability' }), 'orthopaedic next week{Enter}');
    expect(await screen.findByText('Orthopaedics')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'download Export' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DOWNLOAD')).toBe(true));
    expect(api.calls.find((c) => c.method === 'DOWNLOAD')).toMatchObject({
      path: SchedulingEndpoints.exportAvailability.path,
      body: { text: 'orthopaedic next week' },
    });

    await user.click(screen.getByRole('button', { name: 'Request CV/sample' }));
    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'For a spinal matter');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notices.success).toHaveBeenCalledWith('Email has been sent!'));
    expect(api.calls.find((c) => c.path.endsWith('requestCVorSample'))).toMatchObject({
      method: 'POST',
      body: { specialistId: 'sp1', kind: 'CV', note: 'For a spinal matter' },
    });
  });
});
