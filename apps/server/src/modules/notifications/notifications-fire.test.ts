import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { addDays, formatIsoDate, REALTIME_PATH, todayIn, type CaseDto, type NotificationDto } from '@casebook/domain';
import { createTestApp, openOwnTestDatabase, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { twoFirms, type TwoFirms } from '../../../test/worlds';
import { Jobs } from '../../platform/jobs/jobs';
import { createMailer } from '../../platform/mail/mailer';
import { enqueueMail } from '../correspondence/outbox';
import { notifyJobGaveUp } from './notify';

type Page = { totalCount: number; items: NotificationDto[] };

let t: TestApp;
let w: TwoFirms;
let url: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let specialistId: string;
const sockets: Socket[] = [];

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));

beforeAll(async () => {
  // Mail with the subject 'Doomed' is always refused; with no retry it fails for good at once.
  smtp = await startSmtpServer({ fail: (mail) => mail.subject === 'Doomed' });
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200, mailRetryLimit: 0 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await twoFirms(t, { features: { RealtimeNotification: 'True' } });
  specialistId = (
    await ok<{ id: string }>(
      w.admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: iso(-30) }),
    )
  ).id;
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
  await smtp?.close();
});

/** The user's open browser: every notification pushed to it, with when it arrived. */
async function browserOf(caller: Caller) {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token: caller.token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const pushed: (NotificationDto & { at: number })[] = [];
  socket.on('ReceiveMessage', (n: NotificationDto) => pushed.push({ ...n, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return pushed;
}

const titles = async (caller: Caller) =>
  (await ok<Page>(caller.get('/api/app/notifications/inApp?maxResultCount=100'))).items.map((n) => n.title);

async function step(caller: Caller, c: CaseDto, path: string, body: Record<string, unknown>, method = 'put') {
  const send = method === 'put' ? caller.put : caller.post;
  return ok<CaseDto>(send(`/api/app/assessments/${c.id}/${path}`, { concurrencyStamp: c.concurrencyStamp, ...body }));
}

describe('notifications that fire', () => {
  it("tells the case's case manager, in real time, of the booking, its changes and the report; nobody else", async () => {
    const cmA = await browserOf(w.firmA.caseManager);
    const cmB = await browserOf(w.firmB.caseManager);
    const outsider = await browserOf(w.outsider);
    // The case manager asks for an IME for their claimant; staff confirm the booking.
    const claimant = await ok<{ id: string }>(
      w.firmA.caseManager.post('/api/app/clients', { firstName: 'Cody', lastName: 'Claimant' }),
    );
    let c = await ok<CaseDto>(
      w.firmA.caseManager.post('/api/app/assessments', {
        clientId: claimant.id,
        caseManagerId: w.firmA.caseManagerId,
        specialistId,
      }),
    );
    const before = Date.now();
    c = await step(w.staff, c, 'appointment', {
      appointmentDate: iso(7),
      appointmentTime: '09:30',
      appointmentType: 'INPERSON',
      confirmed: true,
    });
    expect(c.status).toBe('APPOINTMENT_CONFIRMED');
    const pushed = await waitFor('the booking confirmed push', () => cmA.find((n) => n.title === 'Booking confirmed'));
    expect(pushed.at - before).toBeLessThan(2000);
    expect(pushed).toMatchObject({
      recipientId: w.firmA.caseManager.userId,
      objectId: c.id,
      objectReferenceName: c.caseNo,
      fromModule: 'IME',
      isRead: false,
    });
    expect(pushed.content).toContain(c.caseNo);

    c = await step(w.staff, c, 'reschedule-appointment', {
      appointmentDate: iso(9),
      appointmentTime: '11:00',
      confirmed: true,
      reason: 'Claimant asked',
    });
    c = await step(w.staff, c, 'paperwork', { paperworkSentDate: iso(0), paperworkNotes: null });
    c = await step(w.staff, c, 'attendance', { attendance: 'CONFIRMED', attendanceDate: iso(9) });
    c = await step(w.staff, c, 'dictation-report', { dictationReceivedDate: iso(10) });
    c = await step(w.staff, c, 'dictation-report', { dictationReceivedDate: iso(10), reportReceivedDate: iso(10) });
    expect(c.status).toBe('REPORT_RECEIVED');
    c = await step(w.staff, c, 'dictation-report', {
      dictationReceivedDate: iso(10),
      reportReceivedDate: iso(10),
      reportCompletedDate: iso(11),
    });
    expect(c.status).toBe('REPORT_COMPLETED');

    // A second booking, confirmed, then its appointment cancelled.
    let d = await ok<CaseDto>(
      w.staff.post('/api/app/assessments', {
        clientId: w.clientId,
        caseManagerId: w.firmA.caseManagerId,
        specialistId,
      }),
    );
    d = await step(w.staff, d, 'appointment', { appointmentDate: iso(5), appointmentTime: '10:00', confirmed: true });
    d = await step(w.staff, d, 'cancelAppointment', { reason: 'Doctor ill' }, 'post');
    expect(d.appointmentDate).toBeNull();

    const expected = [
      'Appointment cancelled',
      'Booking confirmed',
      'Report completed',
      'Report received',
      'Appointment changed',
      'Booking confirmed',
    ];
    expect(await titles(w.firmA.caseManager)).toEqual(expected);
    await waitFor('every push', () => cmA.length === expected.length || undefined);
    expect(cmA.map((n) => n.title).reverse()).toEqual(expected);
    // The other firm's case manager, the staff member who acted, and another tenant hear nothing.
    expect(await titles(w.firmB.caseManager)).toEqual([]);
    expect(await titles(w.staff)).toEqual([]);
    expect(await titles(w.outsider)).toEqual([]);
    expect(cmB).toEqual([]);
    expect(outsider).toEqual([]);
  });

  it('keeps a case kept to staff to staff: its case manager is not told', async () => {
    let c = await ok<CaseDto>(
      w.staff.post('/api/app/assessments', {
        clientId: w.clientId,
        caseManagerId: w.firmB.caseManagerId,
        specialistId,
        visibility: 'STAFF',
        // The specialist saw the claimant for firm A earlier: the booking says why it goes ahead.
        independenceOverrideReason: 'Agreed by both firms',
      }),
    );
    c = await step(w.staff, c, 'appointment', { appointmentDate: iso(6), appointmentTime: '10:00', confirmed: true });
    expect(c.status).toBe('APPOINTMENT_CONFIRMED');
    expect(await titles(w.firmB.caseManager)).toEqual([]);
  });

  it('tells the users newly given an action item, not the one who gave it', async () => {
    const c = await ok<CaseDto>(
      w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    );
    const adminBrowser = await browserOf(w.admin);
    const item = await ok<{ id: string; concurrencyStamp: string }>(
      w.staff.post('/api/app/action-required', {
        objectId: c.id,
        subject: 'Chase the referral letter',
        assigneeIds: [w.admin.userId, w.staff.userId],
        picIds: [],
      }),
    );
    const pushed = await waitFor('the action item push', () =>
      adminBrowser.find((n) => n.title === 'Action item assigned'),
    );
    expect(pushed.content).toContain('Chase the referral letter');
    expect(pushed.content).toContain(c.caseNo);
    expect(await titles(w.staff)).toEqual([]);
    // Saving it again with the same assignees tells nobody again; a new assignee is told.
    await ok(
      w.staff.put(`/api/app/action-required/${item.id}`, {
        concurrencyStamp: item.concurrencyStamp,
        subject: 'Chase the referral letter',
        dueDate: null,
        completed: false,
        groupTask: false,
        assigneeIds: [w.admin.userId, w.staff.userId, w.firmA.caseManager.userId],
        picIds: [],
      }),
    );
    expect((await titles(w.admin)).filter((x) => x === 'Action item assigned')).toHaveLength(1);
    expect(await titles(w.firmA.caseManager)).toContain('Action item assigned');
    // Another tenant's user cannot be given the item.
    const foreign = await w.staff.post('/api/app/action-required', {
      objectId: c.id,
      subject: 'Not theirs',
      assigneeIds: [w.outsider.userId],
    });
    expect(foreign.statusCode).toBe(400);
    expect(await titles(w.outsider)).toEqual([]);
  });

  it('tells the sender of an e-mail that failed for good', async () => {
    const browser = await browserOf(w.firmB.caseManager);
    await t.database.withTenant(w.tenantId, (tx) =>
      enqueueMail(tx, w.tenantId, {
        to: 'claimant@example.test',
        subject: 'Doomed',
        html: '<p>Never arrives</p>',
        creatorId: w.firmB.caseManager.userId,
      }),
    );
    const pushed = await waitFor(
      'the e-mail failed push',
      () => browser.find((n) => n.title === 'E-mail failed'),
      20_000,
    );
    expect(pushed.content).toContain("'Doomed' to claimant@example.test");
    expect(await titles(w.outsider)).toEqual([]);
  });

  it("tells the tenant's administrators of a job that failed for good", async () => {
    const database = await openOwnTestDatabase();
    const other = await createTestApp(database);
    const tenant = await twoFirms(other, { features: { RealtimeNotification: 'True' } });
    const jobs = new Jobs(database, {
      pollingIntervalSeconds: 0.5,
      onGaveUp: (failed) => notifyJobGaveUp(database, failed),
    });
    jobs.define(
      'doomed-import',
      { retryLimit: 0, retryDelay: 1, retryBackoff: false, expireInSeconds: 30 },
      async () => {
        throw new Error('The import file is empty');
      },
    );
    try {
      await jobs.start();
      await jobs.send('doomed-import', { tenantId: tenant.tenantId, summary: 'Nightly import' });
      const list = await waitFor(
        'the job failed notification',
        async () => {
          const page = await ok<Page>(tenant.admin.get('/api/app/notifications/inApp'));
          return page.items.find((n) => n.title === 'Job failed');
        },
        20_000,
      );
      expect(list.content).toBe('Nightly import failed: The import file is empty');
      expect(await titles(tenant.staff)).toEqual([]);
      expect(await titles(tenant.outsider)).toEqual([]);
    } finally {
      await jobs.stop();
      await other.close();
    }
  });
});
