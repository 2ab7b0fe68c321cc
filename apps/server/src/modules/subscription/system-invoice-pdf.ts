import { formatMoney, formatPercent, formatYearMonth, type SystemInvoiceDto } from '@casebook/domain';
import { day, writer, type Column } from '../invoices/invoice-pdf';

/** The host's invoice to a tenant as a PDF, on the invoices' page layout. */
export async function systemInvoicePdf(inv: SystemInvoiceDto, host: string): Promise<Uint8Array> {
  const w = await writer(inv.invoiceNo);
  const money = (c: number) => formatMoney(c, 'AUD');
  w.text(host, { size: 12, bold: true });
  w.text(`Tax invoice ${inv.invoiceNo}`, { size: 18, bold: true, gap: 28 });
  w.text(`To: ${inv.tenantName}${inv.billingEmail ? ` <${inv.billingEmail}>` : ''}`);
  w.text(`Subscription for ${formatYearMonth(inv.month)}`);
  w.text(`Invoice date: ${day(inv.invoiceDate)}   Due: ${day(inv.dueDate)}   Status: ${inv.status}`, { gap: 26 });
  const cols: Column[] = [
    { header: 'Description', width: 250 },
    { header: 'Qty', width: 60, align: 'right' },
    { header: 'Unit price', width: 90, align: 'right' },
    { header: 'Amount', width: 95, align: 'right' },
  ];
  w.headings(cols);
  for (const l of inv.lines) w.row(cols, [l.description, String(l.quantity), money(l.unitCents), money(l.amountCents)]);
  w.rule();
  const sum: Column[] = [
    { header: '', width: 250 },
    { header: '', width: 150 },
    { header: '', width: 95, align: 'right' },
  ];
  w.row(sum, ['', 'Subtotal (excl. GST)', money(inv.subtotalCents)]);
  w.row(sum, ['', `GST ${formatPercent(inv.gstBasisPoints)}`, money(inv.gstCents)]);
  w.row(sum, ['', 'Total (AUD)', money(inv.totalCents)], true);
  if (inv.status === 'Cancelled' && inv.cancelReason) w.text(`Cancelled: ${inv.cancelReason.slice(0, 90)}`);
  if (inv.status === 'Paid' && inv.paidDate) w.text(`Paid on ${day(inv.paidDate)}. Thank you.`);
  return w.doc.save();
}
