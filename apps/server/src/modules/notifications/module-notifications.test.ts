import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import {
  CaseModules,
  CaseNotificationAudiences,
  NotificationTitles,
  REALTIME_PATH,
  uuidv7,
  type NotificationDto,
} from '@casebook/domain';
import { callerFor, createTestApp, openOwnTestDatabase, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms, type TwoFirms } from '../../../test/worlds';
import { notifyOverdueActionItems } from '../cases/action-items-overdue';
import { caseActionItems, caseDefaultPics } from '../cases/cases.schema';

type Page = { totalCount: number; items: NotificationDto[] };
type Case = { id: string; caseNo: string; status: string; caseManagerId: string; concurrencyStamp: string };

let t: TestApp;
let w: TwoFirms;
let url: string;
let specialist: Caller;
let specialistId: string;
let pic: Caller;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp(await openOwnTestDatabase());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await twoFirms(t, { features: { RealtimeNotification: 'True' } }, ['STAFF']);
  specialist = await callerFor(t, w.tenantId, ['SPECIALIST']);
  specialistId = (
    await ok<{ id: string }>(
      w.admin.post('/api/app/specialists', {
        firstName: 'Dora',
        lastName: 'Doctor',
        onboardedDate: '2020-01-01',
        userId: specialist.userId,
      }),
    )
  ).id;
  // A staff member in charge of correcting reports: told when a draft comes in.
  pic = await callerFor(t, w.tenantId, ['STAFF']);
  await t.database.withTenant(w.tenantId, (tx) =>
    tx.insert(caseDefaultPics).values({
      tenantId: w.tenantId,
      id: uuidv7(),
      step: 'REPORT_CORRECTED',
      userId: pic.userId,
      concurrencyStamp: uuidv7(),
    }),
  );
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

/** The user's open browser: every notification pushed to it. */
async function browserOf(caller: Caller) {
  const socket = connect(url, { path: REALTIME_PATH, auth: { token: caller.token }, transports: ['websocket'] });
  sockets.push(socket);
  const pushed: NotificationDto[] = [];
  socket.on('ReceiveMessage', (n: NotificationDto) => pushed.push(n));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return pushed;
}

const listed = async (caller: Caller) =>
  (await ok<Page>(caller.get('/api/app/notifications/inApp?maxResultCount=100'))).items;
const titles = async (caller: Caller) => (await listed(caller)).map((n) => n.title);

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe('notifications of the declared case modules', () => {
  it('every event a module status declares has an audience, and each status declaring one is reachable', () => {
    for (const m of CaseModules) {
      for (const [status, declared] of Object.entries(m.statuses)) {
        for (const event of declared.notify ?? []) {
          expect(CaseNotificationAudiences, `${m.key} ${status}`).toHaveProperty(event);
          expect(NotificationTitles, `${m.key} ${status}`).toHaveProperty(event);
        }
      }
    }
    // Each module but NDIS (whose statuses are request and billing only) declares at least one.
    const silent = CaseModules.filter((m) => !Object.values(m.statuses).some((s) => (s.notify ?? []).length > 0));
    expect(silent.map((m) => m.key)).toEqual(['ndis']);
  });

  it("a supplementary report's draft and completion reach its case manager, specialist and staff in charge, in real time; not another firm's", async () => {
    const cmA = await browserOf(w.firmA.caseManager);
    const cmB = await browserOf(w.firmB.caseManager);
    const outsider = await browserOf(w.outsider);
    const base = '/api/app/supplementary';
    let c = await ok<Case>(
      w.staff.post(base, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId, specialistId }),
    );
    const put = async (step: string, body: Record<string, unknown>) =>
      (c = await ok<Case>(w.staff.put(`${base}/${c.id}/${step}`, { concurrencyStamp: c.concurrencyStamp, ...body })));
    await put('booking-detail', {
      clientId: w.clientId,
      caseManagerId: w.firmA.caseManagerId,
      specialistId,
      reportRequestedDate: '2026-03-02',
    });
    await put('paperwork', { paperworkReceivedDate: '2026-03-04' });
    // Moves that declare nothing tell nobody.
    expect(await titles(w.firmA.caseManager)).toEqual([]);
    await put('dictation-report', { dictationDate: '2026-03-10', draftDate: '2026-03-12' });
    expect(c.status).toBe('DRAFT');
    expect(await until(() => cmA.length === 1)).toBe(true);
    expect(cmA[0]).toMatchObject({ title: 'Report received', objectId: c.id, fromModule: 'supplementaries' });
    await put('dictation-report', {
      dictationDate: '2026-03-10',
      draftDate: '2026-03-12',
      completedDate: '2026-03-15',
    });
    expect(c.status).toBe('COMPLETED');
    expect(await until(() => cmA.length === 2)).toBe(true);

    expect(await titles(w.firmA.caseManager)).toEqual(['Report completed', 'Report received']);
    const [completed] = await listed(w.firmA.caseManager);
    expect(completed!.content).toContain(c.caseNo);
    // The specialist is told of neither report event (they wrote it); the staff in charge of corrections
    // hear of the draft only; the staff member who moved the case, of nothing.
    expect(await titles(specialist)).toEqual([]);
    expect(await titles(pic)).toEqual(['Report received']);
    expect(await titles(w.staff)).toEqual([]);
    expect(await titles(w.firmB.caseManager)).toEqual([]);
    expect(await titles(w.outsider)).toEqual([]);
    expect(cmB).toEqual([]);
    expect(outsider).toEqual([]);

    // Cancelling a case tells its case manager and its specialist.
    let other = await ok<Case>(
      w.staff.post(base, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId, specialistId }),
    );
    other = await ok<Case>(
      w.staff.put(`${base}/${other.id}/cancellation`, {
        concurrencyStamp: other.concurrencyStamp,
        cancellationType: 'NO_FEE',
        cancellationDate: '2026-03-20',
      }),
    );
    expect(other.status).toBe('CANCELLED_NO_FEE');
    expect((await titles(w.firmA.caseManager))[0]).toBe('Case cancelled');
    expect(await titles(specialist)).toEqual(['Case cancelled']);
  });

  it("a medical records request's records received and files sent reach its case manager only; another firm's case manager hears of their own case only", async () => {
    const base = '/api/app/clinical-records';
    const before = (await titles(w.firmA.caseManager)).length;
    let a = await ok<Case>(w.staff.post(base, { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }));
    let b = await ok<Case>(w.staff.post(base, { clientId: w.clientId, caseManagerId: w.firmB.caseManagerId }));
    const put = (c: Case, step: string, body: Record<string, unknown>) =>
      ok<Case>(w.staff.put(`${base}/${c.id}/${step}`, { concurrencyStamp: c.concurrencyStamp, ...body }));
    const book = (c: Case) =>
      put(c, 'booking-detail', {
        clientId: w.clientId,
        caseManagerId: c.caseManagerId,
        recordType: 'GP_MEDICAL_FILE',
        provider: 'Harbour GP',
        requestedDate: '2026-03-02',
      });
    a = await book(a);
    b = await book(b);
    a = await put(a, 'paperwork', { paperworkReceivedDate: '2026-03-20' });
    expect(a.status).toBe('PAPERWORK_RECEIVED');
    a = await put(a, 'paperwork', { paperworkReceivedDate: '2026-03-20', filesSentDate: '2026-03-23' });
    expect(a.status).toBe('FILES_SENT');
    const mine = (await listed(w.firmA.caseManager)).slice(0, (await titles(w.firmA.caseManager)).length - before);
    expect(mine.map((n) => [n.title, n.objectId, n.fromModule])).toEqual([
      ['Report completed', a.id, 'clinical-records'],
      ['Report received', a.id, 'clinical-records'],
    ]);
    expect(await titles(w.firmB.caseManager)).toEqual([]);
    b = await put(b, 'paperwork', { paperworkReceivedDate: '2026-03-21' });
    const theirs = await listed(w.firmB.caseManager);
    expect(theirs.map((n) => [n.title, n.objectId])).toEqual([['Report received', b.id]]);
    expect(await titles(w.outsider)).toEqual([]);
  });

  it('a move the module refuses raises nothing: the notification is written in the move’s transaction', async () => {
    const base = '/api/app/clinical-records';
    const c = await ok<Case>(w.staff.post(base, { clientId: w.clientId, caseManagerId: w.firmB.caseManagerId }));
    const count = (await titles(w.firmB.caseManager)).length;
    // Paperwork before the request is a 422 (no transition from Created to Paperwork received).
    const res = await w.staff.put(`${base}/${c.id}/paperwork`, {
      concurrencyStamp: c.concurrencyStamp,
      paperworkReceivedDate: '2026-03-20',
    });
    expect(res.statusCode).toBe(422);
    expect((await titles(w.firmB.caseManager)).length).toBe(count);
  });
});

describe('overdue action items', () => {
  it('tell their assignees (else the persons in charge) once each; done, future and other tenants’ items tell nobody', async () => {
    const c = await ok<{ id: string; caseNo: string }>(
      w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    );
    const item = (over: Partial<typeof caseActionItems.$inferInsert>) => ({
      tenantId: w.tenantId,
      id: uuidv7(),
      caseId: c.id,
      subject: 'Chase the paperwork',
      dueDate: '2025-12-30',
      concurrencyStamp: uuidv7(),
      ...over,
    });
    const late = item({ assigneeIds: [w.staff.userId, w.firmA.caseManager.userId], picIds: [pic.userId] });
    const unassigned = item({ subject: 'Book the interpreter', picIds: [pic.userId] });
    await t.database.withTenant(w.tenantId, (tx) =>
      tx
        .insert(caseActionItems)
        .values([
          late,
          unassigned,
          item({ subject: 'Done already', completed: true, assigneeIds: [w.staff.userId] }),
          item({ subject: 'Not yet due', dueDate: '2026-01-01', assigneeIds: [w.staff.userId] }),
        ]),
    );
    const overdueOf = async (caller: Caller) =>
      (await listed(caller)).filter((n) => n.title === 'Action item overdue').map((n) => n.objectId);
    expect(await notifyOverdueActionItems(t.database, w.outsider.tenantId, '2026-01-01')).toBe(0);
    expect(await notifyOverdueActionItems(t.database, w.tenantId, '2026-01-01')).toBe(3);
    expect(await overdueOf(w.staff)).toEqual([late.id]);
    expect(await overdueOf(w.firmA.caseManager)).toEqual([late.id]);
    expect(await overdueOf(pic)).toEqual([unassigned.id]);
    expect(await overdueOf(w.firmB.caseManager)).toEqual([]);
    const [told] = (await listed(w.staff)).filter((n) => n.title === 'Action item overdue');
    expect(told!.content).toContain(c.caseNo);
    // A second run the same day, or the next, tells nobody again.
    expect(await notifyOverdueActionItems(t.database, w.tenantId, '2026-01-01')).toBe(0);
    expect(await notifyOverdueActionItems(t.database, w.tenantId, '2026-01-02')).toBe(1);
    expect(await overdueOf(w.staff)).toHaveLength(2);
  });
});
