import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uuidv7 } from '@casebook/domain';
import { createLocalFileStore, createS3FileStore, type FileStore } from './file-store';

// A real S3-compatible server (s3rver, pure JavaScript) on a local port.
let s3: S3rver;
let endpoint: string;
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-store-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tmp() });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'casebook-files' }));
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

const stores: [string, () => FileStore][] = [
  ['local disk', () => createLocalFileStore(tmp())],
  [
    'S3-compatible',
    () =>
      createS3FileStore({
        endpoint,
        region: 'us-east-1',
        bucket: 'casebook-files',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
  ],
];

describe.each(stores)('file store on %s', (_name, make) => {
  test('puts a stream of several parts, reads it back, deletes it', async () => {
    const store = make();
    const key = `${uuidv7()}/${uuidv7()}`;
    // Over one 5 MB part, so the S3 store uploads in parts.
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.alloc(1024 * 1024, 2), Buffer.from('end')];
    await store.put(key, Readable.from(parts));
    const body = await store.get(key);
    expect(Buffer.compare(await read(body!), Buffer.concat(parts))).toBe(0);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    await store.delete(key);
  });

  test('a stream that fails leaves nothing under the key', async () => {
    const store = make();
    const key = `${uuidv7()}/${uuidv7()}`;
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 3));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put(key, failing)).rejects.toThrow();
    expect(await store.get(key)).toBeUndefined();
  });

  test('keys are generated ids only, never names or paths', async () => {
    const store = make();
    await expect(store.put('../../etc/passwd', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid/);
    await expect(store.get('a/b.pdf')).rejects.toThrow(/invalid/);
  });
});
