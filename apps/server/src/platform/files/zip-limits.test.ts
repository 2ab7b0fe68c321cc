import { describe, expect, test } from 'vitest';
import { declareSize, prose, zipOf } from './zip.test-support';
import { checkZipLimits, DEFAULT_ZIP_LIMITS, ZipTooLarge, ZipUnreadable } from './zip-limits';

const MB = 1024 * 1024;

describe('checkZipLimits', () => {
  test('an ordinary document passes and its inflated size is counted', async () => {
    const zip = await zipOf({ 'word/document.xml': prose(2 * MB), 'word/media/image1.png': new Uint8Array(4096) });
    expect(checkZipLimits(zip)).toBeGreaterThan(2 * MB);
  });

  test('an entry of zeros inflating 24 MB is refused by its ratio before anything is inflated', async () => {
    const zip = await zipOf({ 'word/document.xml': new Uint8Array(24 * MB) });
    expect(zip.length).toBeLessThan(2 * MB);
    const started = performance.now();
    expect(() => checkZipLimits(zip)).toThrow(/inflates more than 200 times/);
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('sizes the zip lies about are checked by inflating, which stops at the cap', async () => {
    // The default limits scaled down ten times (5 MB in all), so the test inflates megabytes, not a hundred.
    const limits = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 5 * MB, ratioFreeBytes: 100 * 1024 };
    const bomb = declareSize(await zipOf({ 'word/document.xml': new Uint8Array(12 * MB) }), 1000);
    expect(() => checkZipLimits(bomb, limits)).toThrow(ZipTooLarge);
    expect(() => checkZipLimits(bomb, { ...limits, maxTotalBytes: 50 * MB })).toThrow(/inflates more than 200 times/);
    // Many entries, each within the ratio, together past the total.
    const many = declareSize(
      await zipOf(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`part${i}.xml`, prose(MB)]))),
      1000,
    );
    expect(() => checkZipLimits(many, limits)).toThrow(/more than 5 MB/);
    expect(() => checkZipLimits(many, { ...limits, maxTotalBytes: 10 * MB })).not.toThrow();
  });

  test('too many entries are refused; bytes that are no zip are unreadable', async () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}.txt`, 'x']));
    const crowded = await zipOf(files);
    expect(() => checkZipLimits(crowded, { ...DEFAULT_ZIP_LIMITS, maxEntries: 20 })).toThrow(ZipTooLarge);
    expect(() => checkZipLimits(Buffer.from('PK\u0003\u0004 not really a zip'))).toThrow(ZipUnreadable);
    const truncated = await zipOf({ 'a.xml': prose(100_000) });
    expect(() => checkZipLimits(truncated.subarray(0, truncated.length - 30))).toThrow(ZipUnreadable);
  });
});
