import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, formatIsoDate, todayIn, uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let staff: Caller;
let otherFirm: Caller;
let theCase: { id: string; caseNo: string };
/** Text only firm A's case holds: its booking notes, an action item, a note of a call. */
const MARKS = ['Firm A only', 'Chase the brief', 'Spoke to Firm A'];

const json = async <T = { id: string }>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  await t.database.withSystem((tx) =>
    tx.execute(
      sql`update tenants set features = features || '{"AdHocTemplate":"True","RealtimeNotification":"True"}'::jsonb where id = ${tenantId}`,
    ),
  );
  const admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  const firmA = await json(admin.post('/api/app/companies', { name: 'Firm A', businessType: 'LAW_FIRM' }));
  const firmB = await json(admin.post('/api/app/companies', { name: 'Firm B', businessType: 'LAW_FIRM' }));
  const cmA = await json(
    admin.post('/api/app/case-managers', { firstName: 'Ann', lastName: 'Able', companyId: firmA.id }),
  );
  otherFirm = await callerFor(t, tenantId, ['CASE_MANAGER']);
  await json(
    admin.post('/api/app/case-managers', {
      firstName: 'Ben',
      lastName: 'Baker',
      companyId: firmB.id,
      userId: otherFirm.userId,
    }),
  );
  const client = await json(admin.post('/api/app/clients', { firstName: 'Cleo', lastName: 'Private' }));
  const day = formatIsoDate(addDays(todayIn('Australia/Sydney'), 9));
  const specialist = await json(
    admin.post('/api/app/specialists', { firstName: 'Dora', lastName: 'Doctor', onboardedDate: '2020-01-01' }),
  );
  const centre = await json(admin.post('/api/app/centres', { name: 'Sydney CBD', state: 'NSW', postcode: '2000' }));
  const session = await json(
    admin.post('/api/app/appointment-sessions', {
      specialistId: specialist.id,
      centreId: centre.id,
      date: day,
      startTime: '09:00',
      endTime: '10:00',
    }),
  );
  // Firm A's case, booked into a session, with an action item, a note, a status log and history.
  theCase = await json<{ id: string; caseNo: string }>(
    staff.post('/api/app/assessments', {
      clientId: client.id,
      caseManagerId: cmA.id,
      specialistId: specialist.id,
      sessionId: session.id,
      bookingNotes: 'Firm A only',
    }),
  );
  await json(staff.post('/api/app/action-required', { objectId: theCase.id, subject: 'Chase the brief' }));
  await json(
    staff.post('/api/app/correspondences/notes', {
      fromModule: 'IME',
      objectId: theCase.id,
      communicationType: 'PHONE',
      content: 'Spoke to Firm A',
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe("another firm's case manager, generated from the route table", () => {
  test(
    "no GET call names another firm's case, whichever id or object it is asked about",
    { timeout: 300_000 },
    async () => {
      const gets = t.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.access?.anonymous);
      expect(gets.length).toBeGreaterThan(100);
      // Every way a call may be pointed at the case: in the path, or as the object, case or id asked about.
      const query = `objectId=${theCase.id}&caseId=${theCase.id}&id=${theCase.id}&fromModule=IME&filterText=${theCase.caseNo}&caseNo=${theCase.caseNo}`;
      const naming = async (caller: Caller) => {
        const found: string[] = [];
        for (const route of gets) {
          const url = `${route.url.replace(/:[A-Za-z]+/g, theCase.id)}?${query}`;
          const res = await caller.get(url);
          expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode === 200 && [theCase.caseNo, ...MARKS].some((mark) => res.body.includes(mark))) {
            found.push(`${route.url} → ${res.body.slice(0, 200)}`);
          }
        }
        return found;
      };
      expect(await naming(otherFirm)).toEqual([]);
      // The probe finds the case where it may be seen: staff reach it through many of the same calls.
      expect((await naming(staff)).length).toBeGreaterThanOrEqual(6);
    },
  );

  test("the case's own calls answer another firm's case manager with a 404", async () => {
    const caseRoutes = t.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/app/assessments/:id'));
    expect(caseRoutes.length).toBeGreaterThan(3);
    for (const route of caseRoutes) {
      const res = await otherFirm.get(route.url.replace(':id', theCase.id));
      expect({ route: route.url, status: res.statusCode }).toEqual({ route: route.url, status: 404 });
    }
    const missing = uuidv7();
    expect((await otherFirm.get(`/api/app/assessments/${missing}`)).statusCode).toBe(404);
  });
});
