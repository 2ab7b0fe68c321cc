import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { fakeApi, renderWithApi } from '../controls/testing/fakeApi';
import { ChangeHistoryDialog, type EntityChange } from './ChangeHistoryDialog';

const change = (values: Partial<EntityChange>): EntityChange => ({
  id: 'c1',
  changeType: 'Updated',
  propertyName: 'appointmentDate',
  originalValue: '2027-03-02',
  newValue: '2027-03-05',
  originalValueExtraInfo: { text: '2027-03-02' },
  newValueExtraInfo: { text: '2027-03-05' },
  user: { id: 'u1', displayName: 'Sam Staff' },
  changeTime: '2026-11-25T14:45:10.000Z',
  ...values,
});

describe('View changes', () => {
  it("shows when in the tenant's zone and dates and times as the screens do", async () => {
    const api = fakeApi(() => ({
      totalCount: 3,
      items: [
        change({}),
        change({
          id: 'c2',
          propertyName: 'statusDate',
          originalValue: '2026-11-20T01:00:00.000Z',
          newValue: '2026-11-25T14:45:10.000Z',
          originalValueExtraInfo: { text: '2026-11-20T01:00:00.000Z' },
          newValueExtraInfo: { text: '2026-11-25T14:45:10.000Z' },
        }),
        change({
          id: 'c3',
          propertyName: 'status',
          originalValue: 'CASE_CREATED',
          newValue: 'APPOINTMENT_CONFIRMED',
          originalValueExtraInfo: undefined,
          newValueExtraInfo: undefined,
        }),
      ],
    }));
    renderWithApi(
      <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Perth' } } as unknown as Session}>
        <ChangeHistoryDialog
          entityId="e1"
          open
          onClose={() => {}}
          labels={{ appointmentDate: 'Appointment date', statusDate: 'Status date' }}
        />
      </SessionContext.Provider>,
      api,
    );
    const dateRow = (await screen.findByText('Appointment date')).closest('tr')!;
    expect(within(dateRow).getByText('25 Nov 2026 22:45 AWST')).toBeTruthy();
    expect(within(dateRow).getByText('02 Mar 2027')).toBeTruthy();
    expect(within(dateRow).getByText('05 Mar 2027')).toBeTruthy();
    const timeRow = screen.getByText('Status date').closest('tr')!;
    expect(within(timeRow).getByText('20 Nov 2026 09:00 AWST')).toBeTruthy();
    expect(screen.getByText('APPOINTMENT_CONFIRMED')).toBeTruthy();
    // All of the record's changes are shown: nothing says otherwise.
    expect(screen.queryByText(/^The latest/)).toBeNull();
  });

  it('says when a record has more changes than the latest it shows', async () => {
    const items = Array.from({ length: 100 }, (_, i) => change({ id: `c${i}` }));
    renderWithApi(
      <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Sydney' } } as unknown as Session}>
        <ChangeHistoryDialog entityId="e1" open onClose={() => {}} labels={{}} />
      </SessionContext.Provider>,
      fakeApi(() => ({ totalCount: 1234, items })),
    );
    expect((await screen.findByText(/^The latest/)).textContent).toBe('The latest 100 of 1,234 changes.');
  });
});
