import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InquiryDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type TestApp } from '../../../test/harness';
import { twoFirms, type TwoFirms } from '../../../test/worlds';

let t: TestApp;
let w: TwoFirms;
const BASE = '/api/app/inquiries';

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Promise<Res> | Res): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
const log = (name = 'Priya Patel', extra: Record<string, unknown> = {}) =>
  ok<InquiryDto>(
    w.staff.post(BASE, {
      enquirerName: name,
      companyName: 'Harbour Lawyers',
      email: 'priya@harbour.test',
      serviceType: 'IME',
      details: 'Needs an orthopaedic IME in Sydney',
      ...extra,
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t, { features: { InquiryCentre: 'True' } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('inquiry centre', () => {
  test('an inquiry is logged, assigned and booked as a case through the case booking rules', async () => {
    const logged = await log();
    expect(logged).toMatchObject({ status: 'New', assignedUserId: null, caseId: null });
    const assigned = await ok<InquiryDto>(
      w.staff.post(`${BASE}/${logged.id}/assign`, {
        userId: w.admin.userId,
        concurrencyStamp: logged.concurrencyStamp,
      }),
    );
    expect(assigned.status).toBe('Assigned');
    expect(assigned.assignedUserName).not.toBeNull();

    // The case booking's own rules: a case needs its claimant (400 naming it), and nothing is booked.
    const missing = await w.staff.post(`${BASE}/${logged.id}/convert`, {
      caseManagerId: w.firmA.caseManagerId,
      concurrencyStamp: assigned.concurrencyStamp,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('clientId');
    expect((await ok<InquiryDto>(w.staff.get(`${BASE}/${logged.id}`))).status).toBe('Assigned');

    const converted = await ok<InquiryDto>(
      w.staff.post(`${BASE}/${logged.id}/convert`, {
        clientId: w.clientId,
        caseManagerId: w.firmA.caseManagerId,
        concurrencyStamp: assigned.concurrencyStamp,
      }),
    );
    expect(converted.status).toBe('Converted');
    expect(converted.caseNo).toMatch(/^IME-/);
    const booked = await ok<{ caseNo: string; bookingNotes: string | null }>(
      w.staff.get(`/api/app/assessments/${converted.caseId}`),
    );
    expect(booked.caseNo).toBe(converted.caseNo);
    expect(booked.bookingNotes).toBe('Needs an orthopaedic IME in Sydney');

    const twice = await w.staff.post(`${BASE}/${logged.id}/convert`, {
      clientId: w.clientId,
      caseManagerId: w.firmA.caseManagerId,
      concurrencyStamp: converted.concurrencyStamp,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.body).toContain('The inquiry has already been turned into a case or closed.');
    const history = await ok<{ items: { propertyName: string }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${logged.id}`),
    );
    expect(history.items.map((c) => c.propertyName)).toEqual(
      expect.arrayContaining(['status', 'assignedUserId', 'caseId']),
    );
  });

  test('assigning to someone outside the office, a stale stamp and a bad e-mail are refused', async () => {
    const logged = await log('Sam Lee');
    const cm = await w.staff.post(`${BASE}/${logged.id}/assign`, {
      userId: w.firmA.caseManager.userId,
      concurrencyStamp: logged.concurrencyStamp,
    });
    expect(cm.statusCode).toBe(400);
    expect(cm.body).toContain('userId');
    const stale = await w.staff.post(`${BASE}/${logged.id}/close`, { concurrencyStamp: 'old' });
    expect(stale.statusCode).toBe(409);
    const bad = await w.staff.post(BASE, { enquirerName: 'X', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('email');
    const closed = await ok<InquiryDto>(
      w.staff.post(`${BASE}/${logged.id}/close`, { concurrencyStamp: logged.concurrencyStamp }),
    );
    expect(closed.status).toBe('Closed');
  });

  test('the list filters by status, assignee, service and text; other tenants and case managers see nothing', async () => {
    const a = await log('Filter Person', { serviceType: 'MASS_TORTS' });
    const byStatus = await ok<{ items: InquiryDto[] }>(w.staff.get(`${BASE}?status=New&maxResultCount=1000`));
    expect(byStatus.items.every((i) => i.status === 'New')).toBe(true);
    expect(byStatus.items.map((i) => i.id)).toContain(a.id);
    expect(
      (await ok<{ items: InquiryDto[] }>(w.staff.get(`${BASE}?filterText=filter%20person`))).items.map((i) => i.id),
    ).toEqual([a.id]);
    expect(
      (await ok<{ items: InquiryDto[] }>(w.staff.get(`${BASE}?serviceType=MASS_TORTS`))).items.map((i) => i.id),
    ).toEqual([a.id]);
    expect((await ok<{ totalCount: number }>(w.staff.get(`${BASE}?assignedUserId=${w.staff.userId}`))).totalCount).toBe(
      0,
    );
    expect((await w.staff.get(`${BASE}?status=Lost`)).statusCode).toBe(400);
    expect((await w.outsider.get(`${BASE}/${a.id}`)).statusCode).toBe(404);
    expect((await w.firmA.caseManager.get(BASE)).statusCode).toBe(403);
    const plain = await callerFor(t, await newTenant(t.database, { features: {} }));
    expect((await plain.get(BASE)).statusCode).toBe(403);
  });
});
