import { expect, test } from 'vitest';
import { Uuid, uuidv7 } from './ids';

test('uuidv7 is a valid version-7 UUID carrying its millisecond timestamp', () => {
  const id = uuidv7(0x0123456789ab, new Uint8Array(10));
  expect(id).toBe('01234567-89ab-7000-8000-000000000000');
  expect(Uuid.safeParse(uuidv7()).success).toBe(true);
});

test('uuidv7 sorts by creation time', () => {
  const ids = [1, 2, 1000, 1_700_000_000_000].map((ms) => uuidv7(ms));
  expect([...ids].sort()).toEqual(ids);
});

test('uuidv7 ids made in the same millisecond differ', () => {
  const now = Date.now();
  const ids = new Set(Array.from({ length: 1000 }, () => uuidv7(now)));
  expect(ids.size).toBe(1000);
});

test('uuidv7 ids of one process are strictly increasing, also within one millisecond', () => {
  const ids = Array.from({ length: 20_000 }, () => uuidv7());
  for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  expect(ids.every((id) => Uuid.safeParse(id).success && id[14] === '7')).toBe(true);
});
