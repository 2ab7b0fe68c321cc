import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { tenants } from '../../platform/db/platform.schema';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartBody, multipartHeaders } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-attachments-test-'));
  t = await createTestApp(undefined, { fileStore: createLocalFileStore(root) });
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

async function attach(
  caller: Caller,
  objectId: string,
  name: string,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
) {
  const file = await ok<{ id: string }>(
    caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name, bytes }),
    }),
  );
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

const extracted = async (caller: Caller, id: string) => {
  await t.attachments.idle();
  return ok<Attachment>(caller.get(`/api/app/attachments/${id}`));
};

describe('attachments', () => {
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
    await t.attachments.idle();
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
    await attach(staff, clientId, 'b.txt', Buffer.from('bbbb'));
    await attach(staff, clientId, 'c.txt', Buffer.from('cccc'));
    await t.attachments.idle();
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
    await attach(
      staff,
      clientId,
      'ime-report.pdf',
      await makePdf(['Independent medical examination', 'The claimant shows spondylolisthesis at L5 <script>.']),
      { attachmentTypeId: types[1].id },
    );
    await attach(staff, clientId, 'unrelated.txt', Buffer.from('Nothing to see here about knees.'));
    await t.attachments.idle();
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
