import { and, eq } from 'drizzle-orm';
import {
  ADMIN_OR_STAFF,
  CaseNotificationAudiences,
  hasAnyRole,
  ImeModule,
  moduleStatusEvents,
  type CaseModuleDeclaration,
  type CaseNotificationEvent,
  type ImeStatus,
  type NotificationEvent,
  type StepFacts,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import type { Tx } from '../../platform/db/database';
import { userGroups, users } from '../identity/identity.schema';
import { raiseNotification } from '../notifications/notify';
import { caseManagers, specialists } from '../people/people.schema';
import { caseDefaultPics, type cases } from './cases.schema';

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
  const declared = moduleStatusEvents(ImeModule, from, to);
  if (step === 'reschedule-appointment') events.push('appointmentChanged');
  else if (step === 'cancel-appointment' || (step === 'cancellation' && before.appointmentDate))
    events.push('appointmentCancelled');
  else if (declared.includes('bookingConfirmed')) events.push('bookingConfirmed');
  events.push(...declared.filter((e) => e !== 'bookingConfirmed'));
  return events;
}

/** Whether a user outside the staff may be told of the case: not when kept to staff; for a group case, a member. */
async function mayBeTold(tx: Tx, row: CaseRow, userId: string): Promise<boolean> {
  if (row.visibility === 'STAFF') return false;
  if (row.visibility !== 'GROUP') return true;
  if (!row.visibilityGroupId) return false;
  const [group] = await tx
    .select({ memberIds: userGroups.memberIds, isDeleted: userGroups.isDeleted })
    .from(userGroups)
    .where(and(eq(userGroups.tenantId, row.tenantId), eq(userGroups.id, row.visibilityGroupId)));
  return Boolean(group && !group.isDeleted && group.memberIds.includes(userId));
}

/** The users of the case's case manager who may see the case (not when it is kept to staff). */
export async function caseManagerUserIds(tx: Tx, row: CaseRow): Promise<string[]> {
  const [cm] = await tx
    .select({ userId: caseManagers.userId })
    .from(caseManagers)
    .where(and(eq(caseManagers.tenantId, row.tenantId), eq(caseManagers.id, row.caseManagerId)));
  const userId = cm?.userId;
  if (!userId || !(await mayBeTold(tx, row, userId))) return [];
  return [userId];
}

/** The user of the case's specialist, when the case has one with a user who may see it. */
async function specialistUserIds(tx: Tx, row: CaseRow): Promise<string[]> {
  if (!row.specialistId) return [];
  const [sp] = await tx
    .select({ userId: specialists.userId })
    .from(specialists)
    .where(and(eq(specialists.tenantId, row.tenantId), eq(specialists.id, row.specialistId)));
  const userId = sp?.userId;
  if (!userId || !(await mayBeTold(tx, row, userId))) return [];
  return [userId];
}

/** The tenant's staff in charge of the process step the case now waits on, administrators and staff only. */
async function personInChargeIds(tx: Tx, row: CaseRow, module: CaseModuleDeclaration): Promise<string[]> {
  const step = (module.statuses as Record<string, { next: string | null } | undefined>)[row.status]?.next;
  if (!step) return [];
  const rows = await tx
    .select({ userId: caseDefaultPics.userId, roles: users.roles })
    .from(caseDefaultPics)
    .innerJoin(users, and(eq(users.tenantId, caseDefaultPics.tenantId), eq(users.id, caseDefaultPics.userId)))
    .where(
      and(
        eq(caseDefaultPics.tenantId, row.tenantId),
        eq(caseDefaultPics.step, step as never),
        eq(caseDefaultPics.isDeleted, false),
      ),
    );
  return rows.filter((r) => hasAnyRole(r.roles, ADMIN_OR_STAFF)).map((r) => r.userId);
}

/** The users a case event concerns (its declared audience), each once. */
export async function caseEventRecipients(
  tx: Tx,
  row: CaseRow,
  module: CaseModuleDeclaration,
  event: CaseNotificationEvent,
): Promise<string[]> {
  const ids: string[] = [];
  for (const audience of CaseNotificationAudiences[event]) {
    if (audience === 'caseManager') ids.push(...(await caseManagerUserIds(tx, row)));
    else if (audience === 'specialist') ids.push(...(await specialistUserIds(tx, row)));
    else ids.push(...(await personInChargeIds(tx, row, module)));
  }
  return [...new Set(ids)];
}

function describe(event: NotificationEvent, row: CaseRow, statusLabel: (s: string) => string, from: string): string {
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
    case 'caseCancelled':
      return `Case ${row.caseNo} is cancelled (${statusLabel(row.status)}).`;
    default:
      return `Case ${row.caseNo}: ${statusLabel(from)} → ${statusLabel(row.status)}.`;
  }
}

/** Raises the events to the users each concerns, in the caller's transaction. */
async function raiseCaseEvents(
  tx: Tx,
  ctx: RequestContext,
  module: CaseModuleDeclaration,
  after: CaseRow,
  from: string,
  events: readonly NotificationEvent[],
  fromModule: string,
): Promise<void> {
  const label = (s: string) => (module.statuses as Record<string, { label: string } | undefined>)[s]?.label ?? s;
  for (const event of events) {
    const recipients =
      event in CaseNotificationAudiences
        ? await caseEventRecipients(tx, after, module, event as CaseNotificationEvent)
        : await caseManagerUserIds(tx, after);
    await raiseNotification(tx, after.tenantId, recipients, {
      event,
      content: describe(event, after, label, from),
      objectId: after.id,
      objectReferenceName: after.caseNo,
      fromModule,
      actorId: ctx.principal.userId,
      creator: { name: ctx.actor.userName, email: null },
    });
  }
}

/** Raises an assessment step's notifications to those they concern, in the step's transaction. */
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
  await raiseCaseEvents(tx, ctx, ImeModule, after, before.status, events, fromModule);
}

/**
 * Raises what a declared module's status change tells its people (the new status's `notify`), in the
 * transaction that writes the status log.
 */
export async function notifyModuleStatusChange(
  tx: Tx,
  ctx: RequestContext,
  module: CaseModuleDeclaration,
  from: string,
  after: CaseRow,
): Promise<void> {
  const events = moduleStatusEvents(module, from, after.status);
  if (events.length === 0) return;
  await raiseCaseEvents(tx, ctx, module, after, from, events, module.key);
}
