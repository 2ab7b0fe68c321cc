import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import { SignJWT, jwtVerify, importJWK, type CryptoKey } from 'jose';
import {
  allowedExtensions,
  bytesToGb,
  BYTES_PER_MB,
  checkExtension,
  contentTypeOf,
  DEFAULT_UPLOAD_LIMIT_MB,
  extensionOf,
  gbToBytes,
  isDemoAccount,
  UploadFields,
  UploadMessages,
  uuidv7,
  type FileDto,
  type TenantStorageDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { AppError, businessRule, forbidden, invalidField, notFound } from '../../platform/http/errors';
import { visibleRecords } from '../../platform/access/records';
import './files.access';
import { findInvalidText, INVALID_TEXT_MESSAGE, isInvalidText } from '../../platform/http/text-input';
import type { FileStore } from '../../platform/files/file-store';
import { SIGNING_ALGORITHM, type SigningKey } from '../../platform/auth/signing-keys';
import { filesRepository as repo, type FileRow } from './files.repository';
import { UploadGuard, UploadStopped } from './upload-guard';

const DOWNLOAD_AUDIENCE = 'casebook-file-download';
/** Download tokens are short-lived: long enough to open a new tab, not to be passed around. */
export const DOWNLOAD_TOKEN_SECONDS = 300;

export function toFileDto(row: FileRow): FileDto {
  return {
    id: row.id,
    name: row.name,
    fileName: row.fileName,
    contentType: row.contentType,
    fileSizeInByte: row.sizeInBytes,
    numberOfPages: row.numberOfPages,
    creationTime: row.creationTime.toISOString(),
  };
}

export type FilesOptions = {
  database: Database;
  store: FileStore;
  signingKey: SigningKey;
  issuer: string;
  /** Maximum size of one file in MB (100 by default). */
  maxUploadMb?: number;
};

/** Uploads, downloads, download tokens and per-tenant storage. */
export class FilesService {
  readonly database: Database;
  readonly store: FileStore;
  readonly maxUploadMb: number;
  private readonly verifyKey: Promise<CryptoKey>;

  constructor(private readonly options: FilesOptions) {
    this.database = options.database;
    this.store = options.store;
    this.maxUploadMb = options.maxUploadMb ?? DEFAULT_UPLOAD_LIMIT_MB;
    this.verifyKey = importJWK(options.signingKey.publicJwk, SIGNING_ALGORITHM) as Promise<CryptoKey>;
  }

  /**
   * Reads a multipart upload: text fields first, then one part named file. The file streams through
   * the guard into the store; only when it is wholly stored is its row written, with the storage
   * usage, in one transaction. Any failure removes the stored bytes, so nothing is left behind. The
   * request is always read to its end before answering, so the client gets the answer.
   */
  async upload(ctx: RequestContext, parts: AsyncIterableIterator<Multipart>): Promise<FileDto> {
    if (isDemoAccount(ctx.principal.roles, ctx.tenant.settings)) throw forbidden();
    const fields: Record<string, string> = {};
    let failure: unknown;
    let stored: StoredUpload | undefined;
    let seenFile = false;
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!failure && !seenFile) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (failure || seenFile || part.fieldname !== 'file') {
        failure ??= seenFile
          ? invalidField('file', UploadMessages.onlyOne)
          : invalidField(part.fieldname, `Unknown field(s): ${part.fieldname}`);
        await drain(part.file);
        continue;
      }
      seenFile = true;
      try {
        stored = await this.storeUpload(ctx, fields, part);
      } catch (error) {
        failure = error;
        await drain(part.file);
      }
    }
    if (failure) {
      if (stored) await this.store.delete(stored.key).catch(() => undefined);
      throw failure;
    }
    if (!stored) throw invalidField('file', 'This field is required');
    return this.commitUpload(ctx, stored);
  }

  /** Streams the file part into the store; the row is written only once the whole request has been read. */
  private async storeUpload(
    ctx: RequestContext,
    raw: Record<string, string>,
    part: MultipartFile,
  ): Promise<StoredUpload> {
    // Multipart fields and the file name are read here, past the hook that checks JSON bodies.
    const badText = findInvalidText(raw);
    if (badText) throw invalidField(badText.join('.'), INVALID_TEXT_MESSAGE);
    const parsed = UploadFields.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const member = issue.path.length > 0 ? issue.path.join('.') : String((issue as { keys?: string[] }).keys?.[0]);
      throw invalidField(member, issue.message);
    }
    const fields = parsed.data;
    const fileName = (part.filename ?? '').split(/[\\/]/).pop()!.trim();
    if (!fileName) throw invalidField('file', 'This field is required');
    if (isInvalidText(fileName)) throw invalidField('file', INVALID_TEXT_MESSAGE);
    const allowed = allowedExtensions(fields.type);
    const extensionProblem = checkExtension(fileName, allowed);
    if (extensionProblem) throw invalidField('file', extensionProblem);
    const extension = extensionOf(fileName);
    const tenantId = ctx.tenant.id;

    let replacing: FileRow | undefined;
    if (fields.replaceFile) {
      replacing = await this.visibleFile(ctx, fields.replaceFile);
      if (!replacing) throw invalidField('replaceFile', 'The file to replace does not exist.');
    }
    const storage = await this.database.withTenant(tenantId, (tx) => repo.storage(tx, tenantId));
    const storageLeft =
      storage.limitBytes === null
        ? Number.MAX_SAFE_INTEGER
        : storage.limitBytes - storage.usedBytes + (replacing?.sizeInBytes ?? 0);
    if (storageLeft <= 0) throw businessRule(UploadMessages.storageFull(bytesToGb(storage.limitBytes ?? 0)));

    const id = uuidv7();
    const key = `${tenantId}/${id}`;
    const guard = new UploadGuard(extension, this.maxUploadMb * BYTES_PER_MB, storageLeft);
    // The store may attach its own listeners only after an await; a refusal before then is kept, not thrown.
    guard.on('error', () => undefined);
    part.file.pipe(guard);
    try {
      await this.store.put(key, guard);
    } catch (error) {
      part.file.unpipe(guard);
      throw this.uploadError(error, fileName, allowed, storage.limitBytes);
    }
    return {
      key,
      id,
      size: guard.bytes,
      sha256: guard.sha256,
      fileName,
      extension,
      name: fields.name ?? fileName,
      replacing,
      limitBytes: storage.limitBytes,
    };
  }

  private async commitUpload(ctx: RequestContext, upload: StoredUpload): Promise<FileDto> {
    const { key, id, size, sha256, fileName, extension, replacing } = upload;
    const tenantId = ctx.tenant.id;
    try {
      return await this.withTenantThen(tenantId, async (tx) => {
        if (replacing) await this.removeFile(ctx, tx, replacing);
        if (!(await repo.addUsage(tx, tenantId, size))) {
          throw businessRule(UploadMessages.storageFull(bytesToGb(upload.limitBytes ?? 0)));
        }
        const row = await repo.insert(tx, {
          tenantId,
          id,
          name: upload.name,
          fileName,
          extension,
          contentType: contentTypeOf(extension),
          sizeInBytes: size,
          sha256,
          storageKey: key,
          creatorId: ctx.principal.userId,
          concurrencyStamp: uuidv7(),
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'File',
          entityId: id,
          changeType: 'Created',
          before: null,
          after: { name: row.name, fileName, sizeInBytes: size },
        });
        return toFileDto(row);
      });
    } catch (error) {
      await this.store.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** 413 with the spec's message, naming the file field. */
  tooLarge(): AppError {
    const message = UploadMessages.tooLarge(this.maxUploadMb);
    return new AppError('Casebook:PayloadTooLarge', message, [{ message, members: ['file'] }]);
  }

  private uploadError(error: unknown, fileName: string, allowed: readonly string[], limit: number | null): unknown {
    if (!(error instanceof UploadStopped)) {
      return new AppError('Casebook:Internal', UploadMessages.failed(fileName), undefined, String(error));
    }
    switch (error.reason) {
      case 'tooLarge':
        return this.tooLarge();
      case 'storageFull':
        return businessRule(UploadMessages.storageFull(bytesToGb(limit ?? 0)));
      case 'wrongContent':
        return invalidField('file', UploadMessages.onlyAccepted(allowed));
    }
  }

  /** Marks a file deleted and frees its bytes and its share of the tenant's storage, in the caller's transaction. */
  async removeFile(ctx: RequestContext, tx: Tx, row: FileRow): Promise<void> {
    await repo.update(tx, row.id, {
      isDeleted: true,
      deleterId: ctx.principal.userId,
      deletionTime: new Date(),
      isContentRemoved: true,
    });
    if (!row.isContentRemoved) await repo.releaseUsage(tx, row.tenantId, row.sizeInBytes);
    await recordEntityChange(tx, ctx.actor, {
      entityType: 'File',
      entityId: row.id,
      changeType: 'Deleted',
      before: null,
      after: null,
    });
    // The bytes go once the transaction has committed; a crash in between leaves an unreferenced blob, never a row without bytes.
    this.afterCommit(tx, () => this.store.delete(row.storageKey));
  }

  /** Removes a file's bytes but keeps its row (cleanup); frees its storage. */
  async removeContent(tx: Tx, row: FileRow): Promise<void> {
    if (row.isContentRemoved) return;
    await repo.update(tx, row.id, { isContentRemoved: true });
    await repo.releaseUsage(tx, row.tenantId, row.sizeInBytes);
    this.afterCommit(tx, () => this.store.delete(row.storageKey));
  }

  private pending = new WeakMap<Tx, (() => Promise<void>)[]>();
  /** Work to run after the transaction commits (see withTenantThen). */
  afterCommit(tx: Tx, work: () => Promise<void>): void {
    const list = this.pending.get(tx);
    if (list) list.push(work);
    else this.pending.set(tx, [work]);
  }

  /** withTenant, then the after-commit work registered in it (store deletions). */
  async withTenantThen<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    let work: (() => Promise<void>)[] = [];
    const result = await this.database.withTenant(tenantId, async (tx) => {
      const value = await fn(tx);
      work = this.pending.get(tx) ?? [];
      return value;
    });
    for (const w of work) await w().catch(() => undefined);
    return result;
  }

  /** The tenant's file if the caller may see it. */
  private async visibleFile(ctx: RequestContext, id: string): Promise<FileRow | undefined> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await repo.get(tx, id);
      // A file attached to a record is seen only by those who see the record (the access registry's rule).
      return row && (await visibleRecords(tx, ctx, 'file', [id])).has(id) ? row : undefined;
    });
  }

  async get(ctx: RequestContext, id: string): Promise<FileDto> {
    const row = await this.visibleFile(ctx, id);
    if (!row) throw notFound('The file');
    return toFileDto(row);
  }

  /** A short-lived token naming the tenant and file; the download call needs nothing else. */
  async generateDownloadToken(ctx: RequestContext, fileId: string): Promise<{ token: string; expiresIn: number }> {
    const row = await this.visibleFile(ctx, fileId);
    if (!row || row.isContentRemoved) throw notFound('The file');
    const token = await new SignJWT({ tid: ctx.tenant.id, fid: fileId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.options.signingKey.kid })
      .setIssuer(this.options.issuer)
      .setAudience(DOWNLOAD_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${DOWNLOAD_TOKEN_SECONDS}s`)
      .sign(this.options.signingKey.privateKey);
    return { token, expiresIn: DOWNLOAD_TOKEN_SECONDS };
  }

  /** The file a download token names, with its bytes; 404 for a bad, expired or foreign token. */
  async openByToken(token: string): Promise<{ row: FileRow; body: Readable }> {
    let tid: string;
    let fid: string;
    try {
      const { payload } = await jwtVerify(token, await this.verifyKey, {
        audience: DOWNLOAD_AUDIENCE,
        issuer: this.options.issuer,
        algorithms: [SIGNING_ALGORITHM],
      });
      tid = String(payload.tid);
      fid = String(payload.fid);
    } catch {
      throw new AppError('Casebook:NotFound', 'The link you followed is invalid or expired');
    }
    return this.open(tid, fid);
  }

  async open(tenantId: string, fileId: string): Promise<{ row: FileRow; body: Readable }> {
    const row = await this.database.withTenant(tenantId, (tx) => repo.get(tx, fileId));
    if (!row || row.isContentRemoved) throw notFound('The file');
    const body = await this.store.get(row.storageKey);
    if (!body) throw notFound('The file');
    return { row, body };
  }

  /** The whole content of a stored file (for text extraction and merging: bounded by the upload limit). */
  async readAll(row: FileRow): Promise<Buffer> {
    const body = await this.store.get(row.storageKey);
    if (!body) throw notFound('The file');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Stores bytes made on the server (a merged PDF) as a new file of the tenant. */
  async storeGenerated(
    ctx: RequestContext,
    tx: Tx,
    input: { name: string; fileName: string; bytes: Uint8Array; numberOfPages: number | null },
  ): Promise<FileRow> {
    const id = uuidv7();
    const key = `${ctx.tenant.id}/${id}`;
    const size = input.bytes.length;
    if (!(await repo.addUsage(tx, ctx.tenant.id, size))) {
      const storage = await repo.storage(tx, ctx.tenant.id);
      throw businessRule(UploadMessages.storageFull(bytesToGb(storage.limitBytes ?? 0)));
    }
    const { Readable } = await import('node:stream');
    await this.store.put(key, Readable.from([Buffer.from(input.bytes)]));
    const { createHash } = await import('node:crypto');
    const extension = extensionOf(input.fileName);
    try {
      return await repo.insert(tx, {
        tenantId: ctx.tenant.id,
        id,
        name: input.name,
        fileName: input.fileName,
        extension,
        contentType: contentTypeOf(extension),
        sizeInBytes: size,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storageKey: key,
        numberOfPages: input.numberOfPages,
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
    } catch (error) {
      await this.store.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** Every tenant's usage and limit (host storage screen). */
  async tenantStorage(): Promise<{ items: TenantStorageDto[]; totalCount: number }> {
    const rows = await this.database.withSystem((tx) => repo.allStorage(tx));
    const items = rows.map((r) => ({
      tenantId: r.tenantId,
      tenantName: r.tenantName,
      totalFileSizeInByte: r.usedBytes,
      totalFileSizeInGB: bytesToGb(r.usedBytes),
      storageLimitInGB: r.limitBytes === null ? null : Math.round((r.limitBytes / 1024 ** 3) * 100) / 100,
    }));
    return { items, totalCount: items.length };
  }

  async setFileSizeLimit(ctx: RequestContext, tenantId: string, limitGb: number | null): Promise<void> {
    await this.database.withSystem(async (tx) => {
      if (!(await repo.tenantExists(tx, tenantId))) throw notFound('The tenant');
      await repo.setLimit(tx, tenantId, limitGb === null ? null : gbToBytes(limitGb));
      await recordEntityChange(
        tx,
        { ...ctx.actor, tenantId },
        {
          entityType: 'TenantStorage',
          entityId: tenantId,
          changeType: 'Updated',
          before: null,
          after: { storageLimitInGB: limitGb },
        },
      );
    });
  }

  async totalSize(ctx: RequestContext): Promise<{ totalFileSizeInByte: number; storageLimitInByte: number | null }> {
    const s = await this.database.withTenant(ctx.tenant.id, (tx) => repo.storage(tx, ctx.tenant.id));
    return { totalFileSizeInByte: s.usedBytes, storageLimitInByte: s.limitBytes };
  }
}

type StoredUpload = {
  key: string;
  id: string;
  size: number;
  sha256: string;
  fileName: string;
  extension: string;
  name: string;
  replacing: FileRow | undefined;
  limitBytes: number | null;
};

/** Reads a stream to its end, discarding it (what is left of a refused part). */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await Promise.race([once(stream, 'end'), once(stream, 'close')]).catch(() => undefined);
}
