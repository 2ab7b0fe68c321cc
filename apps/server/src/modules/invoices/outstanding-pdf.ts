import {
  AgeingBucketLabels,
  AgeingBuckets,
  formatMoney,
  type Currency,
  type OutstandingStatementDto,
} from '@casebook/domain';
import { day, writer, type Column } from './invoice-pdf';

export const OUTSTANDING_STATEMENT_TITLE = 'Outstanding Statement';

/** A company's outstanding statement as a PDF: the same invoices, ageing and total as its print page. */
export async function outstandingStatementPdf(s: OutstandingStatementDto, provider: string): Promise<Uint8Array> {
  const w = await writer(`${OUTSTANDING_STATEMENT_TITLE} ${s.company.companyName}`);
  const money = (c: number) => formatMoney(c, s.currency as Currency);
  w.text(provider, { size: 12, bold: true });
  w.text(OUTSTANDING_STATEMENT_TITLE, { size: 18, bold: true, gap: 28 });
  w.text(`To: ${s.company.companyName}`);
  w.text(`As of: ${day(s.asOf)}`, { gap: 26 });
  const cols: Column[] = [
    { header: 'Invoice', width: 65 },
    { header: 'Case', width: 65 },
    { header: 'Date', width: 65 },
    { header: 'Due', width: 65 },
    { header: 'Days over', width: 50, align: 'right' },
    { header: 'Total', width: 60, align: 'right' },
    { header: 'Paid/credits', width: 70, align: 'right' },
    { header: 'Balance', width: 55, align: 'right' },
  ];
  w.headings(cols);
  for (const i of s.invoices) {
    w.row(cols, [
      i.invoiceNo,
      i.caseNo,
      day(i.invoiceDate),
      day(i.dueDate),
      String(i.daysOverdue),
      money(i.totalCents),
      money(i.paidCents + i.creditedCents),
      money(i.balanceCents),
    ]);
  }
  w.rule();
  w.row(cols, ['Total', '', '', '', '', '', '', money(s.company.balanceCents)], true);
  w.y -= 16;
  const ageing: Column[] = AgeingBuckets.map(() => ({ header: '', width: 99, align: 'right' as const }));
  w.row(
    ageing,
    AgeingBuckets.map((b) => AgeingBucketLabels[b]),
    true,
  );
  w.row(
    ageing,
    AgeingBuckets.map((b) => money(s.company[b])),
  );
  return w.doc.save();
}
