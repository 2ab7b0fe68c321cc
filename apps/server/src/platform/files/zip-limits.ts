import { inflateRawSync } from 'node:zlib';

/** What a zip-based document (.docx, .xlsx) may inflate to before it is read. */
export type ZipLimits = {
  /** All entries together, inflated (bytes). */
  maxTotalBytes: number;
  /** One entry may inflate to at most this many times its compressed size… */
  maxRatio: number;
  /** …once it is larger than this (small entries of repeated bytes compress far better). */
  ratioFreeBytes: number;
  maxEntries: number;
};

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 200,
  ratioFreeBytes: 1024 * 1024,
  maxEntries: 10_000,
};

/** The zip would inflate past a limit: it is not read. */
export class ZipTooLarge extends Error {
  readonly code = 'ZipTooLarge';
  constructor(message: string) {
    super(message);
    this.name = 'ZipTooLarge';
  }
}

/** The bytes are not a zip this check can read (and so neither can the document reader). */
export class ZipUnreadable extends Error {
  readonly code = 'ZipUnreadable';
  constructor(message: string) {
    super(message);
    this.name = 'ZipUnreadable';
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

type Entry = { name: string; method: number; compressed: number; size: number; localOffset: number };

/**
 * Checks that a zip stays within the limits by inflating every entry, as a reader would, with the output
 * capped: the declared sizes are checked first, then the real ones, since a zip can declare anything.
 * Inflation stops as soon as a cap is passed, so memory stays within maxTotalBytes. Returns the total
 * inflated size.
 */
export function checkZipLimits(zip: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): number {
  const bytes = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const entries = centralDirectory(bytes, limits);
  let declared = 0;
  for (const e of entries) {
    declared += e.size;
    if (declared > limits.maxTotalBytes) throw new ZipTooLarge(tooLargeMessage(limits));
    if (e.size > limits.ratioFreeBytes && e.size > e.compressed * limits.maxRatio) {
      throw new ZipTooLarge(`${e.name} inflates more than ${limits.maxRatio} times.`);
    }
  }
  let total = 0;
  for (const e of entries) {
    const data = entryData(bytes, e);
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      const byRatio = Math.max(limits.ratioFreeBytes, data.length * limits.maxRatio);
      const cap = Math.min(limits.maxTotalBytes - total, byRatio);
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(cap, 1) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new ZipTooLarge(
            cap === byRatio ? `${e.name} inflates more than ${limits.maxRatio} times.` : tooLargeMessage(limits),
          );
        }
        throw new ZipUnreadable(`${e.name} cannot be inflated.`);
      }
    } else throw new ZipUnreadable(`${e.name} uses an unsupported compression method (${e.method}).`);
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipTooLarge(tooLargeMessage(limits));
  }
  return total;
}

function tooLargeMessage(limits: ZipLimits): string {
  return `The document inflates to more than ${Math.round(limits.maxTotalBytes / (1024 * 1024))} MB.`;
}

function centralDirectory(bytes: Buffer, limits: ZipLimits): Entry[] {
  // The end record is in the last 22 bytes plus a comment of at most 65,535 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new ZipUnreadable('Not a zip file.');
  let count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) throw new ZipUnreadable('Damaged zip64 end.');
    const end64 = safeNumber(bytes.readBigUInt64LE(locator + 8));
    if (end64 + 56 > bytes.length || bytes.readUInt32LE(end64) !== ZIP64_EOCD) {
      throw new ZipUnreadable('Damaged zip64 end.');
    }
    count = safeNumber(bytes.readBigUInt64LE(end64 + 32));
    offset = safeNumber(bytes.readBigUInt64LE(end64 + 48));
  }
  if (count > limits.maxEntries) throw new ZipTooLarge(`The document has more than ${limits.maxEntries} parts.`);
  const entries: Entry[] = [];
  let at = offset;
  for (let k = 0; k < count; k++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw new ZipUnreadable('Damaged zip directory.');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const entry: Entry = {
      name: bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, bytes.length)),
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    readZip64Extra(bytes, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offset too large for 32 bits are in the entry's zip64 extra field, in this order. */
function readZip64Extra(bytes: Buffer, from: number, length: number, entry: Entry): void {
  const end = Math.min(from + length, bytes.length);
  for (let at = from; at + 4 <= end;) {
    const id = bytes.readUInt16LE(at);
    const size = bytes.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size || field + 8 > end) throw new ZipUnreadable('Damaged zip64 field.');
        const value = safeNumber(bytes.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressed === 0xffffffff) entry.compressed = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function entryData(bytes: Buffer, e: Entry): Buffer {
  const at = e.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw new ZipUnreadable(`${e.name}: damaged entry.`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + e.compressed > bytes.length) throw new ZipUnreadable(`${e.name}: truncated entry.`);
  return bytes.subarray(start, start + e.compressed);
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('Zip sizes out of range.');
  return Number(value);
}
