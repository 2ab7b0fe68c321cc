import yazl from 'yazl';
import { uniqueEntryName } from './zip-names';
import type { Readable } from 'node:stream';
import {
  canDeleteFiles,
  isDemoAccount,
  UploadMessages,
  uuidv7,
  type AttachmentDto,
  type CreateAttachmentInput,
  type DocumentSearchHit,
  type LoiData,
  type TextStatus,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, forbidden, invalidField, notFound } from '../../platform/http/errors';
import { attachmentTargets, canSeeRecord } from './attachment-targets';
import { attachmentsRepository as repo, type AttachmentWithFile } from './attachments.repository';
import { filesRepository } from './files.repository';
import type { FilesService } from './files.service';
import { DocumentError, type DocumentProcessor } from './document-processor';
import { escapeHtml } from '../../platform/html';

/** Reads an audio file's words: the bytes, the file's name (its kind) and the language, if known. */
export type Transcriber = (audio: Uint8Array, fileName: string, language: string | null) => Promise<string>;

/** Documents a letter of instruction may come as. */
const LOI_EXTENSIONS = ['pdf', 'docx', 'txt', 'rtf'];
/** Recordings the speech-to-text provider takes. */
const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'wav', 'aac', 'ogg', 'flac', 'webm', 'mp4', 'mpeg', 'mpga'];
/** The providers' limit for one request (OpenAI's is 25 MB). */
const MAX_TRANSCRIPTION_BYTES = 25 * 1024 * 1024;

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

/**
 * Case attachments: link, list, remove, clean up, merge, summarise, download all, and document search.
 * A new attachment's text is pending in the same transaction that creates it; a background job reads it
 * (text-jobs.ts), so the work survives a restart and is retried on failure.
 */
export class AttachmentsService {
  private readonly database: Database;
  /** Called after an attachment with pending text commits (the relay hands it to the queue at once). */
  textQueued: () => void = () => undefined;

  constructor(
    private readonly files: FilesService,
    /** Parses the documents' bytes in workers with memory and time limits. */
    private readonly documents: DocumentProcessor,
    /** The speech-to-text provider; absent: transcription is not offered. */
    private readonly transcribe?: Transcriber,
  ) {
    this.database = files.database;
  }

  private refuseDemo(ctx: RequestContext): void {
    if (isDemoAccount(ctx.principal.roles, ctx.tenant.settings)) throw forbidden();
  }

  /** The record the caller names, or 404 when it does not exist or they may not see it. */
  private async visibleRecord(tx: Tx, ctx: RequestContext, q: { attachmentFrom: string; objectId: string }) {
    if (!(await canSeeRecord(tx, ctx, q.attachmentFrom, q.objectId))) throw notFound('The record');
  }

  /** An attachment whose record the caller may see (removed ones too, unless live is asked), else 404. */
  private async visibleAttachment(tx: Tx, ctx: RequestContext, id: string, live = false): Promise<AttachmentWithFile> {
    const row = await repo.get(tx, id);
    if (
      !row ||
      (live && row.attachment.status === 'removed') ||
      !(await canSeeRecord(tx, ctx, row.attachment.attachmentFrom, row.attachment.objectId))
    ) {
      throw notFound('The attachment');
    }
    return row;
  }

  async list(ctx: RequestContext, q: { attachmentFrom: string; objectId: string; includeRemoved?: string }) {
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.visibleRecord(tx, ctx, q);
      return repo.list(tx, { ...q, includeRemoved: q.includeRemoved === 'true' });
    });
    return { items: rows.map(toDto), totalCount: rows.length };
  }

  async get(ctx: RequestContext, id: string): Promise<AttachmentDto> {
    return toDto(await this.database.withTenant(ctx.tenant.id, (tx) => this.visibleAttachment(tx, ctx, id)));
  }

  /** Attaches an uploaded file to a record; its text is read in the background. */
  async create(ctx: RequestContext, input: CreateAttachmentInput): Promise<AttachmentDto> {
    this.refuseDemo(ctx);
    const id = uuidv7();
    const created = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const file = await filesRepository.get(tx, input.fileId);
      if (!file || file.isContentRemoved) throw invalidField('fileId', 'The file does not exist.');
      if (await repo.fileAttached(tx, file.id)) throw invalidField('fileId', 'The file is already attached.');
      const found = await attachmentTargets[input.attachmentFrom].describe(tx, ctx, [input.objectId]);
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
    this.textQueued();
    return toDto(created!);
  }

  /** Removes an attachment: status removed, its file deleted and its storage freed. */
  async delete(ctx: RequestContext, id: string): Promise<void> {
    this.refuseDemo(ctx);
    if (!canDeleteFiles(ctx.principal.roles)) throw forbidden();
    await this.files.withTenantThen(ctx.tenant.id, async (tx) => {
      await this.remove(ctx, tx, await this.visibleAttachment(tx, ctx, id, true));
    });
  }

  /** Remove All: every attachment of the record. */
  async deleteAll(ctx: RequestContext, q: { attachmentFrom: string; objectId: string }): Promise<{ removed: number }> {
    this.refuseDemo(ctx);
    if (!canDeleteFiles(ctx.principal.roles)) throw forbidden();
    return this.files.withTenantThen(ctx.tenant.id, async (tx) => {
      await this.visibleRecord(tx, ctx, q);
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
      const row = await this.visibleAttachment(tx, ctx, id, true);
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
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => this.visibleAttachment(tx, ctx, id, true));
    let text = row.attachment.textContent;
    if (row.attachment.textStatus === 'pending') {
      // Not read yet: read it now rather than make the caller wait for the queue (the job then finds it done).
      try {
        await this.extract(ctx.tenant.id, id, { final: false });
      } catch {
        throw businessRule('The document could not be read yet. Please try again later.');
      }
      text = (await this.database.withTenant(ctx.tenant.id, (tx) => repo.get(tx, id)))?.attachment.textContent ?? null;
    }
    if (!text) throw businessRule('The document has no text to summarise.');
    let summaryText: string;
    try {
      summaryText = await this.documents.summarize(text, 5);
    } catch (error) {
      if (error instanceof DocumentError) throw businessRule(`The document could not be summarised: ${error.message}`);
      throw error;
    }
    await this.database.withTenant(ctx.tenant.id, (tx) => repo.update(tx, id, { summaryText }));
    return { summaryText };
  }

  /**
   * What a letter of instruction says (claimant, dates, questions), read in a document worker on this
   * server and kept on the attachment; `disableCache` reads it again.
   */
  async extractLoiData(ctx: RequestContext, id: string, input: { disableCache: boolean }): Promise<LoiData> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => this.visibleAttachment(tx, ctx, id, true));
    if (row.attachment.loiData && !input.disableCache) return row.attachment.loiData;
    if (!LOI_EXTENSIONS.includes(row.file.extension)) {
      throw businessRule('A letter of instruction must be a PDF, Word or text document.');
    }
    if (row.attachment.isCleanup || row.file.isContentRemoved) throw businessRule('The file has been cleaned up.');
    let data: LoiData;
    try {
      data = await this.documents.extractLoi(await this.files.readAll(row.file), row.file.extension);
    } catch (error) {
      if (error instanceof DocumentError) throw businessRule(`The letter could not be read: ${error.message}`);
      throw error;
    }
    await this.database.withTenant(ctx.tenant.id, (tx) => repo.update(tx, id, { loiData: data }));
    return data;
  }

  /** The words of an audio attachment through the speech-to-text provider, kept on the attachment. */
  async generateAudioTranscription(
    ctx: RequestContext,
    id: string,
    language: string | null,
  ): Promise<{ transcript: string; language: string | null }> {
    this.refuseDemo(ctx);
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => this.visibleAttachment(tx, ctx, id, true));
    if (!this.transcribe) throw businessRule('Transcription is not set up on this server.');
    if (!AUDIO_EXTENSIONS.includes(row.file.extension)) throw businessRule('Only audio files can be transcribed.');
    if (row.attachment.isCleanup || row.file.isContentRemoved) throw businessRule('The file has been cleaned up.');
    if (row.file.sizeInBytes > MAX_TRANSCRIPTION_BYTES) {
      throw businessRule('The recording is larger than 25 MB and cannot be transcribed in one piece.');
    }
    let transcript: string;
    try {
      transcript = (await this.transcribe(await this.files.readAll(row.file), row.file.fileName, language)).trim();
    } catch {
      throw businessRule('The transcription service did not answer. Please try again later.');
    }
    await this.database.withTenant(ctx.tenant.id, async (tx) => {
      await repo.update(tx, id, { transcript, transcriptLanguage: language });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'Attachment',
        entityId: id,
        changeType: 'Updated',
        before: { transcriptLanguage: row.attachment.transcriptLanguage, hasTranscript: !!row.attachment.transcript },
        after: { transcriptLanguage: language, hasTranscript: true },
      });
    });
    return { transcript, language };
  }

  /** Merges PDFs of one record, in the order given, into a new PDF attachment of that record. */
  async mergeFiles(
    ctx: RequestContext,
    input: { attachmentIds: string[]; name: string; attachmentTypeId?: string | null | undefined },
  ): Promise<AttachmentDto> {
    this.refuseDemo(ctx);
    const ids = [...new Set(input.attachmentIds)];
    if (ids.length < 2) throw invalidField('attachmentIds', 'Choose at least two PDF files to merge.');
    const rows = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const found = await repo.getMany(tx, ids);
      const first = found[0]?.attachment;
      return first && (await canSeeRecord(tx, ctx, first.attachmentFrom, first.objectId)) ? found : [];
    });
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
    const pdfs: { fileName: string; bytes: Uint8Array }[] = [];
    for (const r of chosen) pdfs.push({ fileName: r.file.fileName, bytes: await this.files.readAll(r.file) });
    let merged: { bytes: Uint8Array; pages: number };
    try {
      merged = await this.documents.merge(pdfs);
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      throw businessRule(
        error.failure === 'unreadable' ? error.message : `The files could not be merged: ${error.message}`,
      );
    }
    const bytes = merged.bytes;
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
        numberOfPages: merged.pages,
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
    this.textQueued();
    return toDto(created!);
  }

  /**
   * A PDF made or fetched by the server (a signed document) stored as an attachment of a record, inside the
   * caller's transaction, audited; the attachment type named `typeName` when the tenant has it. Call
   * `textQueued()` after the transaction commits.
   */
  async attachGenerated(
    ctx: RequestContext,
    tx: Tx,
    input: {
      attachmentFrom: string;
      objectId: string;
      name: string;
      fileName: string;
      bytes: Uint8Array;
      typeName?: string;
    },
  ): Promise<string> {
    const { PDFDocument } = await import('pdf-lib');
    const pages = await PDFDocument.load(input.bytes, { updateMetadata: false })
      .then((d) => d.getPageCount())
      .catch(() => null);
    const file = await this.files.storeGenerated(ctx, tx, {
      name: input.name,
      fileName: input.fileName,
      bytes: input.bytes,
      numberOfPages: pages,
    });
    const attachmentTypeId = input.typeName ? await repo.attachmentTypeIdByName(tx, input.typeName) : null;
    const id = uuidv7();
    await repo.insert(tx, {
      tenantId: ctx.tenant.id,
      id,
      fileId: file.id,
      name: input.name,
      attachmentTypeId,
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
      after: { name: input.name, fileId: file.id, attachmentFrom: input.attachmentFrom, objectId: input.objectId },
    });
    return id;
  }

  /** Every stored file of a record as one zip, streamed. */
  async downloadAll(ctx: RequestContext, q: { attachmentFrom: string; objectId: string }): Promise<Readable> {
    this.refuseDemo(ctx);
    const rows = (
      await this.database.withTenant(ctx.tenant.id, async (tx) => {
        await this.visibleRecord(tx, ctx, q);
        return repo.list(tx, { ...q, includeRemoved: false });
      })
    ).filter((r) => !r.file.isContentRemoved);
    if (rows.length === 0) throw notFound('Files');
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    const add = async () => {
      for (const r of rows) {
        const body = await this.files.store.get(r.file.storageKey);
        if (body)
          zip.addReadStream(body, uniqueEntryName(r.file.fileName.replace(/[\\/]/g, '_'), used), { compress: false });
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
          ctx,
          rows.filter((r) => r.attachment_from === from).map((r) => r.object_id),
        );
        for (const [k, v] of found) names.set(k, v);
      }
      // Documents of records the caller may not see are left out (search is for office roles, who see all).
      const items: DocumentSearchHit[] = rows
        .filter((r) => names.has(r.object_id))
        .map((r) => ({
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

  /**
   * Reads the document's text and page count into the attachment, once: an attachment no longer pending
   * is left alone. Files over MAX_EXTRACT_BYTES, or that inflate past the zip limits, are not read
   * (tooLarge: not indexed). A document that cannot be read, or whose reading runs out of memory or time
   * in its worker, throws, to be retried, unless this is the final attempt: then its text and its status
   * are error.
   */
  async extract(tenantId: string, id: string, options: { final: boolean }): Promise<TextStatus | 'skipped'> {
    const row = await this.database.withTenant(tenantId, (tx) => repo.get(tx, id));
    if (!row || row.attachment.textStatus !== 'pending') return 'skipped';
    let status: TextStatus = 'none';
    let text: string | null = null;
    let pages: number | null = row.file.numberOfPages;
    if (row.file.isContentRemoved || row.attachment.status === 'removed') status = 'none';
    else if (row.file.sizeInBytes > MAX_EXTRACT_BYTES) status = 'tooLarge';
    else {
      try {
        const extracted = await this.documents.extract(await this.files.readAll(row.file), row.file.extension);
        text = extracted.text;
        pages = extracted.pages ?? pages;
        status = text === null ? 'none' : 'done';
      } catch (error) {
        // Too large once inflated is known for certain: reading it again would be refused again.
        if (error instanceof DocumentError && error.failure === 'tooLarge') status = 'tooLarge';
        else if (!options.final) throw error;
        else status = 'error';
      }
    }
    await this.database.withTenant(tenantId, async (tx) => {
      await repo.update(tx, id, { textContent: text, textStatus: status });
      if (status === 'error') await repo.markUnreadable(tx, id);
      if (pages !== row.file.numberOfPages) await filesRepository.update(tx, row.file.id, { numberOfPages: pages });
    });
    return status;
  }
}
