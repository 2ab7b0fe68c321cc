import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import {
  REALTIME_PATH,
  VIDEO_NAMESPACE,
  VideoEvents,
  type CaseDto,
  type VideoInfoDto,
  type VideoJoinResult,
  type VideoMeetingDto,
  type VideoSessionDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { waitFor } from '../../../test/smtp';
import { mailOutbox } from '../correspondence/correspondence.schema';

// Three seconds: the close limit, shortened by configuration as a deployment would set it.
const LIMIT_MINUTES = 0.05;
const RUN = Date.now().toString(36);
let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp(undefined, { config: { video: { limitMinutes: LIMIT_MINUTES, iceServers: [] } } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

/** A tenant with a video appointment of an IME case: specialist, claimant and case manager with e-mails. */
async function videoCase(name: string, appointmentType = 'VIDEO') {
  // Unique per run: a PostgreSQL database keeps the tenants of earlier runs.
  const tenantId = await newTenant(t.database, { name: `${name} ${RUN}`, timezone: 'Australia/Sydney' });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, email: 'cara@law.test' }),
  );
  const clientId = await idOf(
    admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant', email: 'claire@home.test' }),
  );
  const specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      email: 'doug@clinic.test',
      onboardedDate: iso(-30),
    }),
  );
  const centreId =
    appointmentType === 'VIDEO'
      ? null
      : await idOf(admin.post('/api/app/centres', { name: `${name} Rooms`, state: 'NSW', postcode: '2000' }));
  const session = await ok<{ id: string }>(
    admin.post('/api/app/appointment-sessions', {
      specialistId,
      centreId,
      appointmentType,
      timeZone: 'Australia/Sydney',
      date: iso(3),
      startTime: '09:00',
      endTime: '10:00',
    }),
  );
  const c = await ok<CaseDto>(
    staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, sessionId: session.id, specialistId }),
  );
  return { tenantId, admin, staff, caseId: c.id, caseNo: c.caseNo };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const linkOf = (m: VideoMeetingDto, role: string) => m.participants.find((p) => p.role === role)!.link;
const view = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/video-sessions/viewVideo', payload: { token } });

function videoSocket(token: string): Socket {
  const s = connect(`${baseUrl}${VIDEO_NAMESPACE}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(s);
  return s;
}
const connected = (s: Socket) =>
  new Promise<{ ok: true } | { ok: false; error: string }>((resolve) => {
    s.once('connect', () => resolve({ ok: true }));
    s.once('connect_error', (e) => resolve({ ok: false, error: e.message }));
  });

describe('video meetings of a case', () => {
  test('a link per participant opens only its own meeting; a wrong or replaced link is refused', async () => {
    const a = await videoCase('Avalon');
    const m = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    expect(m.participants.map((p) => [p.role, p.name, p.email])).toEqual([
      ['SPECIALIST', 'Doug Doctor', 'doug@clinic.test'],
      ['CLAIMANT', 'Claire Claimant', 'claire@home.test'],
      ['CASE_MANAGER', 'Cara Manager', 'cara@law.test'],
    ]);
    expect(new Set(m.participants.map((p) => p.link)).size).toBe(3);
    expect(linkOf(m, 'CLAIMANT')).toMatch(/^http:\/\/casebook\.test\/video-meeting\?token=/);

    const seen = await ok<VideoSessionDto>(view(tokenOf(linkOf(m, 'CLAIMANT'))));
    expect(seen).toMatchObject({ meetingId: m.id, role: 'CLAIMANT', name: 'Claire Claimant', status: 'OPEN' });
    // Nobody's contact details travel with a link.
    expect(JSON.stringify(seen)).not.toMatch(/@/);

    // Another meeting's secret with this participant, a made-up token, nothing: refused alike.
    const b = await videoCase('Byron');
    const other = await ok<VideoMeetingDto>(b.staff.post(`/api/app/assessments/${b.caseId}/generateVideoLink`, {}));
    const [aHead] = tokenOf(linkOf(m, 'CLAIMANT')).split('.');
    const [, bSecret] = tokenOf(linkOf(other, 'CLAIMANT')).split('.');
    for (const token of [`${aHead}.${bSecret}`, 'abc', `${aHead}.${'x'.repeat(43)}`]) {
      const res = await view(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { message: 'This meeting link is not valid.' } });
      expect(await connected(videoSocket(token))).toEqual({ ok: false, error: 'This meeting link is not valid.' });
    }
    expect((await view('')).statusCode).toBe(400);

    // A meeting nobody joined gets new links on generating again: the old ones are refused.
    const again = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    expect(again.id).toBe(m.id);
    expect((await view(tokenOf(linkOf(m, 'CLAIMANT')))).statusCode).toBe(404);
    expect((await view(tokenOf(linkOf(again, 'CLAIMANT')))).statusCode).toBe(200);
  });

  test("another tenant's case or meeting is not found; a case not held by video gets no meeting", async () => {
    const a = await videoCase('Coogee');
    const m = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    const b = await videoCase('Dee Why');
    for (const res of [
      await b.staff.get(`/api/app/assessments/${a.caseId}/videoInfo`),
      await b.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}),
      await b.staff.post(`/api/app/assessments/${a.caseId}/sendVideoLink`, {}),
      await b.staff.get(`/api/app/video-meetings/${m.id}`),
      await b.staff.post(`/api/app/video-meetings/${m.id}/closeMeeting`, {}),
    ])
      expect(res.statusCode).toBe(404);
    expect((await ok<{ items: VideoMeetingDto[] }>(b.staff.get('/api/app/video-meetings'))).items).toEqual([]);
    expect((await ok<VideoMeetingDto>(a.staff.get(`/api/app/video-meetings/${m.id}`))).status).toBe('OPEN');

    const c = await videoCase('Eden', 'INPERSON');
    const res = await c.staff.post(`/api/app/assessments/${c.caseId}/generateVideoLink`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { message: 'This appointment is not held by video.' } });
  });

  test('links e-mailed to each participant; an external tool and an interpreter set on the video info', async () => {
    const a = await videoCase('Forster');
    const info = await ok<VideoInfoDto>(
      a.staff.post(`/api/app/assessments/${a.caseId}/videoInfo`, {
        videoAppType: 'EXTERNAL',
        alternativeVideoLink: 'https://meet.example.com/j/123',
        alternativeMeetingId: '123 456',
        alternativeMeetingPasscode: 'pass',
        interpreterName: 'Ivan Interpreter',
        interpreterEmail: 'ivan@lang.test',
      }),
    );
    expect(info).toMatchObject({
      videoAppType: 'EXTERNAL',
      alternativeVideoLink: 'https://meet.example.com/j/123',
      alternativeMeetingId: '123 456',
      alternativeMeetingPasscode: 'pass',
      interpreterInfo: { name: 'Ivan Interpreter', email: 'ivan@lang.test' },
      isVideoAppointment: true,
    });
    expect(info.meeting!.participants.map((p) => p.role)).toEqual([
      'SPECIALIST',
      'CLAIMANT',
      'INTERPRETER',
      'CASE_MANAGER',
    ]);
    const bad = await a.staff.post(`/api/app/assessments/${a.caseId}/videoInfo`, { alternativeVideoLink: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('alternativeVideoLink');

    const sent = await ok<{ message: string; sentTo: string[] }>(
      a.staff.post(`/api/app/assessments/${a.caseId}/sendVideoLink`, { roles: ['CLAIMANT', 'INTERPRETER'] }),
    );
    expect(sent).toEqual({
      message: 'Video link emailed successfully',
      sentTo: ['claire@home.test', 'ivan@lang.test'],
    });
    const mails = await t.database.withTenant(a.tenantId, (tx) =>
      tx
        .select({ to: mailOutbox.recipient, html: mailOutbox.html })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.category, 'VIDEO_LINK'), eq(mailOutbox.objectId, a.caseId))),
    );
    const claimantLink = info.meeting!.participants.find((p) => p.role === 'CLAIMANT')!.link;
    const interpreterLink = info.meeting!.participants.find((p) => p.role === 'INTERPRETER')!.link;
    const toClaire = mails.find((r) => r.to === 'claire@home.test')!;
    expect(toClaire.html).toContain(claimantLink.replace(/&/g, '&amp;'));
    expect(toClaire.html).not.toContain(interpreterLink);
    expect(toClaire.html).toContain('https://meet.example.com/j/123');
    expect(mails).toHaveLength(2);
    const sms = await a.staff.post(`/api/app/assessments/${a.caseId}/sendVideoLink`, { isSMS: true });
    expect(sms.statusCode).toBe(422);
    // Case managers may read the case but not send or generate.
    const cm = await callerFor(t, a.tenantId, ['CASE_MANAGER']);
    expect((await cm.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {})).statusCode).toBe(403);
  });

  test('signalling reaches only the same meeting; the meeting closes itself at the limit: peers told, links refused', async () => {
    const a = await videoCase('Gerringong');
    const m = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    const b = await videoCase('Huskisson');
    const other = await ok<VideoMeetingDto>(b.staff.post(`/api/app/assessments/${b.caseId}/generateVideoLink`, {}));

    const doctor = videoSocket(tokenOf(linkOf(m, 'SPECIALIST')));
    expect(await connected(doctor)).toEqual({ ok: true });
    const joinedAt = Date.now();
    const first = (await doctor.emitWithAck(VideoEvents.join, {})) as VideoJoinResult;
    expect(first).toMatchObject({ ok: true, peers: [], self: { role: 'SPECIALIST', name: 'Doug Doctor' } });
    const ended: unknown[] = [];
    doctor.on(VideoEvents.ended, (e) => ended.push(e));
    const received: unknown[] = [];
    doctor.on(VideoEvents.signal, (s) => received.push(s));

    const claimant = videoSocket(tokenOf(linkOf(m, 'CLAIMANT')));
    await connected(claimant);
    claimant.on(VideoEvents.ended, (e) => ended.push(e));
    const second = (await claimant.emitWithAck(VideoEvents.join, {})) as VideoJoinResult;
    expect(second).toMatchObject({ ok: true, peers: [{ role: 'SPECIALIST', name: 'Doug Doctor' }] });
    const doctorPeer = second.ok ? second.peers[0]!.peerId : '';

    // Someone of another meeting cannot reach this one's peers.
    const stranger = videoSocket(tokenOf(linkOf(other, 'CLAIMANT')));
    await connected(stranger);
    await stranger.emitWithAck(VideoEvents.join, {});
    stranger.emit(VideoEvents.signal, { to: doctorPeer, description: { type: 'offer', sdp: 'from elsewhere' } });
    claimant.emit(VideoEvents.signal, { to: doctorPeer, description: { type: 'offer', sdp: 'v=0' } });
    await waitFor('the offer to arrive', async () => (received.length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual([{ from: claimant.id, description: { type: 'offer', sdp: 'v=0' } }]);

    const live = await ok<VideoMeetingDto>(a.staff.get(`/api/app/video-meetings/${m.id}`));
    expect(live.participants.filter((p) => p.present).map((p) => p.role)).toEqual(['SPECIALIST', 'CLAIMANT']);
    expect(Date.parse(live.closesAt!) - Date.parse(live.firstJoinTime!)).toBe(LIMIT_MINUTES * 60_000);

    // At the limit both are told and disconnected, and the links are refused from then on.
    await waitFor('the meeting to end', async () => (ended.length === 2 ? true : undefined), 15_000);
    expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(LIMIT_MINUTES * 60_000 - 100);
    expect(ended).toEqual([{ message: 'This video meeting has ended.' }, { message: 'This video meeting has ended.' }]);
    await waitFor('the sockets to close', async () => (!doctor.connected && !claimant.connected ? true : undefined));
    const res = await view(tokenOf(linkOf(m, 'CLAIMANT')));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { message: 'This video meeting has ended.' } });
    expect(await connected(videoSocket(tokenOf(linkOf(m, 'SPECIALIST'))))).toEqual({
      ok: false,
      error: 'This video meeting has ended.',
    });
    expect(await ok<VideoMeetingDto>(a.staff.get(`/api/app/video-meetings/${m.id}`))).toMatchObject({
      status: 'CLOSED',
      closeReason: 'LIMIT',
    });

    // Generating again after the end makes a new meeting with new links.
    const next = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    expect(next.id).not.toBe(m.id);
    expect(next.status).toBe('OPEN');
  }, 60_000);

  test('staff close a meeting: everyone in it is told to leave and its links are refused', async () => {
    const a = await videoCase('Ivanhoe');
    const m = await ok<VideoMeetingDto>(a.staff.post(`/api/app/assessments/${a.caseId}/generateVideoLink`, {}));
    const s = videoSocket(tokenOf(linkOf(m, 'CLAIMANT')));
    await connected(s);
    const ended: unknown[] = [];
    s.on(VideoEvents.ended, (e) => ended.push(e));
    await s.emitWithAck(VideoEvents.join, {});
    const closed = await ok<VideoMeetingDto>(a.staff.post(`/api/app/video-meetings/${m.id}/closeMeeting`, {}));
    expect(closed).toMatchObject({ status: 'CLOSED', closeReason: 'CLOSED_BY_STAFF' });
    await waitFor('the claimant to be told', async () => (ended.length === 1 ? true : undefined));
    expect((await view(tokenOf(linkOf(m, 'CLAIMANT')))).statusCode).toBe(404);
    const info = await ok<VideoInfoDto>(a.staff.get(`/api/app/assessments/${a.caseId}/videoInfo`));
    expect(info.videoLink).toBeNull();
    expect(info.meeting?.status).toBe('CLOSED');
  });
});
