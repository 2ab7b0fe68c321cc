import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPORT_QA_IME_ONLY, type ReportCorrectionDto, type ReportQaDto } from '@casebook/domain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { members, ok } from '../../../test/responses';
import { twoFirms, type TwoFirms } from '../../../test/worlds';

let t: TestApp;
let w: TwoFirms;
let caseA: { id: string; caseNo: string };
let caseB: { id: string; caseNo: string };
let otCaseId: string;
let specialistId: string;
const BASE = '/api/app/report-corrections';
const qaOf = (id: string) => `/api/app/assessments/${id}/report-qa`;

type Page = { totalCount: number; items: ReportCorrectionDto[] };
const sheet = (query = '') => ok<Page>(w.staff.get(`${BASE}?maxResultCount=100&${query}`));
const ids = (page: Page) => page.items.map((i) => i.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t, { timezone: 'Australia/Sydney', features: { QaStatus: 'True', OT: 'True' } });
  specialistId = (
    await ok(
      w.admin.post('/api/app/specialists', { firstName: 'Quinn', lastName: 'Quality', onboardedDate: '2020-01-01' }),
    )
  ).id;
  caseA = await ok(
    w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId, specialistId }),
  );
  caseB = await ok(
    w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmB.caseManagerId }),
  );
  otCaseId = (
    await ok(
      w.staff.post('/api/app/assessments', {
        serviceType: 'OT',
        clientId: w.clientId,
        caseManagerId: w.firmA.caseManagerId,
      }),
    )
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('report QA of an IME case', () => {
  test('a case starts Pending; staff sets review and validation status, with its audit rows', async () => {
    const fresh = await ok<ReportQaDto>(w.staff.get(qaOf(caseA.id)));
    expect(fresh).toMatchObject({ reviewStatus: 'PENDING', validationStatus: 'PENDING', corrections: [] });
    const set = await ok<ReportQaDto>(
      w.staff.put(qaOf(caseA.id), { reviewStatus: 'UNDER_REVIEW', validationStatus: 'FAILED' }),
    );
    expect(set).toMatchObject({ caseNo: caseA.caseNo, reviewStatus: 'UNDER_REVIEW', validationStatus: 'FAILED' });
    expect(await ok<ReportQaDto>(w.staff.get(qaOf(caseA.id)))).toMatchObject({ reviewStatus: 'UNDER_REVIEW' });
    const history = await ok<{ items: { propertyName: string; newValue: string | null }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${caseA.id}&maxResultCount=100`),
    );
    expect(history.items.map((c) => c.propertyName)).toEqual(
      expect.arrayContaining(['reviewStatus', 'validationStatus']),
    );
  });

  test('corrections are recorded, their note and status changed, each with an audit row', async () => {
    const made = await ok<ReportCorrectionDto>(
      w.staff.post(BASE, { caseId: caseA.id, note: 'Page 2: wrong date of injury' }),
    );
    expect(made).toMatchObject({ caseId: caseA.id, caseNo: caseA.caseNo, status: 'OPEN', specialistId });
    expect(made.specialistName).toBe('Quinn Quality');
    const noted = await ok<ReportCorrectionDto>(
      w.staff.put(`${BASE}/${made.id}/note`, { note: 'Page 2: date of injury is 3 March' }),
    );
    expect(noted.note).toBe('Page 2: date of injury is 3 March');
    const done = await ok<ReportCorrectionDto>(
      w.staff.put(`${BASE}/${made.id}/status`, { status: 'CORRECTED', concurrencyStamp: noted.concurrencyStamp }),
    );
    expect(done.status).toBe('CORRECTED');
    // A change made from a stale copy is refused.
    const stale = await w.staff.put(`${BASE}/${made.id}/status`, {
      status: 'OPEN',
      concurrencyStamp: noted.concurrencyStamp,
    });
    expect(stale.statusCode).toBe(409);
    const qa = await ok<ReportQaDto>(w.staff.get(qaOf(caseA.id)));
    expect(qa.corrections.map((c) => [c.id, c.status])).toContainEqual([made.id, 'CORRECTED']);
    const history = await ok<{ items: { propertyName: string }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${made.id}&maxResultCount=100`),
    );
    expect(history.items.map((c) => c.propertyName)).toEqual(expect.arrayContaining(['note', 'status']));
  });

  test('input is checked field by field, and a refused call writes nothing', async () => {
    expect(members(await w.staff.post(BASE, { caseId: caseB.id, note: '  ' }))).toEqual(['note']);
    expect(members(await w.staff.post(BASE, { caseId: caseB.id, note: 'x', status: 'DONE' }))).toEqual(['status']);
    expect(members(await w.staff.post(BASE, { caseId: 'nope', note: 'x' }))).toEqual(['caseId']);
    expect(members(await w.staff.post(BASE, { caseId: caseB.id, note: 'x'.repeat(4001) }))).toEqual(['note']);
    expect(members(await w.staff.put(qaOf(caseB.id), { reviewStatus: 'OK', validationStatus: 'PASSED' }))).toEqual([
      'reviewStatus',
    ]);
    const unknown = await w.staff.put(qaOf(caseB.id), { reviewStatus: 'SENT', validationStatus: 'PASSED', x: 1 });
    expect(members(unknown).length).toBeGreaterThan(0);
    expect((await ok<ReportQaDto>(w.staff.get(qaOf(caseB.id)))).corrections).toEqual([]);
    expect((await ok<ReportQaDto>(w.staff.get(qaOf(caseB.id)))).reviewStatus).toBe('PENDING');
  });

  test('QA is kept on IME cases only', async () => {
    const res = await w.staff.post(BASE, { caseId: otCaseId, note: 'Not an IME' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(REPORT_QA_IME_ONLY);
  });
});

describe('the Reports QA Sheet', () => {
  test('lists corrections with their cases, filtered by status, statuses, specialist, date and case number', async () => {
    const onB = await ok<ReportCorrectionDto>(
      w.staff.post(BASE, { caseId: caseB.id, note: 'Missing signature', status: 'IN_PROGRESS' }),
    );
    const onA = await ok<Page>(w.staff.get(`${BASE}?caseId=${caseA.id}`));
    const all = await sheet();
    expect(ids(all)).toEqual([...onA.items.map((i) => i.id), onB.id].sort());
    expect(ids(await sheet('status=IN_PROGRESS'))).toEqual([onB.id]);
    expect(ids(await sheet(`specialistId=${specialistId}`))).toEqual(ids(onA));
    expect(ids(await sheet('reviewStatus=UNDER_REVIEW&validationStatus=FAILED'))).toEqual(ids(onA));
    expect(ids(await sheet('reviewStatus=PENDING'))).toEqual([onB.id]);
    expect(ids(await sheet(`filterText=${encodeURIComponent(caseB.caseNo)}`))).toEqual([onB.id]);
    // Recorded today in the tenant's zone; nothing was recorded in 2020.
    expect((await sheet('dateFrom=2020-01-01&dateTo=2020-12-31')).totalCount).toBe(0);
    expect((await sheet('dateFrom=2020-01-01')).totalCount).toBe(all.totalCount);
    expect(members(await w.staff.get(`${BASE}?status=WRONG`))).toEqual(['status']);
  });

  test('exports as a spreadsheet with the same filters', async () => {
    const res = await w.staff.post(`${BASE}/export`, { status: 'IN_PROGRESS' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(members(await w.staff.post(`${BASE}/export`, { dateFrom: 'yesterday' }))).toEqual(['dateFrom']);
  });
});

describe('who may see and change report QA', () => {
  test("another tenant's case and correction are a 404", async () => {
    const [correction] = (await sheet()).items;
    for (const res of [
      await w.outsider.get(qaOf(caseA.id)),
      await w.outsider.put(qaOf(caseA.id), { reviewStatus: 'SENT', validationStatus: 'PASSED' }),
      await w.outsider.post(BASE, { caseId: caseA.id, note: 'From elsewhere' }),
      await w.outsider.get(`${BASE}/${correction!.id}`),
      await w.outsider.put(`${BASE}/${correction!.id}/note`, { note: 'From elsewhere' }),
      await w.outsider.put(`${BASE}/${correction!.id}/status`, { status: 'OPEN' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await ok<Page>(w.outsider.get(BASE))).totalCount).toBe(0);
  });

  test("a case manager reads their firm's case QA; another firm's case manager gets 404; neither may change it", async () => {
    const mine = await ok<ReportQaDto>(w.firmA.caseManager.get(qaOf(caseA.id)));
    expect(mine.reviewStatus).toBe('UNDER_REVIEW');
    expect((await w.firmB.caseManager.get(qaOf(caseA.id))).statusCode).toBe(404);
    const [onA] = mine.corrections;
    expect((await w.firmB.caseManager.get(`${BASE}/${onA!.id}`)).statusCode).toBe(404);
    expect(ids(await ok<Page>(w.firmB.caseManager.get(BASE)))).not.toContain(onA!.id);
    expect((await w.firmA.caseManager.post(BASE, { caseId: caseA.id, note: 'Mine' })).statusCode).toBe(403);
    expect((await w.firmA.caseManager.put(`${BASE}/${onA!.id}/status`, { status: 'OPEN' })).statusCode).toBe(403);
  });
});

describe('the report template of a dictation report', () => {
  const TEMPLATE = '/api/app/CaseDictationReports/generateReportTemplate';
  test("is a Word document filled with the case's parties, for those who may see the case", async () => {
    const res = await w.staff.post(TEMPLATE, { caseId: caseA.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain(`report-template-${caseA.caseNo}.docx`);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain(`Case No.: ${caseA.caseNo}`);
    expect(xml).toContain('Claimant: Cleo Claimant');
    expect(xml).toContain('Specialist: Quinn Quality');
    expect(xml).toContain('Opinion');
    expect((await w.firmA.caseManager.post(TEMPLATE, { caseId: caseA.id })).statusCode).toBe(200);
    expect((await w.firmB.caseManager.post(TEMPLATE, { caseId: caseA.id })).statusCode).toBe(404);
    expect((await w.outsider.post(TEMPLATE, { caseId: caseA.id })).statusCode).toBe(404);
    expect(members(await w.staff.post(TEMPLATE, { caseId: 'x' }))).toEqual(['caseId']);
  });
});
