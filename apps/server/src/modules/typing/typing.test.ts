import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TypistJobDto } from '@casebook/domain';
import { callerFor, createTestApp, type Caller, type TestApp } from '../../../test/harness';
import { twoFirms, type TwoFirms } from '../../../test/worlds';
import { multipartBody, multipartHeaders } from '../files/multipart.test-support';
import { silentWav } from './wav.test-support';

let t: TestApp;
let w: TwoFirms;
let typist: Caller;
let otherTypist: Caller;
let caseId: string;

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Promise<Res> | Res): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const upload = (caller: Caller, name: string, bytes: Uint8Array) =>
  ok<{ id: string }>(
    caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name, bytes }),
    }),
  );

/** An audio dictation attached to the case by staff. */
async function dictation(name = 'dictation.wav'): Promise<string> {
  const file = await upload(w.staff, name, silentWav());
  return (
    await ok<{ id: string }>(
      w.staff.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'IME', objectId: caseId }),
    )
  ).id;
}

const give = (dictationAttachmentId: string, contractorId = typist.userId, extra: Record<string, unknown> = {}) =>
  w.staff.post('/api/app/typist-jobs', { dictationAttachmentId, contractorId, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  w = await twoFirms(t);
  typist = await callerFor(t, w.tenantId, ['CONTRACTOR']);
  otherTypist = await callerFor(t, w.tenantId, ['CONTRACTOR']);
  caseId = (
    await ok<{ id: string }>(
      w.staff.post('/api/app/assessments', { clientId: w.clientId, caseManagerId: w.firmA.caseManagerId }),
    )
  ).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('typist jobs', () => {
  test('a typist receives a dictation, hears it, sends the typed report back, and the case holds the report', async () => {
    const job = await ok<TypistJobDto>(
      give(await dictation(), typist.userId, { dueDate: '2030-01-31', notes: 'Urgent' }),
    );
    expect(job).toMatchObject({
      caseId,
      typedReportStatus: 0,
      dueDate: '2030-01-31',
      notes: 'Urgent',
      typedReportName: null,
    });

    const incomplete = await ok<{ items: TypistJobDto[] }>(typist.get('/api/app/typist-jobs?typedReportStatus=0'));
    expect(incomplete.items.map((i) => i.id)).toEqual([job.id]);
    // The typist hears the dictation although the case itself is not theirs to open.
    expect((await typist.get(`/api/app/assessments/${caseId}`)).statusCode).toBe(403);
    const { token } = await ok<{ token: string }>(
      typist.post(`/api/app/files/GenerateDownloadToken?fileId=${job.dictationFileId}`, {}),
    );
    const audio = await typist.get(`/api/app/files/download?token=${encodeURIComponent(token)}`);
    expect(audio.statusCode).toBe(200);
    expect(audio.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
    // Another typist cannot fetch it.
    expect(
      (await otherTypist.post(`/api/app/files/GenerateDownloadToken?fileId=${job.dictationFileId}`, {})).statusCode,
    ).toBe(404);

    const report = await upload(typist, 'typed report.txt', new TextEncoder().encode('The claimant was examined.'));
    const done = await ok<TypistJobDto>(
      typist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
        fileId: report.id,
        concurrencyStamp: job.concurrencyStamp,
      }),
    );
    expect(done).toMatchObject({
      typedReportStatus: 1,
      typedReportName: 'typed report.txt',
      typedReportFileId: report.id,
    });
    expect(done.completedTime).not.toBeNull();

    const completed = await ok<{ items: TypistJobDto[] }>(typist.get('/api/app/typist-jobs?typedReportStatus=1'));
    expect(completed.items.map((i) => i.id)).toEqual([job.id]);
    expect((await ok<{ totalCount: number }>(typist.get('/api/app/typist-jobs?typedReportStatus=0'))).totalCount).toBe(
      0,
    );

    // Staff see the report on the case, filed as a dictation report, and the job in the case's list.
    const onCase = await ok<{ items: { id: string; name: string; attachmentType: unknown }[] }>(
      w.staff.get(`/api/app/attachments?attachmentFrom=IME&objectId=${caseId}`),
    );
    const attached = onCase.items.find((a) => a.id === done.typedReportAttachmentId);
    expect(attached?.name).toBe('typed report.txt');
    expect(JSON.stringify(attached?.attachmentType)).toContain('Dictation report');
    const ofCase = await ok<{ items: TypistJobDto[] }>(w.staff.get(`/api/app/typist-jobs?caseId=${caseId}`));
    expect(ofCase.items.find((i) => i.id === job.id)?.typedReportStatus).toBe(1);

    // Both writes are in the change history.
    const history = await ok<{ items: { propertyName: string; newValue: string | null }[] }>(
      w.admin.get(`/api/app/entity-changes?entityId=${job.id}`),
    );
    expect(history.items.some((c) => c.propertyName === 'typedReportStatus' && c.newValue === '1')).toBe(true);

    // Sent once only.
    const again = await upload(typist, 'again.txt', new TextEncoder().encode('x'));
    const twice = await typist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
      fileId: again.id,
      concurrencyStamp: done.concurrencyStamp,
    });
    expect(twice.statusCode).toBe(422);
  });

  test('a typist sees only their own jobs: another typist, a case manager and another tenant get 404', async () => {
    const job = await ok<TypistJobDto>(give(await dictation('mine.wav')));
    for (const caller of [otherTypist, w.outsider]) {
      expect((await caller.get(`/api/app/typist-jobs/${job.id}`)).statusCode).toBe(404);
    }
    // Case managers hold no typist permission at all.
    expect((await w.firmA.caseManager.get(`/api/app/typist-jobs/${job.id}`)).statusCode).toBe(403);
    const listed = await otherTypist.get('/api/app/typist-jobs');
    expect(listed.body).not.toContain(job.id);
    const report = await upload(otherTypist, 'theirs.txt', new TextEncoder().encode('x'));
    const put = await otherTypist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
      fileId: report.id,
      concurrencyStamp: job.concurrencyStamp,
    });
    expect(put.statusCode).toBe(404);
    expect((await ok<TypistJobDto>(w.staff.get(`/api/app/typist-jobs/${job.id}`))).typedReportStatus).toBe(0);
  });

  test('giving out refuses what is not a dictation, a user who is not a typist, and a stale or foreign report', async () => {
    const pdf = await upload(w.staff, 'letter.txt', new TextEncoder().encode('not audio'));
    const letter = await ok<{ id: string }>(
      w.staff.post('/api/app/attachments', { fileId: pdf.id, attachmentFrom: 'IME', objectId: caseId }),
    );
    const notAudio = await give(letter.id);
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.body).toContain('dictationAttachmentId');
    const notTypist = await give(await dictation('x.wav'), w.staff.userId);
    expect(notTypist.statusCode).toBe(400);
    expect(notTypist.body).toContain('contractorId');
    expect(
      (await typist.post('/api/app/typist-jobs', { dictationAttachmentId: letter.id, contractorId: typist.userId }))
        .statusCode,
    ).toBe(403);

    const job = await ok<TypistJobDto>(give(await dictation('y.wav')));
    const report = await upload(typist, 'r.txt', new TextEncoder().encode('x'));
    const stale = await typist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
      fileId: report.id,
      concurrencyStamp: 'stale',
    });
    expect(stale.statusCode).toBe(409);
    // A file someone else uploaded is not the typist's report to send.
    const theirs = await upload(otherTypist, 'other.txt', new TextEncoder().encode('x'));
    const foreign = await typist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
      fileId: theirs.id,
      concurrencyStamp: job.concurrencyStamp,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('fileId');
    const audioReport = await upload(typist, 'r.wav', silentWav());
    const notDocument = await typist.put(`/api/app/typist-jobs/${job.id}/typed-report`, {
      fileId: audioReport.id,
      concurrencyStamp: job.concurrencyStamp,
    });
    expect(notDocument.statusCode).toBe(400);
  });

  test('giving a dictation still with a typist to another reassigns it; the dashboard counts each typist’s own', async () => {
    const id = await dictation('re.wav');
    const first = await ok<TypistJobDto>(give(id, typist.userId));
    const moved = await ok<TypistJobDto>(give(id, otherTypist.userId, { dueDate: '2020-01-01' }));
    expect(moved.id).toBe(first.id);
    expect(moved.contractorId).toBe(otherTypist.userId);
    expect((await typist.get(`/api/app/typist-jobs/${first.id}`)).statusCode).toBe(404);
    const summary = await ok<{ incomplete: number; completed: number; overdue: number }>(
      otherTypist.get('/api/app/typist-jobs/summary'),
    );
    expect(summary).toEqual({ incomplete: 1, completed: 0, overdue: 1 });
    const typists = await ok<{ items: { id: string }[] }>(w.staff.get('/api/app/typist-jobs/typists'));
    expect(typists.items.map((i) => i.id).sort()).toEqual([typist.userId, otherTypist.userId].sort());
  });

  test('the list filters by status, typist, due dates and text, and rejects a bad status with 400', async () => {
    const bad = await w.staff.get('/api/app/typist-jobs?typedReportStatus=5');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('typedReportStatus');
    const byTypist = await ok<{ items: TypistJobDto[] }>(
      w.staff.get(`/api/app/typist-jobs?contractorId=${otherTypist.userId}`),
    );
    expect(byTypist.items.every((i) => i.contractorId === otherTypist.userId)).toBe(true);
    const due = await ok<{ items: TypistJobDto[] }>(
      w.staff.get('/api/app/typist-jobs?dueDateFrom=2030-01-01&dueDateTo=2030-12-31'),
    );
    expect(due.items.map((i) => i.dueDate)).toEqual(['2030-01-31']);
    const text = await ok<{ items: TypistJobDto[] }>(w.staff.get('/api/app/typist-jobs?filterText=mine.wav'));
    expect(text.items.map((i) => i.dictationName)).toEqual(['mine.wav']);
  });
});
