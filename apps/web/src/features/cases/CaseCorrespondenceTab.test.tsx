import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CorrespondenceNoteDto,
  type EmailTrackingDto,
  CaseEndpoints,
  CorrespondenceEndpoints,
  endpointPath,
} from '@casebook/domain';
import { CaseCorrespondenceTab } from './CaseCorrespondenceTab';
import { caseOf, dropdownOption, fakeServer, renderCaseTab } from './testing/caseTabHarness';

afterEach(() => {
  vi.useRealTimers();
});

const c = caseOf();

const email: EmailTrackingDto = {
  id: '01900000-0000-7000-8000-00000000e001',
  templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
  trackingPropertyName: null,
  fromModule: 'IME',
  objectId: c.id,
  objectReference: c.caseNo,
  category: null,
  recipient: 'morgan@harbour.test',
  cc: null,
  sender: null,
  subject: 'Appointment confirmed',
  state: 'Sent',
  markedSuccess: false,
  attempts: 1,
  lastError: null,
  creationTime: '2026-11-25T14:44:00.000Z',
  sentTime: '2026-11-25T14:45:10.000Z',
};

const note: CorrespondenceNoteDto = {
  id: '01900000-0000-7000-8000-00000000n001',
  fromModule: 'IME',
  objectId: c.id,
  communicationType: 'PHONE',
  category: null,
  contactName: 'Morgan',
  content: 'Called about the appointment',
  contactTime: '2026-11-25T23:30:00.000Z',
  creatorName: 'Sam Staff',
  creationTime: '2026-11-25T23:31:00.000Z',
};

function correspondenceServer() {
  return fakeServer((request) => {
    if (request.method === 'GET' && request.path === endpointPath(CaseEndpoints.get, { id: c.id })) return { body: c };
    if (request.path === CorrespondenceEndpoints.recordEmails.path) return { body: { totalCount: 1, items: [email] } };
    if (request.method === 'GET' && request.path === CorrespondenceEndpoints.listNotes.path) {
      return { body: { totalCount: 1, items: [note] } };
    }
    if (request.method === 'POST' && request.path === CorrespondenceEndpoints.addNote.path) return { body: note };
    throw new Error(`unexpected ${request.method} ${request.path}`);
  });
}

describe('Correspondence tab', () => {
  it("shows when each e-mail went and each call took place in the tenant's zone, with its abbreviation", async () => {
    renderCaseTab(correspondenceServer(), c.id, () => <CaseCorrespondenceTab caseId={c.id} />, {
      timezone: 'Australia/Perth',
    });
    const emails = await screen.findByRole('table', { name: 'E-mails' });
    await waitFor(() => expect(within(emails).getByText('25 Nov 2026 22:45 AWST')).toBeTruthy());
    const notes = screen.getByRole('table', { name: /notes/i });
    await waitFor(() => expect(within(notes).getByText('26 Nov 2026 07:30 AWST')).toBeTruthy());
  });

  it("takes the time of a call as the tenant's wall clock: now, by default, is now", async () => {
    // 13:30 UTC: 00:30 on the 26th in Sydney, 13:30 on the 25th in a browser on UTC.
    vi.useFakeTimers({ now: new Date('2026-11-25T13:30:00Z'), toFake: ['Date'] });
    const server = correspondenceServer();
    const { user } = renderCaseTab(server, c.id, () => <CaseCorrespondenceTab caseId={c.id} />, {
      timezone: 'Australia/Sydney',
    });
    await user.click(await screen.findByRole('button', { name: 'Add correspondence' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('26 Nov 2026 00:30')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Communication type' }));
    await waitFor(() => expect(dropdownOption('Phone')).toBeDefined());
    await user.click(dropdownOption('Phone')!);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Left a message');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.body).toMatchObject({
      communicationType: 'PHONE',
      content: 'Left a message',
      contactTime: '2026-11-25T13:30:00.000Z',
    });
  });
});
