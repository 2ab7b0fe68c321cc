import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { MAGIC_HEAD_BYTES, contentMatchesExtension } from '@casebook/domain';

export type GuardFailure = 'tooLarge' | 'storageFull' | 'wrongContent';

/** Thrown into the upload stream when a rule stops it. */
export class UploadStopped extends Error {
  constructor(readonly reason: GuardFailure) {
    super(`upload stopped: ${reason}`);
  }
}

/**
 * Passes the bytes through while counting and hashing them. The head is held back until it is long
 * enough to tell the real type; a type that is not what the extension says, a file over the size limit
 * or over the storage left stops the stream. Memory: the head (4 kB) and one chunk at a time.
 */
export class UploadGuard extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;
  private readonly hash = createHash('sha256');

  constructor(
    private readonly extension: string,
    private readonly maxBytes: number,
    private readonly storageLeft: number,
  ) {
    super();
  }

  get sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new UploadStopped('tooLarge'));
    if (this.bytes > this.storageLeft) return callback(new UploadStopped('storageFull'));
    this.hash.update(chunk);
    if (this.checked) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < MAGIC_HEAD_BYTES) return callback();
    callback(this.releaseHead());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.checked) {
      const error = this.releaseHead();
      if (error) return callback(error);
    }
    callback();
  }

  private releaseHead(): Error | null {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.checked = true;
    if (!contentMatchesExtension(this.extension, head.subarray(0, MAGIC_HEAD_BYTES))) {
      return new UploadStopped('wrongContent');
    }
    this.push(head);
    return null;
  }
}
