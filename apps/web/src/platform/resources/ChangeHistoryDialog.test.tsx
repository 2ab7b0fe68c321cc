import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AttendanceOutcomeLabels, AuditEndpoints, ImeStatusLabels } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { answering, fakeApi, on, renderWithApi } from '../controls/testing/fakeApi';
import { ChangeHistoryDialog, type EntityChange } from './ChangeHistoryDialog';

const change = (values: Partial<EntityChange>): EntityChange => ({
  id: 'c1',
  entityType: 'ImeCase',
  entityId: 'e1',
  impersonatorUserId: null,
  executionTime: '2026-11-25T14:45:10.000Z',
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
    const api = fakeApi(
      answering([
        on(AuditEndpoints.listEntityChanges, () => ({
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
        })),
      ]),
    );
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

  it('shows codes as their labels and referenced records by name, not raw codes and ids', async () => {
    const centreId = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const api = fakeApi(
      answering([
        on(AuditEndpoints.listEntityChanges, () => ({
          totalCount: 3,
          items: [
            change({
              id: 'c1',
              propertyName: 'status',
              originalValue: 'DICTATION_RECEIVED',
              newValue: 'REPORT_COMPLETED',
              originalValueExtraInfo: { text: 'DICTATION_RECEIVED' },
              newValueExtraInfo: { text: 'REPORT_COMPLETED' },
            }),
            change({
              id: 'c2',
              propertyName: 'attendance',
              originalValue: 'NONE',
              newValue: 'CONFIRMED',
              originalValueExtraInfo: { text: 'NONE' },
              newValueExtraInfo: { text: 'CONFIRMED' },
            }),
            change({
              id: 'c3',
              propertyName: 'centreId',
              originalValue: null,
              newValue: centreId,
              originalValueExtraInfo: { text: null },
              newValueExtraInfo: { text: 'Sydney CBD Centre' },
            }),
          ],
        })),
      ]),
    );
    renderWithApi(
      <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Sydney' } } as unknown as Session}>
        <ChangeHistoryDialog
          entityId="e1"
          open
          onClose={() => {}}
          labels={{ status: 'Status', attendance: 'Attendance', centreId: 'Centre' }}
          choices={{ status: ImeStatusLabels, attendance: AttendanceOutcomeLabels }}
        />
      </SessionContext.Provider>,
      api,
    );
    const status = (await screen.findByText('Status')).closest('tr')!;
    expect(within(status).getByText('Dictation received')).toBeTruthy();
    expect(within(status).getByText('Report completed')).toBeTruthy();
    const attendance = screen.getByText('Attendance').closest('tr')!;
    expect(within(attendance).getByText('Not recorded')).toBeTruthy();
    expect(within(attendance).getByText('Attended')).toBeTruthy();
    expect(within(screen.getByText('Centre').closest('tr')!).getByText('Sydney CBD Centre')).toBeTruthy();
    const dialog = document.querySelector('.ant-modal')!.textContent!;
    for (const raw of ['DICTATION_RECEIVED', 'NONE', 'CONFIRMED', centreId]) expect(dialog).not.toContain(raw);
  });

  it('says when a record has more changes than the latest it shows', async () => {
    const items = Array.from({ length: 100 }, (_, i) => change({ id: `c${i}` }));
    renderWithApi(
      <SessionContext.Provider value={{ tenant: { timezone: 'Australia/Sydney' } } as unknown as Session}>
        <ChangeHistoryDialog entityId="e1" open onClose={() => {}} labels={{}} />
      </SessionContext.Provider>,
      fakeApi(answering([on(AuditEndpoints.listEntityChanges, () => ({ totalCount: 1234, items }))])),
    );
    expect((await screen.findByText(/^The latest/)).textContent).toBe('The latest 100 of 1,234 changes.');
  });
});
