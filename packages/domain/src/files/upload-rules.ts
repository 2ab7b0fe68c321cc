/** Upload limits and messages of the spec (shell.md §5, case-modules.md §5), word for word. */

import { FormMessages, UPLOAD_LIMIT_MB } from '../forms';

/** Default maximum size of one uploaded file, in megabytes. */
export const DEFAULT_UPLOAD_LIMIT_MB = UPLOAD_LIMIT_MB;
/** Bytes in one megabyte of the upload limit. */
export const BYTES_PER_MB = 1024 * 1024;

/** The allowed-extension lists of case-modules.md §5, lower case, without the dot. */
export const AllowedExtensions = {
  audio: ['mp3', 'dss', 'm4a', 'aac', 'wav', 'ds2', 'amr'],
  images: ['jpg', 'jpeg', 'png', 'ico', 'svg', 'gif', 'bmp', 'tif', 'tiff'],
  documents: [
    'pdf',
    'docx',
    'doc',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'txt',
    'zip',
    'rar',
    'rtf',
    'xml',
    'htm',
    'html',
    'mp4',
  ],
  otherAudio: ['mp3', 'wav', 'wma', 'ogg', 'm4a', 'aac', 'flac', 'amr'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'mkv', 'webm'],
} as const satisfies Record<string, readonly string[]>;

export type UploadKind = keyof typeof AllowedExtensions | 'any';
export const UploadKinds = ['any', 'audio', 'images', 'documents', 'otherAudio', 'video'] as const;

/** The extensions an upload of this kind accepts; 'any' is audio, images and documents together. */
export function allowedExtensions(kind: UploadKind): readonly string[] {
  if (kind === 'any') {
    return [...new Set([...AllowedExtensions.audio, ...AllowedExtensions.images, ...AllowedExtensions.documents])];
  }
  return AllowedExtensions[kind];
}

export const UploadMessages = {
  /** "Only '{types}' file accepted"; types are the extensions with their dots, comma separated. */
  onlyAccepted: (types: readonly string[]) => FormMessages.extension(types.map((t) => `.${t}`).join(', ')),
  tooLarge: FormMessages.tooLarge,
  tooMany: FormMessages.tooMany,
  onlyOne: FormMessages.single,
  failed: FormMessages.uploadFailed,
  storageFull: (limitGb: number) =>
    `Your organisation's storage limit of ${limitGb} GB has been reached. Please remove files or ask for a higher limit.`,
  cleanedUp: 'File has been cleaned up successfully',
  alreadyCleanedUp: 'File already cleaned up. No action required',
  confirmDelete: 'Do you want to delete this file?',
  confirmDeleteAll: 'Do you want delete all files?',
  pdfFailed: 'Failed to load PDF file',
} as const;

/** The extension of a file name, lower case without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The accepted-types message when the name's extension is not in the list, else undefined. */
export function checkExtension(fileName: string, allowed: readonly string[]): string | undefined {
  return allowed.includes(extensionOf(fileName)) ? undefined : UploadMessages.onlyAccepted(allowed);
}

/** The too-large message when the size is over the limit (in MB), else undefined. */
export function checkSize(sizeInBytes: number, maxMb: number = DEFAULT_UPLOAD_LIMIT_MB): string | undefined {
  return sizeInBytes > maxMb * BYTES_PER_MB ? UploadMessages.tooLarge(maxMb) : undefined;
}

export type UploaderOptions = {
  allowed: readonly string[];
  maxMb?: number;
  /** A single-file uploader: a second document is refused. */
  single?: boolean;
  /** Multi-upload cap; absent means no cap. */
  maxCount?: number;
};

export type SelectionResult<F> = { accepted: F[]; errors: string[] };

/**
 * Checks files picked in an uploader against its rules. A single uploader takes one document; a
 * multi-file uploader drops files over the size limit and refuses a pick that would exceed its cap.
 */
export function checkSelection<F extends { name: string; size: number }>(
  picked: readonly F[],
  already: number,
  options: UploaderOptions,
): SelectionResult<F> {
  const maxMb = options.maxMb ?? DEFAULT_UPLOAD_LIMIT_MB;
  const errors: string[] = [];
  if (options.single && already + picked.length > 1) return { accepted: [], errors: [UploadMessages.onlyOne] };
  if (options.maxCount !== undefined && already + picked.length > options.maxCount) {
    return { accepted: [], errors: [UploadMessages.tooMany(options.maxCount)] };
  }
  const accepted: F[] = [];
  for (const file of picked) {
    const problem = checkExtension(file.name, options.allowed) ?? checkSize(file.size, maxMb);
    if (problem) {
      if (!errors.includes(problem)) errors.push(problem);
    } else accepted.push(file);
  }
  return { accepted, errors };
}
