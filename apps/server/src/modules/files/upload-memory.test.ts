import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartHeaders, streamingMultipart, streamingMultipartLength } from './multipart.test-support';

let t: TestApp;
let root: string;
let baseUrl: string;
let caller: Caller;
const MB = 1024 * 1024;
const pdfHead = new TextEncoder().encode('%PDF-1.7\n');

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-upload-memory-'));
  t = await createTestApp(undefined, { fileStore: createLocalFileStore(root) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
  // Warm up the route so first-use allocations are not counted.
  const warm = await post(streamingMultipart('warm.pdf', pdfHead, 2 * MB));
  expect(warm.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Posts a body to the upload route. With a length, the request says how large it is; without, it is
 * sent in chunks. The answer counts once it has been read, even if the server then closes the
 * connection on the rest of the body.
 */
function post(body: NodeJS.ReadableStream, length?: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/app/files`, {
      method: 'POST',
      headers: {
        ...multipartHeaders,
        authorization: `Bearer ${caller.token}`,
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, body: text });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    body.pipe(req);
  });
}

/**
 * Peak growth while `run` runs: this worker's JavaScript heap plus buffers (where a buffered upload
 * would sit), and RSS (printed; the embedded database and the collector move it too).
 */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ result: T; heapMb: number; rssMb: number }> {
  const held = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const baseline = held();
  const baselineRss = process.memoryUsage().rss;
  let peak = baseline;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, held());
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await run();
    return { result, heapMb: (peak - baseline) / MB, rssMb: (peakRss - baselineRss) / MB };
  } finally {
    clearInterval(sampler);
  }
}

async function expectRefusedAndNothingKept(res: { status: number; body: string }) {
  expect(res.status).toBe(413);
  const error = JSON.parse(res.body).error;
  expect(error.message).toBe('The file you have selected is too large. The maximum size is 100MB.');
  expect(error.validationErrors[0].members).toEqual(['file']);
  const kept = fs.readdirSync(path.join(root, caller.tenantId));
  expect(kept).toHaveLength(1); // the 2 MB warm-up file only; no partial file of the refused one
  const total = (await caller.get('/api/app/file-manager/getTotalSize')).json();
  expect(total.totalFileSizeInByte).toBe(2 * MB);
}

test('a 150 MB upload that declares its length is refused before it is read: memory grows by a few MB at most', async () => {
  const size = 150 * MB;
  const { result, heapMb, rssMb } = await peakGrowth(() =>
    post(streamingMultipart('huge scan.pdf', pdfHead, size), streamingMultipartLength('huge scan.pdf', size)),
  );
  console.log(
    `150 MB upload with Content-Length refused; peak growth: heap+buffers ${heapMb.toFixed(1)} MB, RSS ${rssMb.toFixed(1)} MB`,
  );
  await expectRefusedAndNothingKept(result);
  expect(heapMb).toBeLessThan(4);
});

test('a 150 MB upload sent in chunks (no length) is refused at the limit, streamed, never buffered whole', async () => {
  const { result, heapMb, rssMb } = await peakGrowth(() =>
    post(streamingMultipart('huge scan.pdf', pdfHead, 150 * MB)),
  );
  console.log(
    `150 MB chunked upload refused; peak growth: heap+buffers ${heapMb.toFixed(1)} MB, RSS ${rssMb.toFixed(1)} MB`,
  );
  await expectRefusedAndNothingKept(result);
  // The 100 MB read before the limit trips pass through in 64 kB chunks, collected as they go (the
  // young generation holds tens of MB between collections); buffered whole it would be 100 MB or more.
  expect(heapMb).toBeLessThan(64);
});
