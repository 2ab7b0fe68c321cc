/** What a file really is, told from its first bytes, whatever its name says. */
export type DetectedType =
  | 'pdf'
  | 'zip'
  | 'ole'
  | 'rar'
  | 'rtf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'tiff'
  | 'ico'
  | 'mp3'
  | 'adts'
  | 'wav'
  | 'avi'
  | 'iso-media'
  | 'dss'
  | 'ds2'
  | 'amr'
  | 'asf'
  | 'ogg'
  | 'flac'
  | 'flv'
  | 'matroska'
  | 'executable'
  | 'text';

/** Bytes of the head needed to tell a type. */
export const MAGIC_HEAD_BYTES = 4096;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type the bytes show; 'text' for NUL-free content of no known binary kind, undefined otherwise. */
export function detectFileType(head: Uint8Array): DetectedType | undefined {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(head, ascii('{\\rtf'))) return 'rtf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00])) return 'ico';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WAVE'), 8)) return 'wav';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('AVI '), 8)) return 'avi';
  if (startsWith(head, ascii('ftyp'), 4)) return 'iso-media';
  if (startsWith(head, [0x02, 0x64, 0x73, 0x73])) return 'dss';
  if (startsWith(head, [0x03, 0x64, 0x73, 0x32])) return 'ds2';
  if (startsWith(head, ascii('#!AMR'))) return 'amr';
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(head, ascii('OggS'))) return 'ogg';
  if (startsWith(head, ascii('fLaC'))) return 'flac';
  if (startsWith(head, ascii('FLV'))) return 'flv';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (startsWith(head, ascii('ID3'))) return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return 'adts';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'mp3';
  if (isExecutable(head)) return 'executable';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'bmp';
  if (!head.includes(0)) return 'text';
  return undefined;
}

/** Windows, Linux and macOS programs, and scripts with an interpreter line. */
function isExecutable(head: Uint8Array): boolean {
  return (
    startsWith(head, ascii('MZ')) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    startsWith(head, ascii('#!'))
  );
}

/** Which detected types each allowed extension may really be. */
const EXPECTED: Record<string, readonly DetectedType[]> = {
  pdf: ['pdf'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  doc: ['ole', 'rtf'],
  xls: ['ole'],
  ppt: ['ole'],
  rar: ['rar'],
  rtf: ['rtf'],
  txt: ['text'],
  xml: ['text'],
  htm: ['text'],
  html: ['text'],
  svg: ['text'],
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  bmp: ['bmp'],
  tif: ['tiff'],
  tiff: ['tiff'],
  ico: ['ico', 'png'],
  mp3: ['mp3'],
  aac: ['adts', 'mp3', 'iso-media'],
  m4a: ['iso-media'],
  mp4: ['iso-media'],
  mov: ['iso-media'],
  wav: ['wav'],
  dss: ['dss'],
  ds2: ['ds2'],
  amr: ['amr'],
  wma: ['asf'],
  wmv: ['asf'],
  ogg: ['ogg'],
  flac: ['flac'],
  avi: ['avi'],
  flv: ['flv'],
  mkv: ['matroska'],
  webm: ['matroska'],
};

/**
 * Whether the bytes are what the extension claims. A renamed program is never accepted, whatever
 * its new name; an empty file matches only text kinds.
 */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  const detected = detectFileType(head);
  if (detected === undefined || detected === 'executable') return false;
  return (EXPECTED[extension.toLowerCase()] ?? []).includes(detected);
}

/** The content type a download is served with, from the extension (never from the client). */
export function contentTypeOf(extension: string): string {
  const types: Record<string, string> = {
    pdf: 'application/pdf',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    doc: 'application/msword',
    xls: 'application/vnd.ms-excel',
    ppt: 'application/vnd.ms-powerpoint',
    zip: 'application/zip',
    rar: 'application/vnd.rar',
    rtf: 'application/rtf',
    txt: 'text/plain; charset=utf-8',
    xml: 'application/xml',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    bmp: 'image/bmp',
    tif: 'image/tiff',
    tiff: 'image/tiff',
    ico: 'image/x-icon',
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    m4a: 'audio/mp4',
    aac: 'audio/aac',
    ogg: 'audio/ogg',
    flac: 'audio/flac',
    mp4: 'video/mp4',
    mov: 'video/quicktime',
    webm: 'video/webm',
  };
  // HTML and SVG are served as downloads, never rendered on our origin.
  return types[extension.toLowerCase()] ?? 'application/octet-stream';
}
