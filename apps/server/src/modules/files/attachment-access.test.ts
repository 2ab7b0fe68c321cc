import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Role } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { multipartBody, multipartHeaders } from './multipart.test-support';

let t: TestApp;
let tenantId: string;
let admin: Caller;
type Target = {
  from: 'Client' | 'Company' | 'Specialist';
  objectId: string;
  read: string;
  attachmentId: string;
  fileId: string;
};
const targets: Target[] = [];

const ok = async <T = { id: string }>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

async function upload(caller: Caller, text: string): Promise<string> {
  const res = await caller.request({
    method: 'POST',
    url: '/api/app/files',
    headers: multipartHeaders,
    payload: multipartBody({}, { name: 'note.txt', bytes: new TextEncoder().encode(text) }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  admin = await callerFor(t, tenantId);
  const records = {
    Client: [await ok(admin.post('/api/app/clients', { firstName: 'Cleo', lastName: 'Private' })), 'clients'],
    Company: [await ok(admin.post('/api/app/companies', { name: 'Firm A', businessType: 'LAW_FIRM' })), 'companies'],
    Specialist: [
      await ok(admin.post('/api/app/specialists', { firstName: 'Dora', lastName: 'Doctor' })),
      'specialists',
    ],
  } as const;
  for (const [from, [record, path]] of Object.entries(records) as [Target['from'], [{ id: string }, string]][]) {
    const fileId = await upload(admin, `${from} private document`);
    const attachment = await ok(
      admin.post('/api/app/attachments', { fileId, attachmentFrom: from, objectId: record.id }),
    );
    targets.push({
      from,
      objectId: record.id,
      read: `/api/app/${path}/${record.id}`,
      attachmentId: attachment.id,
      fileId,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

// Insurers and specialists may read and upload files, but not every record those files belong to.
describe.each<Role>(['INSURER', 'SPECIALIST'])('a %s who may not open the record', (role) => {
  test('cannot list, read, mint a download token for, download or add to its documents', async () => {
    const caller = await callerFor(t, tenantId, [role]);
    let checked = 0;
    for (const target of targets) {
      const own = await caller.get(target.read);
      if (own.statusCode === 200) continue; // a specialist reads the panel: its documents are theirs to see
      expect([403, 404]).toContain(own.statusCode);
      checked++;
      const where = `attachmentFrom=${target.from}&objectId=${target.objectId}`;
      const refused = {
        list: (await caller.get(`/api/app/attachments?${where}`)).statusCode,
        attachment: (await caller.get(`/api/app/attachments/${target.attachmentId}`)).statusCode,
        file: (await caller.get(`/api/app/files/${target.fileId}`)).statusCode,
        token: (await caller.post(`/api/app/files/GenerateDownloadToken?fileId=${target.fileId}`, undefined))
          .statusCode,
        downloadAll: (await caller.get(`/api/app/attachments/downloadAll?${where}`)).statusCode,
      };
      expect({ from: target.from, ...refused }).toEqual({
        from: target.from,
        list: 404,
        attachment: 404,
        file: 404,
        token: 404,
        downloadAll: 404,
      });
      const attach = await caller.post('/api/app/attachments', {
        fileId: await upload(caller, 'slipped in'),
        attachmentFrom: target.from,
        objectId: target.objectId,
      });
      expect(attach.statusCode, attach.body).toBe(400);
      expect(attach.json().error.validationErrors[0].members).toEqual(['objectId']);
    }
    // The insurer is kept from all three kinds of record; the specialist from the claimant and the company.
    expect(checked).toBe(role === 'INSURER' ? 3 : 2);
    // The office still sees every document.
    const listed = await ok<{ totalCount: number }>(
      admin.get(`/api/app/attachments?attachmentFrom=Client&objectId=${targets[0]!.objectId}`),
    );
    expect(listed.totalCount).toBe(1);
  });
});
