import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { callerFor, createTestApp, newTenant, type TestApp } from '../../../test/harness';
import { createLocalFileStore } from '../../platform/files/file-store';
import { multipartHeaders, streamingMultipart } from './multipart.test-support';

let t: TestApp;
let root: string;
let baseUrl: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-upload-memory-'));
  t = await createTestApp(undefined, { fileStore: createLocalFileStore(root) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function post(url: string, token: string, body: NodeJS.ReadableStream): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { ...multipartHeaders, authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}

test('a 150 MB upload is refused with the size message, streamed: memory grows by a few MB at most, nothing is kept', async () => {
  const caller = await callerFor(t, await newTenant(t.database), ['STAFF']);
  const pdfHead = new TextEncoder().encode('%PDF-1.7\n');
  // Warm up the route so first-use allocations are not counted.
  await post(`${baseUrl}/api/app/files`, caller.token, streamingMultipart('warm.pdf', pdfHead, 2 * 1024 * 1024));

  // This worker's JavaScript heap plus buffers: where a buffered upload would sit (150 MB). The peak
  // includes 64 kB chunks not yet collected (the young generation, tens of MB). RSS is printed only:
  // the embedded database and the collector move it too.
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
  }, 10);
  const res = await post(
    `${baseUrl}/api/app/files`,
    caller.token,
    streamingMultipart('huge scan.pdf', pdfHead, 150 * 1024 * 1024),
  );
  clearInterval(sampler);
  const growthMb = (peak - baseline) / 1024 / 1024;
  const rssGrowthMb = (peakRss - baselineRss) / 1024 / 1024;
  console.log(
    `150 MB upload refused; peak growth: heap+buffers ${growthMb.toFixed(1)} MB, RSS ${rssGrowthMb.toFixed(1)} MB`,
  );

  expect(res.status).toBe(413);
  const error = JSON.parse(res.body).error;
  expect(error.message).toBe('The file you have selected is too large. The maximum size is 100MB.');
  expect(error.validationErrors[0].members).toEqual(['file']);
  // Buffered whole, the upload alone would add 150 MB.
  expect(growthMb).toBeLessThan(64);
  const kept = fs.readdirSync(path.join(root, caller.tenantId));
  expect(kept).toHaveLength(1); // the 2 MB warm-up file only; no partial file of the refused one
  const total = (await caller.get('/api/app/file-manager/getTotalSize')).json();
  expect(total.totalFileSizeInByte).toBe(2 * 1024 * 1024);
});
