import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { ok } from '../../../test/responses';
import { twoFirms } from '../../../test/worlds';

type Case = {
  id: string;
  caseNo: string;
  status: string;
  serviceType: string;
  clientId: string;
  caseManagerId: string;
  companyId: string;
  specialistId: string | null;
  fields: Record<string, string | null>;
  concurrencyStamp: string;
};

let t: TestApp;
let staff: Caller;
let firmACm: Caller;
let firmBCm: Caller;
let outsider: Caller;
let ime: { id: string; caseNo: string };
let people: { clientId: string; cmA: string; cmB: string; specialistId: string };

beforeAll(async () => {
  t = await createTestApp();
  const world = await twoFirms(t, {}, ['STAFF']);
  ({ staff, outsider } = world);
  firmACm = world.firmA.caseManager;
  firmBCm = world.firmB.caseManager;
  const specialist = await ok(
    world.admin.post('/api/app/specialists', { firstName: 'Dora', lastName: 'Doctor', onboardedDate: '2020-01-01' }),
  );
  people = {
    clientId: world.clientId,
    cmA: world.firmA.caseManagerId,
    cmB: world.firmB.caseManagerId,
    specialistId: specialist.id,
  };
  ime = await ok<{ id: string; caseNo: string }>(
    staff.post('/api/app/assessments', {
      clientId: world.clientId,
      caseManagerId: people.cmA,
      specialistId: specialist.id,
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a supplementary report from an IME case', () => {
  let supp: Case;

  test('carries the IME case’s claimant, case manager, company and specialist, numbered S-', async () => {
    supp = await ok<Case>(staff.post('/api/app/supplementary/suppFromModule', { fromModule: 'IME', objectId: ime.id }));
    const source = await ok<Case>(staff.get(`/api/app/assessments/${ime.id}`));
    expect(supp).toMatchObject({
      serviceType: 'SUPPLEMENTARY',
      status: 'CASE_CREATED',
      clientId: source.clientId,
      caseManagerId: source.caseManagerId,
      companyId: source.companyId,
      specialistId: source.specialistId,
    });
    expect(supp.caseNo).toMatch(/^S-\d{6}$/);
    expect(supp.fields.sourceCaseId).toBe(ime.id);
  });

  test('moves requested → paperwork received → dictation → draft → completed, each in the status log', async () => {
    const put = (step: string, body: Record<string, unknown>) =>
      ok<Case>(
        staff.put(`/api/app/supplementary/${supp.id}/${step}`, { concurrencyStamp: supp.concurrencyStamp, ...body }),
      );
    supp = await put('booking-detail', {
      clientId: people.clientId,
      caseManagerId: people.cmA,
      specialistId: people.specialistId,
      reportRequestedDate: '2026-03-02',
    });
    expect(supp.status).toBe('REPORT_REQUESTED');
    supp = await put('paperwork', { paperworkReceivedDate: '2026-03-04', paperworkNotes: 'Two folders' });
    expect(supp.status).toBe('PAPERWORK_RECEIVED');
    supp = await put('dictation-report', { dictationDate: '2026-03-10' });
    expect(supp.status).toBe('DICTATION');
    supp = await put('dictation-report', { dictationDate: '2026-03-10', draftDate: '2026-03-12' });
    expect(supp.status).toBe('DRAFT');
    supp = await put('dictation-report', {
      dictationDate: '2026-03-10',
      draftDate: '2026-03-12',
      completedDate: '2026-03-15',
    });
    expect(supp.status).toBe('COMPLETED');
    expect(supp.fields).toMatchObject({
      paperworkNotes: 'Two folders',
      completedDate: '2026-03-15',
      outcome: 'REPORT',
    });

    const log = await ok<{ items: { statusFrom: string | null; statusName: string; prefixedStatusName: string }[] }>(
      staff.get(`/api/app/supplementary/${supp.id}/statusLogs`),
    );
    expect(log.items.map((l) => [l.statusFrom, l.statusName])).toEqual([
      [null, 'CASE_CREATED'],
      ['CASE_CREATED', 'REPORT_REQUESTED'],
      ['REPORT_REQUESTED', 'PAPERWORK_RECEIVED'],
      ['PAPERWORK_RECEIVED', 'DICTATION'],
      ['DICTATION', 'DRAFT'],
      ['DRAFT', 'COMPLETED'],
    ]);
    expect(log.items.at(-1)!.prefixedStatusName).toBe('SUPP_COMPLETED');
  });

  test('refuses an illegal move with 422 and the module’s message, changing nothing', async () => {
    const res = await staff.put(`/api/app/supplementary/${supp.id}/cancellation`, {
      concurrencyStamp: supp.concurrencyStamp,
      cancellationType: 'NO_FEE',
      cancellationDate: '2026-03-16',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe("A case in status 'Completed' cannot move to 'Cancelled no fee'.");
    const after = await ok<Case>(staff.get(`/api/app/supplementary/${supp.id}`));
    expect(after.status).toBe('COMPLETED');
    expect(after.fields.cancellationDate).toBeNull();
    expect(after.concurrencyStamp).toBe(supp.concurrencyStamp);
  });

  test('answers a stale stamp with 409', async () => {
    const res = await staff.put(`/api/app/supplementary/${supp.id}/paperwork`, {
      concurrencyStamp: '00000000-0000-7000-8000-000000000000',
      paperworkReceivedDate: '2026-03-04',
    });
    expect(res.statusCode).toBe(409);
  });

  test('names the field of a bad input with 400', async () => {
    const res = await staff.put(`/api/app/supplementary/${supp.id}/cancellation`, {
      concurrencyStamp: supp.concurrencyStamp,
      cancellationType: 'SOMETIMES',
      cancellationDate: '2026-03-16',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cancellationType');
  });

  test('its case manager sees it in the list; another firm’s neither lists nor finds it', async () => {
    const mine = await ok<{ items: { id: string }[] }>(firmACm.get('/api/app/supplementary'));
    expect(mine.items.map((i) => i.id)).toContain(supp.id);
    const theirs = await ok<{ totalCount: number; items: { id: string }[] }>(firmBCm.get('/api/app/supplementary'));
    expect(theirs.items.map((i) => i.id)).not.toContain(supp.id);
    expect((await firmBCm.get(`/api/app/supplementary/${supp.id}`)).statusCode).toBe(404);
    expect((await firmBCm.get(`/api/app/supplementary/${supp.id}/statusLogs`)).statusCode).toBe(404);
    // Another firm's IME case cannot seed one either.
    const res = await firmBCm.post('/api/app/supplementary/suppFromModule', { fromModule: 'IME', objectId: ime.id });
    expect(res.statusCode).toBe(404);
  });

  test('another tenant finds nothing', async () => {
    expect((await outsider.get(`/api/app/supplementary/${supp.id}`)).statusCode).toBe(404);
    const list = await ok<{ totalCount: number }>(outsider.get('/api/app/supplementary'));
    expect(list.totalCount).toBe(0);
  });

  test('lists by status with counts, and a file review is not a supplementary', async () => {
    const done = await ok<{ items: { id: string }[] }>(staff.get('/api/app/supplementary?status=COMPLETED'));
    expect(done.items.map((i) => i.id)).toEqual([supp.id]);
    const none = await ok<{ items: unknown[] }>(staff.get('/api/app/supplementary?status=DRAFT'));
    expect(none.items).toEqual([]);
    const counts = await ok<{ items: { status: string; count: number }[] }>(
      staff.get('/api/app/supplementary/countCaseStatus'),
    );
    expect(counts.items).toEqual([{ status: 'COMPLETED', count: 1 }]);
    expect((await staff.get(`/api/app/file-review/${supp.id}`)).statusCode).toBe(404);
    // Nor is it an assessment: the IME calls do not find it.
    expect((await staff.get(`/api/app/assessments/${supp.id}`)).statusCode).toBe(404);
  });
});

describe('a file review', () => {
  test('is created by a case manager for their firm, numbered FR-, and cancelled with a fee', async () => {
    let fr = await ok<Case>(
      firmACm.post('/api/app/file-review', { clientId: people.clientId, caseManagerId: people.cmA }),
    );
    expect(fr.caseNo).toMatch(/^FR-\d{6}$/);
    expect(fr.serviceType).toBe('FILE_REVIEW');
    const refused = await firmBCm.post('/api/app/file-review', {
      clientId: people.clientId,
      caseManagerId: people.cmA,
    });
    expect(refused.statusCode).toBe(400);
    fr = await ok<Case>(
      staff.put(`/api/app/file-review/${fr.id}/cancellation`, {
        concurrencyStamp: fr.concurrencyStamp,
        cancellationType: 'WITH_FEE',
        cancellationDate: '2026-04-01',
        cancellationReason: 'Matter settled',
      }),
    );
    expect(fr.status).toBe('CANCELLED_WITH_FEE');
    expect(fr.fields).toMatchObject({ cancellationType: 'WITH_FEE', cancellationReason: 'Matter settled' });
  });

  test('asks to confirm paperwork dated before the request, and refuses a report completed before dictation', async () => {
    let fr = await ok<Case>(
      staff.post('/api/app/file-review', { clientId: people.clientId, caseManagerId: people.cmB }),
    );
    fr = await ok<Case>(
      staff.put(`/api/app/file-review/${fr.id}/booking-detail`, {
        concurrencyStamp: fr.concurrencyStamp,
        clientId: people.clientId,
        caseManagerId: people.cmB,
        reportRequestedDate: '2026-05-10',
      }),
    );
    const early = { concurrencyStamp: fr.concurrencyStamp, paperworkReceivedDate: '2026-05-01' };
    const asked = await staff.put(`/api/app/file-review/${fr.id}/paperwork`, early);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error.message).toBe(
      'The paperwork date is before the report was requested. Do you want to continue?',
    );
    fr = await ok<Case>(staff.put(`/api/app/file-review/${fr.id}/paperwork`, { ...early, confirmed: true }));
    expect(fr.status).toBe('PAPERWORK_RECEIVED');
    const refused = await staff.put(`/api/app/file-review/${fr.id}/dictation-report`, {
      concurrencyStamp: fr.concurrencyStamp,
      dictationDate: '2026-05-20',
      completedDate: '2026-05-18',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('The report cannot be completed before its dictation.');
  });
});

describe('fileReviewPrint', () => {
  test('reads a file review for its print, and only a file review the caller may see', async () => {
    const fr = await ok<Case>(
      staff.post('/api/app/file-review', { clientId: people.clientId, caseManagerId: people.cmA }),
    );
    const printed = await ok<Case>(staff.get(`/api/app/file-review/${fr.id}/fileReviewPrint`));
    expect(printed).toMatchObject({ id: fr.id, caseNo: fr.caseNo, serviceType: 'FILE_REVIEW' });
    const supp = await ok<Case>(
      staff.post('/api/app/supplementary', { clientId: people.clientId, caseManagerId: people.cmA }),
    );
    expect((await staff.get(`/api/app/file-review/${supp.id}/fileReviewPrint`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/app/file-review/${fr.id}/fileReviewPrint`)).statusCode).toBe(404);
    expect([403, 404]).toContain((await firmBCm.get(`/api/app/file-review/${fr.id}/fileReviewPrint`)).statusCode);
  });
});
