import { z } from 'zod';

/** Any RFC 9562 UUID in canonical text form. */
export const Uuid = z.uuid({ error: 'must be a UUID' });

/**
 * A UUIDv7: 48-bit millisecond timestamp, version and variant bits, random rest.
 * Time-ordered, so new rows append to the end of b-tree indexes.
 */
export function uuidv7(now: number = Date.now(), random: Uint8Array = randomBytes(10)): string {
  const b = new Uint8Array(16);
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b.set(random.subarray(0, 10), 6);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}
