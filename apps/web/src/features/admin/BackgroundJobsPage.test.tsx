import { screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import type { BackgroundJobDto } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { fakeApi, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { afterText, BackgroundJobsPage } from './BackgroundJobsPage';

const job = (values: Partial<BackgroundJobDto>): BackgroundJobDto => ({
  id: 'job-1',
  name: 'mail-send',
  state: 'Completed',
  retryCount: 0,
  retryLimit: 5,
  createdOn: '2026-11-25T14:45:10.000Z',
  startedOn: '2026-11-25T14:45:11.000Z',
  completedOn: '2026-11-25T14:45:12.000Z',
  error: null,
  summary: 'IME_APPOINTMENT_CONFIRMATION_CM to lee@example.test',
  ...values,
});

describe('Background Jobs', () => {
  it('says how long after its creation a job finished', () => {
    const created = '2026-11-25T14:45:10.000Z';
    expect(afterText(created, created)).toBe('at once');
    expect(afterText(created, '2026-11-25T14:45:12.400Z')).toBe('after 2 s');
    expect(afterText(created, '2026-11-25T14:48:15.000Z')).toBe('after 3 min 5 s');
    expect(afterText(created, '2026-11-25T14:48:10.000Z')).toBe('after 3 min');
    expect(afterText(created, '2026-11-25T16:55:10.000Z')).toBe('after 2 h 10 min');
    expect(afterText(created, '2026-11-29T14:45:10.000Z')).toBe('after 4 days');
  });

  it("lists each job's creation in the tenant's zone, its error under what it did, and Retry for a failed one", async () => {
    const api = fakeApi(() => ({
      totalCount: 2,
      items: [
        job({}),
        job({ id: 'job-2', state: 'Failed', retryCount: 5, completedOn: null, error: 'SMTP said 550 no such user' }),
      ],
    }));
    renderWithApi(
      <App>
        <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Perth' } } as unknown as Session}>
          <BackgroundJobsPage />
        </SessionContext.Provider>
      </App>,
      api,
    );
    await screen.findByText('SMTP said 550 no such user');
    const rows = screen.getAllByRole('row');
    const [done, failed] = rows.filter((r) => r.textContent?.includes('mail-send'));
    expect(within(done!).getByText('25 Nov 2026 22:45:10 AWST')).toBeTruthy();
    expect(within(done!).getByText('after 2 s').getAttribute('title')).toBe('25 Nov 2026 22:45:12 AWST');
    expect(within(failed!).getByText('SMTP said 550 no such user')).toBeTruthy();
    expect(within(failed!).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(failed!).getByText('6 of 6')).toBeTruthy();
  });
});
