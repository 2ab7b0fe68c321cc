import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { SeedAttachmentTypes } from './reference.seed';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await callerFor(t, await newTenant(t.database));
});
afterAll(async () => {
  await t?.close();
});

type Lookup = { id: string; label: string; type: string; isDefault: boolean; concurrencyStamp: string };

async function ok<T = Record<string, unknown> & { id: string; concurrencyStamp: string }>(
  res: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
const members = (res: { json(): unknown }) =>
  ((res.json() as { error: { validationErrors?: { members: string[] }[] } }).error.validationErrors ?? []).flatMap(
    (v) => v.members,
  );
const lookups = (caller: Caller, query: string) =>
  caller.get(`/api/app/lookup-configs?${query}`).then((r) => r.json() as { totalCount: number; items: Lookup[] });

describe('value list defaults', () => {
  test('setting a default takes the flag from the previous default; unsetting leaves none', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const defaults = async () =>
      (await lookups(caller, 'type=TYPE_OF_CLAIM&maxResultCount=100')).items
        .filter((l) => l.isDefault)
        .map((l) => l.label);
    expect(await defaults()).toEqual(['Workers compensation']);

    const ctp = (await lookups(caller, 'type=TYPE_OF_CLAIM&filterText=CTP')).items[0]!;
    const set = await ok<Lookup>(caller.put(`/api/app/lookup-configs/${ctp.id}/setDefault`, {}));
    expect(set).toMatchObject({ id: ctp.id, isDefault: true });
    expect(await defaults()).toEqual(['Motor vehicle accident (CTP)']);

    // Setting it again changes nothing; unsetting leaves the type without a default.
    await ok(caller.put(`/api/app/lookup-configs/${ctp.id}/setDefault`, {}));
    expect(await defaults()).toEqual(['Motor vehicle accident (CTP)']);
    expect((await ok<Lookup>(caller.put(`/api/app/lookup-configs/${ctp.id}/unsetDefault`, {}))).isDefault).toBe(false);
    expect(await defaults()).toEqual([]);

    // Other types keep their own default.
    const reports = (await lookups(caller, 'type=TYPE_OF_REPORT&maxResultCount=100')).items.filter((l) => l.isDefault);
    expect(reports.map((l) => l.label)).toEqual(['Independent medical examination']);

    // Losing the flag is in the previous default's history (seeded values have no creation entry).
    const wc = (await lookups(caller, 'type=TYPE_OF_CLAIM&filterText=Workers')).items[0]!;
    const history = (await caller.get(`/api/app/entity-changes?entityId=${wc.id}&propertyName=isDefault`)).json();
    expect(history.items.map((h: { newValue: string }) => h.newValue)).toEqual(['false']);
  });

  test('a value created or saved as the default takes the flag too', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const created = await ok<Lookup>(
      caller.post('/api/app/lookup-configs', { type: 'SALE_TYPE', label: 'Tender', isDefault: true }),
    );
    const defaults = (await lookups(caller, 'type=SALE_TYPE&maxResultCount=100')).items.filter((l) => l.isDefault);
    expect(defaults.map((l) => l.id)).toEqual([created.id]);

    const referral = (await lookups(caller, 'type=SALE_TYPE&filterText=Referral')).items[0]!;
    const saved = await caller.put(`/api/app/lookup-configs/${referral.id}`, {
      type: 'SALE_TYPE',
      label: 'Referral',
      isDefault: true,
      concurrencyStamp: referral.concurrencyStamp,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await lookups(caller, 'type=SALE_TYPE&maxResultCount=100')).items.filter((l) => l.isDefault);
    expect(after.map((l) => l.id)).toEqual([referral.id]);
  });

  test("another tenant's value cannot be made a default here", async () => {
    const other = await callerFor(t, await newTenant(t.database));
    const theirs = (await lookups(other, 'type=SALE_TYPE&maxResultCount=1')).items[0]!;
    expect((await admin.put(`/api/app/lookup-configs/${theirs.id}/setDefault`, {})).statusCode).toBe(404);
  });
});

describe('value list entries', () => {
  test('a sub-specialty belongs to a specialty; other types have no parent', async () => {
    const ortho = (await lookups(admin, 'type=SPECIALTY&filterText=Orthopaedic')).items[0]!;
    const fracs = (await lookups(admin, 'type=QUALIFICATION&filterText=FRACS')).items[0]!;
    const orphan = await admin.post('/api/app/lookup-configs', { type: 'SUB_SPECIALTY', label: 'Paediatric' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error.validationErrors).toEqual([
      { message: 'Choose the specialty it belongs to', members: ['parentId'] },
    ]);
    const wrongParent = await admin.post('/api/app/lookup-configs', {
      type: 'SUB_SPECIALTY',
      label: 'Paediatric',
      parentId: fracs.id,
    });
    expect(members(wrongParent)).toEqual(['parentId']);
    const parented = await admin.post('/api/app/lookup-configs', {
      type: 'BODY_PART',
      label: 'Toe',
      parentId: ortho.id,
    });
    expect(parented.json().error.validationErrors).toEqual([
      { message: 'This type of value has no parent', members: ['parentId'] },
    ]);
    const child = await ok<Lookup & { parentLabel: string }>(
      admin.post('/api/app/lookup-configs', { type: 'SUB_SPECIALTY', label: 'Paediatric', parentId: ortho.id }),
    );
    expect(child.parentLabel).toBe('Orthopaedic Surgery');
  });

  test('a label is unique within its type and parent, ignoring case', async () => {
    const copy = await admin.post('/api/app/lookup-configs', { type: 'BODY_PART', label: 'KNEE' });
    expect(copy.statusCode).toBe(422);
    expect(copy.json().error.validationErrors).toEqual([
      { message: 'This value already exists in the list.', members: ['label'] },
    ]);
    // The same label under another type is fine.
    await ok(admin.post('/api/app/lookup-configs', { type: 'SCHEME_TYPE', label: 'Knee' }));
  });

  test('selection lists narrow by type, parent ids and ids, sorted by label', async () => {
    const ortho = (await lookups(admin, 'type=SPECIALTY&filterText=Orthopaedic')).items[0]!;
    const psych = (await lookups(admin, 'type=SPECIALTY&filterText=Psychiatry')).items[0]!;
    const subs = (
      await lookups(admin, `isSelectionList=true&parentIds=${ortho.id},${psych.id}&sorting=label&maxResultCount=50`)
    ).items as unknown as { displayName: string; parentId: string; type: string }[];
    expect(subs.map((s) => s.displayName)).toEqual(
      [...subs.map((s) => s.displayName)].sort((a, b) => a.localeCompare(b)),
    );
    expect(new Set(subs.map((s) => s.parentId))).toEqual(new Set([ortho.id, psych.id]));
    expect(subs.every((s) => s.type === 'SUB_SPECIALTY')).toBe(true);
    const two = await lookups(admin, `isSelectionList=true&ids=${ortho.id}&ids=${psych.id}&sorting=label%20desc`);
    expect(two.items.map((i) => (i as unknown as { displayName: string }).displayName)).toEqual([
      'Psychiatry',
      'Orthopaedic Surgery',
    ]);
    expect(two.items[0]).toEqual({
      id: psych.id,
      displayName: 'Psychiatry',
      isActive: true,
      type: 'SPECIALTY',
      value: null,
      parentId: null,
      isDefault: false,
    });
    const several = await lookups(admin, 'isSelectionList=true&type=SCHEME_TYPE,SALE_TYPE&maxResultCount=100');
    expect(new Set(several.items.map((i) => i.type))).toEqual(new Set(['SCHEME_TYPE', 'SALE_TYPE']));
    expect((await admin.get('/api/app/lookup-configs?type=MOOD')).statusCode).toBe(400);
  });
});

describe('matter types', () => {
  test('list their types of claim and report, per claim or all together', async () => {
    const claim = (label: string) =>
      lookups(admin, `type=TYPE_OF_CLAIM&filterText=${encodeURIComponent(label)}`).then((r) => r.items[0]!);
    const report = (label: string) =>
      lookups(admin, `type=TYPE_OF_REPORT&filterText=${encodeURIComponent(label)}`).then((r) => r.items[0]!);
    const wc = await claim('Workers');
    const pl = await claim('Public liability');
    const ime = await report('Independent medical');
    const pia = await report('Permanent impairment');
    const fr = await report('File review');
    const matter = await ok(
      admin.post('/api/app/matter-types', {
        name: 'Personal injury',
        claims: [
          { typeOfClaimId: wc.id, typeOfReportIds: [ime.id, pia.id, ime.id] },
          { typeOfClaimId: pl.id, typeOfReportIds: [fr.id] },
        ],
      }),
    );
    expect(matter.claims).toEqual([
      { typeOfClaimId: wc.id, typeOfReportIds: [ime.id, pia.id] },
      { typeOfClaimId: pl.id, typeOfReportIds: [fr.id] },
    ]);
    const names = (res: { items: { displayName: string }[] }) => res.items.map((i) => i.displayName);
    expect(names(await ok(admin.get('/api/app/matter-types/listMatterType')))).toContain('Personal injury');
    expect(names(await ok(admin.get(`/api/app/matter-types/${matter.id}/listTypeOfClaim`)))).toEqual([
      'Workers compensation',
      'Public liability',
    ]);
    expect(names(await ok(admin.get(`/api/app/matter-types/${matter.id}/listTypeOfReport`)))).toEqual([
      'Independent medical examination',
      'Permanent impairment assessment',
      'File review',
    ]);
    expect(names(await ok(admin.get(`/api/app/matter-types/${matter.id}/${pl.id}/listTypeOfReport`)))).toEqual([
      'File review',
    ]);
    expect((await admin.get(`/api/app/matter-types/${matter.id}/${ime.id}/listTypeOfReport`)).statusCode).toBe(404);
  });

  test('a claim must be a type of claim and its reports types of report', async () => {
    const report = (await lookups(admin, 'type=TYPE_OF_REPORT&maxResultCount=1')).items[0]!;
    const res = await admin.post('/api/app/matter-types', {
      name: 'Mixed up',
      claims: [{ typeOfClaimId: report.id, typeOfReportIds: [] }],
    });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['claims']);
  });
});

describe('reference data of a new tenant', () => {
  test("about sixty attachment types including the spec's named ones, document types and languages", async () => {
    const attachments = (await admin.get('/api/app/attachment-types?maxResultCount=200')).json();
    expect(attachments.totalCount).toBe(SeedAttachmentTypes.length);
    expect(attachments.totalCount).toBeGreaterThanOrEqual(55);
    const names = attachments.items.map((a: { name: string }) => a.name);
    for (const named of [
      'Paperwork',
      'Dictation report',
      'Draft report',
      'Completed report',
      'Consent form',
      'Client invoice',
      'Specialist invoice',
      'Appointment confirmation (case manager)',
      'Appointment confirmation (specialist)',
      'NDIS service agreement',
      'Insurance claim form',
      'Cost agreement',
      'TPD claim form',
    ]) {
      expect(names).toContain(named);
    }
    expect((await admin.get('/api/app/document-types')).json().totalCount).toBeGreaterThan(5);
    expect((await admin.get('/api/app/languages?filterText=Auslan')).json().items[0]).toMatchObject({ code: 'asf' });
  });
});

describe('holidays', () => {
  test("a state's list includes the national holidays; a day is kept once per state", async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    await ok(caller.post('/api/app/holidays', { name: 'Christmas Day', date: '2026-12-25' }));
    await ok(caller.post('/api/app/holidays', { name: 'Labour Day', date: '2026-10-05', state: 'NSW' }));
    await ok(caller.post('/api/app/holidays', { name: 'Labour Day', date: '2026-03-09', state: 'VIC' }));
    const nsw = (await caller.get('/api/app/holidays?state=nsw&year=2026')).json();
    expect(nsw.items.map((h: { date: string }) => h.date)).toEqual(['2026-10-05', '2026-12-25']);
    const twice = await caller.post('/api/app/holidays', { name: 'Again', date: '2026-10-05', state: 'nsw' });
    expect(twice.statusCode).toBe(422);
    expect(members(twice)).toEqual(['date']);
  });

  test('a holiday can be disabled and enabled again', async () => {
    const h = await ok(admin.post('/api/app/holidays', { name: 'Show Day', date: '2026-08-12', state: 'QLD' }));
    expect((await ok(admin.put(`/api/app/holidays/${h.id}/disable`, {}))).isActive).toBe(false);
    expect((await admin.get('/api/app/holidays?isActive=true&state=QLD')).json().totalCount).toBe(0);
    expect((await ok(admin.put(`/api/app/holidays/${h.id}/enable`, {}))).isActive).toBe(true);
  });
});

describe('money reference lists', () => {
  test('account and service item codes are unique; an AMA fee is found by the date it is in force', async () => {
    const account = await ok(admin.post('/api/app/account-codes', { code: '4100', name: 'IME revenue' }));
    expect((await admin.post('/api/app/account-codes', { code: '4100', name: 'Copy' })).statusCode).toBe(422);
    const item = await ok(
      admin.post('/api/app/service-items', {
        code: 'FR-1',
        name: 'File review',
        price: 88000,
        accountCodeId: account.id,
      }),
    );
    expect(item).toMatchObject({ price: 88000, gstApplicable: true, accountCodeId: account.id });
    expect((await admin.post('/api/app/service-items', { code: 'fr-1', name: 'Copy' })).statusCode).toBe(422);
    const wrongType = await admin.post('/api/app/service-items', {
      code: 'X-1',
      name: 'Typed',
      serviceTypeId: (await lookups(admin, 'type=BODY_PART&maxResultCount=1')).items[0]!.id,
    });
    expect(members(wrongType)).toEqual(['serviceTypeId']);

    await ok(
      admin.post('/api/app/ama-service-fee', {
        itemNumber: 'AA005',
        description: 'Report',
        fee: 50000,
        effectiveFrom: '2025-07-01',
        effectiveTo: '2026-06-30',
      }),
    );
    await ok(
      admin.post('/api/app/ama-service-fee', {
        itemNumber: 'AA005',
        description: 'Report',
        fee: 52500,
        effectiveFrom: '2026-07-01',
      }),
    );
    const fee = (on: string) =>
      admin
        .get(`/api/app/ama-service-fee?filterText=AA005&effectiveOn=${on}`)
        .then((r) => r.json().items.map((i: { fee: number }) => i.fee));
    expect(await fee('2026-06-30')).toEqual([50000]);
    expect(await fee('2026-07-01')).toEqual([52500]);
    const negative = await admin.post('/api/app/ama-service-fee', {
      itemNumber: 'AA006',
      description: 'Negative',
      fee: -1,
      effectiveFrom: '2026-07-01',
    });
    expect(members(negative)).toEqual(['fee']);
  });
});

describe('names kept once per tenant', () => {
  test.each([
    ['document-types', { name: 'Letter' }, 'A document type with this name already exists.'],
    ['attachment-types', { name: 'paperwork' }, 'An attachment type with this name already exists.'],
    ['languages', { name: 'ENGLISH' }, 'A language with this name already exists.'],
    ['company-groups', { name: 'Panel Z' }, 'A company group with this name already exists.'],
    ['talking-point-category', { name: 'Panel Z' }, 'A category with this name already exists.'],
    ['matter-types', { name: 'Panel Z' }, 'A matter type with this name already exists.'],
    ['centres', { name: 'Panel Z' }, 'A centre with this name already exists.'],
  ])('%s refuses a second record with the same name, ignoring case', async (path, body, message) => {
    const caller = await callerFor(t, await newTenant(t.database));
    if (body.name === 'Panel Z') await ok(caller.post(`/api/app/${path}`, { name: 'panel z' }));
    const res = await caller.post(`/api/app/${path}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.validationErrors).toEqual([{ message, members: ['name'] }]);
  });
});

describe('talking points and sale targets', () => {
  test('a talking point belongs to a category; a sale target is one per person and month', async () => {
    const category = await ok(admin.post('/api/app/talking-point-category', { name: 'Pricing' }));
    const point = await ok(
      admin.post('/api/app/talking-point', { title: 'Fixed fees', content: 'No surprises', categoryId: category.id }),
    );
    expect(point).toMatchObject({ categoryId: category.id, categoryName: 'Pricing' });
    const target = await ok(
      admin.post('/api/app/sale-targets', { userId: admin.userId, year: 2027, month: 3, amount: 1_000_000 }),
    );
    expect(target.userName).toBe('tenant_admin user');
    const again = await admin.post('/api/app/sale-targets', { userId: admin.userId, year: 2027, month: 3, amount: 5 });
    expect(again.statusCode).toBe(422);
    expect(members(again)).toEqual(['month']);
  });
});
