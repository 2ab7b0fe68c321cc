import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';

// The Staff, NDIS Service Items, Default PICs and IMS Approvals screens (decisions 0130, 0131).
const NDIS = { features: { NDIS: 'True' } };
let t: TestApp;
let admin: Caller;
let adminStaff: Caller;
let staff: Caller;
let accounting: Caller;
let caseManager: Caller;
let specialistUser: Caller;
let other: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, NDIS);
  admin = await callerFor(t, tenantId);
  adminStaff = await callerFor(t, tenantId, ['ADMIN_STAFF']);
  staff = await callerFor(t, tenantId, ['STAFF']);
  accounting = await callerFor(t, tenantId, ['ACCOUNTING']);
  caseManager = await callerFor(t, tenantId, ['CASE_MANAGER']);
  specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
  other = await callerFor(t, await newTenant(t.database, NDIS));
});
afterAll(async () => {
  await t?.close();
});

/** The fields a refused duplicate names (422, as the resources answer a unique key's clash). */
function duplicateOf(res: { statusCode: number; body: string; json(): unknown }): string[] {
  expect(res.statusCode, res.body).toBe(422);
  return ((res.json() as Json).error.validationErrors as { members: string[] }[]).flatMap((v) => v.members);
}

async function changeTypes(caller: Caller, id: string): Promise<string[]> {
  const changes = await ok<{ items: { changeType: string }[] }>(caller.get(`/api/app/entity-changes?entityId=${id}`));
  return changes.items.map((c) => c.changeType);
}

describe('staff', () => {
  test('lists the office users with their position, phone and groups, and nobody else', async () => {
    await ok(admin.post('/api/app/user-group', { name: 'Bookings team', memberIds: [staff.userId] }));
    const list = await ok<{ totalCount: number; items: Json[] }>(adminStaff.get('/api/app/staffs?maxResultCount=100'));
    const ids = list.items.map((i) => i.id);
    for (const c of [admin, adminStaff, staff, accounting]) expect(ids).toContain(c.userId);
    expect(ids).not.toContain(caseManager.userId);
    expect(ids).not.toContain(specialistUser.userId);
    const sam = list.items.find((i) => i.id === staff.userId)!;
    expect(sam.roles).toEqual(['STAFF']);
    expect(sam.userGroups).toBe('Bookings team');
    expect(sam).not.toHaveProperty('passwordHash');
    expect(sam).not.toHaveProperty('securityStamp');
    // A user who is not staff is not on the screen: their id is a 404.
    expect((await admin.get(`/api/app/staffs/${caseManager.userId}`)).statusCode).toBe(404);
    expect((await ok(admin.get(`/api/app/staffs/${staff.userId}`))).fullName).toContain(' ');
  });

  test('is for the tenant admin and admin staff; another tenant sees none of it', async () => {
    expect((await staff.get('/api/app/staffs')).statusCode).toBe(403);
    expect((await caseManager.get('/api/app/staffs')).statusCode).toBe(403);
    expect((await other.get(`/api/app/staffs/${staff.userId}`)).statusCode).toBe(404);
    const theirs = await ok<{ items: Json[] }>(other.get('/api/app/staffs?maxResultCount=100'));
    expect(theirs.items.map((i) => i.id)).toEqual([other.userId]);
  });

  test('writes nothing itself: adding, editing and disabling staff are the users routes, with their role rules', async () => {
    const admins = await ok<{ items: Json[] }>(adminStaff.get('/api/app/staffs?maxResultCount=100'));
    const tenantAdmin = admins.items.find((i) => i.id === admin.userId)!;
    for (const res of [
      await adminStaff.post('/api/app/staffs', { name: 'A', surname: 'B' }),
      await adminStaff.put(`/api/app/staffs/${admin.userId}`, {
        name: 'Renamed',
        concurrencyStamp: tenantAdmin.concurrencyStamp,
      }),
      await adminStaff.put(`/api/app/staffs/${admin.userId}/disable`, {}),
      await adminStaff.del(`/api/app/staffs/${admin.userId}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const again = await ok(admin.get(`/api/app/staffs/${admin.userId}`));
    expect(again).toEqual(tenantAdmin);
  });
});

describe('NDIS service items', () => {
  const URL = '/api/app/ndis-service-items';
  const item = {
    itemNumber: '15_056_0128_1_3',
    name: 'Assessment Recommendation Therapy Or Training - Other Therapy',
    unit: 'H',
    priceLimit: 19_399,
    registrationGroup: 'Therapeutic Supports',
  };

  test('keeps the price limit in cents, enables and disables, and is audited', async () => {
    const created = await ok(adminStaff.post(URL, item));
    expect(created).toMatchObject({ ...item, isActive: true });
    const updated = await ok(
      adminStaff.put(`${URL}/${created.id}`, {
        ...item,
        priceLimit: 20_012,
        concurrencyStamp: created.concurrencyStamp,
      }),
    );
    expect(updated.priceLimit).toBe(20_012);
    expect((await ok(staff.put(`${URL}/${created.id}/disable`, {}))).isActive).toBe(false);
    const active = await ok<{ items: Json[] }>(staff.get(`${URL}?isActive=true`));
    expect(active.items.map((i) => i.id)).not.toContain(created.id);
    expect((await ok(staff.put(`${URL}/${created.id}/enable`, {}))).isActive).toBe(true);
    const picker = await ok<{ items: Json[] }>(staff.get(`${URL}?isSelectionList=true`));
    expect(picker.items[0]).toMatchObject({ displayName: `${item.itemNumber} - ${item.name}`, priceLimit: 20_012 });
    expect(await changeTypes(admin, created.id)).toEqual(expect.arrayContaining(['Created', 'Updated']));
    await ok(adminStaff.post(URL, { ...item, itemNumber: '01_799_0106_1_1', name: 'Provider travel', unit: 'E' }));
    const del = await adminStaff.del(`${URL}/${created.id}`);
    expect(del.statusCode).toBe(204);
    expect((await adminStaff.get(`${URL}/${created.id}`)).statusCode).toBe(404);
  });

  test('refuses bad input naming the field, and a number used twice', async () => {
    expect(members(await adminStaff.post(URL, { ...item, itemNumber: '15-056' }))).toEqual(['itemNumber']);
    expect(members(await adminStaff.post(URL, { ...item, itemNumber: '04_104_0125_6_1', unit: 'FORTNIGHT' }))).toEqual([
      'unit',
    ]);
    for (const priceLimit of [19.5, -1, '193.99']) {
      expect(members(await adminStaff.post(URL, { ...item, itemNumber: '04_104_0125_6_1', priceLimit }))).toEqual([
        'priceLimit',
      ]);
    }
    expect(members(await adminStaff.post(URL, { ...item, itemNumber: '04_104_0125_6_1', name: ' ' }))).toEqual([
      'name',
    ]);
    await ok(adminStaff.post(URL, { ...item, itemNumber: '04_104_0125_6_1' }));
    const twice = await adminStaff.post(URL, { ...item, itemNumber: '04_104_0125_6_1' });
    expect(duplicateOf(twice)).toEqual(['itemNumber']);
    expect(twice.body).toContain('already exists');
  });

  test('another tenant gets a 404; a case manager a 403; a tenant without NDIS none of it', async () => {
    const mine = await ok(
      adminStaff.post(URL, { ...item, itemNumber: '07_001_0106_8_3', name: 'Support coordination' }),
    );
    expect((await other.get(`${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await other.put(`${URL}/${mine.id}/disable`, {})).statusCode).toBe(404);
    expect((await other.del(`${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await ok<{ items: Json[] }>(other.get(URL))).items).toEqual([]);
    expect((await caseManager.get(URL)).statusCode).toBe(403);
    expect((await caseManager.post(URL, { ...item, itemNumber: '07_002_0106_8_3' })).statusCode).toBe(403);
    const plain = await callerFor(t, await newTenant(t.database));
    expect([403, 404]).toContain((await plain.get(URL)).statusCode);
  });
});

describe('default PICs', () => {
  const URL = '/api/app/default-pic';

  test('are the rows new action items take their persons in charge from', async () => {
    const pic = await ok(adminStaff.post(URL, { step: 'PAPERWORK', userId: staff.userId }));
    expect(pic).toMatchObject({ step: 'PAPERWORK', userId: staff.userId });
    expect(pic.userName).toContain(' ');
    // The case screens' own call sees the same row.
    const theirs = await ok<{ items: Json[] }>(staff.get('/api/app/pics/defaultPICs'));
    expect(theirs.items).toContainEqual({ id: pic.id, step: 'PAPERWORK', userId: staff.userId });
    const moved = await ok(
      adminStaff.put(`${URL}/${pic.id}`, {
        step: 'ATTENDANCE',
        userId: staff.userId,
        concurrencyStamp: pic.concurrencyStamp,
      }),
    );
    expect(moved.step).toBe('ATTENDANCE');
    expect(await changeTypes(admin, pic.id)).toEqual(expect.arrayContaining(['Created', 'Updated']));
    expect((await adminStaff.del(`${URL}/${pic.id}`)).statusCode).toBe(204);
    const after = await ok<{ items: Json[] }>(staff.get('/api/app/pics/defaultPICs'));
    expect(after.items.map((i) => i.id)).not.toContain(pic.id);
    // Deleted, the same person may be the step's default again.
    await ok(adminStaff.post(URL, { step: 'ATTENDANCE', userId: staff.userId }));
  });

  test('refuses an unknown step or user naming the field, and the same person twice for a step', async () => {
    expect(members(await adminStaff.post(URL, { step: 'LUNCH', userId: staff.userId }))).toEqual(['step']);
    expect(members(await adminStaff.post(URL, { step: 'APPOINTMENT', userId: 'nobody' }))).toEqual(['userId']);
    expect(members(await adminStaff.post(URL, { step: 'APPOINTMENT', userId: other.userId }))).toEqual(['userId']);
    await ok(adminStaff.post(URL, { step: 'APPOINTMENT', userId: accounting.userId }));
    expect(duplicateOf(await adminStaff.post(URL, { step: 'APPOINTMENT', userId: accounting.userId }))).toEqual([
      'userId',
    ]);
  });

  test('another tenant gets a 404; a case manager a 403', async () => {
    const pic = await ok(adminStaff.post(URL, { step: 'DICTATION', userId: staff.userId }));
    expect((await other.get(`${URL}/${pic.id}`)).statusCode).toBe(404);
    expect((await other.del(`${URL}/${pic.id}`)).statusCode).toBe(404);
    expect((await ok<{ items: Json[] }>(other.get(URL))).items).toEqual([]);
    expect((await caseManager.get(URL)).statusCode).toBe(403);
  });
});

describe('IMS approvals', () => {
  const URL = '/api/app/ims-approvals';
  let specialistId: string;
  let companyId: string;
  const approval = () => ({
    specialistId,
    companyId,
    approvalNumber: 'IMS-2027-0001',
    validFrom: '2027-01-01',
    validTo: '2027-12-31',
  });

  beforeAll(async () => {
    specialistId = (await ok(admin.post('/api/app/specialists', { firstName: 'Priya', lastName: 'Nair' }))).id;
    companyId = (
      await ok(admin.post('/api/app/companies', { name: 'Coastal Workers Insurance', businessType: 'INSURER' }))
    ).id;
  });

  test('keep a specialist approval with an insurer, its number and period, named on the list', async () => {
    const created = await ok(adminStaff.post(URL, approval()));
    expect(created).toMatchObject({
      ...approval(),
      status: 'APPROVED',
      specialistName: 'Priya Nair',
      companyName: 'Coastal Workers Insurance',
    });
    const suspended = await ok(
      staff.put(`${URL}/${created.id}`, {
        ...approval(),
        status: 'SUSPENDED',
        concurrencyStamp: created.concurrencyStamp,
      }),
    );
    expect(suspended.status).toBe('SUSPENDED');
    const bySpecialist = await ok<{ items: Json[] }>(staff.get(`${URL}?specialistId=${specialistId}&status=SUSPENDED`));
    expect(bySpecialist.items.map((i) => i.id)).toEqual([created.id]);
    expect(await changeTypes(admin, created.id)).toEqual(expect.arrayContaining(['Created', 'Updated']));
  });

  test('refuse bad input naming the field, and the same number twice with an insurer', async () => {
    expect(members(await adminStaff.post(URL, { ...approval(), validTo: '2026-12-31' }))).toEqual(['validTo']);
    expect(members(await adminStaff.post(URL, { ...approval(), validFrom: '1 Jan 2027' }))).toEqual(['validFrom']);
    expect(members(await adminStaff.post(URL, { ...approval(), status: 'MAYBE' }))).toEqual(['status']);
    expect(members(await adminStaff.post(URL, { ...approval(), approvalNumber: '' }))).toEqual(['approvalNumber']);
    const missing = await adminStaff.post(URL, { ...approval(), approvalNumber: 'X-1', specialistId: other.userId });
    expect(members(missing)).toEqual(['specialistId']);
    expect(duplicateOf(await adminStaff.post(URL, approval()))).toEqual(['approvalNumber']);
  });

  test("another tenant gets a 404 and cannot point at this tenant's specialist; a case manager a 403", async () => {
    const created = await ok(adminStaff.post(URL, { ...approval(), approvalNumber: 'IMS-2027-0002' }));
    expect((await other.get(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await other.del(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await ok<{ items: Json[] }>(other.get(URL))).items).toEqual([]);
    expect(members(await other.post(URL, { ...approval(), approvalNumber: 'IMS-X' }))).toEqual(['specialistId']);
    expect((await caseManager.get(URL)).statusCode).toBe(403);
  });
});
