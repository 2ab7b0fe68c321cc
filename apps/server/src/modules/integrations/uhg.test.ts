import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CaseDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { fakeIntegrationsConfig } from './fakes';
import { SecretBox } from './secrets';
import { FakeUhg } from './uhg/fake';

let t: TestApp;
let uhg: FakeUhg;

beforeAll(async () => {
  uhg = await new FakeUhg().start();
  t = await createTestApp(undefined, {
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      box: SecretBox.derived('uhg.test'),
      uhg,
    }),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await uhg?.close();
});

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

async function insurerTenant(name: string) {
  const tenantId = await newTenant(t.database, { name });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }));
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Jane', lastName: 'Citizen' }));
  const c = await ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId }));
  return { tenantId, admin, staff, caseId: c.id, caseNo: c.caseNo, stamp: c.concurrencyStamp };
}

const A = (id: string, call: string) => `/api/app/assessments/${id}/${call}`;

describe('the US health insurer (UHG)', () => {
  test('connect, validate the claimant number, open the case, sync its appointment once, send paperwork', async () => {
    const w = await insurerTenant('Unity');
    // Not connected yet: the case calls say so.
    expect((await w.staff.post(A(w.caseId, 'validateUhg'), { claimantNo: 'UHG-1001' })).statusCode).toBe(422);
    expect((await w.admin.post('/api/app/uhg/connect', { providerTin: '12345' })).statusCode).toBe(400);
    expect((await w.admin.post('/api/app/uhg/connect', { providerTin: '999999999' })).statusCode).toBe(422);
    expect(await ok(w.admin.post('/api/app/uhg/connect', { providerTin: '123456789' }))).toMatchObject({
      connected: true,
      providerName: 'Casebook Demo Clinic',
    });

    expect(await ok(w.staff.post(A(w.caseId, 'validateUhg'), { claimantNo: 'UHG-1001' }))).toMatchObject({
      valid: true,
      memberName: 'Jane Citizen',
      dateOfBirth: '1980-02-03',
    });
    expect(await ok(w.staff.post(A(w.caseId, 'validateUhg'), { claimantNo: 'UHG-0000' }))).toMatchObject({
      valid: false,
      message: 'This claimant number is not known to UHG.',
    });

    const linked = await ok(w.staff.post(A(w.caseId, 'uhgCase'), { claimantNo: 'UHG-1001' }));
    expect(linked).toMatchObject({ linked: true, claimantNo: 'UHG-1001', uhgStatus: 'OPEN' });
    const remote = uhg.cases.get(linked.uhgCaseId as string)!;
    expect(remote).toMatchObject({ memberId: 'UHG-1001', providerTin: '123456789' });
    expect(await ok(w.staff.get(A(w.caseId, 'uhgCase')))).toMatchObject({ uhgCaseId: linked.uhgCaseId });

    expect((await w.staff.post(A(w.caseId, 'syncUHGAppointment'), {})).statusCode).toBe(422);
    await ok(
      w.staff.put(A(w.caseId, 'appointment'), {
        concurrencyStamp: w.stamp,
        appointmentDate: '2026-12-14',
        appointmentTime: '10:30',
      }),
    );
    const synced = await ok(w.staff.post(A(w.caseId, 'syncUHGAppointment'), {}));
    expect(synced).toMatchObject({ syncedAppointment: '2026-12-14 10:30', uhgStatus: 'APPOINTMENT_SCHEDULED' });
    expect(remote.appointment).toEqual({ date: '2026-12-14', time: '10:30', reference: w.caseNo });
    const puts = () => uhg.calls.filter((c) => c.method === 'PUT').length;
    const before = puts();
    await ok(w.staff.post(A(w.caseId, 'syncUHGAppointment'), {}));
    expect(puts()).toBe(before);

    const sent = await ok(w.staff.post(A(w.caseId, 'uhgPaperwork'), {}));
    expect(sent.paperworkSentTime).not.toBeNull();
    expect(remote.paperwork).toHaveLength(1);
    expect(remote.paperwork[0]!.reference).toBe(w.caseNo);
  });

  test('linking to an existing UHG case checks it is the same member', async () => {
    const w = await insurerTenant('Linkton');
    await ok(w.admin.post('/api/app/uhg/connect', { providerTin: '123456789' }));
    uhg.addMember({ memberId: 'UHG-2002', firstName: 'Sam', lastName: 'Example', dateOfBirth: '1975-05-06' });
    const other = await insurerTenant('Elsewhere');
    await ok(other.admin.post('/api/app/uhg/connect', { providerTin: '123456789' }));
    const existing = await ok(other.staff.post(A(other.caseId, 'uhgCase'), { claimantNo: 'UHG-2002' }));
    const wrong = await w.staff.post(A(w.caseId, 'connectCaseToUHG'), {
      claimantNo: 'UHG-1001',
      uhgCaseId: existing.uhgCaseId,
    });
    expect(wrong.statusCode).toBe(422);
    const right = await ok(
      w.staff.post(A(w.caseId, 'connectCaseToUHG'), { claimantNo: 'UHG-2002', uhgCaseId: existing.uhgCaseId }),
    );
    expect(right).toMatchObject({ linked: true, memberName: 'Sam Example' });
    expect((await w.staff.post(A(w.caseId, 'uhgCase'), { claimantNo: 'UHG-2002' })).statusCode).toBe(422);
  });

  test("another tenant's case is a 404 and the insurer is not asked", async () => {
    const a = await insurerTenant('Acorn');
    const b = await insurerTenant('Bramble');
    await ok(b.admin.post('/api/app/uhg/connect', { providerTin: '123456789' }));
    const calls = uhg.calls.length;
    for (const call of ['validateUhg', 'uhgCase']) {
      expect((await b.staff.post(A(a.caseId, call), { claimantNo: 'UHG-1001' })).statusCode).toBe(404);
    }
    expect((await b.staff.post(A(a.caseId, 'syncUHGAppointment'), {})).statusCode).toBe(404);
    expect((await b.staff.get(A(a.caseId, 'uhgCase'))).statusCode).toBe(404);
    expect(uhg.calls.length).toBe(calls);
    const cm = await callerFor(t, b.tenantId, ['CASE_MANAGER']);
    expect((await cm.post('/api/app/uhg/connect', { providerTin: '123456789' })).statusCode).toBe(403);
  });
});
