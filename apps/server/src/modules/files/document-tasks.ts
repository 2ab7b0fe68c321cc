import { PDFDocument } from 'pdf-lib';
import { extractLoiData, summarizeText, type LoiData } from '@casebook/domain';
import { documentLines, extractDocumentText, type Extracted } from './text-extraction';

/** Work on uploaded documents, run in a pool worker (document-processor.ts), never on the server's event loop. */
export type DocumentRequest =
  | { kind: 'extract'; bytes: Uint8Array; extension: string }
  | { kind: 'merge'; pdfs: { fileName: string; bytes: Uint8Array }[] }
  | { kind: 'summarize'; text: string; maxSentences: number }
  | { kind: 'loi'; bytes: Uint8Array; extension: string };

export type Merged = { bytes: Uint8Array; pages: number };

/** A PDF that cannot be parsed, named for the caller. */
class UnreadablePdf extends Error {
  readonly code = 'UnreadablePdf';
}

/** The worker's entry: one request, its result. */
export async function handle(request: DocumentRequest): Promise<Extracted | Merged | LoiData | string> {
  switch (request.kind) {
    case 'extract':
      return extractDocumentText(request.bytes, request.extension);
    case 'merge':
      return mergePdfs(request.pdfs);
    case 'summarize':
      return summarizeText(request.text, request.maxSentences);
    case 'loi':
      return extractLoiData(await documentLines(request.bytes, request.extension));
  }
}

async function mergePdfs(pdfs: { fileName: string; bytes: Uint8Array }[]): Promise<Merged> {
  const merged = await PDFDocument.create();
  for (const pdf of pdfs) {
    let pages;
    try {
      // A damaged PDF may load (the reader is lenient) and fail only when its pages are copied.
      const source = await PDFDocument.load(pdf.bytes, { ignoreEncryption: true });
      pages = await merged.copyPages(source, source.getPageIndices());
    } catch {
      throw new UnreadablePdf(`${pdf.fileName} could not be read as a PDF.`);
    }
    for (const page of pages) merged.addPage(page);
  }
  return { bytes: await merged.save(), pages: merged.getPageCount() };
}
