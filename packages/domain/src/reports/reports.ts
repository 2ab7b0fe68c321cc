import { z } from 'zod';
import { addMonths, daysInMonth, formatIsoDate, type CalendarDate } from '../calendar';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { Currency } from '../money';
import { Permissions } from '../permissions';
import type { FeatureName } from '../tenancy';
import type { NamedTenantList, ServiceType } from '../access/routes';
import { CaseModules, type StatusDeclaration, type StatusKind } from '../cases/modules';

/**
 * The business reports (decision 0065). Each one is a declaration here — its filters, the dimension its
 * rows are grouped by, its measures and the records behind a row — and one SQL query on the server that
 * yields one row per record (a "fact"). The server sums the facts per group for the report and lists the
 * facts of one group for the drill-down; the web renders every report with one screen.
 */

/** The filters a report may offer besides its date range (which every report has). */
export const ReportFilters = ['companyId', 'specialistId', 'serviceType', 'staffUserId'] as const;
export type ReportFilter = (typeof ReportFilters)[number];

export const ReportFilterLabels: Record<ReportFilter, string> = {
  companyId: 'Company',
  specialistId: 'Specialist',
  serviceType: 'Service type',
  staffUserId: 'Staff member',
};

/** How a measure is written: a count of records, or an amount of money in whole cents. */
export type ReportMeasureKind = 'count' | 'money';

/** One figure of a report's rows: the sum over the row's records. */
export type ReportMeasure = { key: string; label: string; kind: ReportMeasureKind };

/** A report's rows are months (in time order) or the values of a category (largest first). */
export type ReportDimension = { label: string; kind: 'month' | 'category' };

export type ReportDeclaration = {
  /** The report's name in its route (/view/reports/{key}) and its API path. */
  key: string;
  title: string;
  /** One sentence under the title: what is counted and which date the range applies to. */
  description: string;
  /** The date the range filters on, shown as the date column of the drill-down. */
  dateLabel: string;
  dimension: ReportDimension;
  measures: readonly ReportMeasure[];
  filters: readonly ReportFilter[];
  /** The chart drawn above the table: bars per row, or lines across months. */
  chart: 'bar' | 'line';
  /** The tenant needs one of these features (as the report's route says). */
  features?: readonly FeatureName[];
  /** Offered only to the tenants on this named list (as the report's route says). */
  tenantNames?: NamedTenantList;
};

const count = (key: string, label: string): ReportMeasure => ({ key, label, kind: 'count' });
const money = (key: string, label: string): ReportMeasure => ({ key, label, kind: 'money' });
const MONTH: ReportDimension = { label: 'Month', kind: 'month' };

/** The case statuses counted as attended: the appointment took place and the work went on. */
export const AttendedCaseStatuses = [
  'ATTENDED_CHARGEABLE',
  'ATTENDED_NO_FEE',
  'DICTATION_RECEIVED',
  'REPORT_DRAFT_SENT',
  'REPORT_RECEIVED',
  'COLLECT_REPORT',
  'FURTHER_MATERIAL_REVIEW',
  'POST_ASSESSMENT_ADMIN',
  'QUALITY_ASSURANCE',
  'REPORT_FINALISATION',
  'REPORT_COMPLETED',
  'CLIENT_INVOICED',
  'SPECIALIST_INVOICED',
  'CLIENT_PARTIALLY_PAID',
  'CLIENT_FULLY_PAID',
  'SPECIALIST_PARTIALLY_PAID',
  'SPECIALIST_FULLY_PAID',
] as const;

/** Every status of any case module whose kind is one of these (modules name their statuses differently). */
function statusesOfKind(...kinds: StatusKind[]): string[] {
  const out = new Set<string>();
  for (const m of CaseModules) {
    for (const [status, d] of Object.entries(m.statuses) as [string, StatusDeclaration][]) {
      if (kinds.includes(d.kind)) out.add(status);
    }
  }
  return [...out].sort();
}

/** The case statuses counted as completed: finished (the report delivered), invoiced or paid. */
export const CompletedCaseStatuses: readonly string[] = statusesOfKind('finished', 'invoiced', 'paid');

/** The case statuses counted as cancelled, in every module. */
export const CancelledCaseStatuses: readonly string[] = statusesOfKind('cancelled');

/** Invoices that were issued: sent, part paid or paid (not drafts, not cancelled). */
export const IssuedInvoiceStatuses = ['SENT', 'PARTIAL_PAY', 'PAID'] as const;

/** The labels of every service type a case of any module can have. */
export const ServiceTypeLabels: Record<ServiceType, string> = {
  IME: 'IME Assessment',
  MASS_TORTS: 'Mass Tort',
  OT: 'OT Case',
  COTELE: 'Conclave/Court Review',
  SUPPLEMENTARY: 'Supplementary Report',
  FILE_REVIEW: 'File Review',
  MVA: 'MVA Claim',
  NDIS: 'NDIS',
  MEDICAL_RECORD: 'Medical Records',
  MED_NEG: 'Medical Negligence',
  TPD: 'TPD Claim',
};

const SERVICE_TYPES = Object.keys(ServiceTypeLabels) as [ServiceType, ...ServiceType[]];

/** The list screens of each service type's cases (their detail is `{base}/detail/{id}`). */
const CaseScreens: Record<ServiceType, string> = {
  IME: '/view/assessments',
  MASS_TORTS: '/view/mass-torts',
  OT: '/view/ot',
  COTELE: '/view/co-teleconference',
  SUPPLEMENTARY: '/view/supplementaries',
  FILE_REVIEW: '/view/file-reviews',
  MVA: '/view/mva-claim',
  NDIS: '/view/ndis',
  MEDICAL_RECORD: '/view/clinical-records',
  MED_NEG: '/view/mednegs',
  TPD: '/view/tpd',
};

/** The kinds of record a report's rows are made of. */
export type ReportRecordKind =
  'case' | 'invoice' | 'company' | 'caseManager' | 'specialist' | 'user' | 'loan' | 'target' | 'correspondence';

const RecordScreens: Record<Exclude<ReportRecordKind, 'case' | 'target' | 'correspondence'>, string> = {
  invoice: '/view/invoices',
  company: '/view/companies',
  caseManager: '/view/case-managers',
  specialist: '/view/specialists',
  user: '/view/users',
  loan: '/view/disbursement-funding',
};

/** The screen of a record behind a report row (a case's by its service type), or null when it has none. */
export function reportRecordPath(kind: ReportRecordKind, id: string, serviceType?: string | null): string | null {
  // A sales target, or an e-mail or note of a record that is not a case, has no screen of its own.
  if (kind === 'target' || kind === 'correspondence') return null;
  const base =
    kind === 'case'
      ? CaseScreens[(serviceType ?? 'IME') as ServiceType]
      : RecordScreens[kind as keyof typeof RecordScreens];
  return base ? `${base}/detail/${id}` : null;
}

const FUNDING: readonly FeatureName[] = ['DisbursementFunding', 'FundingTransaction'];

/** Every built report, by its route name. The others keep their placeholder screen. */
export const ReportDeclarations = [
  {
    key: 'bookings',
    title: 'Bookings',
    description: 'Cases by the month of their appointment: booked, attended, not attended and cancelled.',
    dateLabel: 'Appointment',
    dimension: MONTH,
    measures: [
      count('bookings', 'Bookings'),
      count('attended', 'Attended'),
      count('notAttended', 'Not attended'),
      count('cancelled', 'Cancelled'),
    ],
    filters: ['companyId', 'specialistId', 'serviceType'],
    chart: 'bar',
  },
  {
    key: 'service-analysis',
    title: 'Service Analysis',
    description: 'Cases opened in the period by service type: in progress, completed and cancelled.',
    dateLabel: 'Opened',
    dimension: { label: 'Service type', kind: 'category' },
    measures: [
      count('cases', 'Cases'),
      count('inProgress', 'In progress'),
      count('completed', 'Completed'),
      count('cancelled', 'Cancelled'),
    ],
    filters: ['companyId', 'specialistId'],
    chart: 'bar',
  },
  {
    key: 'billing-kpi',
    title: 'Billing KPI',
    description: 'Issued invoices by the month of their invoice date: invoiced, paid, credited and still outstanding.',
    dateLabel: 'Invoice date',
    dimension: MONTH,
    measures: [
      count('invoices', 'Invoices'),
      money('invoicedCents', 'Invoiced'),
      money('paidCents', 'Paid'),
      money('creditedCents', 'Credited'),
      money('outstandingCents', 'Outstanding'),
    ],
    filters: ['companyId', 'serviceType'],
    chart: 'bar',
  },
  {
    key: 'service-revenue-analysis',
    title: 'Service Revenue Analysis',
    description: 'Issued invoices in the period by service type: fees before GST, GST and totals.',
    dateLabel: 'Invoice date',
    dimension: { label: 'Service type', kind: 'category' },
    measures: [
      count('invoices', 'Invoices'),
      money('feesCents', 'Fees ex GST'),
      money('gstCents', 'GST'),
      money('totalCents', 'Total'),
    ],
    filters: ['companyId', 'specialistId'],
    chart: 'bar',
  },
  {
    key: 'iro-kpi',
    title: 'IRO KPI',
    description:
      'Issued invoices billed under an IRO grant (ILARS), by the month of their invoice date: invoiced, paid and outstanding.',
    dateLabel: 'Invoice date',
    dimension: MONTH,
    measures: [
      count('invoices', 'Invoices'),
      money('invoicedCents', 'Invoiced'),
      money('paidCents', 'Paid'),
      money('outstandingCents', 'Outstanding'),
    ],
    filters: ['companyId', 'specialistId'],
    chart: 'bar',
    tenantNames: 'exclusiveReports',
  },
  {
    key: 'service-revenue-master',
    title: 'Service Revenue Master',
    description: 'Issued invoices in the period by client company: fees before GST, GST, totals and what is paid.',
    dateLabel: 'Invoice date',
    dimension: { label: 'Company', kind: 'category' },
    measures: [
      count('invoices', 'Invoices'),
      money('feesCents', 'Fees ex GST'),
      money('gstCents', 'GST'),
      money('totalCents', 'Total'),
      money('paidCents', 'Paid'),
    ],
    filters: ['specialistId', 'serviceType'],
    chart: 'bar',
    tenantNames: 'exclusiveReports',
  },
  {
    key: 'service-revenue-forecast',
    title: 'Service Revenue Forecast',
    description:
      "Appointments by month, not cancelled: what is invoiced on them, and for the rest the service type's average invoice of the last twelve months.",
    dateLabel: 'Appointment',
    dimension: MONTH,
    measures: [
      count('bookings', 'Appointments'),
      money('invoicedCents', 'Invoiced'),
      money('forecastCents', 'Forecast (not invoiced)'),
      money('expectedCents', 'Expected'),
    ],
    filters: ['companyId', 'specialistId', 'serviceType'],
    chart: 'bar',
    tenantNames: 'exclusiveReports',
  },
  {
    key: 'staff-kpi',
    title: 'Staff KPI',
    description:
      'Per staff member: cases opened, status steps recorded, invoices issued (by invoice date) against their sales target for the months of the period.',
    dateLabel: 'Date',
    dimension: { label: 'Staff member', kind: 'category' },
    measures: [
      count('casesOpened', 'Cases opened'),
      count('statusSteps', 'Status steps'),
      money('invoicedCents', 'Invoiced'),
      money('targetCents', 'Sales target'),
    ],
    filters: ['staffUserId'],
    chart: 'bar',
  },
  {
    key: 'booking-by-account',
    title: 'Booking by Account',
    description: 'Cases by the company that booked them, by appointment date: booked, attended and cancelled.',
    dateLabel: 'Appointment',
    dimension: { label: 'Company', kind: 'category' },
    measures: [count('bookings', 'Bookings'), count('attended', 'Attended'), count('cancelled', 'Cancelled')],
    filters: ['specialistId', 'serviceType'],
    chart: 'bar',
  },
  {
    key: 'correspondence-analysis',
    title: 'Correspondence Analysis',
    description:
      'E-mails queued (sent, failed) and notes of calls, messages and meetings recorded, by the month they were written.',
    dateLabel: 'Written',
    dimension: MONTH,
    measures: [
      count('emails', 'E-mails'),
      count('emailsSent', 'Sent'),
      count('emailsFailed', 'Failed'),
      count('notes', 'Notes'),
      count('calls', 'Calls'),
    ],
    filters: ['staffUserId'],
    chart: 'bar',
  },
  {
    key: 'client-cm-recruitment',
    title: 'Client & CM Recruitment',
    description: 'Companies and case managers added, by the month they were added.',
    dateLabel: 'Added',
    dimension: MONTH,
    measures: [count('companies', 'Companies'), count('caseManagers', 'Case managers')],
    filters: [],
    chart: 'line',
  },
  {
    key: 'specialist-recruitment',
    title: 'Specialist Recruitment',
    description: 'Specialists whose contract started or ended, by month.',
    dateLabel: 'Contract date',
    dimension: MONTH,
    measures: [count('onboarded', 'Contracts started'), count('ended', 'Contracts ended')],
    filters: [],
    chart: 'line',
  },
  {
    key: 'user-account-analysis',
    title: 'User Account Analysis',
    description:
      'Sign-in accounts by role (an account with two roles counts under both): active, disabled and signed in within the period.',
    dateLabel: 'Last sign-in',
    dimension: { label: 'Role', kind: 'category' },
    measures: [
      count('accounts', 'Accounts'),
      count('active', 'Active'),
      count('disabled', 'Disabled'),
      count('signedIn', 'Signed in'),
    ],
    filters: [],
    chart: 'bar',
  },
  {
    key: 'funding-analysis',
    title: 'Funding Analysis',
    description:
      'Loans opened in the period by status: what was advanced on them, what was repaid and what they owe now.',
    dateLabel: 'Opened',
    dimension: { label: 'Loan status', kind: 'category' },
    measures: [
      count('loans', 'Loans'),
      money('advancedCents', 'Advanced'),
      money('repaidCents', 'Repaid'),
      money('balanceCents', 'Balance'),
    ],
    filters: ['companyId'],
    chart: 'bar',
    features: FUNDING,
  },
  {
    key: 'disbursement-funding',
    title: 'Disbursement Funding Analysis',
    description: 'Money moved on loans, by the month of the transaction: advances, fees, interest and repayments.',
    dateLabel: 'Transaction date',
    dimension: MONTH,
    measures: [
      money('advancedCents', 'Advanced'),
      money('feesCents', 'Fees'),
      money('interestCents', 'Interest'),
      money('repaidCents', 'Repaid'),
    ],
    filters: ['companyId'],
    chart: 'bar',
    features: FUNDING,
  },
] as const satisfies readonly ReportDeclaration[];

/** The route name of a built report. */
export type ReportKey = (typeof ReportDeclarations)[number]['key'];
export const ReportKeys = ReportDeclarations.map((r) => r.key) as unknown as readonly [ReportKey, ...ReportKey[]];

/** The declaration of a built report, or undefined for one not built yet. */
export function reportDeclaration(key: string): ReportDeclaration | undefined {
  return (ReportDeclarations as readonly ReportDeclaration[]).find((r) => r.key === key);
}

/** The permission every report's calls need (the spec's PowerBIReport group). */
export const REPORT_PERMISSION = Permissions.reports.read;

/**
 * A report's default period: the first day of the month six months back to the last day of next month,
 * so recent work and booked appointments both show.
 */
export function defaultReportRange(today: CalendarDate): { from: string; to: string } {
  const start = addMonths({ ...today, day: 1 }, -6);
  const next = addMonths({ ...today, day: 1 }, 1);
  return { from: formatIsoDate(start), to: formatIsoDate({ ...next, day: daysInMonth(next.year, next.month) }) };
}

/** "2026-11" → "Nov 2026". */
export function reportMonthLabel(month: string): string {
  const [year, m] = month.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(m) - 1] ?? m} ${year}`;
}

export const ReportParams = z.object({ key: z.enum(ReportKeys) });

/** The filters of a report call; each report reads the ones it declares. */
export const ReportQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    companyId: Uuid.optional(),
    specialistId: Uuid.optional(),
    serviceType: z.enum(SERVICE_TYPES).optional(),
    staffUserId: Uuid.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] });
export type ReportQuery = z.infer<typeof ReportQuery>;

/** The records behind one row of a report: its group key. */
export const ReportRecordsQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    companyId: Uuid.optional(),
    specialistId: Uuid.optional(),
    serviceType: z.enum(SERVICE_TYPES).optional(),
    staffUserId: Uuid.optional(),
    group: z.string().min(1).max(200),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be before from', path: ['to'] });
export type ReportRecordsQuery = z.infer<typeof ReportRecordsQuery>;

/** Figures by measure key. */
const ReportValues = z.record(z.string(), z.number().int());

export const ReportRowDto = z.object({
  /** The group: a month (YYYY-MM) or a category's id or code. */
  key: z.string(),
  label: z.string(),
  values: ReportValues,
});
export type ReportRowDto = z.infer<typeof ReportRowDto>;

export const ReportResultDto = z.object({
  key: z.string(),
  from: IsoDate,
  to: IsoDate,
  currency: Currency,
  rows: z.array(ReportRowDto),
  totals: ReportValues,
});
export type ReportResultDto = z.infer<typeof ReportResultDto>;

export const ReportRecordDto = z.object({
  id: z.string(),
  /** The record's own screen, when it has one. */
  path: z.string().nullable(),
  reference: z.string(),
  date: z.string().nullable(),
  description: z.string(),
  values: ReportValues,
});
export type ReportRecordDto = z.infer<typeof ReportRecordDto>;

/** The most records a drill-down lists (the export has them all). */
export const REPORT_RECORDS_LIMIT = 500;

export const ReportRecordsDto = z.object({
  totalCount: z.number().int(),
  items: z.array(ReportRecordDto),
});
export type ReportRecordsDto = z.infer<typeof ReportRecordsDto>;
