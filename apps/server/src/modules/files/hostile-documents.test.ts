import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { declareSize, prose, zipOf } from '../../platform/files/zip.test-support';
import { Jobs } from '../../platform/jobs/jobs';
import { AttachmentsService } from './attachments.service';
import { DEFAULT_DOCUMENT_LIMITS, DocumentProcessor } from './document-processor';
import { multipartBody, multipartHeaders } from './multipart.test-support';
import { makePdf } from './test-pdf.test-support';
import { defineTextJobs, EXTRACT_TEXT_QUEUE, TextRelay } from './text-jobs';

const MB = 1024 * 1024;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Attachment = { id: string; status: string; textStatus: string };

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-hostile-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A .docx with the parts a reader needs and `body` as the document's paragraphs (or its whole bytes). */
function docxOf(body: string | Uint8Array): Promise<Buffer> {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      typeof body === 'string'
        ? '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
          body +
          '</w:body></w:document>'
        : body,
  });
}

const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

async function upload(caller: Caller, name: string, bytes: Uint8Array): Promise<string> {
  const res = await caller.request({
    method: 'POST',
    url: '/api/app/files',
    headers: multipartHeaders,
    payload: multipartBody({}, { name, bytes }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

/** Attaches an uploaded file to a client: its text is then read in the background. */
async function attach(caller: Caller, objectId: string, fileId: string, name: string): Promise<Attachment> {
  const res = await caller.post('/api/app/attachments', { fileId, attachmentFrom: 'Client', objectId, name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Attachment;
}

async function settled(caller: Caller, id: string): Promise<Attachment> {
  let a: Attachment | undefined;
  await expect
    .poll(
      async () => {
        a = (await caller.get(`/api/app/attachments/${id}`)).json() as Attachment;
        return a.textStatus;
      },
      { timeout: 120_000, interval: 250 },
    )
    .not.toBe('pending');
  return a!;
}

/**
 * Asks GET /api/health over HTTP every 50 ms until stopped; each answer's delay is measured from when the
 * question was due, so an event loop held up by other work shows even when the timer itself fired late.
 */
async function pollHealth(app: TestApp) {
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening');
  const url = `http://127.0.0.1:${address.port}/api/health`;
  // The first fetch of a process loads the HTTP client: not part of what is measured.
  await (await fetch(url)).arrayBuffer();
  const delays: number[] = [];
  const failures: string[] = [];
  let due = performance.now();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const res = await fetch(url).catch((e: Error) => e);
      if (res instanceof Error || res.status !== 200) failures.push(String(res instanceof Error ? res : res.status));
      else await res.arrayBuffer();
      delays.push(performance.now() - due);
      due += 50;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else due = performance.now();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = [...delays].sort((x, y) => x - y);
      const stats = {
        count: delays.length,
        medianMs: sorted[Math.floor(sorted.length / 2)]!,
        maxMs: sorted.at(-1)!,
        failures,
      };
      return stats;
    },
  };
}

/**
 * The longest a health answer may take: 200 ms, stretched when more threads want to run than the machine
 * has cores (a shared test machine under a load of 20 on 2 cores runs each thread a tenth of the time).
 * A parse on the event loop held every answer for tens of seconds, far past either bound.
 */
function healthBudgetMs(): number {
  return 200 * Math.max(1, os.loadavg()[0]! / os.availableParallelism());
}

/** An app listening on a port; with its own job workers unless the test brings its own. */
async function listeningApp(runJobs: boolean): Promise<TestApp> {
  const app = await createTestApp(await openOwnTestDatabase(), {
    fileStore: createLocalFileStore(tempDir()),
    ...(runJobs ? { jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 } } : {}),
  });
  cleanups.push(() => app.close());
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe('hostile documents are read in workers, never stopping the server', { tags: ['resilience'] }, () => {
  test(
    "600 KB of '<a' and a .docx inflating past 50 MB: health keeps answering (median under 200 ms), same process, clear statuses",
    { timeout: 240_000 },
    async () => {
      const pid = process.pid;
      const app = await listeningApp(true);
      const staff = await callerFor(app, await newTenant(app.database), ['STAFF']);
      const clientId = (await staff.post('/api/app/clients', { firstName: 'Hal', lastName: 'Hostile' })).json().id;
      const html = Buffer.from('<p>Arthrodesis report</p>' + '<a'.repeat(300_000));
      expect(html.length).toBeGreaterThan(600_000);
      const honestBomb = await docxOf(new Uint8Array(120 * MB));
      // The same bytes declaring a small size: only inflating shows what they are.
      const lyingBomb = declareSize(honestBomb, 2000);
      expect(honestBomb.length).toBeLessThan(MB);

      const files = {
        'links.html': await upload(staff, 'links.html', html),
        'bomb.docx': await upload(staff, 'bomb.docx', honestBomb),
        'lying-bomb.docx': await upload(staff, 'lying-bomb.docx', lyingBomb),
      };
      // The server started its document worker with it; once it is up, measure while the documents are read.
      await app.documents.pool.warm();
      expect(app.documents.pool.started).toBe(1);
      const health = await pollHealth(app);
      const uploaded: Attachment[] = [];
      for (const [name, fileId] of Object.entries(files)) uploaded.push(await attach(staff, clientId, fileId, name));
      const results = [];
      for (const a of uploaded) results.push(await settled(staff, a.id));
      const { count, medianMs, maxMs, failures } = await health.stop();

      expect(failures).toEqual([]);
      expect(count).toBeGreaterThan(10);
      expect(medianMs).toBeLessThan(200);
      expect(maxMs).toBeLessThan(healthBudgetMs());
      expect(process.pid).toBe(pid);
      expect(app.app.server.listening).toBe(true);
      // One worker read them all: its start-up is paid once, not per upload.
      expect(app.documents.pool.started).toBe(1);
      // The HTML's text is read (the unclosed tag has none); the zips are not read, and not retried.
      expect(results.map((r) => [r.textStatus, r.status])).toEqual([
        ['done', 'done'],
        ['tooLarge', 'done'],
        ['tooLarge', 'done'],
      ]);
      const found = (await staff.get('/api/app/attachments/documentSearch?keyword=arthrodesis')).json();
      expect(found.items.map((x: { id: string }) => x.id)).toEqual([uploaded[0]!.id]);
      for (const a of uploaded.slice(1)) {
        expect((await app.jobs.boss.getJobById(EXTRACT_TEXT_QUEUE, a.id))?.retryCount).toBe(0);
      }
      expect(
        (await fetch(`http://127.0.0.1:${(app.app.server.address() as { port: number }).port}/api/health`)).status,
      ).toBe(200);
    },
  );

  test(
    'a document whose reading runs its worker out of memory is retried, then error; the server goes on and reads the next one',
    { timeout: 240_000 },
    async () => {
      const pid = process.pid;
      const app = await listeningApp(false);
      // Workers of the same job definition with a short retry and a small worker heap, beside the app's own.
      const documents = new DocumentProcessor({
        ...DEFAULT_DOCUMENT_LIMITS,
        limits: { ...DEFAULT_DOCUMENT_LIMITS.limits, maxOldGenerationSizeMb: 128 },
      });
      const attachments = new AttachmentsService(app.files, documents);
      const jobs = new Jobs(app.database, { pollingIntervalSeconds: 0.5 });
      defineTextJobs(jobs, attachments, { retryLimit: 1, retryDelay: 1 });
      const relay = new TextRelay(app.database, jobs, 200);
      await jobs.start();
      relay.start();
      cleanups.push(async () => {
        relay.stop();
        await jobs.stop();
        await documents.close();
      });

      const staff = await callerFor(app, await newTenant(app.database), ['STAFF']);
      const clientId = (await staff.post('/api/app/clients', { firstName: 'Hal', lastName: 'Hostile' })).json().id;
      // About 38 MB of paragraphs: within the zip limits, but parsed into far more than the worker's heap.
      const words = prose(16 * MB).split(' ');
      const paragraphs: string[] = [];
      for (let i = 0; i < words.length; i += 4) paragraphs.push(paragraph(words.slice(i, i + 4).join(' ')));
      const heavy = await docxOf(paragraphs.join(''));
      const ordinary = await docxOf(paragraph('Arthrodesis of the left ankle.') + paragraph('Second paragraph.'));

      const heavyFile = await upload(staff, 'heavy.docx', heavy);
      const ordinaryFile = await upload(staff, 'ordinary.docx', ordinary);
      await documents.pool.warm();
      const health = await pollHealth(app);
      const big = await attach(staff, clientId, heavyFile, 'heavy.docx');
      const small = await attach(staff, clientId, ordinaryFile, 'ordinary.docx');
      const heavyResult = await settled(staff, big.id);
      const smallResult = await settled(staff, small.id);
      const { medianMs, maxMs, failures } = await health.stop();

      expect(heavyResult).toMatchObject({ textStatus: 'error', status: 'error' });
      expect((await jobs.boss.getJobById(EXTRACT_TEXT_QUEUE, big.id))?.retryCount).toBe(1);
      expect(documents.pool.started).toBeGreaterThanOrEqual(2);
      expect(smallResult).toMatchObject({ textStatus: 'done', status: 'done' });
      const found = (await staff.get('/api/app/attachments/documentSearch?keyword=arthrodesis')).json();
      expect(found.items.map((x: { id: string }) => x.id)).toEqual([small.id]);
      expect(failures).toEqual([]);
      expect(medianMs).toBeLessThan(200);
      expect(maxMs).toBeLessThan(healthBudgetMs());
      expect(process.pid).toBe(pid);

      // Summaries and merges are worked out in the app's document workers too.
      const summary = await staff.post(`/api/app/attachments/${small.id}/summaryDocument`, {});
      expect(summary.statusCode, summary.body).toBe(200);
      expect(summary.json().summaryText).toContain('Arthrodesis of the left ankle.');
      const pdf = await attach(
        staff,
        clientId,
        await upload(staff, 'brief.pdf', await makePdf(['One', 'Two'])),
        'brief.pdf',
      );
      const fake = await attach(
        staff,
        clientId,
        await upload(staff, 'fake.pdf', Buffer.from('%PDF-1.7\n' + 'not really a pdf '.repeat(50))),
        'fake.pdf',
      );
      const refused = await staff.post('/api/app/attachments/MergeFiles', {
        attachmentIds: [pdf.id, fake.id],
        name: 'Both',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe('fake.pdf could not be read as a PDF.');
      const more = await attach(staff, clientId, await upload(staff, 'more.pdf', await makePdf(['Three'])), 'more.pdf');
      const merged = await staff.post('/api/app/attachments/MergeFiles', {
        attachmentIds: [pdf.id, more.id],
        name: 'Both',
      });
      expect(merged.statusCode, merged.body).toBe(200);
      expect(merged.json()).toMatchObject({ numberOfPages: 3, type: 'pdf' });
    },
  );
});
