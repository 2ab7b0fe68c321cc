import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, formatIsoDate, parseIsoDate, wallTimeIn, type ImeStatus } from '@casebook/domain';
import type { Database } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import type { Jobs } from '../../platform/jobs/jobs';
import { cases } from '../cases/cases.schema';
import { imeCaseSource } from './case-template-source';
import { enqueueTemplatedMail } from './outbox';

export const APPOINTMENT_REMINDER_QUEUE = 'appointment-reminders';
export const APPOINTMENT_REMINDER_TEMPLATE = 'IME_APPOINTMENT_REMINDER';
/** Every hour on the hour; each tenant's reminders go out in the run at this hour of its own day. */
export const APPOINTMENT_REMINDER_CRON = '0 * * * *';
export const APPOINTMENT_REMINDER_LOCAL_HOUR = 8;
/** The tick's job names no tenant: it only queues each due tenant's own job. */
const EVERY_TENANT = '*';
/** A case reminded this recently is not reminded again (a second run, or a manual reminder the same day). */
const REMINDED_WITHIN_HOURS = 20;
/** Cases whose appointment is booked and still ahead. */
const BOOKED: ImeStatus[] = ['APPOINTMENT_CONFIRMED', 'PAPERWORK_SENT'];

type ReminderJob = { tenantId: string; date?: string; summary?: string };

/** A moment as the tenant's calendar date and hour. */
export function localDayAndHour(at: Date, timeZone: string): { date: string; hour: number } {
  const wall = wallTimeIn(timeZone, at);
  return { date: formatIsoDate(wall), hour: wall.hour };
}

/** The calendar day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const day = parseIsoDate(date);
  if (!day) throw new Error(`Not a date: ${date}`);
  return formatIsoDate(addDays(day, 1));
}

/** The tenants whose reminder hour it is at this moment, each with the day their reminders are for. */
export function tenantsDue(list: { id: string; timezone: string }[], at: Date): { tenantId: string; date: string }[] {
  return list.flatMap((t) => {
    const local = localDayAndHour(at, t.timezone);
    return local.hour === APPOINTMENT_REMINDER_LOCAL_HOUR ? [{ tenantId: t.id, date: nextDay(local.date) }] : [];
  });
}

/**
 * Queues the reminder e-mail of every booked case of the tenant whose appointment is on the date, to
 * the booking case manager, unless the case was reminded in the last hours. Runs under a tenant lock,
 * so two runs at once (two processes, a retry) remind each case once. Returns how many were queued.
 */
export async function sendAppointmentReminders(database: Database, tenantId: string, date: string): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`appointment-reminders:${tenantId}`}))`);
    const due = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          eq(cases.tenantId, tenantId),
          eq(cases.appointmentDate, date),
          inArray(cases.status, BOOKED),
          eq(cases.isDeleted, false),
          sql`not exists (select 1 from mail_outbox o where o.tenant_id = ${cases.tenantId}
                and o.object_id = ${cases.id} and o.template_key = ${APPOINTMENT_REMINDER_TEMPLATE}
                and o.creation_time > now() - make_interval(hours => ${REMINDED_WITHIN_HOURS}))`,
        ),
      );
    let queued = 0;
    for (const { id } of due) {
      const source = await imeCaseSource(tx, tenantId, id, APPOINTMENT_REMINDER_TEMPLATE);
      if (!source?.defaultRecipient) continue;
      const mailId = await enqueueTemplatedMail(tx, tenantId, {
        to: source.defaultRecipient,
        templateKey: APPOINTMENT_REMINDER_TEMPLATE,
        fromModule: 'IME',
        objectId: id,
        objectReference: source.objectReference ?? null,
        category: 'APPOINTMENT_REMINDER',
        values: source.values,
      });
      if (mailId) queued += 1;
    }
    return queued;
  });
}

/**
 * The day-before appointment reminders: an hourly schedule whose run queues, for each tenant at its
 * reminder hour, a job of the tenant's own (seen on its background jobs screen) that sends the reminders.
 */
export function defineAppointmentReminderJobs(jobs: Jobs, database: Database): void {
  jobs.define<ReminderJob>(
    APPOINTMENT_REMINDER_QUEUE,
    {
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 600,
      heartbeatSeconds: 30,
      cron: {
        expression: APPOINTMENT_REMINDER_CRON,
        data: { tenantId: EVERY_TENANT, summary: 'Appointment reminders of the tenants at their reminder hour' },
      },
    },
    async ({ data }) => {
      if (data.tenantId === EVERY_TENANT) {
        const list = await database.withSystem((tx) =>
          tx.select({ id: tenants.id, timezone: tenants.timezone }).from(tenants).where(eq(tenants.isActive, true)),
        );
        const due = tenantsDue(list, new Date());
        for (const { tenantId, date } of due) {
          await jobs.send<ReminderJob>(APPOINTMENT_REMINDER_QUEUE, {
            tenantId,
            date,
            summary: `Appointment reminders for ${date}`,
          });
        }
        return { tenants: due.length };
      }
      const date =
        data.date ?? nextDay(localDayAndHour(new Date(), await tenantTimezone(database, data.tenantId)).date);
      return { date, queued: await sendAppointmentReminders(database, data.tenantId, date) };
    },
  );
}

async function tenantTimezone(database: Database, tenantId: string): Promise<string> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  return row?.timezone ?? 'Australia/Sydney';
}
