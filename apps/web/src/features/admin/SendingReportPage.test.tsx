import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CorrespondenceEndpoints } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { fakeApi, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { SendingReportPage } from './SendingReportPage';

afterEach(() => {
  vi.useRealTimers();
});

const asTenantIn = (timezone: string) => ({ tenant: { timezone } }) as unknown as Session;

describe('E-mail Sending Report', () => {
  it("asks for the last 30 days up to today in the tenant's zone, not the browser's", async () => {
    // 13:30 UTC on 25 November: still the 25th in the browser (UTC here), already the 26th in Sydney.
    vi.useFakeTimers({ now: new Date('2026-11-25T13:30:00Z'), toFake: ['Date'] });
    const api = fakeApi(() => ({
      totalCount: 1,
      items: [{ templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM', sent: 2, pending: 1, failed: 0, total: 3 }],
    }));
    renderWithApi(
      <SessionContext.Provider value={asTenantIn('Australia/Sydney')}>
        <SendingReportPage />
      </SessionContext.Provider>,
      api,
    );
    await screen.findByText('IME_APPOINTMENT_CONFIRMATION_CM');
    expect(api.calls).toEqual([
      {
        method: 'GET',
        path: CorrespondenceEndpoints.sendingReport.path,
        query: { from: '2026-10-28', to: '2026-11-26' },
      },
    ]);
    await waitFor(() => expect(screen.getByDisplayValue('26 Nov 2026')).toBeTruthy());
  });
});
