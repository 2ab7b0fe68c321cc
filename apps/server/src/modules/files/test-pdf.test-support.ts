import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with one page per text given. */
export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const line of text.split('\n')) {
      page.drawText(line, { x: 50, y, size: 12, font });
      y -= 18;
    }
  }
  return doc.save();
}
