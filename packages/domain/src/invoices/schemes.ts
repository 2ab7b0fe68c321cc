import { z } from 'zod';
import { ConcurrencyStamp, DATE_RANGE_MESSAGE, IsoDate, optionalIsoDate, optionalText } from '../fields';
import { Uuid } from '../ids';
import { compareDates, parseIsoDate } from '../calendar';

/**
 * Invoices billed under a scheme: NSW workers compensation (icare) and the Independent Review Office's
 * grants of legal funding (IRO, ILARS). Neither publishes a machine-readable bulk layout for a provider's
 * invoices, so the exports are plain CSV with the columns below (decision 0061).
 */

/** Tenant setting "IRO funding enable": 'true' offers the IRO grant on invoices and the IRO exports. */
export const IRO_FUNDING_SETTING = 'Casebook.Payments.IroFunding';
export const iroFundingEnabled = (settings: Readonly<Record<string, string>>): boolean =>
  settings[IRO_FUNDING_SETTING] === 'true';
export const IRO_FUNDING_DISABLED = 'IRO funding is not enabled for this organisation.';

/** The scheme details of an invoice (the spec's "icare update"): an empty field clears it. */
export const InvoiceSchemeInput = z.strictObject({
  concurrencyStamp: ConcurrencyStamp,
  icareClaimNo: optionalText(50).default(null),
  dateOfInjury: optionalIsoDate,
  employer: optionalText(200).default(null),
  iroGrantNo: optionalText(50).default(null),
});
export type InvoiceSchemeInput = z.input<typeof InvoiceSchemeInput>;

/** At most a year of invoices in one scheme export. */
export const SCHEME_EXPORT_MAX_DAYS = 366;

/** The period (by invoice date) and, optionally, the company of a scheme export. */
export const SchemeExportInput = z
  .object({
    invoiceDateFrom: IsoDate,
    invoiceDateTo: IsoDate,
    companyId: Uuid.optional(),
  })
  .superRefine((q, ctx) => {
    const from = parseIsoDate(q.invoiceDateFrom);
    const to = parseIsoDate(q.invoiceDateTo);
    if (!from || !to) return;
    const days = compareDates(to, from);
    if (days < 0) ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE, path: ['invoiceDateTo'] });
    else if (days >= SCHEME_EXPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        message: `The period must be at most ${SCHEME_EXPORT_MAX_DAYS} days.`,
        path: ['invoiceDateTo'],
      });
  });
export type SchemeExportInput = z.input<typeof SchemeExportInput>;

/**
 * The iCare report's columns after the tenant's "iCare report fields" (a dropdown category whose labels
 * choose and order the claim columns: Claim number, Worker name, Date of injury, Employer, Case manager).
 */
export const ICARE_INVOICE_COLUMNS = [
  'Invoice No',
  'Invoice Date',
  'Case No',
  'Service',
  'Specialist',
  'Company',
  'Gazetted Fee',
  'Amount excl. GST',
  'GST',
  'Amount incl. GST',
  'Paid',
  'Balance',
] as const;

/** The claim fields the iCare report knows, by the dropdown's label (any case, spaces as typed). */
export const ICARE_CLAIM_FIELDS = [
  'Claim number',
  'Worker name',
  'Date of injury',
  'Employer',
  'Case manager',
] as const;
export type IcareClaimField = (typeof ICARE_CLAIM_FIELDS)[number];
export const icareClaimField = (label: string): IcareClaimField | undefined =>
  ICARE_CLAIM_FIELDS.find((f) => f.toLowerCase() === label.trim().replace(/\s+/g, ' ').toLowerCase());

/** `export-iro`: one row per invoice billed under an IRO grant. */
export const IRO_INVOICE_COLUMNS = [
  'ILARS Grant No',
  'Worker Name',
  'Worker Date of Birth',
  'Law Firm',
  'Solicitor',
  'Invoice No',
  'Invoice Date',
  'Case No',
  'Service',
  'Specialist',
  'Status',
  'Amount excl. GST',
  'GST',
  'Amount incl. GST',
  'Credited',
  'Paid',
  'Balance',
] as const;

/** `export-iro2`: one row per invoice line, for funders who reconcile item by item. */
export const IRO_LINE_COLUMNS = [
  'ILARS Grant No',
  'Worker Name',
  'Law Firm',
  'Invoice No',
  'Invoice Date',
  'Case No',
  'Line',
  'Description',
  'Quantity',
  'Unit Price',
  'Discount %',
  'Amount excl. GST',
  'GST',
  'Amount incl. GST',
] as const;

/**
 * The attachment types whose files go with an IRO invoice in `downloadIroReportFiles`: the finished
 * reports only (never a dictation, a draft or a request), matched by name without case.
 */
export const IRO_REPORT_ATTACHMENT_TYPES = [
  'Completed report',
  'Corrected report',
  'Supplementary report',
  'File review report',
] as const;
