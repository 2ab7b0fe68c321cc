import { z } from 'zod';
import { addMonths, todayIn } from '../calendar';
import { PagedListInput, QueryBoolean } from '../paging';
import { Uuid } from '../ids';

/** The titles of the printable remittance (money §2). */
export const REMITTANCE_PAYMENT_TITLE = 'Remittance Payment';
export const REMITTANCE_SCHEDULED_TITLE = 'Remittance Scheduled Payment';

/** The printable remittance's title: 'Remittance Payment' when showProviderPayment is 'true'. */
export function remittanceTitle(showProviderPayment: boolean): string {
  return showProviderPayment ? REMITTANCE_PAYMENT_TITLE : REMITTANCE_SCHEDULED_TITLE;
}

/** The months of the year as people write them, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A remittance's month as people say it: March 2027. */
export const remittancePeriodText = (s: { yearPeriod: number; monthPeriod: number }): string =>
  `${MONTH_NAMES[s.monthPeriod - 1]} ${s.yearPeriod}`;

/** The month a remittance run covers by default: the previous month in the tenant's zone. */
export function previousMonth(timeZone: string, now: Date = new Date()): { year: number; month: number } {
  const d = addMonths({ ...todayIn(timeZone, now), day: 1 }, -1);
  return { year: d.year, month: d.month };
}

const Year = z.coerce.number().int('must be a whole number').min(2000).max(2100);
const Month = z.coerce
  .number()
  .int('must be a whole number')
  .min(1, 'must be from 1 to 12')
  .max(12, 'must be from 1 to 12');

export const RunRemittanceInput = z.strictObject({ yearPeriod: Year.optional(), monthPeriod: Month.optional() });

export const RemittanceRunDto = z.object({
  yearPeriod: z.number(),
  monthPeriod: z.number(),
  statements: z.number(),
  invoices: z.number(),
  paymentCents: z.number(),
});
export type RemittanceRunDto = z.infer<typeof RemittanceRunDto>;

export const RemittanceListInput = PagedListInput.extend({
  specialistId: Uuid.optional(),
  yearPeriod: Year.optional(),
  monthPeriod: Month.optional(),
});

export const RemittanceStatementDto = z.object({
  id: z.string(),
  specialistId: z.string(),
  specialistName: z.string(),
  yearPeriod: z.number(),
  monthPeriod: z.number(),
  feeArrangement: z.number(),
  currency: z.string(),
  feeCents: z.number(),
  shareCents: z.number(),
  commissionCents: z.number(),
  commissionAmountWithTax: z.number(),
  paymentCents: z.number(),
  lineCount: z.number(),
  creationTime: z.string(),
});
export type RemittanceStatementDto = z.infer<typeof RemittanceStatementDto>;

export const RemittanceLineDto = z.object({
  invoiceId: z.string(),
  invoiceNo: z.string(),
  caseNo: z.string(),
  invoiceDate: z.string(),
  method: z.enum(['SPLIT', 'COMMISSION_ON_TOP']),
  feeCents: z.number(),
  shareCents: z.number(),
  commissionCents: z.number(),
  commissionAmountWithTax: z.number(),
  feeTaxCents: z.number(),
  paymentCents: z.number(),
});
export type RemittanceLineDto = z.infer<typeof RemittanceLineDto>;

export const RemittanceStatementDetailDto = RemittanceStatementDto.extend({ lines: z.array(RemittanceLineDto) });
export type RemittanceStatementDetailDto = z.infer<typeof RemittanceStatementDetailDto>;

export const RemittancePrintInput = z.object({ showProviderPayment: QueryBoolean.optional() });
