import { describe, expect, test } from 'vitest';
import { zipOf } from './zip.test-support';
import { checkZipLimits, DEFAULT_ZIP_LIMITS, ZipTooLarge, ZipUnreadable } from './zip-limits';

const MB = 1024 * 1024;

/** Rewrites every entry's declared inflated size, in the local headers and the directory, to `size`. */
function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

/** Text that deflates about 20 times: words in a pseudo-random order. */
function prose(bytes: number): string {
  const words = ['knee', 'ankle', 'claimant', 'report', 'examination', 'left', 'right', 'pain', 'the', 'of'];
  let seed = 7;
  const parts: string[] = [];
  let length = 0;
  while (length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const w = words[seed % words.length]!;
    parts.push(w);
    length += w.length + 1;
  }
  return parts.join(' ');
}

describe('checkZipLimits', () => {
  test('an ordinary document passes and its inflated size is counted', async () => {
    const zip = await zipOf({ 'word/document.xml': prose(2 * MB), 'word/media/image1.png': new Uint8Array(4096) });
    expect(checkZipLimits(zip)).toBeGreaterThan(2 * MB);
  });

  test('an entry of zeros inflating 120 MB is refused by its ratio before anything is inflated', async () => {
    const zip = await zipOf({ 'word/document.xml': new Uint8Array(120 * MB) });
    expect(zip.length).toBeLessThan(2 * MB);
    const started = performance.now();
    expect(() => checkZipLimits(zip)).toThrow(ZipTooLarge);
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('sizes the zip lies about are checked by inflating, which stops at the cap', async () => {
    const bomb = declareSize(await zipOf({ 'word/document.xml': new Uint8Array(120 * MB) }), 1000);
    expect(() => checkZipLimits(bomb)).toThrow(ZipTooLarge);
    expect(() => checkZipLimits(bomb, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 500 * MB })).toThrow(
      /inflates more than 200 times/,
    );
    // Many entries, each within the ratio, together past the total.
    const many = declareSize(
      await zipOf(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`part${i}.xml`, prose(8 * MB)]))),
      1000,
    );
    expect(() => checkZipLimits(many)).toThrow(/more than 50 MB/);
    expect(() => checkZipLimits(many, { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 100 * MB })).not.toThrow();
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
