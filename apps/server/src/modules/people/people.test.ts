import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, formatIsoDate, SPECIALIST_NO_CONTRACT_MESSAGE, todayIn } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: Caller;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
});
afterAll(async () => {
  await t?.close();
});

async function created(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { id: string; concurrencyStamp: string };
}
const post = async (caller: Caller, path: string, body: unknown) => created(await caller.post(path, body));
const company = (caller: Caller, body: Record<string, unknown> = {}) =>
  post(caller, '/api/app/companies', { name: `Company ${Math.random()}`, businessType: 'LAW_FIRM', ...body });
const lookupId = async (caller: Caller, type: string, label: string) => {
  const res = await caller.get(`/api/app/lookup-configs?isSelectionList=true&type=${type}&maxResultCount=100`);
  return (res.json().items as { id: string; displayName: string }[]).find((i) => i.displayName === label)!.id;
};
const validationMembers = (res: { json(): unknown }) =>
  ((res.json() as { error: { validationErrors?: { members: string[] }[] } }).error.validationErrors ?? []).flatMap(
    (v) => v.members,
  );

describe('companies and their high-risk flag', () => {
  const tz = 'Australia/Sydney';
  const today = () => todayIn(tz);
  const iso = (days: number) => formatIsoDate(addDays(today(), days));

  test('a high-risk flag needs a from date, and its to date may not come before it', async () => {
    const noFrom = await admin.post('/api/app/companies', {
      name: 'Risky',
      businessType: 'INSURER',
      highRiskApplied: true,
    });
    expect(noFrom.statusCode).toBe(400);
    expect(noFrom.json().error.validationErrors).toContainEqual({
      message: 'This field is required',
      members: ['highRiskAppliedFrom'],
    });
    const backwards = await admin.post('/api/app/companies', {
      name: 'Risky',
      businessType: 'INSURER',
      highRiskApplied: true,
      highRiskAppliedFrom: '2026-03-10',
      highRiskAppliedTo: '2026-03-09',
    });
    expect(backwards.statusCode).toBe(400);
    expect(validationMembers(backwards)).toEqual(['highRiskAppliedTo']);
  });

  test('the high-risk check applies between the dates and shows case managers their own reason', async () => {
    const flagged = await company(admin, {
      businessType: 'INSURER',
      highRiskApplied: true,
      highRiskAppliedFrom: iso(0),
      highRiskAppliedTo: iso(1),
      highRiskReasonToBookingCm: 'Please call us before booking',
      highRiskReasonToStaff: 'Invoices unpaid for 120 days',
    });
    expect(flagged).toMatchObject({ highRiskApplied: true, highRiskAppliedFrom: iso(0), highRiskAppliedTo: iso(1) });
    const staff = await callerFor(t, tenantId, ['STAFF']);
    // The insurer's own case manager asks; a case manager of no firm of theirs is told nothing (404).
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    await post(admin, '/api/app/case-managers', {
      firstName: 'Ira',
      lastName: 'Insurer',
      companyId: flagged.id,
      userId: cm.userId,
    });
    const outsider = await callerFor(t, tenantId, ['CASE_MANAGER']);
    expect((await outsider.get(`/api/app/companies/${flagged.id}/high-risk`)).statusCode).toBe(404);
    expect((await staff.get(`/api/app/companies/${flagged.id}/high-risk`)).json()).toEqual({
      companyId: flagged.id,
      isHighRisk: true,
      reason: 'Invoices unpaid for 120 days',
      audience: 'staff',
      today: iso(0),
    });
    expect((await cm.get(`/api/app/companies/${flagged.id}/high-risk`)).json()).toMatchObject({
      isHighRisk: true,
      reason: 'Please call us before booking',
      audience: 'caseManager',
    });

    const later = await company(admin, { highRiskApplied: true, highRiskAppliedFrom: iso(1) });
    const ended = await company(admin, {
      highRiskApplied: true,
      highRiskAppliedFrom: iso(-9),
      highRiskAppliedTo: iso(-1),
    });
    for (const c of [later, ended]) {
      expect((await staff.get(`/api/app/companies/${c.id}/high-risk`)).json()).toMatchObject({
        isHighRisk: false,
        reason: null,
      });
    }
  });

  test('companies filter by business type and high-risk flag, and list their group by name', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const group = await post(caller, '/api/app/company-groups', { name: 'Panel A' });
    await company(caller, { name: 'Acme Insurance', businessType: 'INSURER', companyGroupId: group.id });
    await company(caller, { name: 'Baker Legal', businessType: 'LAW_FIRM' });
    const insurers = (await caller.get('/api/app/companies?businessType=INSURER')).json();
    expect(insurers.items.map((c: { name: string }) => c.name)).toEqual(['Acme Insurance']);
    expect(insurers.items[0]).toMatchObject({ companyGroupId: group.id, companyGroupName: 'Panel A' });
    const missingGroup = await caller.post('/api/app/companies', {
      name: 'Ghost',
      businessType: 'OTHER',
      companyGroupId: '00000000-0000-7000-8000-00000000dead',
    });
    expect(missingGroup.statusCode).toBe(400);
    expect(validationMembers(missingGroup)).toEqual(['companyGroupId']);
  });

  test('booking agents are existing case managers of the tenant', async () => {
    const c = await company(admin);
    const cm = await post(admin, '/api/app/case-managers', { firstName: 'Agent', lastName: 'Smith', companyId: c.id });
    const withAgent = await company(admin, { bookingAgentIds: [cm.id, cm.id] });
    expect(withAgent.bookingAgentIds).toEqual([cm.id]);
    expect((await admin.get(`/api/app/companies/${withAgent.id}/booking-agents`)).json()).toEqual({
      items: [{ id: cm.id, displayName: 'Agent Smith', isActive: true }],
    });
    const bad = await admin.post('/api/app/companies', {
      name: 'Bad agents',
      businessType: 'LAW_FIRM',
      bookingAgentIds: ['00000000-0000-7000-8000-00000000beef'],
    });
    expect(bad.statusCode).toBe(400);
    expect(validationMembers(bad)).toEqual(['bookingAgentIds']);
  });
});

describe('case managers', () => {
  test('the similar-item check finds the same e-mail, phone or name, but not the record itself', async () => {
    const c = await company(admin, { name: 'Similar & Co' });
    const cm = await post(admin, '/api/app/case-managers', {
      firstName: 'Olivia',
      lastName: 'Nguyen',
      email: 'olivia.nguyen@similar.example',
      phone: '02 9876 5432',
      companyId: c.id,
    });
    expect(cm).toMatchObject({ fullName: 'Olivia Nguyen', phone: '0298765432', companyName: 'Similar & Co' });

    const byEmail = (
      await admin.get('/api/app/case-managers/similar-items?email=OLIVIA.NGUYEN@similar.example')
    ).json();
    expect(byEmail.items).toEqual([
      expect.objectContaining({
        id: cm.id,
        displayName: 'Olivia Nguyen',
        reasons: ['email'],
        companyName: 'Similar & Co',
      }),
    ]);
    const byPhone = (await admin.get('/api/app/case-managers/similar-items?phone=(02)%209876-5432')).json();
    expect(byPhone.items.map((i: { reasons: string[] }) => i.reasons)).toEqual([['phone']]);
    const byName = (await admin.get('/api/app/case-managers/similar-items?firstName=olivia&lastName=NGUYEN')).json();
    expect(byName.items.map((i: { id: string }) => i.id)).toEqual([cm.id]);
    const itself = (
      await admin.get(`/api/app/case-managers/similar-items?firstName=Olivia&lastName=Nguyen&excludeId=${cm.id}`)
    ).json();
    expect(itself.items).toEqual([]);
    const nothing = (await admin.get('/api/app/case-managers/similar-items?firstName=Olivia')).json();
    expect(nothing.items).toEqual([]);

    // Another tenant's identical case manager is never reported.
    const other = await callerFor(t, await newTenant(t.database));
    expect(
      (await other.get('/api/app/case-managers/similar-items?email=olivia.nguyen@similar.example')).json(),
    ).toEqual({
      items: [],
    });
  });

  test('disabling hides a case manager from active selection lists; enabling brings it back', async () => {
    const c = await company(admin);
    const cm = await post(admin, '/api/app/case-managers', {
      firstName: 'Dormant',
      lastName: 'Person',
      companyId: c.id,
    });
    const active = () =>
      admin.get(`/api/app/case-managers?isSelectionList=true&isActive=true&companyId=${c.id}`).then((r) => r.json());
    expect((await active()).totalCount).toBe(1);
    expect((await admin.put(`/api/app/case-managers/${cm.id}/disable`, {})).json().isActive).toBe(false);
    expect((await active()).totalCount).toBe(0);
    expect((await admin.put(`/api/app/case-managers/${cm.id}/enable`, {})).json().isActive).toBe(true);
    expect((await active()).items).toEqual([
      { id: cm.id, displayName: 'Dormant Person', isActive: true, companyId: c.id, companyName: c.name, email: null },
    ]);
  });

  test('a case manager needs an existing company', async () => {
    const res = await admin.post('/api/app/case-managers', {
      firstName: 'No',
      lastName: 'Company',
      companyId: '00000000-0000-7000-8000-00000000f00d',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors).toEqual([
      { message: 'The company does not exist.', members: ['companyId'] },
    ]);
  });
});

describe('clients', () => {
  test('the similar-item check matches first name, last name and date of birth together', async () => {
    const client = await post(admin, '/api/app/clients', {
      firstName: 'Mateo',
      lastName: 'Rossi',
      dateOfBirth: '1979-02-28',
      gender: 'MALE',
    });
    const same = (
      await admin.get('/api/app/clients/similar-items?firstName=mateo&lastName=ROSSI&dateOfBirth=1979-02-28')
    ).json();
    expect(same.items).toEqual([
      expect.objectContaining({ id: client.id, reasons: ['nameAndDateOfBirth'], dateOfBirth: '1979-02-28' }),
    ]);
    const otherBirthday = (
      await admin.get('/api/app/clients/similar-items?firstName=Mateo&lastName=Rossi&dateOfBirth=1979-03-01')
    ).json();
    expect(otherBirthday.items).toEqual([]);
    const withoutDate = (await admin.get('/api/app/clients/similar-items?firstName=Mateo&lastName=Rossi')).json();
    expect(withoutDate.items).toEqual([]);
    const badDate = await admin.get(
      '/api/app/clients/similar-items?firstName=Mateo&lastName=Rossi&dateOfBirth=1979-02-30',
    );
    expect(badDate.statusCode).toBe(400);
  });

  test('genders are the spec values only', async () => {
    const res = await admin.post('/api/app/clients', { firstName: 'A', lastName: 'B', gender: 'OTHER' });
    expect(res.statusCode).toBe(400);
    expect(validationMembers(res)).toEqual(['gender']);
  });

  test('case managers and contractors keep clients; accounting only reads them', async () => {
    for (const role of ['CASE_MANAGER', 'CONTRACTOR'] as const) {
      const caller = await callerFor(t, tenantId, [role]);
      await post(caller, '/api/app/clients', { firstName: role, lastName: 'Kept' });
      expect((await caller.get('/api/app/clients?filterText=kept')).statusCode).toBe(200);
    }
    const accounting = await callerFor(t, tenantId, ['ACCOUNTING']);
    expect((await accounting.get('/api/app/clients')).statusCode).toBe(200);
    expect((await accounting.post('/api/app/clients', { firstName: 'No', lastName: 'Way' })).statusCode).toBe(403);
  });
});

describe('search by any part of name, e-mail or phone', () => {
  let caller: Caller;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    caller = await callerFor(t, await newTenant(t.database));
    const people = [
      { firstName: 'Siobhan', lastName: "O'Sullivan", email: 'siobhan.osullivan@mail.example', phone: '0412345678' },
      { firstName: 'Rahul', lastName: 'Sharma', email: 'rsharma@work.example', mobile: '0498765432' },
      { firstName: 'Anna', lastName: 'Smithson', email: null, phone: '0755501234' },
    ];
    for (const p of people) ids[p.firstName] = (await post(caller, '/api/app/clients', p)).id;
  });

  const found = async (filterText: string, path = 'clients') =>
    (
      (await caller.get(`/api/app/${path}?filterText=${encodeURIComponent(filterText)}&maxResultCount=50`)).json()
        .items as { id: string }[]
    ).map((i) => i.id);

  test.each([
    ['a middle part of a first name', 'obha', 'Siobhan'],
    ['a part of a last name, any case', 'SULLIV', 'Siobhan'],
    ['a name with an apostrophe', "o'sul", 'Siobhan'],
    ['first and last name together', 'rahul sha', 'Rahul'],
    ['a part of an e-mail address', 'sharma@work', 'Rahul'],
    ['the middle digits of a phone number', '345 67', 'Siobhan'],
    ['a mobile number written with spaces', '0498 765 432', 'Rahul'],
    ['two letters', 'hs', 'Anna'],
  ])('finds a client by %s', async (_what, text, who) => {
    expect(await found(text)).toEqual([ids[who]]);
  });

  test('a search answers its total with the page, and past the last page too', async () => {
    for (let i = 0; i < 23; i++)
      await post(caller, '/api/app/clients', { firstName: `Pat${i}`, lastName: 'Quorrington' });
    const first = (await caller.get('/api/app/clients?filterText=quorring')).json();
    expect(first.totalCount).toBe(23);
    expect(first.items).toHaveLength(20);
    const picker = (await caller.get('/api/app/clients?isSelectionList=true&filterText=quorring&skipCount=20')).json();
    expect(picker).toMatchObject({ totalCount: 23 });
    expect(picker.items).toHaveLength(3);
    const beyond = (await caller.get('/api/app/clients?filterText=quorring&skipCount=40')).json();
    expect(beyond).toEqual({ totalCount: 23, items: [] });
  });

  test('wildcards are text and nothing else matches', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('zzzqqq')).toEqual([]);
  });

  test('a deleted client is no longer found, and other tenants never find anyone here', async () => {
    const gone = await post(caller, '/api/app/clients', { firstName: 'Vanishing', lastName: 'Client' });
    expect(await found('vanish')).toEqual([gone.id]);
    expect((await caller.del(`/api/app/clients/${gone.id}`)).statusCode).toBe(204);
    expect(await found('vanish')).toEqual([]);
    const other = await callerFor(t, await newTenant(t.database));
    const theirs = (await other.get('/api/app/clients?filterText=siobhan')).json();
    expect(theirs).toEqual({ totalCount: 0, items: [] });
  });

  test('an edited name is searched by its new value', async () => {
    const c = await post(caller, '/api/app/clients', { firstName: 'Before', lastName: 'Rename' });
    const renamed = await caller.put(`/api/app/clients/${c.id}`, {
      firstName: 'Afterwards',
      lastName: 'Rename',
      concurrencyStamp: c.concurrencyStamp,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('before')).toEqual([]);
    expect(await found('afterw')).toEqual([c.id]);
  });

  test('case managers and specialists are searched the same way', async () => {
    const c = await company(caller);
    const cm = await post(caller, '/api/app/case-managers', {
      firstName: 'Quentin',
      lastName: 'Blake',
      email: 'qblake@insurer.example',
      companyId: c.id,
    });
    const sp = await post(caller, '/api/app/specialists', {
      title: 'Dr',
      firstName: 'Quentin',
      lastName: 'Marsh',
      phone: '0399998888',
    });
    expect(await found('qblake', 'case-managers')).toEqual([cm.id]);
    expect(await found('quentin', 'specialists')).toEqual([sp.id]);
    expect(await found('9999 88', 'specialists')).toEqual([sp.id]);
    // A client's search never returns case managers or specialists.
    expect(await found('quentin')).toEqual([]);
  });
});

describe('specialists', () => {
  test('specialty, sub-specialty, qualification and accreditation must be values of their own type', async () => {
    const ortho = await lookupId(admin, 'SPECIALTY', 'Orthopaedic Surgery');
    const psych = await lookupId(admin, 'SPECIALTY', 'Psychiatry');
    const spine = await lookupId(admin, 'SUB_SPECIALTY', 'Spine');
    const fracs = await lookupId(admin, 'QUALIFICATION', 'FRACS');
    const base = { firstName: 'Typed', lastName: 'Values' };
    const wrongType = await admin.post('/api/app/specialists', { ...base, specialtyId: fracs });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.validationErrors).toEqual([
      { message: 'Choose a specialty from the value list', members: ['specialtyId'] },
    ]);
    const wrongParent = await admin.post('/api/app/specialists', {
      ...base,
      specialtyId: psych,
      subSpecialtyId: spine,
    });
    expect(wrongParent.statusCode).toBe(400);
    expect(validationMembers(wrongParent)).toEqual(['subSpecialtyId']);
    const ok = await post(admin, '/api/app/specialists', {
      ...base,
      specialtyId: ortho,
      subSpecialtyId: spine,
      qualificationId: fracs,
    });
    expect(ok).toMatchObject({ specialtyId: ortho, specialtyName: 'Orthopaedic Surgery', fullName: 'Typed Values' });
  });

  test('the contract end date may not come before the onboarded date', async () => {
    const res = await admin.post('/api/app/specialists', {
      firstName: 'Short',
      lastName: 'Contract',
      onboardedDate: '2026-05-01',
      onboardedEndDate: '2026-04-30',
    });
    expect(res.statusCode).toBe(400);
    expect(validationMembers(res)).toEqual(['onboardedEndDate']);
    expect(SPECIALIST_NO_CONTRACT_MESSAGE).toBe(
      'This specialist does not have a contract with us. Do you want to continue?',
    );
  });

  test('the selection list filters by specialty and accepted assessments, with rates and CV on request', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const neuro = await lookupId(caller, 'SPECIALTY', 'Neurology');
    const item = await post(caller, '/api/app/service-items', { code: 'IME-1', name: 'IME', price: 150000 });
    const video = await post(caller, '/api/app/specialists', {
      title: 'Dr',
      firstName: 'Vera',
      lastName: 'Video',
      specialtyId: neuro,
      state: 'QLD',
      onboardedDate: '2025-01-01',
      onboardedEndDate: '2025-12-31',
      typeOfAssessmentsAccepted: ['INPERSON', 'VIDEO'],
      serviceRates: [{ serviceItemId: item.id, amount: 180000 }],
      cvFileId: '00000000-0000-7000-8000-0000000000cf',
    });
    await post(caller, '/api/app/specialists', {
      title: 'Prof',
      firstName: 'Ivan',
      lastName: 'Inperson',
      specialtyId: neuro,
      typeOfAssessmentsAccepted: ['INPERSON'],
    });
    await post(caller, '/api/app/specialists', { firstName: 'Other', lastName: 'Specialty' });

    const list = (q: string) =>
      caller.get(`/api/app/specialists?isSelectionList=true&sorting=FullName&${q}`).then((r) => r.json());
    const bySpecialty = await list(`specialtyId=${neuro}`);
    expect(bySpecialty.items.map((i: { displayName: string }) => i.displayName)).toEqual([
      'Prof Ivan Inperson',
      'Dr Vera Video',
    ]);
    const videoOnly = await list(`specialtyId=${neuro}&typeOfAssessmentsAcceptedAllow=VIDEO,INPERSON`);
    expect(videoOnly.items).toEqual([
      {
        id: video.id,
        displayName: 'Dr Vera Video',
        isActive: true,
        specialtyId: neuro,
        specialtyName: 'Neurology',
        state: 'QLD',
        onboardedDate: '2025-01-01',
        onboardedEndDate: '2025-12-31',
      },
    ]);
    const withExtras = await list('typeOfAssessmentsAcceptedAllow=VIDEO&includeServiceRates=true&includeCV=true');
    expect(withExtras.items[0]).toMatchObject({
      serviceRates: [{ serviceItemId: item.id, amount: 180000 }],
      cvFileId: '00000000-0000-7000-8000-0000000000cf',
    });
    const badType = await caller.get('/api/app/specialists?typeOfAssessmentsAcceptedAllow=TELEPATHY');
    expect(badType.statusCode).toBe(400);
  });

  test('rates must be for existing service items, one rate per item', async () => {
    const missing = await admin.post('/api/app/specialists', {
      firstName: 'Rate',
      lastName: 'Less',
      serviceRates: [{ serviceItemId: '00000000-0000-7000-8000-0000000000aa', amount: 100 }],
    });
    expect(missing.statusCode).toBe(400);
    expect(validationMembers(missing)).toEqual(['serviceRates']);
  });
});

describe('contractors', () => {
  // The kind is the contractor type when it says broker or insurer, else the company's business type.
  test.each([
    { what: 'a broker type', fields: { contractorType: 'BROKER' }, businessType: undefined, kind: 'broker' },
    { what: 'an insurer type', fields: { contractorType: 'INSURER' }, businessType: undefined, kind: 'insurer' },
    {
      what: 'a typist type at a law firm',
      fields: { contractorType: 'TYPIST' },
      businessType: 'LAW_FIRM',
      kind: 'typist',
    },
    {
      what: 'a typist type at an insurer',
      fields: { contractorType: 'TYPIST' },
      businessType: 'INSURER',
      kind: 'insurer',
    },
    { what: 'no type at an insurer', fields: { contractorType: null }, businessType: 'INSURER', kind: 'insurer' },
    { what: 'no type at a broker', fields: { contractorType: null }, businessType: 'BROKER', kind: 'broker' },
    { what: 'no type and no company', fields: {}, businessType: undefined, kind: 'typist' },
  ])('a contractor with $what is a $kind', async ({ fields, businessType, kind }) => {
    const companyId = businessType ? (await company(admin, { businessType })).id : null;
    const c = await post(admin, '/api/app/contractors', { name: 'Kind test', companyId, ...fields });
    expect(c.kind).toBe(kind);
    expect((await admin.get(`/api/app/contractors/${c.id}`)).json().kind).toBe(kind);
  });
});

describe('service providers', () => {
  test('names are unique in a tenant, ignoring case, and free again once deleted', async () => {
    const first = await post(admin, '/api/app/service-provider', { name: 'Rapid Records' });
    const copy = await admin.post('/api/app/service-provider', { name: 'RAPID records' });
    expect(copy.statusCode).toBe(422);
    expect(copy.json().error.validationErrors).toEqual([
      { message: 'A service provider with this name already exists.', members: ['name'] },
    ]);
    const check = (q: string) => admin.get(`/api/app/service-provider/checkDuplicateName?${q}`).then((r) => r.json());
    expect(await check('name=rapid%20records')).toEqual({
      isDuplicate: true,
      message: 'A service provider with this name already exists.',
    });
    expect(await check(`name=Rapid%20Records&excludeId=${first.id}`)).toEqual({ isDuplicate: false, message: null });
    const other = await callerFor(t, await newTenant(t.database));
    await post(other, '/api/app/service-provider', { name: 'Rapid Records' });
    expect((await admin.del(`/api/app/service-provider/${first.id}`)).statusCode).toBe(204);
    await post(admin, '/api/app/service-provider', { name: 'Rapid Records' });
  });
});

describe('selection lists of the spec', () => {
  beforeAll(async () => {
    await post(admin, '/api/app/centres', { name: 'Adelaide Rooms', state: 'SA' });
  });

  test.each([
    ['case-managers', 'FullName'],
    ['centres', 'Name'],
    ['clients', 'firstName, lastName'],
    ['companies', 'Name'],
    ['specialists', 'FullName'],
    ['lookup-configs', 'label'],
  ])('%s sorts by %s and answers id, displayName and isActive', async (name, sorting) => {
    const res = await admin.get(
      `/api/app/${name}?isSelectionList=true&isActive=true&maxResultCount=5&sorting=${encodeURIComponent(sorting)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { totalCount: number; items: Record<string, unknown>[] };
    for (const item of body.items) {
      expect(item).toMatchObject({ id: expect.any(String), displayName: expect.any(String), isActive: true });
    }
    const names = body.items.map((i) => String(i.displayName));
    expect(names.length).toBeGreaterThan(0);
    const desc = await admin.get(
      `/api/app/${name}?isSelectionList=true&maxResultCount=5&sorting=${encodeURIComponent(`${sorting.split(',')[0]} desc`)}`,
    );
    expect(desc.statusCode).toBe(200);
  });

  test('clients sorted by first then last name', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    for (const [firstName, lastName] of [
      ['Zoe', 'Adams'],
      ['Adam', 'Zimmer'],
      ['Adam', 'Brown'],
    ]) {
      await post(caller, '/api/app/clients', { firstName, lastName });
    }
    const list = (
      await caller.get(`/api/app/clients?isSelectionList=true&sorting=${encodeURIComponent('firstName, lastName')}`)
    ).json();
    expect(list.items.map((i: { displayName: string }) => i.displayName)).toEqual([
      'Adam Brown',
      'Adam Zimmer',
      'Zoe Adams',
    ]);
  });
});

describe('who may do what', () => {
  test('case managers may add and view centres but not change companies', async () => {
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const centre = await post(cm, '/api/app/centres', { name: `CM centre ${Math.random()}`, state: 'SA' });
    expect((await cm.get(`/api/app/centres/${centre.id}`)).statusCode).toBe(200);
    expect((await cm.put(`/api/app/centres/${centre.id}/disable`, {})).statusCode).toBe(403);
    expect((await cm.get('/api/app/companies?isSelectionList=true')).statusCode).toBe(200);
    expect((await cm.post('/api/app/companies', { name: 'Nope', businessType: 'OTHER' })).statusCode).toBe(403);
  });

  test('treatment providers need the TreatmentProvider feature', async () => {
    const off = await callerFor(t, await newTenant(t.database, { editionName: 'MARKETING' }));
    const res = await off.get('/api/app/treatment-providers');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Casebook:FeatureNotEnabled');
  });
});

describe('my detail', () => {
  test('a case manager, specialist or contractor reads the record they sign in as; others get 404', async () => {
    const c = await company(admin);
    const cmUser = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const drUser = await callerFor(t, tenantId, ['SPECIALIST']);
    const typist = await callerFor(t, tenantId, ['CONTRACTOR']);
    const cm = await post(admin, '/api/app/case-managers', {
      firstName: 'Profile',
      lastName: 'Owner',
      companyId: c.id,
      userId: cmUser.userId,
    });
    const dr = await post(admin, '/api/app/specialists', {
      firstName: 'Doctor',
      lastName: 'Profile',
      userId: drUser.userId,
    });
    const ct = await post(admin, '/api/app/contractors', { name: 'Typing Profile', userId: typist.userId });
    expect((await cmUser.get('/api/app/case-managers/myDetail')).json()).toMatchObject({
      id: cm.id,
      companyName: c.name,
    });
    expect((await drUser.get('/api/app/specialists/myDetail')).json()).toMatchObject({ id: dr.id });
    expect((await typist.get('/api/app/contractors/myDetail')).json()).toMatchObject({ id: ct.id, kind: 'typist' });
    expect((await drUser.get('/api/app/case-managers/myDetail')).statusCode).toBe(404);
    expect((await admin.get('/api/app/specialists/myDetail')).statusCode).toBe(404);
  });
});

describe('history', () => {
  test('changes to a specialist are recorded field by field', async () => {
    const sp = await post(admin, '/api/app/specialists', {
      firstName: 'History',
      lastName: 'Kept',
      recruitmentStatus: 0,
    });
    const res = await admin.put(`/api/app/specialists/${sp.id}`, {
      firstName: 'History',
      lastName: 'Kept',
      recruitmentStatus: 2,
      onboardedDate: '2026-02-01',
      concurrencyStamp: sp.concurrencyStamp,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changes = (
      await admin.get(`/api/app/entity-changes?entityId=${sp.id}&propertyName=recruitmentStatus`)
    ).json();
    expect(
      changes.items.map((c: { originalValue: string | null; newValue: string }) => [c.originalValue, c.newValue]),
    ).toEqual([
      ['0', '2'],
      [null, '0'],
    ]);
  });
});
