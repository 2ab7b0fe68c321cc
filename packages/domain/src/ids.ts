import { z } from 'zod';

/** Any RFC 9562 UUID in canonical text form. */
export const Uuid = z.uuid({ error: 'must be a UUID' });

/**
 * A UUIDv7: 48-bit millisecond timestamp, version and variant bits, random rest.
 * Time-ordered, so new rows append to the end of b-tree indexes.
 *
 * Without arguments the ids of one process are strictly increasing (RFC 9562, section 6.2,
 * method 1): within one millisecond the 12 bits after the version count up from a random start
 * below 2048, and an exhausted counter borrows the next millisecond. Rows written in one
 * transaction (which share `now()`) therefore sort in the order they were written when a query
 * orders by time, then id.
 */
export function uuidv7(now?: number, random?: Uint8Array): string {
  if (now !== undefined || random !== undefined) return format(now ?? Date.now(), random ?? randomBytes(10));
  const bytes = randomBytes(10);
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      ms += 1;
      counter = bytes[0]! & 0x07;
    }
  } else {
    counter = ((bytes[0]! & 0x07) << 8) | bytes[1]!;
  }
  lastMs = ms;
  bytes[0] = counter >> 8;
  bytes[1] = counter & 0xff;
  return format(ms, bytes);
}

let lastMs = 0;
let counter = 0;

/** Two hex digits of every byte value. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function format(now: number, random: Uint8Array): string {
  const b = new Uint8Array(16);
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b.set(random.subarray(0, 10), 6);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  let hex = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) hex += '-';
    hex += HEX[b[i]!]!;
  }
  return hex;
}

/**
 * Random bytes are drawn from the system a page at a time and handed out in slices: each draw is a call
 * into the system, which costs more than making the id itself (a request makes two or more ids).
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let used = 0;

function randomBytes(n: number): Uint8Array {
  if (used + n > pool.length) {
    pool = new Uint8Array(Math.max(POOL_BYTES, n));
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  const out = pool.slice(used, used + n);
  used += n;
  return out;
}
