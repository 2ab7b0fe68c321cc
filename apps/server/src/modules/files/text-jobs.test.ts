import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, openOwnTestDatabase, type Caller } from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { Jobs } from '../../platform/jobs/jobs';
import { multipartBody, multipartHeaders, streamingMultipart } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';
import { defineTextJobs, EXTRACT_TEXT_QUEUE, TextRelay } from './text-jobs';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Attachment = { id: string; status: string; textStatus: string; numberOfPages: number | null };

async function attach(caller: Caller, objectId: string, name: string, payload: Buffer | NodeJS.ReadableStream) {
  const upload = await caller.request({ method: 'POST', url: '/api/app/files', headers: multipartHeaders, payload });
  expect(upload.statusCode, upload.body).toBe(200);
  const res = await caller.post('/api/app/attachments', {
    fileId: upload.json().id,
    attachmentFrom: 'Client',
    objectId,
    name,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Attachment;
}

async function newClient(caller: Caller): Promise<string> {
  return (await caller.post('/api/app/clients', { firstName: 'Tess', lastName: 'Text' })).json().id;
}

async function read(caller: Caller, id: string): Promise<Attachment> {
  let a: Attachment | undefined;
  await expect
    .poll(
      async () => {
        a = (await caller.get(`/api/app/attachments/${id}`)).json() as Attachment;
        return a.textStatus;
      },
      { timeout: 60_000, interval: 250 },
    )
    .not.toBe('pending');
  return a!;
}

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-text-jobs-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('text extraction as a background job', () => {
  // Two servers start in this test, the second with its document worker: more than the default time on a busy machine.
  test(
    'a document accepted by a server that stops before reading it is read by the next one',
    { timeout: 90_000 },
    async () => {
      // Its own database: job workers on a shared one would first run the other files' queued jobs.
      const database = await openOwnTestDatabase();
      const fileStore = createLocalFileStore(tempDir());
      // The first server takes the upload but runs no workers: the work waits in the database.
      const first = await createTestApp(database, { fileStore });
      const tenantId = await newTenant(database);
      const staff = await callerFor(first, tenantId, ['STAFF']);
      const brief = await attach(
        staff,
        await newClient(staff),
        'brief.pdf',
        multipartBody({}, { name: 'brief.pdf', bytes: await makePdf(['Instructions', 'Arthrodesis of the ankle']) }),
      );
      expect(brief.textStatus).toBe('pending');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await staff.get(`/api/app/attachments/${brief.id}`)).json().textStatus).toBe('pending');
      await first.app.close();

      const second = await createTestApp(database, {
        fileStore,
        jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
      });
      cleanups.push(() => second.close());
      const later = await callerFor(second, tenantId, ['STAFF']);
      expect(await read(later, brief.id)).toMatchObject({ textStatus: 'done', numberOfPages: 2, status: 'done' });
      const found = (await later.get('/api/app/attachments/documentSearch?keyword=arthrodesis')).json();
      expect(found.items.map((x: { id: string }) => x.id)).toEqual([brief.id]);
    },
  );

  test(
    'a document that cannot be read is retried, then its text and status are error; over 50 MB is not read',
    { timeout: 120_000 },
    async () => {
      // A database of its own: on PostgreSQL the queue is shared by every test app on the database, and
      // their workers retry after 30 s.
      const app = await createTestApp(await openOwnTestDatabase(), { fileStore: createLocalFileStore(tempDir()) });
      cleanups.push(() => app.close());
      // Workers of the same job definition with a short retry, beside the app (which runs none).
      const jobs = new Jobs(app.database, { pollingIntervalSeconds: 0.5 });
      defineTextJobs(jobs, app.attachments, { retryLimit: 1, retryDelay: 1 });
      const relay = new TextRelay(app.database, jobs, 200);
      await jobs.start();
      relay.start();
      cleanups.push(async () => {
        relay.stop();
        await jobs.stop();
      });

      const staff = await callerFor(app, await newTenant(app.database), ['STAFF']);
      const clientId = await newClient(staff);
      // A PDF's signature followed by nothing a PDF reader can parse.
      const broken = await attach(
        staff,
        clientId,
        'broken.pdf',
        multipartBody({}, { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.7\n' + 'not really a pdf '.repeat(50)) }),
      );
      expect(await read(staff, broken.id)).toMatchObject({ textStatus: 'error', status: 'error' });
      const job = await jobs.boss.getJobById(EXTRACT_TEXT_QUEUE, broken.id);
      expect(job?.retryCount).toBe(1);
      // Still listed, so it can be downloaded or removed.
      const list = (await staff.get(`/api/app/attachments?attachmentFrom=Client&objectId=${clientId}`)).json();
      expect(list.items.map((x: Attachment) => x.id)).toEqual([broken.id]);

      const big = await attach(
        staff,
        clientId,
        'scan.pdf',
        streamingMultipart('scan.pdf', new TextEncoder().encode('%PDF-1.7\n'), 51 * 1024 * 1024),
      );
      expect(await read(staff, big.id)).toMatchObject({ textStatus: 'tooLarge', status: 'done' });
    },
  );
});
