import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import {
  FeeArrangementLabels,
  InvoiceStatusLabels,
  formatDisplayDate,
  formatMoney,
  formatPercent,
  parseIsoDate,
  remittanceTitle,
  type Currency,
  type FeeArrangement,
  type CreditNoteDto,
  type InvoiceDto,
  type RemittanceStatementDetailDto,
  remittancePeriodText,
} from '@casebook/domain';

/** A date as the screens show it (05 Mar 2027). */
export const day = (iso: string) => {
  const d = parseIsoDate(iso);
  return d ? formatDisplayDate(d) : iso;
};

/** Printed pages: A4 portrait, Helvetica, one table per document that flows onto further pages. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

export type Column = { header: string; width: number; align?: 'right' };

export class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    /** The colour of rules between a table's headings and rows. */
    readonly ruleColour: Color,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(s: string, opts: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
    const size = opts.size ?? 10;
    if (this.y < MARGIN + size) this.newPage();
    this.page.drawText(s, { x: opts.x ?? MARGIN, y: this.y, size, font: opts.bold ? this.bold : this.font });
    this.y -= opts.gap ?? size + 6;
  }

  row(columns: Column[], cells: string[], bold = false) {
    if (this.y < MARGIN + 20) this.newPage();
    let x = MARGIN;
    const font = bold ? this.bold : this.font;
    columns.forEach((c, i) => {
      const s = cells[i] ?? '';
      const w = font.widthOfTextAtSize(s, 9);
      this.page.drawText(s, { x: c.align === 'right' ? x + c.width - w - 4 : x, y: this.y, size: 9, font });
      x += c.width;
    });
    this.y -= 14;
  }

  /** A table's column headings in bold, ruled off from its rows. */
  headings(columns: Column[]) {
    this.row(
      columns,
      columns.map((c) => c.header),
      true,
    );
    this.rule();
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 10 },
      end: { x: A4[0] - MARGIN, y: this.y + 10 },
      thickness: 0.5,
      color: this.ruleColour,
    });
    this.y -= 4;
  }
}

export async function writer(title: string) {
  // The PDF library loads with the first document, not with the server.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Casebook');
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
    rgb(0.6, 0.6, 0.6),
  );
  return w;
}

/** The invoice as a PDF: the same lines and amounts as its screen. */
export async function invoicePdf(inv: InvoiceDto, provider: string): Promise<Uint8Array> {
  const w = await writer(inv.invoiceNo);
  const money = (c: number) => formatMoney(c, inv.currency as Currency);
  w.text(provider, { size: 12, bold: true });
  w.text(`Tax invoice ${inv.invoiceNo}`, { size: 18, bold: true, gap: 28 });
  w.text(`Bill to: ${inv.companyName}`);
  w.text(`Case: ${inv.caseNo}${inv.specialistName ? `   Specialist: ${inv.specialistName}` : ''}`);
  w.text(
    `Invoice date: ${day(inv.invoiceDate)}   Due date: ${day(inv.dueDate)}   Status: ${InvoiceStatusLabels[inv.status]}`,
    {
      gap: 26,
    },
  );
  const cols: Column[] = [
    { header: 'Description', width: 205 },
    { header: 'Qty', width: 35, align: 'right' },
    { header: 'Unit price', width: 75, align: 'right' },
    { header: 'Discount', width: 55, align: 'right' },
    { header: 'GST', width: 55, align: 'right' },
    { header: 'Amount', width: 70, align: 'right' },
  ];
  w.headings(cols);
  for (const l of inv.lines) {
    w.row(cols, [
      l.description.slice(0, 45),
      String(l.quantity),
      money(l.unitPriceCents),
      l.discountBasisPoints ? formatPercent(l.discountBasisPoints) : '',
      money(l.gstCents),
      money(l.totalCents),
    ]);
  }
  w.rule();
  const totals: [string, number][] = [
    ['Subtotal (excl. GST)', inv.subtotalCents],
    ['GST', inv.gstCents],
    ['Total', inv.totalCents],
    ...(inv.creditedCents ? ([['Credited', inv.creditedCents]] as [string, number][]) : []),
    ['Paid', inv.paidCents],
    ['Balance due', inv.balanceCents],
  ];
  const sum: Column[] = [
    { header: '', width: 370 },
    { header: '', width: 55 },
    { header: '', width: 70, align: 'right' },
  ];
  for (const [label, cents] of totals)
    w.row(sum, ['', label, money(cents)], label === 'Total' || label === 'Balance due');
  if (inv.payments.length > 0) {
    w.y -= 10;
    w.text('Payments', { bold: true });
    for (const p of inv.payments)
      w.text(`${day(p.paymentDate)}  ${money(p.amountCents)}${p.reference ? `  ${p.reference}` : ''}`);
  }
  if (inv.cancelComment) w.text(`Cancelled: ${inv.cancelComment}`);
  if (inv.notes) w.text(inv.notes.slice(0, 200));
  return w.doc.save();
}

/** A specialist's remittance statement as a PDF, titled as the print page is. */
export async function remittancePdf(
  s: RemittanceStatementDetailDto,
  provider: string,
  showProviderPayment: boolean,
): Promise<Uint8Array> {
  const title = remittanceTitle(showProviderPayment);
  const w = await writer(title);
  const money = (c: number) => formatMoney(c, s.currency as Currency);
  w.text(provider, { size: 12, bold: true });
  w.text(title, { size: 18, bold: true, gap: 28 });
  w.text(`Specialist: ${s.specialistName}`);
  w.text(`Period: ${remittancePeriodText(s)}`);
  w.text(`Fee arrangement: ${FeeArrangementLabels[s.feeArrangement as FeeArrangement] ?? s.feeArrangement}`, {
    gap: 26,
  });
  const cols: Column[] = [
    { header: 'Invoice', width: 75 },
    { header: 'Case', width: 80 },
    { header: 'Date', width: 65 },
    { header: 'Fee (excl. GST)', width: 90, align: 'right' },
    { header: 'Commission incl. GST', width: 105, align: 'right' },
    { header: 'Payment', width: 80, align: 'right' },
  ];
  w.headings(cols);
  for (const l of s.lines) {
    w.row(cols, [
      l.invoiceNo,
      l.caseNo,
      day(l.invoiceDate),
      money(l.feeCents),
      money(l.commissionAmountWithTax),
      money(l.paymentCents),
    ]);
  }
  w.rule();
  w.row(cols, ['Total', '', '', money(s.feeCents), money(s.commissionAmountWithTax), money(s.paymentCents)], true);
  return w.doc.save();
}

/** A credit note as a PDF, laid out like its invoice: what it credits of each line and its totals. */
export async function creditNotePdf(inv: InvoiceDto, note: CreditNoteDto, provider: string): Promise<Uint8Array> {
  const w = await writer(note.creditNoteNo);
  const money = (c: number) => formatMoney(c, inv.currency as Currency);
  w.text(provider, { size: 12, bold: true });
  w.text(`Credit note ${note.creditNoteNo}`, { size: 18, bold: true, gap: 28 });
  w.text(`To: ${inv.companyName}`);
  w.text(`Against tax invoice ${inv.invoiceNo} of ${day(inv.invoiceDate)}   Case: ${inv.caseNo}`);
  w.text(`Credit date: ${day(note.creditDate)}`);
  w.text(`Reason: ${note.reason.slice(0, 90)}`, { gap: 26 });
  const cols: Column[] = [
    { header: 'Description', width: 250 },
    { header: 'Qty', width: 40, align: 'right' },
    { header: 'Amount', width: 70, align: 'right' },
    { header: 'GST', width: 65, align: 'right' },
    { header: 'Total', width: 70, align: 'right' },
  ];
  w.headings(cols);
  for (const l of note.lines)
    w.row(cols, [
      l.description.slice(0, 55),
      String(l.quantity),
      money(l.amountCents),
      money(l.gstCents),
      money(l.totalCents),
    ]);
  w.rule();
  const sum: Column[] = [
    { header: '', width: 290 },
    { header: '', width: 135 },
    { header: '', width: 70, align: 'right' },
  ];
  w.row(sum, ['', 'Subtotal (excl. GST)', money(note.subtotalCents)]);
  w.row(sum, ['', 'GST', money(note.gstCents)]);
  w.row(sum, ['', 'Total credited', money(note.totalCents)], true);
  w.y -= 10;
  w.text(`Invoice total ${money(inv.totalCents)}, credited ${money(inv.creditedCents)}, paid ${money(inv.paidCents)}.`);
  w.text(`Balance ${inv.balanceCents < 0 ? 'in credit' : 'due'}: ${money(Math.abs(inv.balanceCents))}`, {
    bold: true,
  });
  return w.doc.save();
}
