import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  OVERDUE_REMINDER_INTERVAL_DAYS,
  OVERDUE_REMINDER_TEMPLATE,
  formatDisplayDate,
  formatIsoDate,
  formatMoney,
  parseIsoDate,
  todayIn,
  type Currency,
  type OverdueCheckDto,
} from '@casebook/domain';
import type { Database, Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import type { Jobs } from '../../platform/jobs/jobs';
import { cases } from '../cases/cases.schema';
import { localDayAndHour } from '../correspondence/appointment-reminders';
import { enqueueTemplatedMail } from '../correspondence/outbox';
import { caseManagers, companies } from '../people/people.schema';
import { invoicePdf } from './invoice-pdf';
import { creditedOn, paidOn } from './invoices.repository';
import { invoices } from './invoices.schema';
import { InvoicesService } from './invoices.service';

export const OVERDUE_REMINDER_QUEUE = 'invoice-overdue-reminders';
/** Every hour on the hour; each tenant's reminders go out in the run at this hour of its own day. */
export const OVERDUE_REMINDER_CRON = '0 * * * *';
export const OVERDUE_REMINDER_LOCAL_HOUR = 9;
const EVERY_TENANT = '*';

type OverdueJob = { tenantId: string; date?: string; summary?: string };

/** The tenants whose reminder hour it is at this moment, each with its own today. */
export function tenantsDueForOverdue(
  list: { id: string; timezone: string }[],
  at: Date,
): { tenantId: string; date: string }[] {
  return list.flatMap((t) => {
    const local = localDayAndHour(at, t.timezone);
    return local.hour === OVERDUE_REMINDER_LOCAL_HOUR ? [{ tenantId: t.id, date: local.date }] : [];
  });
}

const displayDate = (iso: string) => {
  const d = parseIsoDate(iso);
  return d ? formatDisplayDate(d) : iso;
};

/**
 * Checks the tenant's sent and part-paid invoices past their due date on `today` and queues a reminder to
 * each one's bill-to contact (the company's e-mail, else the case manager's) with the invoice PDF attached,
 * unless it was reminded in the last OVERDUE_REMINDER_INTERVAL_DAYS days. Runs under a tenant lock, so two
 * runs at once remind each invoice once. Invoices with nobody to write to are named in `skipped`.
 */
export async function sendOverdueReminders(
  database: Database,
  tenantId: string,
  today: string,
  creatorId: string | null = null,
): Promise<OverdueCheckDto> {
  const service = new InvoicesService(database);
  return database.withTenant(tenantId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-overdue-reminders:${tenantId}`}))`);
    const overdue = await tx
      .select({
        id: invoices.id,
        invoiceNo: invoices.invoiceNo,
        companyEmail: companies.email,
        caseManagerEmail: caseManagers.email,
        reminded: sql<boolean>`exists (select 1 from mail_outbox o where o.tenant_id = ${invoices.tenantId}
                and o.object_id = ${invoices.id} and o.template_key = ${OVERDUE_REMINDER_TEMPLATE}
                and o.creation_time > now() - make_interval(days => ${OVERDUE_REMINDER_INTERVAL_DAYS}))`,
      })
      .from(invoices)
      .innerJoin(companies, and(eq(companies.tenantId, invoices.tenantId), eq(companies.id, invoices.companyId)))
      .innerJoin(cases, and(eq(cases.tenantId, invoices.tenantId), eq(cases.id, invoices.caseId)))
      .leftJoin(
        caseManagers,
        and(
          eq(caseManagers.tenantId, cases.tenantId),
          eq(caseManagers.id, cases.caseManagerId),
          eq(caseManagers.isDeleted, false),
        ),
      )
      .where(
        and(
          eq(invoices.tenantId, tenantId),
          eq(invoices.isDeleted, false),
          inArray(invoices.status, ['SENT', 'PARTIAL_PAY']),
          lt(invoices.dueDate, today),
        ),
      )
      .orderBy(invoices.invoiceNumber);
    const due = overdue.filter((r) => !r.reminded);
    if (due.length === 0) return { overdue: overdue.length, queued: 0, skipped: [] };
    const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    let queued = 0;
    const skipped: string[] = [];
    for (const r of due) {
      const to = r.companyEmail?.trim() || r.caseManagerEmail?.trim();
      if (!to) {
        skipped.push(r.invoiceNo);
        continue;
      }
      const [invoice] = await service.readInvoices(tx, [r.id]);
      const money = (c: number) => formatMoney(c, invoice!.currency as Currency);
      const mailId = await enqueueTemplatedMail(tx, tenantId, {
        to,
        templateKey: OVERDUE_REMINDER_TEMPLATE,
        fromModule: 'INVOICE',
        objectId: r.id,
        objectReference: r.invoiceNo,
        category: 'INVOICE_OVERDUE_REMINDER',
        creatorId,
        values: {
          recipientName: invoice!.companyName,
          companyName: invoice!.companyName,
          invoiceNo: invoice!.invoiceNo,
          caseNo: invoice!.caseNo,
          amount: money(invoice!.balanceCents),
          totalAmount: money(invoice!.totalCents),
          invoiceDate: displayDate(invoice!.invoiceDate),
          dueDate: displayDate(invoice!.dueDate),
        },
        attachments: [
          {
            fileName: `${invoice!.invoiceNo}.pdf`,
            contentType: 'application/pdf',
            content: await invoicePdf(invoice!, tenant?.name ?? ''),
          },
        ],
      });
      if (mailId) queued += 1;
    }
    return { overdue: overdue.length, queued, skipped };
  });
}

/** How many of the listed invoices are sent or part-paid and past due on `today`, and their balance. */
export async function overdueCounts(
  tx: Tx,
  where: SQL | undefined,
  today: string,
): Promise<{ count: number; balanceCents: number }> {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      balanceCents: sql<number>`coalesce(sum(${invoices.totalCents} - ${paidOn()} - ${creditedOn()}), 0)`.mapWith(
        Number,
      ),
    })
    .from(invoices)
    .where(and(where, inArray(invoices.status, ['SENT', 'PARTIAL_PAY']), lt(invoices.dueDate, today)));
  return { count: row?.count ?? 0, balanceCents: row?.balanceCents ?? 0 };
}

/** The tenant's today, in its own zone. */
export async function tenantToday(database: Database, tenantId: string): Promise<string> {
  const [row] = await database.withTenant(tenantId, (tx) =>
    tx.select({ timezone: tenants.timezone }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  return formatIsoDate(todayIn(row?.timezone ?? 'Australia/Sydney'));
}

/**
 * The daily overdue reminders: an hourly schedule whose run queues, for each tenant at its reminder hour,
 * a job of the tenant's own (seen on its background jobs screen) that checks and sends.
 */
export function defineOverdueReminderJobs(jobs: Jobs, database: Database): void {
  jobs.define<OverdueJob>(
    OVERDUE_REMINDER_QUEUE,
    {
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 900,
      heartbeatSeconds: 30,
      cron: {
        expression: OVERDUE_REMINDER_CRON,
        data: { tenantId: EVERY_TENANT, summary: 'Overdue invoice reminders of the tenants at their reminder hour' },
      },
    },
    async ({ data }) => {
      if (data.tenantId === EVERY_TENANT) {
        const list = await database.withSystem((tx) =>
          tx.select({ id: tenants.id, timezone: tenants.timezone }).from(tenants).where(eq(tenants.isActive, true)),
        );
        const due = tenantsDueForOverdue(list, new Date());
        for (const { tenantId, date } of due) {
          await jobs.send<OverdueJob>(OVERDUE_REMINDER_QUEUE, {
            tenantId,
            date,
            summary: `Overdue invoice reminders of ${date}`,
          });
        }
        return { tenants: due.length };
      }
      const date = data.date ?? (await tenantToday(database, data.tenantId));
      return { date, ...(await sendOverdueReminders(database, data.tenantId, date)) };
    },
  );
}
