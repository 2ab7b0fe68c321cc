import {
  CancelInvoiceInput,
  CreatePartialPaymentInput,
  CreatePaymentBlueprintInput,
  formatIsoDate,
  previousMonth,
  type CaseDto,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { Database } from '../../platform/db/database';
import { InvoicesService } from '../invoices/invoices.service';

/**
 * A demo tenant's invoices, made through the invoice service as a clerk would: the tenant's IME fees, and
 * an invoice at every status — a draft, one sent, one partly paid, one paid, one cancelled — dated in the
 * previous month so the Doctor Remittances run has work by default. One case completed and one cancelled
 * with a fee keep their status (their invoices are a draft and a cancelled draft), so the case list still
 * shows cases waiting to be billed.
 */
export async function seedDemoInvoices(database: Database, staff: RequestContext, made: readonly CaseDto[]) {
  const service = new InvoicesService(database);
  await service.createBlueprint(
    staff,
    CreatePaymentBlueprintInput.parse({
      name: 'IME standard fees',
      serviceType: 'IME',
      commissionBasisPoints: 2000,
      paymentTermDays: 14,
      items: [
        { description: 'Independent medical examination', quantity: 1, unitPrice: 950_00 },
        { description: 'Medico-legal report', quantity: 1, unitPrice: 450_00 },
      ],
    }),
  );
  const billable = made.filter((c) => c.status === 'REPORT_COMPLETED' || c.status === 'CANCELLED_WITH_FEE');
  const keptCompleted = billable.find((c) => c.status === 'REPORT_COMPLETED');
  const keptCancelled = billable.find((c) => c.status === 'CANCELLED_WITH_FEE');
  const others = billable.filter((c) => c !== keptCompleted && c !== keptCancelled);
  const last = previousMonth(staff.tenant.timezone);
  const invoiceDate = formatIsoDate({ ...last, day: 15 });
  const paidOn = formatIsoDate({ ...last, day: 28 });
  let invoices = 0;

  if (keptCompleted) {
    await service.invoiceFromModule(staff, { caseId: keptCompleted.id, invoiceDate });
    invoices++;
  }
  if (keptCancelled) {
    const draft = await service.invoiceFromModule(staff, { caseId: keptCancelled.id, invoiceDate });
    await service.cancel(
      staff,
      draft.id,
      CancelInvoiceInput.parse({ concurrencyStamp: draft.concurrencyStamp, comment: 'Fee waived by agreement' }),
    );
    invoices++;
  }
  for (const [k, c] of others.slice(0, 3).entries()) {
    const draft = await service.invoiceFromModule(staff, { caseId: c.id, invoiceDate });
    const sent = await service.send(staff, draft.id, draft.concurrencyStamp);
    if (k >= 1) {
      // Partly paid (half), then for the last one the rest.
      const half = Math.floor(sent.totalCents / 2);
      await service.addPayment(
        staff,
        sent.id,
        CreatePartialPaymentInput.parse({ amount: half, paymentDate: paidOn, reference: 'EFT' }),
      );
      if (k === 2) {
        await service.addPayment(
          staff,
          sent.id,
          CreatePartialPaymentInput.parse({ amount: sent.totalCents - half, paymentDate: paidOn, reference: 'EFT' }),
        );
      }
    }
    invoices++;
  }
  return invoices;
}
