import { and, eq } from 'drizzle-orm';
import { ImeStatusLabels, type ImeStatus, type NotificationEvent, type StepFacts } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { Tx } from '../../platform/db/database';
import { userGroups } from '../identity/identity.schema';
import { raiseNotification } from '../notifications/notify';
import { caseManagers } from '../people/people.schema';
import type { cases } from './cases.schema';

type CaseRow = typeof cases.$inferSelect;

/**
 * What a step tells the case's people (decision 0058): a booking confirmed, an appointment moved or
 * cancelled, the report received or completed. Nothing for any other step.
 */
export function stepEvents(
  facts: StepFacts | ImeStatus | null,
  from: ImeStatus,
  to: ImeStatus | null,
  before: CaseRow,
): NotificationEvent[] {
  const step = facts && typeof facts === 'object' ? facts.step : null;
  const events: NotificationEvent[] = [];
  if (step === 'reschedule-appointment') events.push('appointmentChanged');
  else if (step === 'cancel-appointment' || (step === 'cancellation' && before.appointmentDate))
    events.push('appointmentCancelled');
  else if (to === 'APPOINTMENT_CONFIRMED' && from !== to) events.push('bookingConfirmed');
  if (to === 'REPORT_RECEIVED' && from !== to) events.push('reportReceived');
  if (to === 'REPORT_COMPLETED' && from !== to) events.push('reportCompleted');
  return events;
}

/** The users of the case's case manager who may see the case (not when it is kept to staff). */
export async function caseManagerUserIds(tx: Tx, row: CaseRow): Promise<string[]> {
  const [cm] = await tx
    .select({ userId: caseManagers.userId })
    .from(caseManagers)
    .where(and(eq(caseManagers.tenantId, row.tenantId), eq(caseManagers.id, row.caseManagerId)));
  const userId = cm?.userId;
  if (!userId || row.visibility === 'STAFF') return [];
  if (row.visibility === 'GROUP') {
    if (!row.visibilityGroupId) return [];
    const [group] = await tx
      .select({ memberIds: userGroups.memberIds, isDeleted: userGroups.isDeleted })
      .from(userGroups)
      .where(and(eq(userGroups.tenantId, row.tenantId), eq(userGroups.id, row.visibilityGroupId)));
    if (!group || group.isDeleted || !group.memberIds.includes(userId)) return [];
  }
  return [userId];
}

function describe(event: NotificationEvent, row: CaseRow, from: ImeStatus): string {
  const date = row.appointmentDate
    ? `${row.appointmentDate}${row.appointmentTime ? ` ${row.appointmentTime}` : ''}`
    : '';
  switch (event) {
    case 'bookingConfirmed':
      return `The booking of case ${row.caseNo} is confirmed${date ? ` for ${date}` : ''}.`;
    case 'appointmentChanged':
      return `The appointment of case ${row.caseNo} has moved${date ? ` to ${date}` : ''}.`;
    case 'appointmentCancelled':
      return `The appointment of case ${row.caseNo} is cancelled.`;
    case 'reportReceived':
      return `The report of case ${row.caseNo} is received.`;
    case 'reportCompleted':
      return `The report of case ${row.caseNo} is completed.`;
    default:
      return `Case ${row.caseNo}: ${ImeStatusLabels[from]} → ${ImeStatusLabels[row.status]}.`;
  }
}

/** Raises the step's notifications to the case manager's user, in the step's transaction. */
export async function notifyCaseStep(
  tx: Tx,
  ctx: RequestContext,
  before: CaseRow,
  after: CaseRow,
  facts: StepFacts | ImeStatus | null,
  to: ImeStatus | null,
  fromModule: string,
): Promise<void> {
  const events = stepEvents(facts, before.status, to, before);
  if (events.length === 0) return;
  const recipients = await caseManagerUserIds(tx, after);
  for (const event of events) {
    await raiseNotification(tx, after.tenantId, recipients, {
      event,
      content: describe(event, after, before.status),
      objectId: after.id,
      objectReferenceName: after.caseNo,
      fromModule,
      actorId: ctx.principal.userId,
      creator: { name: ctx.actor.userName, email: null },
    });
  }
}
