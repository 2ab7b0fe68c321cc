import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Quotation = {
  id: string;
  caseNo: string;
  gstBasisPoints: number;
  items: { id: string; description: string; amount: number; gst: number; total: number }[];
  subtotal: number;
  gst: number;
  total: number;
  concurrencyStamp: string;
};

let t: TestApp;
let staff: Caller;
let firmBCm: Caller;
let outsider: Caller;
let otCaseId: string;
let imeId: string;

const q = (id: string) => `/api/app/assessments/${id}/otQuotation`;

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t);
  ({ staff, outsider } = world);
  firmBCm = world.firmB.caseManager;
  const people = { clientId: world.clientId, caseManagerId: world.firmA.caseManagerId };
  otCaseId = (await ok(staff.post('/api/app/assessments', { serviceType: 'OT', ...people }))).id;
  imeId = (await ok(staff.post('/api/app/assessments', people))).id;
});
afterAll(async () => {
  await t?.close();
});

describe('an OT quotation', () => {
  let quotation: Quotation;

  test('is created from the OT case, at the GST rate of its date; only once, and only for OT cases', async () => {
    quotation = await ok<Quotation>(staff.post(`${q(otCaseId)}/initCase`, { quotationDate: '2026-02-01' }));
    expect(quotation).toMatchObject({ gstBasisPoints: 1000, items: [], subtotal: 0, gst: 0, total: 0 });
    expect(quotation.caseNo).toMatch(/^OT-/);
    const again = await staff.post(`${q(otCaseId)}/initCase`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe('The case already has a quotation.');
    expect((await staff.post(`${q(imeId)}/initCase`, {})).statusCode).toBe(404);
  });

  test('adds, updates and deletes item costs; totals are the sums of items rounded once, to the cent', async () => {
    // Hand-worked: 3 × $123.45 = $370.35, GST $37.035 → $37.04 (half to even);
    // 2 × $80.05 = $160.10, GST $16.01; 1 × $19.99 untaxed.
    await ok(staff.post(`${q(otCaseId)}/itemCosts`, { description: 'Home visit', quantity: 3, unitPrice: 12345 }));
    await ok(staff.post(`${q(otCaseId)}/itemCosts`, { description: 'Report', quantity: 2, unitPrice: '$80.05' }));
    quotation = await ok<Quotation>(
      staff.post(`${q(otCaseId)}/itemCosts`, { description: 'Travel', quantity: 1, unitPrice: 1999, taxable: false }),
    );
    expect(quotation.items.map((i) => [i.description, i.amount, i.gst, i.total])).toEqual([
      ['Home visit', 37035, 3704, 40739],
      ['Report', 16010, 1601, 17611],
      ['Travel', 1999, 0, 1999],
    ]);
    expect([quotation.subtotal, quotation.gst, quotation.total]).toEqual([55044, 5305, 60349]);
    const travel = quotation.items[2]!.id;
    quotation = await ok<Quotation>(
      staff.put(`${q(otCaseId)}/itemCosts/${travel}`, {
        description: 'Travel',
        quantity: 2,
        unitPrice: 1999,
        taxable: true,
      }),
    );
    expect(quotation.items[2]).toMatchObject({ amount: 3998, gst: 400, total: 4398 });
    quotation = await ok<Quotation>(staff.del(`${q(otCaseId)}/itemCosts/${quotation.items[0]!.id}`));
    expect(quotation.items.map((i) => i.description)).toEqual(['Report', 'Travel']);
    expect(quotation.total).toBe(17611 + 4398);
    const bad = await staff.post(`${q(otCaseId)}/itemCosts`, { description: 'x', quantity: 1.5, unitPrice: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('quantity');
    expect((await staff.del(`${q(otCaseId)}/itemCosts/${uuidv7()}`)).statusCode).toBe(404);
  });

  test('updates its header under its stamp', async () => {
    const stale = await staff.put(q(otCaseId), { concurrencyStamp: 'old', quotationDate: '2026-02-02' });
    expect(stale.statusCode).toBe(409);
    quotation = await ok<Quotation>(
      staff.put(q(otCaseId), {
        concurrencyStamp: quotation.concurrencyStamp,
        quotationDate: '2026-02-02',
        validUntil: '2026-03-02',
      }),
    );
    expect((await ok<Quotation>(staff.get(q(otCaseId)))).concurrencyStamp).toBe(quotation.concurrencyStamp);
  });

  test("is a 404 in every call for another firm's case manager and another tenant", async () => {
    const itemId = quotation.items[0]!.id;
    expect((await firmBCm.get(q(otCaseId))).statusCode).toBe(404);
    const calls = [
      outsider.get(q(otCaseId)),
      outsider.post(`${q(otCaseId)}/initCase`, {}),
      outsider.put(q(otCaseId), { concurrencyStamp: quotation.concurrencyStamp, quotationDate: '2026-02-03' }),
      outsider.post(`${q(otCaseId)}/itemCosts`, { description: 'x', quantity: 1, unitPrice: 1 }),
      outsider.put(`${q(otCaseId)}/itemCosts/${itemId}`, { description: 'x', quantity: 1, unitPrice: 1 }),
      outsider.del(`${q(otCaseId)}/itemCosts/${itemId}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    expect((await ok<Quotation>(staff.get(q(otCaseId)))).items).toHaveLength(2);
  });
});
