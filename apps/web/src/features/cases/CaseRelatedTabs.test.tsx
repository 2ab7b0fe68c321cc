import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type CaseDto, CaseEndpoints, endpointPath } from '@casebook/domain';
import { CaseCreditRequestTab, CaseVideoTab } from './CaseRelatedTabs';
import { caseOf, fakeServer, renderCaseTab } from './testing/caseTabHarness';

/** The case, answered as the server does; nothing else is asked of it. */
function caseServer(c: CaseDto) {
  return fakeServer((request) => {
    if (request.method === 'GET' && request.path === endpointPath(CaseEndpoints.get, { id: c.id })) return { body: c };
    throw new Error(`unexpected ${request.method} ${request.path}`);
  });
}

/** The rows of a details table: label → shown value. */
function rows(table: HTMLElement): Record<string, string> {
  const labels = [...table.querySelectorAll('.ant-descriptions-item-label')];
  return Object.fromEntries(labels.map((label) => [label.textContent, label.nextElementSibling?.textContent ?? '']));
}

// Neither tab has a module behind it yet (no video-meeting or credit-request calls on the server,
// docs/decisions/0014): they show what the case holds and save nothing.
describe('Video tab', () => {
  it("shows what a meeting of the case would be about, in the tenant's time zone", async () => {
    const c = caseOf({ appointmentType: 'VIDEO', appointmentDate: '2027-03-02', appointmentTime: '09:30' });
    const server = caseServer(c);
    renderCaseTab(server, c.id, (x) => <CaseVideoTab c={x} />, { timezone: 'Australia/Brisbane' });
    const table = await screen.findByLabelText('Video details');
    expect(rows(table)).toEqual({
      'Appointment type': 'Video',
      Appointment: '02 Mar 2027 09:30',
      'Time zone': 'Australia/Brisbane',
      'Case status': 'Appointment confirmed',
      Specialist: 'Doug Doctor',
      Claimant: 'Claire Claimant',
      'Case manager': 'Morgan Booker',
    });
    expect(screen.getByText('No video meeting has been set up for this appointment yet.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('says when the appointment is not held by video, and leaves out what the case lacks', async () => {
    const c = caseOf({
      appointmentType: 'INPERSON',
      appointmentDate: null,
      appointmentTime: null,
      specialistId: null,
      specialistName: null,
    });
    renderCaseTab(caseServer(c), c.id, (x) => <CaseVideoTab c={x} />);
    expect(await screen.findByText('This appointment is not held by video.')).toBeTruthy();
    const table = screen.getByLabelText('Video details');
    expect(rows(table)).toMatchObject({ 'Appointment type': 'In person', Appointment: '', Specialist: '' });
  });
});

describe('Credit Request tab', () => {
  it("shows the case's billing readiness, status and cancellation, and no credit requests", async () => {
    const c = caseOf({
      billingStatus: 'READY_TO_BILL',
      status: 'CANCELLED_WITH_FEE',
      cancellationType: 'WITH_FEE',
    });
    const server = caseServer(c);
    renderCaseTab(server, c.id, (x) => <CaseCreditRequestTab c={x} />);
    const table = await screen.findByLabelText('Billing of the case');
    expect(rows(table)).toEqual({
      'Billing readiness': 'Ready to bill',
      'Case status': 'Cancelled (with fee)',
      Cancellation: 'Cancelled (with fee)',
    });
    expect(within(document.body).getByText('No credit requests for this case.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('leaves the cancellation empty for a case that is not cancelled', async () => {
    const c = caseOf();
    renderCaseTab(caseServer(c), c.id, (x) => <CaseCreditRequestTab c={x} />);
    const table = await screen.findByLabelText('Billing of the case');
    expect(rows(table)).toEqual({
      'Billing readiness': 'Not ready',
      'Case status': 'Appointment confirmed',
      Cancellation: '',
    });
  });
});
