import { z } from 'zod';
import { Uuid } from '../ids';
import { UploadKinds } from './upload-rules';

/** A stored file as the API shows it. */
export const FileDto = z.object({
  id: Uuid,
  name: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  fileSizeInByte: z.number().int(),
  numberOfPages: z.number().int().nullable(),
  creationTime: z.string(),
});
export type FileDto = z.infer<typeof FileDto>;

/** Multipart text fields of an upload (the file part comes after them). */
export const UploadFields = z.strictObject({
  name: z.string().trim().min(1).max(255).optional(),
  type: z.enum(UploadKinds).default('any'),
  replaceFile: Uuid.optional(),
  tenantId: Uuid.optional(),
});
export type UploadFields = z.infer<typeof UploadFields>;

export const DownloadToken = z.object({ token: z.string(), expiresIn: z.number().int() });
export type DownloadToken = z.infer<typeof DownloadToken>;

export const GenerateDownloadTokenQuery = z.strictObject({ fileId: Uuid });
export const DownloadQuery = z.strictObject({ token: z.string().min(1).max(4000) });
export const DownloadAllInput = z.strictObject({ fileIds: z.array(Uuid).min(1).max(500) });

export const AttachmentStatuses = ['done', 'error', 'removed'] as const;
export type AttachmentStatus = (typeof AttachmentStatuses)[number];
/**
 * A document's text: pending (queued to be read), done, none (a kind without text, or its bytes cleaned
 * up), tooLarge (over the size read for text: not indexed), error (could not be read after retries).
 */
export const TextStatuses = ['pending', 'done', 'none', 'tooLarge', 'error'] as const;
export type TextStatus = (typeof TextStatuses)[number];

/** An attachment: a file linked to a record (a case) of a module. */
export const AttachmentDto = z.object({
  id: Uuid,
  fileId: Uuid,
  name: z.string(),
  fileName: z.string(),
  type: z.string(),
  attachmentTypeId: Uuid.nullable(),
  attachmentType: z.object({ id: Uuid, name: z.string() }).nullable(),
  attachmentFrom: z.string(),
  objectId: Uuid,
  numberOfPages: z.number().int().nullable(),
  fileSizeInByte: z.number().int(),
  isCleanup: z.boolean(),
  summaryText: z.string().nullable(),
  status: z.enum(AttachmentStatuses),
  textStatus: z.enum(TextStatuses),
  notSave: z.boolean(),
  creationTime: z.string(),
});
export type AttachmentDto = z.infer<typeof AttachmentDto>;

/** Modules attachments may belong to (IME: an assessment case); the record must exist and be visible to the caller. */
export const AttachmentFroms = ['Client', 'Specialist', 'Company', 'IME'] as const;

export const CreateAttachmentInput = z.strictObject({
  fileId: Uuid,
  attachmentFrom: z.enum(AttachmentFroms),
  objectId: Uuid,
  attachmentTypeId: Uuid.nullable().optional(),
  name: z.string().trim().min(1).max(255).optional(),
});
export type CreateAttachmentInput = z.infer<typeof CreateAttachmentInput>;

export const AttachmentObjectQuery = z.strictObject({
  attachmentFrom: z.enum(AttachmentFroms),
  objectId: Uuid,
});

export const AttachmentListQuery = z.strictObject({
  attachmentFrom: z.enum(AttachmentFroms),
  objectId: Uuid,
  includeRemoved: z.enum(['true', 'false']).optional(),
});

export const MergeFilesInput = z.strictObject({
  attachmentIds: z.array(Uuid).min(2).max(100),
  name: z.string().trim().min(1).max(255),
  attachmentTypeId: Uuid.nullable().optional(),
});

export const CleanupResult = z.object({ changed: z.boolean(), message: z.string() });
export const SummaryResult = z.object({ summaryText: z.string() });

export const DocumentSearchQuery = z.strictObject({
  keyword: z.string().trim().min(1).max(200),
  maxResultCount: z.coerce.number().int().min(1).max(100).default(20),
  skipCount: z.coerce.number().int().min(0).default(0),
});

/** One document search hit; the snippet marks matches with <mark>…</mark> and is otherwise plain text. */
export const DocumentSearchHit = z.object({
  id: Uuid,
  fileId: Uuid,
  name: z.string(),
  fileName: z.string(),
  attachmentFrom: z.string(),
  objectId: Uuid,
  caseNo: z.string().nullable(),
  /** The record the document belongs to: its case number, else its name. */
  objectName: z.string().nullable(),
  attachmentType: z.string().nullable(),
  snippet: z.string(),
  creationTime: z.string(),
});
export type DocumentSearchHit = z.infer<typeof DocumentSearchHit>;

/** A tenant's storage row on the host storage screen. */
export const TenantStorageDto = z.object({
  tenantId: Uuid,
  tenantName: z.string(),
  totalFileSizeInByte: z.number().int(),
  totalFileSizeInGB: z.number(),
  storageLimitInGB: z.number().nullable(),
});
export type TenantStorageDto = z.infer<typeof TenantStorageDto>;

export const SetFileSizeLimitInput = z.strictObject({
  tenantId: Uuid,
  storageLimitInGB: z.number().min(0).max(1_000_000).nullable(),
});
