import type { Readable } from 'node:stream';
import { and, asc, eq, gte, inArray, isNotNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import yazl from 'yazl';
import {
  CaseServiceTypeLabels,
  ICARE_INVOICE_COLUMNS,
  IRO_FUNDING_DISABLED,
  IRO_INVOICE_COLUMNS,
  IRO_LINE_COLUMNS,
  IRO_REPORT_ATTACHMENT_TYPES,
  InvoiceStatusLabels,
  formatCents,
  icareClaimField,
  iroFundingEnabled,
  type IcareClaimField,
  type InvoiceDto,
  type SchemeExportInput,
} from '@casebook/domain';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule } from '../../platform/http/errors';
import { EXPORT_MAX_ROWS, type ExportFile } from '../../platform/resources/resource.export';
import { cases } from '../cases/cases.schema';
import type { FilesService } from '../files/files.service';
import { attachments, files } from '../files/files.schema';
import { safeEntryName, uniqueEntryName } from '../files/zip-names';
import { caseManagers, clients } from '../people/people.schema';
import { attachmentTypes, lookupConfigs } from '../reference/reference.schema';
import { csvAmount, csvBuffer, csvText } from './invoice-selection.service';
import { invoices } from './invoices.schema';
import type { InvoicesService } from './invoices.service';

type Period = z.output<typeof SchemeExportInput>;
type Scheme = 'ICARE' | 'IRO';

/** An invoice of a scheme export with the claim it belongs to. */
type SchemeInvoice = InvoiceDto & {
  serviceLabel: string;
  workerName: string;
  workerDateOfBirth: string | null;
  clientEmployer: string | null;
  caseManagerName: string | null;
};

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * The scheme exports of invoices (decision 0061): the iCare report, the IRO lists by invoice and by line,
 * and the IRO files (the list, each invoice's PDF and its case's reports) as one zip. Only invoices that
 * went out count (sent, part paid, paid): a draft is not billed yet and a cancelled one is not owed.
 * The caller sees only the invoices their role and company allow (the invoice record rule).
 */
export class InvoiceSchemesService {
  constructor(
    private readonly database: Database,
    private readonly invoicesService: InvoicesService,
    private readonly files: FilesService,
  ) {}

  private async invoicesOf(tx: Tx, ctx: RequestContext, scheme: Scheme, q: Period): Promise<SchemeInvoice[]> {
    const conditions: (SQL | undefined)[] = [
      eq(invoices.isDeleted, false),
      notInArray(invoices.status, ['DRAFT', 'CANCELLED']),
      gte(invoices.invoiceDate, q.invoiceDateFrom),
      lte(invoices.invoiceDate, q.invoiceDateTo),
      scheme === 'ICARE' ? isNotNull(invoices.icareClaimNo) : isNotNull(invoices.iroGrantNo),
      q.companyId ? eq(invoices.companyId, q.companyId) : undefined,
      await recordCondition(tx, ctx, 'invoice'),
    ];
    const rows = await tx
      .select({
        id: invoices.id,
        serviceType: invoices.serviceType,
        workerFirst: clients.firstName,
        workerLast: clients.lastName,
        workerDateOfBirth: clients.dateOfBirth,
        clientEmployer: clients.employer,
        managerFirst: caseManagers.firstName,
        managerLast: caseManagers.lastName,
      })
      .from(invoices)
      .innerJoin(cases, and(eq(cases.tenantId, invoices.tenantId), eq(cases.id, invoices.caseId)))
      .innerJoin(clients, and(eq(clients.tenantId, cases.tenantId), eq(clients.id, cases.clientId)))
      .leftJoin(caseManagers, and(eq(caseManagers.tenantId, cases.tenantId), eq(caseManagers.id, cases.caseManagerId)))
      .where(and(...conditions))
      .orderBy(asc(invoices.invoiceNumber))
      .limit(EXPORT_MAX_ROWS + 1);
    if (rows.length > EXPORT_MAX_ROWS)
      throw businessRule(`The export would have more than ${EXPORT_MAX_ROWS} invoices; choose a shorter period.`);
    const full = await this.invoicesService.readInvoices(
      tx,
      rows.map((r) => r.id),
    );
    return full.map((invoice, i) => {
      const r = rows[i]!;
      return {
        ...invoice,
        serviceLabel: CaseServiceTypeLabels[r.serviceType],
        workerName: fullName(r.workerFirst, r.workerLast),
        workerDateOfBirth: r.workerDateOfBirth,
        clientEmployer: r.clientEmployer,
        caseManagerName: r.managerFirst === null ? null : fullName(r.managerFirst, r.managerLast),
      };
    });
  }

  private requireIro(ctx: RequestContext): void {
    if (!iroFundingEnabled(ctx.tenant.settings)) throw businessRule(IRO_FUNDING_DISABLED);
  }

  /** The tenant's "iCare report fields" in their order: the claim columns the report starts with. */
  private async icareFields(tx: Tx): Promise<{ label: string; field: IcareClaimField | undefined }[]> {
    const rows = await tx
      .select({ label: lookupConfigs.label })
      .from(lookupConfigs)
      .where(
        and(
          eq(lookupConfigs.type, 'ICARE_REPORT_FIELD'),
          eq(lookupConfigs.isActive, true),
          eq(lookupConfigs.isDeleted, false),
        ),
      )
      .orderBy(asc(lookupConfigs.displayOrder), asc(lookupConfigs.label));
    return rows.map((r) => ({ label: r.label, field: icareClaimField(r.label) }));
  }

  /** `ExportIcareReport`: invoices with an icare claim number, a row each. */
  async icareReport(ctx: RequestContext, q: Period): Promise<ExportFile> {
    const { fields, list } = await this.database.withTenant(ctx.tenant.id, async (tx) => ({
      fields: await this.icareFields(tx),
      list: await this.invoicesOf(tx, ctx, 'ICARE', q),
    }));
    const claimValue = (i: SchemeInvoice, field: IcareClaimField | undefined): string | null => {
      switch (field) {
        case 'Claim number':
          return i.icareClaimNo;
        case 'Worker name':
          return i.workerName;
        case 'Date of injury':
          return i.dateOfInjury;
        case 'Employer':
          return i.employer ?? i.clientEmployer;
        case 'Case manager':
          return i.caseManagerName;
        default:
          // A label the report does not know (a tenant's own addition) is a column left empty.
          return null;
      }
    };
    const body = csvBuffer(
      [...fields.map((f) => f.label), ...ICARE_INVOICE_COLUMNS],
      list.map((i) => [
        ...fields.map((f) => csvText(claimValue(i, f.field))),
        csvText(i.invoiceNo),
        i.invoiceDate,
        csvText(i.caseNo),
        csvText(i.serviceLabel),
        csvText(i.specialistName),
        csvText(i.companyName),
        i.gazetted ? 'Yes' : 'No',
        csvAmount(i.subtotalCents),
        csvAmount(i.gstCents),
        csvAmount(i.totalCents),
        csvAmount(i.paidCents),
        csvAmount(i.balanceCents),
      ]),
    );
    return { fileName: `icare-report-${q.invoiceDateFrom}-${q.invoiceDateTo}.csv`, contentType: CSV, body };
  }

  private iroInvoiceCsv(list: readonly SchemeInvoice[]): Buffer {
    return csvBuffer(
      IRO_INVOICE_COLUMNS,
      list.map((i) => [
        csvText(i.iroGrantNo),
        csvText(i.workerName),
        i.workerDateOfBirth ?? '',
        csvText(i.companyName),
        csvText(i.caseManagerName),
        csvText(i.invoiceNo),
        i.invoiceDate,
        csvText(i.caseNo),
        csvText(i.serviceLabel),
        csvText(i.specialistName),
        csvText(InvoiceStatusLabels[i.status]),
        csvAmount(i.subtotalCents),
        csvAmount(i.gstCents),
        csvAmount(i.totalCents),
        csvAmount(i.creditedCents),
        csvAmount(i.paidCents),
        csvAmount(i.balanceCents),
      ]),
    );
  }

  private iroList(ctx: RequestContext, q: Period): Promise<SchemeInvoice[]> {
    this.requireIro(ctx);
    return this.database.withTenant(ctx.tenant.id, (tx) => this.invoicesOf(tx, ctx, 'IRO', q));
  }

  /** `export-iro`: the IRO invoices, a row each. */
  async iroInvoices(ctx: RequestContext, q: Period): Promise<ExportFile> {
    const list = await this.iroList(ctx, q);
    return {
      fileName: `iro-invoices-${q.invoiceDateFrom}-${q.invoiceDateTo}.csv`,
      contentType: CSV,
      body: this.iroInvoiceCsv(list),
    };
  }

  /** `export-iro2`: the IRO invoices' lines, a row each, numbered within their invoice. */
  async iroLines(ctx: RequestContext, q: Period): Promise<ExportFile> {
    const list = await this.iroList(ctx, q);
    const body = csvBuffer(
      IRO_LINE_COLUMNS,
      list.flatMap((i) =>
        i.lines.map((l, n) => [
          csvText(i.iroGrantNo),
          csvText(i.workerName),
          csvText(i.companyName),
          csvText(i.invoiceNo),
          i.invoiceDate,
          csvText(i.caseNo),
          String(n + 1),
          csvText(l.description),
          String(l.quantity),
          csvAmount(l.unitPriceCents),
          formatCents(l.discountBasisPoints),
          csvAmount(l.amountCents),
          csvAmount(l.gstCents),
          csvAmount(l.totalCents),
        ]),
      ),
    );
    return { fileName: `iro-invoice-lines-${q.invoiceDateFrom}-${q.invoiceDateTo}.csv`, contentType: CSV, body };
  }

  /**
   * `downloadIroReportFiles`: one zip with the list (`iro-invoices.csv`) and a folder per invoice holding
   * its PDF and the finished reports attached to its case (IRO_REPORT_ATTACHMENT_TYPES).
   */
  async iroFiles(ctx: RequestContext, q: Period): Promise<{ fileName: string; body: Readable }> {
    const list = await this.iroList(ctx, q);
    if (list.length === 0) throw businessRule('No invoice billed under an IRO grant in this period.');
    const reports = await this.database.withTenant(ctx.tenant.id, async (tx) =>
      tx
        .select({ caseId: attachments.objectId, fileName: files.fileName, storageKey: files.storageKey })
        .from(attachments)
        .innerJoin(files, and(eq(files.tenantId, attachments.tenantId), eq(files.id, attachments.fileId)))
        .innerJoin(
          attachmentTypes,
          and(eq(attachmentTypes.tenantId, attachments.tenantId), eq(attachmentTypes.id, attachments.attachmentTypeId)),
        )
        .where(
          and(
            inArray(attachments.objectId, [...new Set(list.map((i) => i.caseId))]),
            eq(attachments.isDeleted, false),
            eq(attachmentTypes.category, 'REPORT'),
            inArray(
              sql`lower(${attachmentTypes.name})`,
              IRO_REPORT_ATTACHMENT_TYPES.map((n) => n.toLowerCase()),
            ),
            eq(files.isContentRemoved, false),
          ),
        )
        .orderBy(asc(attachments.creationTime)),
    );
    const { invoicePdf } = await import('./invoice-pdf');
    const zip = new yazl.ZipFile();
    zip.addBuffer(this.iroInvoiceCsv(list), 'iro-invoices.csv');
    const add = async () => {
      for (const invoice of list) {
        const folder = safeEntryName(invoice.invoiceNo);
        zip.addBuffer(Buffer.from(await invoicePdf(invoice, ctx.tenant.name)), `${folder}/${folder}.pdf`);
        const used = new Set<string>([`${folder}.pdf`.toLowerCase()]);
        for (const r of reports.filter((a) => a.caseId === invoice.caseId)) {
          const body = await this.files.store.get(r.storageKey);
          if (!body) continue;
          zip.addReadStream(body, `${folder}/${uniqueEntryName(safeEntryName(r.fileName), used)}`, { compress: false });
        }
      }
      zip.end();
    };
    void add().catch((error: unknown) => (zip.outputStream as unknown as Readable).destroy(error as Error));
    return {
      fileName: `iro-report-files-${q.invoiceDateFrom}-${q.invoiceDateTo}.zip`,
      body: zip.outputStream as unknown as Readable,
    };
  }
}

const CSV = 'text/csv; charset=utf-8';
