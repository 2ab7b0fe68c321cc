import { eq } from 'drizzle-orm';
import { formatMoney, uuidv7 } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Tx } from '../../platform/db/database';
import { invalidField } from '../../platform/http/errors';
import type { fundingInvoicePayments } from './funding-invoices.schema';
import type { fundingRepaymentInvoicePayments } from './repayment-invoices.schema';

/** The payments of one kind of invoice of a loan: the same columns for each kind. */
type InvoicePayments = typeof fundingInvoicePayments | typeof fundingRepaymentInvoicePayments;

/**
 * A payment against an invoice of a loan, a funding invoice (decision 0090) or a repayment invoice (0062),
 * in the caller's transaction: at most what is left on the invoice, recorded as a repayment of its loan
 * (`repay`: fees, then interest, then principal, decision 0026) with the invoice number as reference unless
 * one is given, then the payment row and its audit row. Says whether it paid what was left.
 */
export async function recordInvoicePayment(
  tx: Tx,
  ctx: RequestContext,
  payments: InvoicePayments,
  entityType: string,
  invoice: { id: string; invoiceNo: string; totalCents: number },
  input: { amount: number; date: string; reference?: string | null },
  repay: (repayment: { amount: number; date: string; reference: string }) => Promise<{ movementId: string }>,
): Promise<{ fullyPaid: boolean }> {
  const paid = await tx
    .select({ cents: payments.amountCents })
    .from(payments)
    .where(eq(payments.invoiceId, invoice.id));
  const left = invoice.totalCents - paid.reduce((a, p) => a + p.cents, 0);
  if (input.amount > left)
    throw invalidField('amount', `The payment is more than the ${formatMoney(left)} left on the invoice.`);
  const { movementId } = await repay({
    amount: input.amount,
    date: input.date,
    reference: input.reference ?? invoice.invoiceNo,
  });
  const payment = {
    tenantId: ctx.tenant.id,
    id: uuidv7(),
    invoiceId: invoice.id,
    movementId,
    paymentDate: input.date,
    amountCents: input.amount,
    reference: input.reference ?? null,
    creatorId: ctx.actor.userId,
  };
  await tx.insert(payments).values(payment);
  await recordEntityChange(tx, ctx.actor, {
    entityType,
    entityId: payment.id,
    changeType: 'Created',
    before: null,
    after: payment,
  });
  return { fullyPaid: input.amount === left };
}
