import { z } from 'zod';
import {
  AttachmentDto,
  AttachmentListQuery,
  AttachmentObjectQuery,
  CleanupResult,
  CreateAttachmentInput,
  DocumentSearchHit,
  DocumentSearchQuery,
  DownloadQuery,
  DownloadToken,
  FileDto,
  GenerateDownloadTokenQuery,
  MergeFilesInput,
  SetFileSizeLimitInput,
  SummaryResult,
  TenantStorageDto,
} from '../files/files.dto';
import { AudioTranscriptionInput, AudioTranscriptionResult, ExtractLoiInput, LoiData } from '../files/loi';
import { Uuid } from '../ids';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

const IdParams = z.object({ id: Uuid });
const tags = ['Files'];
const storageTags = ['Storage'];
const host = (permission: string) => ({ permission, hostOnly: true }) as const;

/** Upload, file details, download tokens and downloads, and the storage calls. */
export const FileEndpoints = {
  // The multipart parts are read one by one by the handler, so no body schema is declared.
  upload: endpoint({
    method: 'POST',
    path: '/api/app/files',
    consumes: ['multipart/form-data'],
    response: FileDto,
    access: { permission: Permissions.files.upload },
    summary: 'Upload a file (multipart: name, type, optional replaceFile, then file)',
    tags,
  }),
  getFile: endpoint({
    method: 'GET',
    path: '/api/app/files/:id',
    params: IdParams,
    response: FileDto,
    access: { permission: Permissions.files.read },
    summary: 'A file’s details',
    tags,
  }),
  generateDownloadToken: endpoint({
    method: 'POST',
    path: '/api/app/files/GenerateDownloadToken',
    query: GenerateDownloadTokenQuery,
    response: DownloadToken,
    access: { permission: Permissions.files.read },
    summary: 'A short-lived token to download the file without the bearer header (a new tab)',
    tags,
  }),
  // The file itself, opened by a browser tab or a plain fetch with the token in the query.
  download: endpoint({
    method: 'GET',
    path: '/api/app/files/download',
    query: DownloadQuery,
    access: { anonymous: true },
    summary: 'The file a download token names',
    tags,
  }),
  tenantStorage: endpoint({
    method: 'GET',
    path: '/api/app/file-manager/tenants',
    response: z.object({ items: z.array(TenantStorageDto), totalCount: z.number().int() }),
    access: host(Permissions.files.manageStorage),
    summary: 'Every tenant with its used storage and limit (host only)',
    tags: storageTags,
  }),
  setFileSizeLimit: endpoint({
    method: 'PUT',
    path: '/api/app/file-manager/setFileSizeLimit',
    body: SetFileSizeLimitInput,
    response: z.null(),
    status: 204,
    access: host(Permissions.files.manageStorage),
    summary: 'Set a tenant’s storage limit in GB (null: no limit; host only)',
    tags: storageTags,
  }),
  getTotalSize: endpoint({
    method: 'GET',
    path: '/api/app/file-manager/getTotalSize',
    response: z.object({ totalFileSizeInByte: z.number().int(), storageLimitInByte: z.number().int().nullable() }),
    access: { permission: Permissions.files.read },
    summary: 'The caller’s tenant: bytes stored and the limit',
    tags: storageTags,
  }),
};

const attachmentTags = ['Attachments'];
const read = { permission: Permissions.files.read } as const;
const write = { permission: Permissions.files.upload } as const;
const remove = { permission: Permissions.files.delete } as const;

/** The attachments of a record (case-modules.md §7). */
export const AttachmentEndpoints = {
  listAttachments: endpoint({
    method: 'GET',
    path: '/api/app/attachments',
    query: AttachmentListQuery,
    response: z.object({ items: z.array(AttachmentDto), totalCount: z.number().int() }),
    access: read,
    summary: 'The attachments of a record',
    tags: attachmentTags,
  }),
  documentSearch: endpoint({
    method: 'GET',
    path: '/api/app/attachments/documentSearch',
    query: DocumentSearchQuery,
    response: z.object({ items: z.array(DocumentSearchHit), totalCount: z.number().int() }),
    access: { permission: Permissions.files.documentSearch },
    summary: 'Documents whose text matches the keyword, with a highlighted snippet',
    tags: attachmentTags,
  }),
  getAttachment: endpoint({
    method: 'GET',
    path: '/api/app/attachments/:id',
    params: IdParams,
    response: AttachmentDto,
    access: read,
    summary: 'One attachment',
    tags: attachmentTags,
  }),
  createAttachment: endpoint({
    method: 'POST',
    path: '/api/app/attachments',
    body: CreateAttachmentInput,
    response: AttachmentDto,
    access: write,
    summary: 'Attach an uploaded file to a record',
    tags: attachmentTags,
  }),
  deleteAttachment: endpoint({
    method: 'DELETE',
    path: '/api/app/attachments/:id',
    params: IdParams,
    response: z.null(),
    status: 204,
    access: remove,
    summary: 'Remove an attachment',
    tags: attachmentTags,
  }),
  deleteAllAttachments: endpoint({
    method: 'DELETE',
    path: '/api/app/attachments',
    query: AttachmentObjectQuery,
    response: z.object({ removed: z.number().int() }),
    access: remove,
    summary: 'Remove All: every attachment of a record',
    tags: attachmentTags,
  }),
  cleanupAttachment: endpoint({
    method: 'POST',
    path: '/api/app/attachments/:id/cleanup',
    params: IdParams,
    response: CleanupResult,
    access: remove,
    summary: 'Clean up a file once: its bytes are removed, the record stays',
    tags: attachmentTags,
  }),
  summaryDocument: endpoint({
    method: 'POST',
    path: '/api/app/attachments/:id/summaryDocument',
    params: IdParams,
    response: SummaryResult,
    access: read,
    summary: 'An extractive summary of the document',
    tags: attachmentTags,
  }),
  extractLoiData: endpoint({
    method: 'POST',
    path: '/api/app/attachments/:id/extractLOIData',
    params: IdParams,
    // Optional: no body reads with the kept result.
    body: ExtractLoiInput.nullish(),
    response: LoiData,
    access: read,
    summary:
      "A letter of instruction's claimant, dates (birth, injury, report due) and questions, read on this server; kept until asked with disableCache",
    tags: attachmentTags,
  }),
  generateAudioTranscription: endpoint({
    method: 'POST',
    path: '/api/app/attachments/:id/generateAudioTranscription',
    params: IdParams,
    // Optional: no body lets the engine tell the language.
    body: AudioTranscriptionInput.nullish(),
    response: AudioTranscriptionResult,
    access: write,
    summary: 'The words of an audio attachment through the configured speech-to-text provider, kept on the attachment',
    tags: attachmentTags,
  }),
  mergeFiles: endpoint({
    method: 'POST',
    path: '/api/app/attachments/MergeFiles',
    body: MergeFilesInput,
    response: AttachmentDto,
    access: write,
    summary: 'Merge PDFs of one record into a new PDF attachment',
    tags: attachmentTags,
  }),
  // A zip file: no declared body.
  downloadAll: endpoint({
    method: 'POST',
    path: '/api/app/attachments/downloadAll',
    body: AttachmentObjectQuery,
    access: read,
    summary: 'Every file of a record as one zip',
    tags: attachmentTags,
  }),
  // The same as a GET, so a browser can save the zip as a plain download.
  downloadAllByLink: endpoint({
    method: 'GET',
    path: '/api/app/attachments/downloadAll',
    query: AttachmentObjectQuery,
    access: read,
    summary: 'Every file of a record as one zip',
    tags: attachmentTags,
  }),
};
