import type { PDFFont, PDFPage } from 'pdf-lib';
import { formatCents, statementLineText, type AccruedInterestStatementDto } from '@casebook/domain';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/**
 * The accrued-interest statement of a loan as a PDF (pdf-lib, standard fonts): the same lines, amounts and
 * balances as the screen, and the ledger's balance beside the statement's.
 */
export async function statementPdf(
  statement: AccruedInterestStatementDto,
  options: { tenantName: string },
): Promise<Uint8Array> {
  // The PDF library loads with the first document, not with the server.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Accrued Interest Statement ${statement.loan.loanNo}`);
  doc.setProducer('Casebook');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (p: PDFPage, s: string, x: number, at: number, f: PDFFont = font, size = 9) =>
    p.drawText(s, { x, y: at, size, font: f, color: rgb(0, 0, 0) });
  const right = (p: PDFPage, s: string, edge: number, at: number, f: PDFFont = font, size = 9) =>
    text(p, s, edge - f.widthOfTextAtSize(s, size), at, f, size);
  // Cuts text to a width, so a long reference cannot run into the amounts.
  const fit = (s: string, width: number, size = 8) => {
    let out = s;
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -2) + '…';
    return out;
  };

  text(page, 'Accrued Interest Statement', MARGIN, y, bold, 16);
  y -= 20;
  const loan = statement.loan;
  for (const [label, value] of [
    ['Lender', options.tenantName],
    ['Loan', loan.loanNo],
    ['Agreement', loan.agreementNo],
    ['Borrower', loan.borrowerName],
    ['Case reference', loan.caseReference ?? ''],
    ['Statement to', statement.untilDate],
  ] as const) {
    text(page, `${label}:`, MARGIN, y, bold);
    text(page, value, MARGIN + 90, y);
    y -= 13;
  }
  y -= 8;

  const columns = { date: MARGIN, text: MARGIN + 62, amount: 400, balance: A4[0] - MARGIN };
  const header = (p: PDFPage) => {
    text(p, 'Date', columns.date, y, bold);
    text(p, 'Description', columns.text, y, bold);
    right(p, 'Amount', columns.amount, y, bold);
    right(p, 'Balance', columns.balance, y, bold);
    y -= 4;
    p.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5 });
    y -= 12;
  };
  header(page);
  for (const line of statement.lines) {
    if (y < MARGIN + 60) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
      header(page);
    }
    text(page, line.date, columns.date, y, font, 8);
    text(page, fit(statementLineText(line), columns.amount - columns.text - 70), columns.text, y, font, 8);
    right(page, formatCents(line.amountCents), columns.amount, y, font, 8);
    right(page, formatCents(line.balanceCents), columns.balance, y, font, 8);
    y -= 12;
  }
  y -= 10;
  for (const [label, cents] of [
    ['Total advanced', statement.totalAdvancedCents],
    ['Total fees', statement.totalFeesCents],
    ['Total interest', statement.totalInterestCents],
    ['Total repaid', statement.totalRepaidCents],
    ['Balance', statement.balanceCents],
    ['Ledger balance', statement.ledgerBalanceCents],
  ] as const) {
    if (y < MARGIN) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
    text(page, label, 300, y, bold);
    right(page, formatCents(cents), columns.balance, y, label === 'Balance' ? bold : font);
    y -= 13;
  }
  return doc.save();
}
