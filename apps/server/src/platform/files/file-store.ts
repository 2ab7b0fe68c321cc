import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';

/** Where file bytes live. Keys are generated (tenant id / file id), never a user's file name. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Streams the body to the key; on failure nothing is left under the key. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under the key; undefined when there are none. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid file store key "${key}"`);
}

/** Files on local disk under root (DATA_DIR/files by default), written to a temporary name first. */
export function createLocalFileStore(root: string): FileStore {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = full(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.part`;
      try {
        await pipeline(body, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const target = full(key);
      try {
        const handle = await fs.promises.open(target, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
  };
}

export type S3StoreOptions = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/** Files in an S3-compatible bucket; uploads stream in 5 MB parts, never the whole file in memory. */
export function createS3FileStore(options: S3StoreOptions): FileStore {
  // The SDK loads with the first file call, not with the server: most installs keep files on disk.
  let loading: Promise<{ s3: typeof S3; client: S3.S3Client }> | undefined;
  const sdk = () =>
    (loading ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
      }),
    })));
  const Bucket = options.bucket;
  return {
    kind: 's3',
    async put(key, body) {
      assertKey(key);
      const { s3, client } = await sdk();
      const { Upload } = await import('@aws-sdk/lib-storage');
      // One part in flight: memory stays at one 5 MB part whatever the file size.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: body }, queueSize: 1 });
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      assertKey(key);
      const { s3, client } = await sdk();
      try {
        const result = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return result.Body as Readable;
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { s3, client } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
