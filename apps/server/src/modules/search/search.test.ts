import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActionRequiredHit, MyRecordsDto, UniversalSearchResult } from '@casebook/domain';
import { callerFor, createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { members, ok } from '../../../test/responses';
import { twoFirms, type TwoFirms } from '../../../test/worlds';
import { multipartBody, multipartHeaders } from '../files/multipart.test-support';

let t: TestApp;
let w: TwoFirms;
let caseA: { id: string; caseNo: string };
let caseB: { id: string; caseNo: string };
let outsiderCase: { id: string; caseNo: string };
let specialist: Caller;
let specialistId: string;

const search = (caller: Caller, text: string) =>
  ok<UniversalSearchResult>(caller.get(`/api/app/universal-search?text=${encodeURIComponent(text)}`));
const ids = (hits: { id: string }[]) => hits.map((h) => h.id).sort();
const nothing = (r: UniversalSearchResult) => Object.values(r).every((hits) => hits.length === 0);

async function attach(caller: Caller, name: string, objectId: string): Promise<string> {
  const res = await caller.request({
    method: 'POST',
    url: '/api/app/files',
    headers: multipartHeaders,
    payload: multipartBody({}, { name, bytes: new TextEncoder().encode('The letter of instruction.') }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const fileId = (res.json() as { id: string }).id;
  const attachment = await ok<{ id: string }>(
    caller.post('/api/app/attachments', { fileId, attachmentFrom: 'IME', objectId, name }),
  );
  return attachment.id;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t, {}, ['TENANT_ADMIN']);
  specialist = await callerFor(t, w.tenantId, ['SPECIALIST']);
  specialistId = (
    await ok<{ id: string }>(
      w.admin.post('/api/app/specialists', {
        firstName: 'Dora',
        lastName: 'Quillfeather',
        email: 'dora.quill@example.com',
        phone: '0298765432',
        userId: specialist.userId,
      }),
    )
  ).id;
  caseA = await ok(
    w.staff.post('/api/app/assessments', {
      clientId: w.clientId,
      caseManagerId: w.firmA.caseManagerId,
      specialistId,
      confirmNoContract: true,
    }),
  );
  caseB = await ok(
    w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmB.caseManagerId }),
  );
  // The other tenant: a claimant of its own with a name found nowhere else, and a case.
  const otherCm = await ok<{ id: string }>(
    w.outsider.post('/api/app/case-managers', {
      firstName: 'Olga',
      lastName: 'Elsewhere',
      companyId: (
        await ok<{ id: string }>(w.outsider.post('/api/app/companies', { name: 'Far Firm', businessType: 'LAW_FIRM' }))
      ).id,
    }),
  );
  const otherClient = await ok<{ id: string }>(
    w.outsider.post('/api/app/clients', { firstName: 'Otto', lastName: 'Zanzibarov', email: 'otto.z@example.com' }),
  );
  outsiderCase = await ok(
    w.outsider.post('/api/app/assessments', { clientId: otherClient.id, caseManagerId: otherCm.id }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the universal search', () => {
  test('finds cases by number and by claimant name, people by name, e-mail and phone, and documents by name', async () => {
    const byNumber = await search(w.staff, caseA.caseNo);
    expect(ids(byNumber.cases)).toEqual([caseA.id]);
    expect(byNumber.cases[0]).toMatchObject({
      caseNo: caseA.caseNo,
      serviceType: 'IME',
      claimantName: 'Cleo Claimant',
    });

    const byClaimant = await search(w.staff, 'claimant');
    expect(ids(byClaimant.cases)).toEqual(ids([caseA, caseB]));
    expect(ids(byClaimant.claimants)).toEqual([w.clientId]);

    expect(ids((await search(w.staff, 'dora.quill@')).specialists)).toEqual([specialistId]);
    expect(ids((await search(w.staff, '9876 543')).specialists)).toEqual([specialistId]);
    const managers = (await search(w.staff, 'Baker')).caseManagers;
    expect(managers).toEqual([expect.objectContaining({ id: w.firmB.caseManagerId, companyName: 'Firm B' })]);

    const documentId = await attach(w.staff, 'Instruction letter Hargreaves.txt', caseA.id);
    const docs = (await search(w.staff, 'hargreav')).documents;
    expect(docs).toEqual([
      expect.objectContaining({
        id: documentId,
        recordKind: 'case',
        recordId: caseA.id,
        serviceType: 'IME',
        recordName: caseA.caseNo,
      }),
    ]);
  });

  test("never answers another tenant's claimants, cases or documents", async () => {
    // The outsider finds its own records, so the search itself works there …
    const own = await search(w.outsider, 'Zanzibarov');
    expect(ids(own.cases)).toEqual([outsiderCase.id]);
    expect(own.claimants).toHaveLength(1);
    // … and nothing of the other tenant, by name, e-mail or document …
    for (const text of ['Zanzibarov', 'otto.z@example.com']) {
      expect(nothing(await search(w.staff, text)), text).toBe(true);
      expect(nothing(await search(w.admin, text)), text).toBe(true);
    }
    for (const text of ['Cleo Claimant', 'Quillfeather', 'Hargreaves', 'Firm A']) {
      expect(nothing(await search(w.outsider, text)), text).toBe(true);
    }
    // … nor by case number: each tenant numbers its own cases, so the same number finds only its own case.
    expect(outsiderCase.caseNo).toBe(caseA.caseNo);
    expect(ids((await search(w.staff, outsiderCase.caseNo)).cases)).toEqual([caseA.id]);
    expect(ids((await search(w.outsider, caseA.caseNo)).cases)).toEqual([outsiderCase.id]);
  });

  test("shows a case manager only their own firm's cases and the people of those", async () => {
    const a = await search(w.firmA.caseManager, 'claimant');
    expect(ids(a.cases)).toEqual([caseA.id]);
    expect(ids(a.claimants)).toEqual([w.clientId]);
    expect(nothing(await search(w.firmA.caseManager, caseB.caseNo))).toBe(true);
    expect((await search(w.firmA.caseManager, 'Baker')).caseManagers).toEqual([]);
    const b = await search(w.firmB.caseManager, 'claimant');
    expect(ids(b.cases)).toEqual([caseB.id]);
    expect((await search(w.firmB.caseManager, 'hargreav')).documents).toEqual([]);
  });

  test('asks for three characters at least, naming the field', async () => {
    const res = await w.staff.get('/api/app/universal-search?text=ab');
    expect(res.statusCode).toBe(400);
    expect(members(res)).toContain('text');
  });
});

describe('the action-required search', () => {
  const list = (caller: Caller, query = '') =>
    ok<{ items: ActionRequiredHit[]; totalCount: number }>(caller.get(`/api/app/action-required-search?${query}`));

  test('lists open action items of the cases the caller may see, with its filters', async () => {
    const past = await ok<{ id: string }>(
      w.staff.post('/api/app/action-required', {
        objectId: caseA.id,
        subject: 'Chase the paperwork',
        dueDate: '2020-01-10',
        assigneeIds: [w.staff.userId],
      }),
    );
    const open = await ok<{ id: string }>(
      w.staff.post('/api/app/action-required', { objectId: caseB.id, subject: 'Call the specialist' }),
    );
    await ok(w.outsider.post('/api/app/action-required', { objectId: outsiderCase.id, subject: 'Outsider item' }));

    const all = await list(w.staff);
    expect(all.totalCount).toBe(2);
    expect(all.items.map((i) => i.id)).toEqual([past.id, open.id]); // due first, no due date last
    expect(all.items[0]).toMatchObject({ caseNo: caseA.caseNo, overdue: true, claimantName: 'Cleo Claimant' });

    expect((await list(w.staff, 'scope=overdue')).items.map((i) => i.id)).toEqual([past.id]);
    expect((await list(w.staff, 'scope=noDueDate')).items.map((i) => i.id)).toEqual([open.id]);
    expect((await list(w.staff, 'mine=true')).items.map((i) => i.id)).toEqual([past.id]);
    expect((await list(w.staff, 'filterText=specialist')).items.map((i) => i.id)).toEqual([open.id]);
    expect((await list(w.staff, `filterText=${caseB.caseNo}`)).items.map((i) => i.id)).toEqual([open.id]);

    // A case manager sees their firm's items; the other tenant none of these.
    expect((await list(w.firmA.caseManager)).items.map((i) => i.id)).toEqual([past.id]);
    expect((await list(w.outsider)).items.map((i) => i.subject)).toEqual(['Outsider item']);

    const bad = await w.staff.get('/api/app/action-required-search?scope=soon');
    expect(bad.statusCode).toBe(400);
    expect(members(bad)).toContain('scope');
  });
});

describe("the account pages' own records", () => {
  test("a case manager's profile names their firm and cases; a specialist's their record and appointments", async () => {
    const cm = await ok<MyRecordsDto>(w.firmA.caseManager.get('/api/app/account/my-records'));
    expect(cm.caseManagers).toEqual([
      expect.objectContaining({ id: w.firmA.caseManagerId, name: 'Ann Able', companyName: 'Firm A', caseCount: 1 }),
    ]);
    expect(cm.caseManagers[0]!.recent.map((c) => c.id)).toEqual([caseA.id]);
    expect(cm.specialist).toBeNull();
    expect(cm.contractor).toBeNull();

    const dr = await ok<MyRecordsDto>(specialist.get('/api/app/account/my-records'));
    expect(dr.specialist).toMatchObject({ id: specialistId, name: 'Dora Quillfeather', caseCount: 1 });
    expect(dr.caseManagers).toEqual([]);

    const staff = await ok<MyRecordsDto>(w.staff.get('/api/app/account/my-records'));
    expect(staff).toEqual({ specialist: null, caseManagers: [], contractor: null });
  });
});

describe('product updates', () => {
  test('every user reads the published system updates, newest first', async () => {
    for (const caller of [w.firmA.caseManager, specialist, w.outsider]) {
      const page = await ok<{ items: { version: string; title: string; publishedAt: string }[]; totalCount: number }>(
        caller.get('/api/app/product-updates?maxResultCount=100'),
      );
      expect(page.totalCount).toBeGreaterThanOrEqual(2);
      expect(page.items.map((u) => u.version).slice(-2)).toEqual(['2026.11', '2026.10']);
      const times = page.items.map((u) => u.publishedAt);
      expect([...times].sort().reverse()).toEqual(times);
    }
  });
});
