import { and, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import {
  CLIENT_INVOICE_TEMPLATE,
  InvoiceStatusLabels,
  formatCents,
  formatDisplayDate,
  formatMoney,
  parseIsoDate,
  type Currency,
  type InvoiceDto,
  type SendSelectedInvoicesDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { EXPORT_ROWS_PER_FILE, type ExportFile } from '../../platform/resources/resource.export';
import { cases } from '../cases/cases.schema';
import { enqueueRequestedMail } from '../correspondence/outbox';
import { caseManagers, companies } from '../people/people.schema';
import { invoicePdf } from './invoice-pdf';
import { invoices } from './invoices.schema';
import type { InvoicesService } from './invoices.service';

const displayDate = (iso: string) => {
  const d = parseIsoDate(iso);
  return d ? formatDisplayDate(d) : iso;
};

/** The ids once each, in the order chosen. */
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Invoices chosen in the list: e-mailed each with its PDF, or exported as CSV. */
export class InvoiceSelectionService {
  constructor(
    private readonly database: Database,
    private readonly invoicesService: InvoicesService,
  ) {}

  /** Every chosen invoice, or a 404 naming none when any one is not the caller's to see. */
  private async visible(tx: Tx, ctx: RequestContext, ids: readonly string[]): Promise<InvoiceDto[]> {
    const access = await recordCondition(tx, ctx, 'invoice');
    const found = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(inArray(invoices.id, [...ids]), eq(invoices.isDeleted, false), access));
    if (found.length !== ids.length) throw notFound('The invoice');
    return this.invoicesService.readInvoices(tx, ids);
  }

  /**
   * E-mails each chosen invoice with its PDF (template Client Invoice) to its company's address, else the
   * case's case manager's, through the outbox in one transaction. A draft is sent first (the case follows);
   * a cancelled invoice, a draft of $0.00 or one with nobody to write to is skipped and named with why.
   * Any invoice the caller may not see is a 404 and nothing is sent.
   */
  async send(ctx: RequestContext, ids: readonly string[]): Promise<SendSelectedInvoicesDto> {
    const chosen = unique(ids);
    const changed: InvoiceDto[] = [];
    const result = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const list = await this.visible(tx, ctx, chosen);
      const contacts = await tx
        .select({ id: invoices.id, companyEmail: companies.email, caseManagerEmail: caseManagers.email })
        .from(invoices)
        .innerJoin(companies, and(eq(companies.tenantId, invoices.tenantId), eq(companies.id, invoices.companyId)))
        .innerJoin(cases, and(eq(cases.tenantId, invoices.tenantId), eq(cases.id, invoices.caseId)))
        .leftJoin(
          caseManagers,
          and(
            eq(caseManagers.tenantId, cases.tenantId),
            eq(caseManagers.id, cases.caseManagerId),
            eq(caseManagers.isDeleted, false),
          ),
        )
        .where(inArray(invoices.id, chosen));
      const out: SendSelectedInvoicesDto = { sent: [], skipped: [] };
      for (const listed of list) {
        const contact = contacts.find((c) => c.id === listed.id);
        const to = contact?.companyEmail?.trim() || contact?.caseManagerEmail?.trim();
        const skip = (reason: string) => out.skipped.push({ invoiceNo: listed.invoiceNo, reason });
        if (listed.status === 'CANCELLED') {
          skip('The invoice is cancelled.');
          continue;
        }
        if (listed.status === 'DRAFT' && listed.totalCents <= 0) {
          skip('An invoice of $0.00 cannot be sent.');
          continue;
        }
        if (!to) {
          skip('Neither the company nor the case manager has an e-mail address.');
          continue;
        }
        const invoice = listed.status === 'DRAFT' ? await this.invoicesService.sendIn(tx, ctx, listed.id) : listed;
        if (invoice !== listed) changed.push(invoice);
        const money = (c: number) => formatMoney(c, invoice.currency as Currency);
        await enqueueRequestedMail(
          tx,
          ctx.tenant.id,
          {
            to,
            templateKey: CLIENT_INVOICE_TEMPLATE,
            fromModule: 'INVOICE',
            objectId: invoice.id,
            objectReference: invoice.invoiceNo,
            category: 'INVOICE',
            creatorId: ctx.principal.userId,
            values: {
              recipientName: invoice.companyName,
              companyName: invoice.companyName,
              invoiceNo: invoice.invoiceNo,
              caseNo: invoice.caseNo,
              amount: money(invoice.totalCents),
              balance: money(invoice.balanceCents),
              invoiceDate: displayDate(invoice.invoiceDate),
              dueDate: displayDate(invoice.dueDate),
            },
            attachments: [
              {
                fileName: `${invoice.invoiceNo}.pdf`,
                contentType: 'application/pdf',
                content: await invoicePdf(invoice, ctx.tenant.name),
              },
            ],
          },
          'to send invoices',
        );
        out.sent.push(invoice.invoiceNo);
      }
      return out;
    });
    // Those sent now go on to the accounting system, as one sent alone does.
    for (const invoice of changed) this.invoicesService.onChanged?.(ctx.tenant.id, invoice);
    return result;
  }

  /** The chosen invoices as CSV in invoice-number order: one file up to 500, else a zip of files of 500. */
  async export(ctx: RequestContext, ids: readonly string[]): Promise<ExportFile> {
    const chosen = unique(ids);
    const list = await this.database.withTenant(ctx.tenant.id, (tx) => this.visible(tx, ctx, chosen));
    list.sort((a, b) => a.invoiceNo.localeCompare(b.invoiceNo));
    return invoiceCsvFiles(list);
  }
}

export const INVOICE_CSV_HEADERS = [
  'Invoice No',
  'Status',
  'Invoice Date',
  'Due Date',
  'Case No',
  'Company',
  'Specialist',
  'Currency',
  'Subtotal',
  'GST',
  'Total',
  'Credited',
  'Paid',
  'Balance',
] as const;

/** An amount as a CSV cell: plain digits with 2 decimals (1234.50), read from the cents exactly. */
export const csvAmount = (cents: number) => formatCents(cents).replace(/,/g, '');

/**
 * A text cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is neutralised
 * with an apostrophe so a spreadsheet opening the file does not run it as a formula.
 */
export function csvText(value: string | null): string {
  const s = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text as spreadsheets open it: a byte-order mark, the header row, CRLF line ends. */
export function csvBuffer(headers: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const lines = [headers.map(csvText).join(','), ...rows.map((r) => r.join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function csv(rows: readonly InvoiceDto[]): Buffer {
  return csvBuffer(
    INVOICE_CSV_HEADERS,
    rows.map((i) => [
      csvText(i.invoiceNo),
      csvText(InvoiceStatusLabels[i.status]),
      i.invoiceDate,
      i.dueDate,
      csvText(i.caseNo),
      csvText(i.companyName),
      csvText(i.specialistName),
      i.currency,
      csvAmount(i.subtotalCents),
      csvAmount(i.gstCents),
      csvAmount(i.totalCents),
      csvAmount(i.creditedCents),
      csvAmount(i.paidCents),
      csvAmount(i.balanceCents),
    ]),
  );
}

/** Invoices as CSV files of 500 rows: `invoices.csv`, or `invoices.zip` of `invoices-1.csv`, … */
export async function invoiceCsvFiles(rows: readonly InvoiceDto[]): Promise<ExportFile> {
  if (rows.length <= EXPORT_ROWS_PER_FILE)
    return { fileName: 'invoices.csv', contentType: 'text/csv; charset=utf-8', body: csv(rows) };
  const zip = new yazl.ZipFile();
  const files = Math.ceil(rows.length / EXPORT_ROWS_PER_FILE);
  const width = String(files).length;
  for (let f = 0; f < files; f++) {
    const part = rows.slice(f * EXPORT_ROWS_PER_FILE, (f + 1) * EXPORT_ROWS_PER_FILE);
    zip.addBuffer(csv(part), `invoices-${String(f + 1).padStart(width, '0')}.csv`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { fileName: 'invoices.zip', contentType: 'application/zip', body: Buffer.concat(chunks) };
}
