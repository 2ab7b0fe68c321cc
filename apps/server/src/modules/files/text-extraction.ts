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

/**
 * A document's text with its lines as laid out on the page (for reading a letter's labels and lists):
 * a PDF's text items are joined per line by their position, pages one after another. Other kinds as
 * extractDocumentText reads them.
 */
export async function documentLines(bytes: Uint8Array, extension: string): Promise<string> {
  if (extension !== 'pdf') return (await extractDocumentText(bytes, extension)).text ?? '';
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const out: string[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = item.transform[5] as number;
        if (lastY !== null && Math.abs(y - lastY) > 2) {
          if (line.trim() !== '') out.push(line.trimEnd());
          // A gap of more than a line and a half is a blank line: it ends a paragraph or a list item.
          if (item.str.trim() !== '' && Math.abs(y - lastY) > 1.6 * Math.max(item.height || 11, 8)) out.push('');
          line = '';
        }
        line += line && !line.endsWith(' ') && item.str && !item.str.startsWith(' ') ? ' ' + item.str : item.str;
        if (item.str.trim() !== '') lastY = y;
        if (item.hasEOL && line.trim() !== '') {
          out.push(line.trimEnd());
          line = '';
        }
      }
      if (line) out.push(line.trimEnd());
      out.push('');
    }
  } finally {
    await pdf.destroy();
  }
  return out.join('\n').replaceAll('\u0000', '').slice(0, MAX_TEXT_CHARS);
}
