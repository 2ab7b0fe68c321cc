import { PDFDocument } from 'pdf-lib';
import yazl from 'yazl';
import type { Readable } from 'node:stream';
import {
  canDeleteFiles,
  isDemoAccount,
  summarizeText,
  UploadMessages,
  uuidv7,
  type AttachmentDto,
  type CreateAttachmentInput,
  type DocumentSearchHit,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, forbidden, invalidField, notFound } from '../../platform/http/errors';
import { attachmentTargets } from './attachment-targets';
import { attachmentsRepository as repo, type AttachmentWithFile } from './attachments.repository';
import { filesRepository } from './files.repository';
import type { FilesService } from './files.service';
import { extractDocumentText } from './text-extraction';

/** Files over this size are not read for text (the bytes would be held in memory to parse). */
export const MAX_EXTRACT_BYTES = 50 * 1024 * 1024;

function toDto({ attachment: a, file: f, type }: AttachmentWithFile): AttachmentDto {
  return {
    id: a.id,
    fileId: a.fileId,
    name: a.name,
    fileName: f.fileName,
    type: f.extension,
    attachmentTypeId: a.attachmentTypeId,
    attachmentType: type,
    attachmentFrom: a.attachmentFrom,
    objectId: a.objectId,
    numberOfPages: f.numberOfPages,
    fileSizeInByte: f.sizeInBytes,
    isCleanup: a.isCleanup,
    summaryText: a.summaryText,
    status: a.status,
    textStatus: a.textStatus,
    notSave: false,
    creationTime: a.creationTime.toISOString(),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Case attachments: link, list, remove, clean up, merge, summarise, download all, and document search.
 * Text is extracted after the attachment is committed, one document at a time, in this process.
 */
export class AttachmentsService {
  private readonly database: Database;
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly files: FilesService) {
    this.database = files.database;
  }

  private refuseDemo(ctx: RequestContext): void {
    if (isDemoAccount(ctx.principal.roles, ctx.tenant.settings)) throw forbidden();
  }

  async list(ctx: RequestContext, q: { attachmentFrom: string; objectId: string; includeRemoved?: string }) {
    const rows = await this.database.withTenant(ctx.tenant.id, (tx) =>
      repo.list(tx, { ...q, includeRemoved: q.includeRemoved === 'true' }),
    );
    return { items: rows.map(toDto), totalCount: rows.length };
  }

  async get(ctx: RequestContext, id: string): Promise<AttachmentDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => repo.get(tx, id));
    if (!row) throw notFound('The attachment');
    return toDto(row);
  }

  /** Attaches an uploaded file to a record; its text is read in the background. */
  async create(ctx: RequestContext, input: CreateAttachmentInput): Promise<AttachmentDto> {
    this.refuseDemo(ctx);
    const id = uuidv7();
    const created = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const file = await filesRepository.get(tx, input.fileId);
      if (!file || file.isContentRemoved) throw invalidField('fileId', 'The file does not exist.');
      if (await repo.fileAttached(tx, file.id)) throw invalidField('fileId', 'The file is already attached.');
      const found = await attachmentTargets[input.attachmentFrom].describe(tx, [input.objectId]);
      if (!found.has(input.objectId)) throw invalidField('objectId', 'The record does not exist.');
      if (input.attachmentTypeId && !(await repo.attachmentTypeExists(tx, input.attachmentTypeId))) {
        throw invalidField('attachmentTypeId', 'The attachment type does not exist.');
      }
      const row = await repo.insert(tx, {
        tenantId: ctx.tenant.id,
        id,
        fileId: file.id,
        name: input.name ?? file.name,
        attachmentTypeId: input.attachmentTypeId ?? null,
        attachmentFrom: input.attachmentFrom,
        objectId: input.objectId,
        status: 'done',
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Attachment',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { name: row.name, fileId: row.fileId, attachmentFrom: row.attachmentFrom, objectId: row.objectId },
      });
      return repo.get(tx, id);
    });
    this.extractLater(ctx.tenant.id, id);
    return toDto(created!);
  }

  /** Removes an attachment: status removed, its file deleted and its storage freed. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    this.refuseDemo(ctx);
    if (!canDeleteFiles(ctx.principal.roles)) throw forbidden();
    await this.files.withTenantThen(ctx.tenant.id, async (tx) => {
      const row = await repo.get(tx, id);
      if (!row || row.attachment.status === 'removed') throw notFound('The attachment');
      await this.remove(ctx, tx, row);
    });
  }

  /** Remove All: every attachment of the record. */
  async deleteAll(ctx: RequestContext, q: { attachmentFrom: string; objectId: string }): Promise<{ removed: number }> {
    this.refuseDemo(ctx);
    if (!canDeleteFiles(ctx.principal.roles)) throw forbidden();
    return this.files.withTenantThen(ctx.tenant.id, async (tx) => {
      const rows = await repo.list(tx, { ...q, includeRemoved: false });
      for (const row of rows) await this.remove(ctx, tx, row);
      return { removed: rows.length };
    });
  }

  private async remove(ctx: RequestContext, tx: Tx, row: AttachmentWithFile) {
    await repo.update(tx, row.attachment.id, {
      status: 'removed',
      lastModificationTime: new Date(),
      lastModifierId: ctx.principal.userId,
    });
    await recordEntityChange(tx, ctx.actor, {
      entityType: 'Attachment',
      entityId: row.attachment.id,
      changeType: 'Updated',
      before: { status: row.attachment.status },
      after: { status: 'removed' },
    });
    await this.files.removeFile(ctx, tx, row.file);
  }

  /** Cleans up once: the stored bytes go, the record, text and summary stay. A second call changes nothing. */
  async cleanup(ctx: RequestContext, id: string): Promise<{ changed: boolean; message: string }> {
    this.refuseDemo(ctx);
    return this.files.withTenantThen(ctx.tenant.id, async (tx) => {
      const row = await repo.get(tx, id);
      if (!row || row.attachment.status === 'removed') throw notFound('The attachment');
      if (!(await repo.markCleanedUp(tx, id, ctx.principal.userId))) {
        return { changed: false, message: UploadMessages.alreadyCleanedUp };
      }
      await this.files.removeContent(tx, row.file);
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Attachment',
        entityId: id,
        changeType: 'Updated',
        before: { isCleanup: false },
        after: { isCleanup: true },
      });
      return { changed: true, message: UploadMessages.cleanedUp };
    });
  }

  /** An extractive summary of the document's text, kept on the attachment. */
  async summaryDocument(ctx: RequestContext, id: string): Promise<{ summaryText: string }> {
    let row = await this.database.withTenant(ctx.tenant.id, (tx) => repo.get(tx, id));
    if (!row || row.attachment.status === 'removed') throw notFound('The attachment');
    if (row.attachment.textStatus === 'pending') {
      await this.extract(ctx.tenant.id, id);
      row = await this.database.withTenant(ctx.tenant.id, (tx) => repo.get(tx, id));
    }
    const text = row!.attachment.textContent;
    if (!text) throw businessRule('The document has no text to summarise.');
    const summaryText = summarizeText(text, 5);
    await this.database.withTenant(ctx.tenant.id, (tx) => repo.update(tx, id, { summaryText }));
    return { summaryText };
  }

  /** Merges PDFs of one record, in the order given, into a new PDF attachment of that record. */
  async mergeFiles(
    ctx: RequestContext,
    input: { attachmentIds: string[]; name: string; attachmentTypeId?: string | null | undefined },
  ): Promise<AttachmentDto> {
    this.refuseDemo(ctx);
    const ids = [...new Set(input.attachmentIds)];
    if (ids.length < 2) throw invalidField('attachmentIds', 'Choose at least two PDF files to merge.');
    const rows = await this.database.withTenant(ctx.tenant.id, (tx) => repo.getMany(tx, ids));
    const byId = new Map(rows.map((r) => [r.attachment.id, r]));
    const ordered = ids.map((id) => byId.get(id));
    if (ordered.some((r) => !r || r.attachment.status === 'removed' || r.file.isContentRemoved)) {
      throw invalidField('attachmentIds', 'An attachment does not exist.');
    }
    const chosen = ordered as AttachmentWithFile[];
    if (chosen.some((r) => r.file.extension !== 'pdf'))
      throw invalidField('attachmentIds', 'Only PDF files can be merged.');
    const first = chosen[0]!.attachment;
    if (
      chosen.some(
        (r) => r.attachment.attachmentFrom !== first.attachmentFrom || r.attachment.objectId !== first.objectId,
      )
    ) {
      throw invalidField('attachmentIds', 'The files must belong to the same record.');
    }
    const merged = await PDFDocument.create();
    for (const r of chosen) {
      let source: PDFDocument;
      try {
        source = await PDFDocument.load(await this.files.readAll(r.file), { ignoreEncryption: true });
      } catch {
        throw businessRule(`${r.file.fileName} could not be read as a PDF.`);
      }
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
    }
    const bytes = await merged.save();
    const fileName = /\.pdf$/i.test(input.name) ? input.name : `${input.name}.pdf`;
    const id = uuidv7();
    const created = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      if (input.attachmentTypeId && !(await repo.attachmentTypeExists(tx, input.attachmentTypeId))) {
        throw invalidField('attachmentTypeId', 'The attachment type does not exist.');
      }
      const file = await this.files.storeGenerated(ctx, tx, {
        name: input.name,
        fileName,
        bytes,
        numberOfPages: merged.getPageCount(),
      });
      await repo.insert(tx, {
        tenantId: ctx.tenant.id,
        id,
        fileId: file.id,
        name: input.name,
        attachmentTypeId: input.attachmentTypeId ?? first.attachmentTypeId,
        attachmentFrom: first.attachmentFrom,
        objectId: first.objectId,
        status: 'done',
        creatorId: ctx.principal.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Attachment',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { name: input.name, mergedFrom: ids.join(',') },
      });
      return repo.get(tx, id);
    });
    this.extractLater(ctx.tenant.id, id);
    return toDto(created!);
  }

  /** Every stored file of a record as one zip, streamed. */
  async downloadAll(ctx: RequestContext, q: { attachmentFrom: string; objectId: string }): Promise<Readable> {
    this.refuseDemo(ctx);
    const rows = (
      await this.database.withTenant(ctx.tenant.id, (tx) => repo.list(tx, { ...q, includeRemoved: false }))
    ).filter((r) => !r.file.isContentRemoved);
    if (rows.length === 0) throw notFound('Files');
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    const unique = (name: string) => {
      let candidate = name;
      for (let n = 2; used.has(candidate.toLowerCase()); n++) {
        const dot = name.lastIndexOf('.');
        candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
      }
      used.add(candidate.toLowerCase());
      return candidate;
    };
    const add = async () => {
      for (const r of rows) {
        const body = await this.files.store.get(r.file.storageKey);
        if (body) zip.addReadStream(body, unique(r.file.fileName.replace(/[\\/]/g, '_')), { compress: false });
      }
      zip.end();
    };
    void add().catch((error: unknown) => (zip.outputStream as unknown as Readable).destroy(error as Error));
    return zip.outputStream as unknown as Readable;
  }

  /** Documents whose text or name matches the keyword, with the record and a marked snippet. */
  async documentSearch(ctx: RequestContext, q: { keyword: string; maxResultCount: number; skipCount: number }) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await repo.search(tx, q.keyword, q.maxResultCount, q.skipCount);
      const names = new Map<string, { caseNo: string | null; label: string }>();
      const froms = [...new Set(rows.map((r) => r.attachment_from))];
      for (const from of froms) {
        const target = attachmentTargets[from as keyof typeof attachmentTargets];
        if (!target) continue;
        const found = await target.describe(
          tx,
          rows.filter((r) => r.attachment_from === from).map((r) => r.object_id),
        );
        for (const [k, v] of found) names.set(k, v);
      }
      const items: DocumentSearchHit[] = rows.map((r) => ({
        id: r.id,
        fileId: r.file_id,
        name: r.name,
        fileName: r.file_name,
        attachmentFrom: r.attachment_from,
        objectId: r.object_id,
        caseNo: names.get(r.object_id)?.caseNo ?? null,
        objectName: names.get(r.object_id)?.caseNo ?? names.get(r.object_id)?.label ?? null,
        attachmentType: r.type_name,
        snippet: escapeHtml(r.snippet).replaceAll(repo.MARK_START, '<mark>').replaceAll(repo.MARK_END, '</mark>'),
        creationTime: new Date(r.creation_time).toISOString(),
      }));
      return { items, totalCount: rows.length > 0 ? Number(rows[0]!.total) : 0 };
    });
  }

  /** Queues text extraction after the commit; one document at a time keeps memory and CPU bounded. */
  extractLater(tenantId: string, id: string): void {
    this.waiting += 1;
    this.queue = this.queue
      .then(() => this.extract(tenantId, id))
      .catch(() => undefined)
      .finally(() => {
        this.waiting -= 1;
      });
  }

  /** Resolves when no extraction is queued (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.waiting > 0) await this.queue;
  }

  /** Reads the document's text and page count into the attachment (once; later calls do nothing). */
  async extract(tenantId: string, id: string): Promise<void> {
    const row = await this.database.withTenant(tenantId, (tx) => repo.get(tx, id));
    if (!row || row.attachment.textStatus !== 'pending') return;
    let status: 'done' | 'none' | 'error' = 'none';
    let text: string | null = null;
    let pages: number | null = row.file.numberOfPages;
    if (!row.file.isContentRemoved && row.file.sizeInBytes <= MAX_EXTRACT_BYTES) {
      try {
        const extracted = await extractDocumentText(await this.files.readAll(row.file), row.file.extension);
        text = extracted.text;
        pages = extracted.pages ?? pages;
        status = text === null ? 'none' : 'done';
      } catch {
        status = 'error';
      }
    }
    await this.database.withTenant(tenantId, async (tx) => {
      await repo.update(tx, id, { textContent: text, textStatus: status });
      if (pages !== row.file.numberOfPages) await filesRepository.update(tx, row.file.id, { numberOfPages: pages });
    });
  }
}
