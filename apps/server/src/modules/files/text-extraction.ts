import mammoth from 'mammoth';
import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';
import { checkZipLimits } from '../../platform/files/zip-limits';
import { htmlToText } from '../../platform/html';

/** Text kept per document: enough for search and summaries, within PostgreSQL's tsvector limit. */
export const MAX_TEXT_CHARS = 300_000;

export type Extracted = { text: string | null; pages: number | null };

/** Plain text of an RTF document: control words and groups dropped. */
function rtfText(source: string): string {
  return source
    .replace(/\\par[d]?/g, '\n')
    .replace(/\{\\\*[^{}]*\}/g, '')
    .replace(/\\'[0-9a-f]{2}/gi, '')
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/[{}]/g, '');
}

/**
 * The text of a PDF, DOCX or text-like file, and a PDF's page count; null text for other kinds. Runs in
 * a document worker (document-tasks.ts): the parsers are given untrusted bytes. A DOCX is checked to
 * inflate within the zip limits before it is parsed.
 */
export async function extractDocumentText(bytes: Uint8Array, extension: string): Promise<Extracted> {
  let text: string | null = null;
  let pages: number | null = null;
  switch (extension) {
    case 'pdf': {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      const result = await extractPdfText(pdf, { mergePages: true });
      pages = result.totalPages;
      text = result.text;
      await pdf.destroy();
      break;
    }
    case 'docx':
      checkZipLimits(bytes);
      text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
      break;
    case 'txt':
      text = Buffer.from(bytes).toString('utf8');
      break;
    case 'htm':
    case 'html':
    case 'xml':
      text = htmlToText(Buffer.from(bytes).toString('utf8'));
      break;
    case 'rtf':
      text = rtfText(Buffer.from(bytes).toString('latin1'));
      break;
    default:
      return { text: null, pages: null };
  }
  const clean = text
    .replaceAll('\u0000', '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return { text: clean.slice(0, MAX_TEXT_CHARS), pages };
}

/** A PDF's page count without its text. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const n = pdf.numPages;
  await pdf.destroy();
  return n;
}
