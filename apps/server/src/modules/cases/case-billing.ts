import { uuidv7, canTransition, type BillingStatus, type ImeStatus } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Tx } from '../../platform/db/database';
import { notFound } from '../../platform/http/errors';
import { casesRepository as repo } from './cases.repository';
import { CASE_ENTITY } from './cases.service';

/**
 * Moves a case with its invoices, inside the invoice's own transaction: the status through the same
 * workflow rule as every other move (a move the workflow does not allow leaves the status as it is, as a
 * case already invoiced to the specialist keeps that status), the billing readiness as given, with the status
 * log and the change history. The caller has already checked its access to the invoice, hence the case.
 */
export async function followInvoices(
  tx: Tx,
  ctx: RequestContext,
  caseId: string,
  change: { status?: ImeStatus; billingStatus?: BillingStatus; note: string },
): Promise<{ moved: boolean }> {
  const found = await repo.find(tx, caseId, { kind: 'all' }, true);
  if (!found) throw notFound('The case');
  const current = found.c;
  const to =
    change.status && change.status !== current.status && canTransition(current.status, change.status)
      ? change.status
      : undefined;
  const billing =
    change.billingStatus && change.billingStatus !== current.billingStatus ? change.billingStatus : undefined;
  if (!to && !billing) return { moved: false };
  const now = new Date();
  if (to) {
    await repo.logStatus(tx, {
      tenantId: ctx.tenant.id,
      caseId,
      from: current.status,
      to,
      at: now,
      userId: ctx.principal.userId,
      userName: ctx.actor.userName,
      note: change.note,
    });
  }
  const updated = await repo.updateCase(tx, caseId, current.concurrencyStamp, {
    ...(to ? { status: to, statusDate: now } : {}),
    ...(billing ? { billingStatus: billing } : {}),
    lastModificationTime: now,
    lastModifierId: ctx.principal.userId,
    concurrencyStamp: uuidv7(),
  });
  // The row is locked above, so its stamp cannot have changed in between.
  if (!updated) throw new Error('the case changed under its row lock');
  await recordEntityChange(tx, ctx.actor, {
    entityType: CASE_ENTITY,
    entityId: caseId,
    changeType: 'Updated',
    before: current,
    after: updated,
  });
  return { moved: Boolean(to) };
}
