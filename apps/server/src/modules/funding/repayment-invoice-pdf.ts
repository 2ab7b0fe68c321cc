import { formatMoney, type RepaymentInvoiceDto } from '@casebook/domain';
import { day, writer, type Column } from '../invoices/invoice-pdf';

/** The repayment invoice as a PDF: the same amounts, payments and balance as its screen. */
export async function repaymentInvoicePdf(inv: RepaymentInvoiceDto, lender: string): Promise<Uint8Array> {
  const w = await writer(inv.invoiceNo);
  w.text(lender, { size: 12, bold: true });
  w.text(`Repayment invoice ${inv.invoiceNo}`, { size: 18, bold: true, gap: 28 });
  w.text(
    `Bill to: ${inv.borrowerName ?? ''}${inv.borrowerReference ? `   Your reference: ${inv.borrowerReference}` : ''}`,
  );
  w.text(`Loan: ${inv.loanNo}`);
  w.text(`Invoice date: ${day(inv.invoiceDate)}   Due date: ${day(inv.dueDate)}   Status: ${inv.status}`, {
    gap: 26,
  });
  const cols: Column[] = [
    { header: `Owed on ${day(inv.invoiceDate)}`, width: 400 },
    { header: 'Amount', width: 95, align: 'right' },
  ];
  w.headings(cols);
  for (const [label, cents] of [
    ['Principal', inv.principalCents],
    ['Interest', inv.interestCents],
    ['Fees', inv.feesCents],
  ] as const)
    w.row(cols, [label, formatMoney(cents)]);
  w.rule();
  w.row(cols, ['Total', formatMoney(inv.totalCents)], true);
  w.row(cols, ['Paid', formatMoney(inv.paidCents)]);
  w.row(cols, ['Balance due', formatMoney(inv.balanceCents)], true);
  if (inv.payments.length > 0) {
    w.y -= 10;
    w.text('Payments', { bold: true });
    for (const p of inv.payments)
      w.text(`${day(p.date)}  ${formatMoney(p.amountCents)}${p.reference ? `  ${p.reference}` : ''}`);
  }
  if (inv.cancelReason) w.text(`Cancelled: ${inv.cancelReason}`);
  if (inv.notes) w.text(inv.notes.slice(0, 200));
  return w.doc.save();
}
