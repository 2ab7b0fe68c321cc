import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { HOST_TENANT_ID, uuidv7 } from '@casebook/domain';
import { tenants } from '../../platform/db/platform.schema';
import {
  callerFor,
  createTestApp,
  ensureHostTenant,
  newTenant,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartBody, multipartHeaders } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';

let t: TestApp;
let root: string;
let host: Caller;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-files-test-'));
  t = await createTestApp(undefined, { fileStore: createLocalFileStore(root) });
  await ensureHostTenant(t.database);
  host = await callerFor(t, HOST_TENANT_ID, ['TENANT_ADMIN']);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const upload = (caller: Caller, file: { name: string; bytes: Uint8Array }, fields: Record<string, string> = {}) =>
  caller.request({
    method: 'POST',
    url: '/api/app/files',
    headers: multipartHeaders,
    payload: multipartBody(fields, file),
  });
const storedFiles = (tenantId: string) =>
  fs.existsSync(path.join(root, tenantId)) ? fs.readdirSync(path.join(root, tenantId)) : [];
const firstError = (res: { json(): unknown }) =>
  (res.json() as { error: { message: string; validationErrors?: { message: string; members: string[] }[] } }).error;
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);

describe('upload and download', () => {
  test('a PDF is stored under a generated key and downloads byte for byte with a token, without the bearer header', async () => {
    const caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const pdf = await makePdf(['Consent form']);
    const res = await upload(caller, { name: '../../etc/Consent form.pdf', bytes: pdf }, { name: 'Consent' });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({ name: 'Consent', fileName: 'Consent form.pdf', contentType: 'application/pdf' });
    expect(file.fileSizeInByte).toBe(pdf.length);
    // The user's name is never a path: the store holds the file id only.
    expect(storedFiles(caller.tenantId)).toEqual([file.id]);
    expect((await caller.get(`/api/app/files/${file.id}`)).json()).toEqual(file);

    const tokenRes = await caller.post(`/api/app/files/GenerateDownloadToken?fileId=${file.id}`, {});
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const { token, expiresIn } = tokenRes.json();
    expect(expiresIn).toBe(300);
    const download = await t.app.inject({ method: 'GET', url: `/api/app/files/download?token=${token}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('inline; filename="Consent form.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0);

    // A download token is not an access token, and a tampered token is refused.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/app/files/${file.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/app/files/download?token=${token.slice(0, -4)}AAAA`,
    });
    expect(tampered.statusCode).toBe(404);
  });

  test("another tenant's file id is a 404 for details, token and download", async () => {
    const owner = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const other = await callerFor(t, await newTenant(t.database), ['TENANT_ADMIN']);
    const file = (await upload(owner, { name: 'notes.txt', bytes: Buffer.from('private notes') })).json();
    expect((await other.get(`/api/app/files/${file.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/app/files/GenerateDownloadToken?fileId=${file.id}`, {})).statusCode).toBe(404);
    // The token the other tenant can get is for its own tenant, where the file does not exist.
    const ownToken = (await owner.post(`/api/app/files/GenerateDownloadToken?fileId=${file.id}`, {})).json().token;
    const ok = await t.app.inject({ method: 'GET', url: `/api/app/files/download?token=${ownToken}` });
    expect(ok.body).toBe('private notes');
    expect(ok.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('upload rules', () => {
  test('an extension outside the list is refused with the spec message, leaving no row and no file', async () => {
    const caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const res = await upload(caller, { name: 'tool.exe', bytes: EXE });
    expect(res.statusCode).toBe(400);
    const error = firstError(res);
    expect(error.validationErrors![0]!.members).toEqual(['file']);
    expect(error.validationErrors![0]!.message).toMatch(/^Only '\.mp3, \.dss, .*\.pdf, .*' file accepted$/);
    // A narrower list names only its own types.
    const audio = await upload(caller, { name: 'brief.pdf', bytes: await makePdf(['x']) }, { type: 'audio' });
    expect(firstError(audio).validationErrors![0]!.message).toBe(
      "Only '.mp3, .dss, .m4a, .aac, .wav, .ds2, .amr' file accepted",
    );
    expect(storedFiles(caller.tenantId)).toEqual([]);
    expect((await caller.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(0);
  });

  test('a renamed executable is refused whatever its name, and nothing is kept', async () => {
    const caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
    for (const name of ['report.pdf', 'letter.docx', 'notes.txt', 'photo.jpg']) {
      const res = await upload(caller, { name, bytes: EXE });
      expect(res.statusCode, name).toBe(400);
      expect(firstError(res).validationErrors![0]!.members).toEqual(['file']);
      expect(firstError(res).validationErrors![0]!.message).toMatch(/file accepted$/);
    }
    // A text file that is really a PDF's bytes is also refused: the content must match the name.
    const liar = await upload(caller, { name: 'photo.png', bytes: await makePdf(['x']) });
    expect(liar.statusCode).toBe(400);
    expect(storedFiles(caller.tenantId)).toEqual([]);
    expect((await caller.get('/api/app/file-manager/getTotalSize')).json().totalFileSizeInByte).toBe(0);
  });

  test('one file per upload: a second file part is "Only 1 document is allowed"; no file is "required"', async () => {
    const caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
    const one = multipartBody({}, { name: 'a.txt', bytes: Buffer.from('a') });
    const two = Buffer.concat([one.subarray(0, one.length - `--${'----casebook-test-boundary'}--\r\n`.length), one]);
    const res = await caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: two,
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res).validationErrors![0]!.message).toBe('Only 1 document is allowed');
    expect(storedFiles(caller.tenantId)).toEqual([]);
    const none = await caller.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({ name: 'x' }),
    });
    expect(none.statusCode).toBe(400);
    expect(firstError(none).validationErrors![0]).toEqual({ message: 'This field is required', members: ['file'] });
    const badType = await upload(caller, { name: 'a.txt', bytes: Buffer.from('a') }, { type: 'spreadsheets' });
    expect(badType.statusCode).toBe(400);
    expect(firstError(badType).validationErrors![0]!.members).toEqual(['type']);
    const json = await caller.post('/api/app/files', { name: 'x' });
    expect(json.statusCode).toBe(400);
  });

  test('demo accounts cannot upload; admin staff of a demo tenant can', async () => {
    const demo = await newTenant(t.database);
    await t.database.withSystem((tx) =>
      tx
        .update(tenants)
        .set({ settings: { IsDemo: 'True' } })
        .where(eq(tenants.id, demo)),
    );
    t.tenants.invalidate(demo);
    const staff = await callerFor(t, demo, ['STAFF']);
    expect((await upload(staff, { name: 'a.txt', bytes: Buffer.from('a') })).statusCode).toBe(403);
    const adminStaff = await callerFor(t, demo, ['ADMIN_STAFF']);
    expect((await upload(adminStaff, { name: 'a.txt', bytes: Buffer.from('a') })).statusCode).toBe(200);
  });
});

describe('storage', () => {
  test('usage is tracked; an upload over the limit is refused with a clear message; the host sees GB', async () => {
    const tenantId = await newTenant(t.database);
    const caller = await callerFor(t, tenantId, ['STAFF']);
    const first = await upload(caller, { name: 'a.txt', bytes: Buffer.alloc(3000, 0x61) });
    expect(first.statusCode).toBe(200);
    expect((await caller.get('/api/app/file-manager/getTotalSize')).json()).toEqual({
      totalFileSizeInByte: 3000,
      storageLimitInByte: null,
    });

    // 0.000005 GB is 5369 bytes: 3000 used, another 3000 does not fit, 2000 does.
    const set = await host.put('/api/app/file-manager/setFileSizeLimit', { tenantId, storageLimitInGB: 0.000005 });
    expect(set.statusCode, set.body).toBe(204);
    const over = await upload(caller, { name: 'b.txt', bytes: Buffer.alloc(3000, 0x62) });
    expect(over.statusCode).toBe(422);
    expect(firstError(over).message).toBe(
      "Your organisation's storage limit of 0 GB has been reached. Please remove files or ask for a higher limit.",
    );
    expect(storedFiles(tenantId)).toHaveLength(1);
    expect((await upload(caller, { name: 'c.txt', bytes: Buffer.alloc(2000, 0x63) })).statusCode).toBe(200);

    const list = (await host.get('/api/app/file-manager/tenants')).json();
    const row = list.items.find((i: { tenantId: string }) => i.tenantId === tenantId);
    expect(row).toMatchObject({ totalFileSizeInByte: 5000, totalFileSizeInGB: 0, storageLimitInGB: 0 });

    // A limit of 0 refuses everything; minimum 0; only the host may set it.
    await host.put('/api/app/file-manager/setFileSizeLimit', { tenantId, storageLimitInGB: 0 });
    expect((await upload(caller, { name: 'd.txt', bytes: Buffer.from('d') })).statusCode).toBe(422);
    const negative = await host.put('/api/app/file-manager/setFileSizeLimit', { tenantId, storageLimitInGB: -1 });
    expect(negative.statusCode).toBe(400);
    expect(firstError(negative).validationErrors![0]!.members).toEqual(['storageLimitInGB']);
    const admin = await callerFor(t, tenantId, ['TENANT_ADMIN']);
    expect(
      (await admin.put('/api/app/file-manager/setFileSizeLimit', { tenantId, storageLimitInGB: 9 })).statusCode,
    ).toBe(403);
    expect((await admin.get('/api/app/file-manager/tenants')).statusCode).toBe(403);
    const unknown = await host.put('/api/app/file-manager/setFileSizeLimit', {
      tenantId: uuidv7(),
      storageLimitInGB: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
