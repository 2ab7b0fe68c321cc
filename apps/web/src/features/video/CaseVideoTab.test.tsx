import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CaseEndpoints,
  VideoEndpoints,
  endpointPath,
  type CaseDto,
  type VideoInfoDto,
  type VideoMeetingDto,
} from '@casebook/domain';
import { caseOf, fakeServer, findNotice, renderCaseTab } from '../cases/testing/caseTabHarness';
import { CaseVideoTab } from './VideoMeetingViews';

const link = (role: string) => `http://casebook.test/video-meeting?token=${role.toLowerCase()}`;

function meetingOf(values: Partial<VideoMeetingDto> = {}): VideoMeetingDto {
  return {
    id: '01900000-0000-7000-8000-0000000000m1',
    caseId: '01900000-0000-7000-8000-0000000000c1',
    caseNo: 'IME-000042',
    status: 'OPEN',
    videoAppType: 'CASEBOOK',
    firstJoinTime: '2027-03-02T09:01:00.000Z',
    closesAt: '2027-03-02T11:01:00.000Z',
    closedTime: null,
    closeReason: null,
    limitMinutes: 120,
    participants: [
      {
        id: 'p1',
        role: 'SPECIALIST',
        name: 'Doug Doctor',
        email: 'doug@clinic.test',
        link: link('S'),
        firstJoinTime: '2027-03-02T09:01:00.000Z',
        present: true,
        lastEmailTime: null,
      },
      {
        id: 'p2',
        role: 'CLAIMANT',
        name: 'Claire Claimant',
        email: 'claire@home.test',
        link: link('C'),
        firstJoinTime: null,
        present: false,
        lastEmailTime: null,
      },
    ],
    alternativeVideoLink: null,
    alternativeMeetingId: null,
    alternativeMeetingPasscode: null,
    creationTime: '2027-03-01T09:00:00.000Z',
    ...values,
  };
}

function infoOf(c: CaseDto, meeting: VideoMeetingDto | null): VideoInfoDto {
  return {
    appointmentTimeZone: 'Australia/Sydney',
    appointmentDateFrom: '2027-03-02T09:30',
    appointmentDateTo: null,
    title: `${c.caseNo} video appointment`,
    caseStatus: c.status,
    serviceType: 'IME',
    objectId: c.id,
    appointmentType: c.appointmentType,
    isVideoAppointment: c.appointmentType === 'VIDEO',
    videoAppType: 'CASEBOOK',
    specialistInfo: null,
    clientInfo: { id: null, name: 'Claire Claimant', email: null },
    interpreterInfo: null,
    caseManagerInfo: { id: null, name: 'Morgan Booker', email: null },
    staffInfo: null,
    videoLink: meeting ? link('S') : null,
    alternativeVideoLink: null,
    alternativeMeetingId: null,
    alternativeMeetingPasscode: null,
    meeting,
  };
}

/** The case and its video info as the server answers them; generating, sending and closing recorded. */
function videoServer(c: CaseDto, initial: VideoMeetingDto | null) {
  let meeting = initial;
  return fakeServer((request) => {
    if (request.method === 'GET' && request.path === endpointPath(CaseEndpoints.get, { id: c.id })) return { body: c };
    if (request.method === 'GET' && request.path === endpointPath(VideoEndpoints.videoInfo, { id: c.id }))
      return { body: infoOf(c, meeting) };
    if (request.method === 'POST' && request.path === endpointPath(VideoEndpoints.generateVideoLink, { id: c.id })) {
      meeting = meetingOf({ firstJoinTime: null, closesAt: null });
      return { body: meeting };
    }
    if (request.method === 'POST' && request.path === endpointPath(VideoEndpoints.sendVideoLink, { id: c.id }))
      return { body: { message: 'Video link emailed successfully', sentTo: ['doug@clinic.test'] } };
    throw new Error(`unexpected ${request.method} ${request.path}`);
  });
}

describe('Video tab', () => {
  it('staff generate the links of a video appointment, see each link, and e-mail them', async () => {
    const c = caseOf({ appointmentType: 'VIDEO' });
    const server = videoServer(c, null);
    const { user } = renderCaseTab(server, c.id, (x) => <CaseVideoTab c={x} />);
    expect(await screen.findByText('No video meeting has been set up for this appointment yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate video link' }));
    const table = await screen.findByRole('table', { name: 'Participants' });
    await waitFor(() => expect(within(table).getByText('Claire Claimant')).toBeTruthy());
    expect(
      within(table)
        .getAllByRole('link', { name: 'Open link' })
        .map((a) => a.getAttribute('href')),
    ).toEqual([link('S'), link('C')]);
    await user.click(screen.getByRole('button', { name: 'Send links by e-mail' }));
    await findNotice('Success', 'Video link emailed successfully');
    expect(server.writes().map((w) => w.path)).toEqual([
      endpointPath(VideoEndpoints.generateVideoLink, { id: c.id }),
      endpointPath(VideoEndpoints.sendVideoLink, { id: c.id }),
    ]);
    // The claimant's own link by text message.
    await user.click(screen.getByRole('button', { name: 'Text the claimant their link' }));
    await findNotice('Success', 'Video link SMS successfully');
    expect(server.writes().at(-1)).toMatchObject({
      path: endpointPath(VideoEndpoints.sendVideoLink, { id: c.id }),
      body: { isSMS: true, roles: ['CLAIMANT'] },
    });
  });

  it('shows who is in a meeting in progress and offers no new links while it runs', async () => {
    const c = caseOf({ appointmentType: 'VIDEO' });
    renderCaseTab(videoServer(c, meetingOf()), c.id, (x) => <CaseVideoTab c={x} />);
    const table = await screen.findByRole('table', { name: 'Participants' });
    const doctor = within(table).getByText('Doug Doctor').closest('tr')!;
    expect(within(doctor).getByText('In the meeting')).toBeTruthy();
    expect(within(within(table).getByText('Claire Claimant').closest('tr')!).queryByText('In the meeting')).toBeNull();
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Generate/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close meeting' })).toBeTruthy();
  });

  it('a case manager sees the appointment but no actions; an in-person appointment gets no meeting', async () => {
    const c = caseOf({ appointmentType: 'INPERSON' });
    renderCaseTab(videoServer(c, null), c.id, (x) => <CaseVideoTab c={x} />, { roles: ['CASE_MANAGER'] });
    expect(await screen.findByText('This appointment is not held by video.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
