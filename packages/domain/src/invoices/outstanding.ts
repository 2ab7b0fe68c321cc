import { z } from 'zod';
import { parseIsoDate } from '../calendar';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { daysBetween } from '../scheduling/zones';

/** The e-mail template of the overdue reminder (money §1 "overdue reminders", INVOICE templates). */
export const OVERDUE_REMINDER_TEMPLATE = 'INVOICE_OVERDUE_REMINDER';
/** The e-mail template of a company's outstanding statement (decision 0037). */
export const OUTSTANDING_STATEMENT_TEMPLATE = 'INVOICE_OUTSTANDING_STATEMENT';
/** The e-mail template of a specialist's remittance statement. */
export const REMITTANCE_STATEMENT_TEMPLATE = 'SPECIALIST_REMITTANCE';
/** An overdue invoice is reminded at most once in this many days (decision 0037). */
export const OVERDUE_REMINDER_INTERVAL_DAYS = 7;

/**
 * Ageing of an unpaid balance by days past its due date on the as-of date (decision 0038): Current (not
 * yet past due), 1–30, 31–60, 61–90 and over 90 days.
 */
export const AgeingBuckets = ['current', 'days30', 'days60', 'days90', 'over90'] as const;
export type AgeingBucket = (typeof AgeingBuckets)[number];
export const AgeingBucketLabels: Record<AgeingBucket, string> = {
  current: 'Current',
  days30: '1–30 days',
  days60: '31–60 days',
  days90: '61–90 days',
  over90: 'Over 90 days',
};

/** Whole days an invoice due on `dueDate` is past due on `asOf` (0 when not yet past due). */
export function daysOverdue(dueDate: string, asOf: string): number {
  const due = parseIsoDate(dueDate);
  const on = parseIsoDate(asOf);
  if (!due || !on) throw new Error(`Not a date: ${due ? asOf : dueDate}`);
  return Math.max(0, daysBetween(due, on));
}

/** The ageing bucket of a balance due on `dueDate`, as of `asOf`. */
export function ageingBucketOf(dueDate: string, asOf: string): AgeingBucket {
  const days = daysOverdue(dueDate, asOf);
  if (days === 0) return 'current';
  if (days <= 30) return 'days30';
  if (days <= 60) return 'days60';
  if (days <= 90) return 'days90';
  return 'over90';
}

const Cents = z.number();
const AgeingAmounts = z.object({
  current: Cents,
  days30: Cents,
  days60: Cents,
  days90: Cents,
  over90: Cents,
  balanceCents: Cents,
});
export type AgeingAmounts = z.infer<typeof AgeingAmounts>;

/** The outstanding balance report's filters: one company or all, as of a date (default today). */
export const OutstandingBalanceInput = z.object({ companyId: Uuid.optional(), asOf: IsoDate.optional() });

export const OutstandingCompanyDto = AgeingAmounts.extend({
  companyId: z.string(),
  companyName: z.string(),
  businessType: z.string(),
  email: z.string().nullable(),
  invoiceCount: z.number(),
});
export type OutstandingCompanyDto = z.infer<typeof OutstandingCompanyDto>;

export const OutstandingBalanceDto = z.object({
  asOf: z.string(),
  currency: z.string(),
  items: z.array(OutstandingCompanyDto),
  totals: AgeingAmounts.extend({ invoiceCount: z.number() }),
});
export type OutstandingBalanceDto = z.infer<typeof OutstandingBalanceDto>;

/** One company's statement: its unpaid invoices as of the date. */
export const OutstandingStatementInput = z.object({ companyId: Uuid, asOf: IsoDate.optional() });

export const OutstandingStatementDto = z.object({
  asOf: z.string(),
  currency: z.string(),
  company: OutstandingCompanyDto,
  invoices: z.array(
    z.object({
      id: z.string(),
      invoiceNo: z.string(),
      caseNo: z.string(),
      invoiceDate: z.string(),
      dueDate: z.string(),
      totalCents: Cents,
      paidCents: Cents,
      /** What credit notes dated by the as-of date took off the invoice. */
      creditedCents: Cents,
      balanceCents: Cents,
      daysOverdue: z.number(),
      bucket: z.enum(AgeingBuckets),
    }),
  ),
});
export type OutstandingStatementDto = z.infer<typeof OutstandingStatementDto>;

const OptionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.email('is not a valid e-mail address').optional(),
);

/** E-mails a company its statement: to the address given, else the company's own. */
export const SendOutstandingStatementInput = z.strictObject({
  companyId: Uuid,
  asOf: IsoDate.optional(),
  to: OptionalEmail,
});

export const MailQueuedDto = z.object({ queued: z.number(), skipped: z.array(z.string()) });
export type MailQueuedDto = z.infer<typeof MailQueuedDto>;

/** The overdue check: how many sent or part-paid invoices are past due, and how many were reminded now. */
export const OverdueCheckDto = z.object({ overdue: z.number(), queued: z.number(), skipped: z.array(z.string()) });
export type OverdueCheckDto = z.infer<typeof OverdueCheckDto>;

/** E-mails remittance statements to their specialists: the ones chosen, or all of a run's month. */
export const SendRemittanceStatementsInput = z
  .strictObject({
    ids: z.array(Uuid).max(1000).optional(),
    yearPeriod: z.number().int().min(2000).max(2100).optional(),
    monthPeriod: z.number().int().min(1, 'must be from 1 to 12').max(12, 'must be from 1 to 12').optional(),
  })
  .refine((v) => (v.ids && v.ids.length > 0) || (v.yearPeriod !== undefined && v.monthPeriod !== undefined), {
    message: 'Choose statements, or a month and year to send all of.',
    path: ['ids'],
  });
