import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { tenants } from '../../platform/db/platform.schema';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartBody, multipartHeaders } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-attachments-test-'));
  // Text is read by the background job: workers and the relay run, polling often.
  t = await createTestApp(await openOwnTestDatabase(), {
    fileStore: createLocalFileStore(root),
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

type Attachment = { id: string; fileId: string; numberOfPages: number | null; status: string; textStatus: string };

async function ok<T = Record<string, unknown>>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

async function newClient(caller: Caller, lastName = 'Rossi'): Promise<string> {
  return (
    await ok<{ id: string }>(
      caller.post('/api/app/clients', { firstName: 'Mateo', lastName, dateOfBirth: '1979-02-28', gender: 'MALE' }),
    )
  ).id;
}

/** Uploads the bytes as a file; its id. */
async function upload(caller: Caller, name: string, bytes: Uint8Array): Promise<string> {
  const file = await ok<{ id: string }>(
    caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name, bytes }),
    }),
  );
  return file.id;
}

async function attach(
  caller: Caller,
  objectId: string,
  name: string,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
) {
  const file = { id: await upload(caller, name, bytes) };
  return ok<Attachment>(
    caller.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'Client', objectId, ...extra }),
  );
}

/** The entries of a zip whose files are stored uncompressed, read through its central directory. */
function storedZipEntries(zip: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  for (let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])), i = zip.readUInt32LE(at + 16); ;) {
    if (zip.readUInt32LE(i) !== 0x02014b50) break;
    expect(zip.readUInt16LE(i + 10)).toBe(0); // stored, not deflated
    const size = zip.readUInt32LE(i + 20);
    const nameLength = zip.readUInt16LE(i + 28);
    const next = i + 46 + nameLength + zip.readUInt16LE(i + 30) + zip.readUInt16LE(i + 32);
    const name = zip.toString('utf8', i + 46, i + 46 + nameLength);
    const local = zip.readUInt32LE(i + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    out[name] = zip.toString('utf8', data, data + size);
    i = next;
    void at;
  }
  return out;
}

/** The attachment once the background job has read its text (or given up). */
async function extracted(caller: Caller, id: string, timeout = 80_000): Promise<Attachment> {
  let a: Attachment | undefined;
  await expect
    .poll(
      async () => {
        a = await ok<Attachment>(caller.get(`/api/app/attachments/${id}`));
        return a.textStatus;
      },
      { timeout, interval: 200 },
    )
    .not.toBe('pending');
  return a!;
}

/** Waits until the background job has read each attachment. */
async function settled(caller: Caller, ...ids: string[]) {
  for (const id of ids) await extracted(caller, id);
}

describe('attachments', { timeout: 90_000 }, () => {
  test('a PDF attached to a record gets its page count and text; the type is a seeded attachment type', async () => {
    const staff = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const clientId = await newClient(staff);
    const types = (await staff.get('/api/app/attachment-types?maxResultCount=200')).json().items;
    const brief = await attach(staff, clientId, 'brief.pdf', await makePdf(['Letter of instruction', 'Page two']), {
      attachmentTypeId: types[0].id,
    });
    expect(brief).toMatchObject({
      status: 'done',
      textStatus: 'pending',
      attachmentFrom: 'Client',
      objectId: clientId,
    });
    const done = await extracted(staff, brief.id);
    expect(done).toMatchObject({ numberOfPages: 2, textStatus: 'done', attachmentType: { id: types[0].id } });
    const list = await ok<{ totalCount: number; items: Attachment[] }>(
      staff.get(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}`),
    );
    expect(list.items.map((a) => a.id)).toEqual([brief.id]);
  });

  test('validation: unknown record, unknown module, missing file, a file attached twice', async () => {
    const staff = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const clientId = await newClient(staff);
    const a = await attach(staff, clientId, 'a.txt', Buffer.from('alpha'));
    const member = (r: { json(): unknown }) =>
      (r.json() as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors[0]!.members[0];
    const twice = await staff.post('/api/app/attachments', {
      fileId: a.fileId,
      attachmentFrom: 'Client',
      objectId: clientId,
    });
    expect([twice.statusCode, member(twice)]).toEqual([400, 'fileId']);
    const noRecord = await staff.post('/api/app/attachments', {
      fileId: a.fileId,
      attachmentFrom: 'Specialist',
      objectId: clientId,
    });
    expect([noRecord.statusCode, member(noRecord)]).toEqual([400, 'fileId']);
    const file2 = (
      await staff.request({
        method: 'POST',
        url: '/api/app/files',
        headers: multipartHeaders,
        payload: multipartBody({}, { name: 'b.txt', bytes: Buffer.from('b') }),
      })
    ).json();
    const wrongObject = await staff.post('/api/app/attachments', {
      fileId: file2.id,
      attachmentFrom: 'Specialist',
      objectId: clientId,
    });
    expect([wrongObject.statusCode, member(wrongObject)]).toEqual([400, 'objectId']);
    const badModule = await staff.post('/api/app/attachments', {
      fileId: file2.id,
      attachmentFrom: 'Nope',
      objectId: clientId,
    });
    expect([badModule.statusCode, member(badModule)]).toEqual([400, 'attachmentFrom']);
  });

  test('cleanup works once: the bytes go and storage is freed; the second time changes nothing', async () => {
    const staff = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const clientId = await newClient(staff);
    const a = await attach(staff, clientId, 'dictation.txt', Buffer.alloc(1000, 0x61));
    await settled(staff, a.id);
    expect((await staff.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(1000);
    expect(await ok(staff.post(`/api/app/attachments/${a.id}/cleanup`, {}))).toEqual({
      changed: true,
      message: 'File has been cleaned up successfully',
    });
    expect(await ok(staff.post(`/api/app/attachments/${a.id}/cleanup`, {}))).toEqual({
      changed: false,
      message: 'File already cleaned up. No action required',
    });
    expect((await staff.get(`/api/app/attachments/${a.id}`)).json()).toMatchObject({ isCleanup: true, status: 'done' });
    expect((await staff.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(0);
    expect(fs.readdirSync(path.join(root, staff.tenantId))).toEqual([]);
    expect((await staff.post(`/api/app/files/GenerateDownloadToken?fileId=${a.fileId}`, {})).statusCode).toBe(404);
  });

  test('merging two PDFs gives one PDF with the sum of their pages', async () => {
    const staff = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const clientId = await newClient(staff);
    const a = await attach(staff, clientId, 'a.pdf', await makePdf(['A1', 'A2', 'A3']));
    const b = await attach(staff, clientId, 'b.pdf', await makePdf(['B1', 'B2']));
    const merged = await ok<Attachment & { name: string; fileName: string }>(
      staff.post('/api/app/attachments/MergeFiles', { attachmentIds: [a.id, b.id], name: 'Medical records' }),
    );
    expect(merged).toMatchObject({ numberOfPages: 5, fileName: 'Medical records.pdf', attachmentFrom: 'Client' });
    const token = (await staff.post(`/api/app/files/GenerateDownloadToken?fileId=${merged.fileId}`, {})).json().token;
    const bytes = (await t.app.inject({ method: 'GET', url: `/api/app/files/download?token=${token}` })).rawPayload;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(5);
    const text = await extracted(staff, merged.id);
    expect(text.numberOfPages).toBe(5);

    const txt = await attach(staff, clientId, 'n.txt', Buffer.from('notes'));
    const notPdf = await staff.post('/api/app/attachments/MergeFiles', { attachmentIds: [a.id, txt.id], name: 'x' });
    expect(notPdf.statusCode).toBe(400);
    const one = await staff.post('/api/app/attachments/MergeFiles', { attachmentIds: [a.id], name: 'x' });
    expect(one.statusCode).toBe(400);
  });

  test('summary of a document: its most representative sentences, kept on the attachment', async () => {
    const staff = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const clientId = await newClient(staff);
    const text =
      'The claimant reports chronic lumbar pain since the workplace accident. The parking was full. ' +
      'Lumbar flexion is reduced and lumbar pain worsens with lifting. Coffee was offered. ' +
      'Imaging shows a lumbar disc protrusion consistent with the accident. The room was warm. ' +
      'The specialist recommends lumbar physiotherapy. Lunch followed. The weather was fine. Traffic was light.';
    const a = await attach(staff, clientId, 'report.txt', Buffer.from(text));
    const { summaryText } = await ok<{ summaryText: string }>(
      staff.post(`/api/app/attachments/${a.id}/summaryDocument`, {}),
    );
    expect(summaryText).toContain('lumbar');
    expect(summaryText).not.toContain('Coffee');
    expect(summaryText.length).toBeLessThan(text.length);
    expect((await staff.get(`/api/app/attachments/${a.id}`)).json().summaryText).toBe(summaryText);
  });

  test('delete: one, then Remove All; contractors cannot; removed files free storage and leave the list', async () => {
    const tenantId = await newTenant(t.database);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const contractor = await callerFor(t, tenantId, ['CONTRACTOR']);
    const clientId = await newClient(staff);
    const a = await attach(staff, clientId, 'a.txt', Buffer.from('aaaa'));
    const b = await attach(staff, clientId, 'b.txt', Buffer.from('bbbb'));
    const c = await attach(staff, clientId, 'c.txt', Buffer.from('cccc'));
    await settled(staff, a.id, b.id, c.id);
    expect((await contractor.del(`/api/app/attachments/${a.id}`)).statusCode).toBe(403);
    expect((await contractor.del(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}`)).statusCode).toBe(
      403,
    );
    expect((await contractor.post(`/api/app/attachments/${a.id}/cleanup`, {})).statusCode).toBe(403);
    expect((await staff.del(`/api/app/attachments/${a.id}`)).statusCode).toBe(204);
    expect((await staff.del(`/api/app/attachments/${a.id}`)).statusCode).toBe(404);
    expect((await staff.get(`/api/app/attachments/${a.id}`)).json().status).toBe('removed');
    expect((await staff.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(8);
    const all = await ok(staff.del(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}`));
    expect(all).toEqual({ removed: 2 });
    const list = (await staff.get(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}`)).json();
    expect(list.totalCount).toBe(0);
    const withRemoved = (
      await staff.get(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}&includeRemoved=true`)
    ).json();
    expect(withRemoved.items.map((x: Attachment) => x.status)).toEqual(['removed', 'removed', 'removed']);
    expect((await staff.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(0);
    expect(fs.readdirSync(path.join(root, tenantId))).toEqual([]);
  });

  test('download all: one zip with every stored file, names kept apart; demo accounts cannot', async () => {
    const tenantId = await newTenant(t.database);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const clientId = await newClient(staff);
    await attach(staff, clientId, 'notes.txt', Buffer.from('first'));
    await attach(staff, clientId, 'notes.txt', Buffer.from('second'));
    const res = await staff.post('/api/app/attachments/downloadAll', { attachmentFrom: 'Client', objectId: clientId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = storedZipEntries(res.rawPayload);
    expect(entries).toEqual({ 'notes.txt': 'first', 'notes (2).txt': 'second' });

    await t.database.withSystem((tx) =>
      tx
        .update(tenants)
        .set({ settings: { IsDemo: 'True' } })
        .where(eq(tenants.id, tenantId)),
    );
    t.tenants.invalidate(tenantId);
    const blocked = await staff.post('/api/app/attachments/downloadAll', {
      attachmentFrom: 'Client',
      objectId: clientId,
    });
    expect(blocked.statusCode).toBe(403);
  });

  test("another tenant's attachment is a 404 for every call", async () => {
    const owner = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const other = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    const a = await attach(owner, await newClient(owner), 'a.pdf', await makePdf(['secret']));
    expect((await other.get(`/api/app/attachments/${a.id}`)).statusCode).toBe(404);
    expect((await other.del(`/api/app/attachments/${a.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/app/attachments/${a.id}/cleanup`, {})).statusCode).toBe(404);
    expect((await other.post(`/api/app/attachments/${a.id}/summaryDocument`, {})).statusCode).toBe(404);
    expect(
      (await other.post('/api/app/attachments/MergeFiles', { attachmentIds: [a.id, a.id], name: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('document search', () => {
  test('finds a word inside an uploaded PDF or text file, with the record, type and a highlighted snippet', async () => {
    const tenantId = await newTenant(t.database);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const clientId = await newClient(staff, 'Okafor');
    const types = (await staff.get('/api/app/attachment-types?maxResultCount=200')).json().items;
    const report = await attach(
      staff,
      clientId,
      'ime-report.pdf',
      await makePdf(['Independent medical examination', 'The claimant shows spondylolisthesis at L5 <script>.']),
      { attachmentTypeId: types[1].id },
    );
    const unrelated = await attach(staff, clientId, 'unrelated.txt', Buffer.from('Nothing to see here about knees.'));
    await settled(staff, report.id, unrelated.id);
    const found = await ok<{ totalCount: number; items: { snippet: string }[] }>(
      staff.get('/api/app/attachments/documentSearch?keyword=spondylolisthesis'),
    );
    expect(found.totalCount).toBe(1);
    expect(found.items[0]).toMatchObject({
      name: 'ime-report.pdf',
      attachmentFrom: 'Client',
      objectId: clientId,
      objectName: 'Mateo Okafor',
      attachmentType: types[1].name,
    });
    expect(found.items[0]!.snippet).toContain('<mark>spondylolisthesis</mark>');
    // The document's own text never becomes markup: only the marks are.
    expect(found.items[0]!.snippet!.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    // Stemmed: "knee" finds "knees".
    expect((await staff.get('/api/app/attachments/documentSearch?keyword=knee')).json().totalCount).toBe(1);

    // Another tenant finds nothing; a case manager may not search; an empty keyword is a 400.
    const other = await callerFor(t, await newTenant(t.database), ['STAFF']);
    expect((await other.get('/api/app/attachments/documentSearch?keyword=spondylolisthesis')).json().totalCount).toBe(
      0,
    );
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    expect((await cm.get('/api/app/attachments/documentSearch?keyword=spondylolisthesis')).statusCode).toBe(403);
    expect((await staff.get('/api/app/attachments/documentSearch?keyword=')).statusCode).toBe(400);
  });
});

describe('attachments on IME cases', () => {
  const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) =>
    (await ok<{ id: string }>(res)).id;

  /** A tenant with two law firms, a case manager at each, and one case booked for the first firm. */
  async function caseWorld() {
    const tenantId = await newTenant(t.database);
    const admin = await callerFor(t, tenantId);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const cm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const otherCm = await callerFor(t, tenantId, ['CASE_MANAGER']);
    const firm = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
    const otherFirm = await idOf(admin.post('/api/app/companies', { name: 'Other Firm', businessType: 'LAW_FIRM' }));
    const cmId = await idOf(
      admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'M', companyId: firm, userId: cm.userId }),
    );
    await idOf(
      admin.post('/api/app/case-managers', {
        firstName: 'Olly',
        lastName: 'O',
        companyId: otherFirm,
        userId: otherCm.userId,
      }),
    );
    const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
    const specialistId = await idOf(
      admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: '2020-01-01' }),
    );
    const booked = await ok<{ id: string; caseNo: string }>(
      staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, specialistId }),
    );
    return { tenantId, staff, cm, otherCm, caseId: booked.id, caseNo: booked.caseNo };
  }

  async function attachToCase(caller: Caller, caseId: string, name: string, bytes: Uint8Array) {
    const fileId = await upload(caller, name, bytes);
    return caller.post('/api/app/attachments', { fileId, attachmentFrom: 'IME', objectId: caseId });
  }

  test('a PDF attached to a case is listed, counted in pages and found by a word with the case number', async () => {
    const w = await caseWorld();
    const a = await ok<Attachment>(
      attachToCase(w.staff, w.caseId, 'brief.pdf', await makePdf(['Letter of instruction', 'Chondromalacia noted'])),
    );
    expect(a).toMatchObject({ attachmentFrom: 'IME', objectId: w.caseId, status: 'done' });
    expect((await extracted(w.staff, a.id)).numberOfPages).toBe(2);
    // The booking firm's case manager sees the case's files and may add to them.
    const list = await ok<{ items: Attachment[] }>(
      w.cm.get(`/api/app/attachments?attachmentFrom=IME&objectId=${w.caseId}`),
    );
    expect(list.items.map((x) => x.id)).toEqual([a.id]);
    expect((await attachToCase(w.cm, w.caseId, 'consent.txt', Buffer.from('I consent'))).statusCode).toBe(200);
    const found = await ok<{ items: { objectName: string; caseNo: string; attachmentFrom: string }[] }>(
      w.staff.get('/api/app/attachments/documentSearch?keyword=chondromalacia'),
    );
    expect(found.items).toEqual([
      expect.objectContaining({ attachmentFrom: 'IME', objectId: w.caseId, caseNo: w.caseNo, objectName: w.caseNo }),
    ]);
  });

  test("a case manager of another firm, or another tenant, gets 404 for the case's files", async () => {
    const w = await caseWorld();
    const a = await ok<Attachment>(attachToCase(w.staff, w.caseId, 'report.pdf', await makePdf(['Private'])));
    const stranger = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    for (const caller of [w.otherCm, stranger]) {
      const calls = [
        caller.get(`/api/app/attachments?attachmentFrom=IME&objectId=${w.caseId}`),
        caller.get(`/api/app/attachments/${a.id}`),
        caller.get(`/api/app/files/${a.fileId}`),
        caller.post(`/api/app/files/GenerateDownloadToken?fileId=${a.fileId}`, {}),
        caller.post(`/api/app/attachments/${a.id}/summaryDocument`, {}),
        caller.post(`/api/app/attachments/${a.id}/cleanup`, {}),
        caller.del(`/api/app/attachments/${a.id}`),
        caller.del(`/api/app/attachments?attachmentFrom=IME&objectId=${w.caseId}`),
        caller.post('/api/app/attachments/downloadAll', { attachmentFrom: 'IME', objectId: w.caseId }),
      ];
      expect((await Promise.all(calls)).map((r) => r.statusCode)).toEqual(Array(calls.length).fill(404));
      // Attaching to a case one cannot see names the record as missing.
      const attach = await attachToCase(caller, w.caseId, 'x.txt', Buffer.from('x'));
      expect(attach.statusCode).toBe(400);
      expect(attach.json().error.validationErrors[0].members).toEqual(['objectId']);
      const merge = await caller.post('/api/app/attachments/MergeFiles', { attachmentIds: [a.id, a.id], name: 'm' });
      expect(merge.statusCode).toBe(400);
    }
    // The file is untouched, and the booking firm's case manager can still open it.
    expect((await w.cm.post(`/api/app/files/GenerateDownloadToken?fileId=${a.fileId}`, {})).statusCode).toBe(200);
    expect((await w.cm.get(`/api/app/attachments/${a.id}`)).json().status).toBe('done');
  });

  test('an unknown case is refused: 400 naming objectId to attach, 404 to list', async () => {
    const w = await caseWorld();
    const missing = await attachToCase(w.staff, '0190c3d8-0000-7000-8000-000000000000', 'x.txt', Buffer.from('x'));
    expect(missing.statusCode).toBe(400);
    expect((await w.staff.get(`/api/app/attachments?attachmentFrom=IME&objectId=${w.tenantId}`)).statusCode).toBe(404);
  });
});
