import { sql, type SQL } from 'drizzle-orm';
import {
  AttendedCaseStatuses,
  CancelledCaseStatuses,
  CompletedCaseStatuses,
  IssuedInvoiceStatuses,
  type ReportKey,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition } from '../../platform/access/records';
import type { Tx } from '../../platform/db/database';
import { cases, caseStatusLogs } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';
import { correspondenceNotes, mailOutbox } from '../correspondence/correspondence.schema';
import { creditNotes, invoicePayments, invoices } from '../invoices/invoices.schema';
import { caseManagers, companies, specialists } from '../people/people.schema';
import { saleTargets } from '../reference/reference.schema';
import { fundingAgreements, fundingLedger, fundingLoans } from '../funding/funding.schema';
import '../funding/funding.access';
import '../cases/cases.access';
import '../invoices/invoices.access';
import '../people/people.access';

/** A report's period and the filters it declares (the others are left out before the query is built). */
export type ReportFilterValues = {
  from: string;
  to: string;
  companyId?: string;
  specialistId?: string;
  serviceType?: string;
  staffUserId?: string;
};

/**
 * The facts of a report: one row per record with the columns every report has —
 *   group_key, group_label (empty for months: the service names them), record_id, record_kind,
 *   record_type (a case's service type), record_ref, record_date, record_desc, record_status —
 * and one numeric column per measure of its declaration, named by the measure's key. The service sums
 * them per group and lists one group's rows for the drill-down. Every query runs inside the tenant's
 * transaction (row-level security) and under the caller's record rule for the records it lists.
 */
type Facts = (tx: Tx, ctx: RequestContext, f: ReportFilterValues) => Promise<SQL>;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const ATTENDED = list(AttendedCaseStatuses);
const CANCELLED = list(CancelledCaseStatuses);
const COMPLETED = list(CompletedCaseStatuses);
const ISSUED = list(IssuedInvoiceStatuses);
// The roles whose work the staff KPI counts.
const STAFF_ROLES = sql`array['TENANT_ADMIN', 'ADMIN_STAFF', 'STAFF', 'ACCOUNTING']::text[]`;

const where = (...parts: (SQL | undefined | false)[]): SQL =>
  sql.join(
    parts.filter((p): p is SQL => Boolean(p)),
    sql` and `,
  );

/** A timestamp as a date where the tenant is. */
const dayOf = (ctx: RequestContext, column: unknown) => sql`(${column} at time zone ${ctx.tenant.timezone})::date`;

const companyJoin = sql`join ${companies} on ${companies.tenantId} = ${cases.tenantId} and ${companies.id} = ${cases.companyId}`;

/** The cases with an appointment in the period, under the filters and the caller's case rule. */
async function appointmentCases(tx: Tx, ctx: RequestContext, f: ReportFilterValues): Promise<SQL> {
  return where(
    sql`not ${cases.isDeleted}`,
    sql`${cases.appointmentDate} between ${f.from}::date and ${f.to}::date`,
    f.companyId !== undefined && sql`${cases.companyId} = ${f.companyId}`,
    f.specialistId !== undefined && sql`${cases.specialistId} = ${f.specialistId}`,
    f.serviceType !== undefined && sql`${cases.serviceType} = ${f.serviceType}`,
    await recordCondition(tx, ctx, 'case'),
  );
}

const caseRecord = sql`${cases.id}::text as record_id, 'case' as record_kind, ${cases.serviceType} as record_type,
  ${cases.caseNo} as record_ref, ${companies.name} as record_desc, ${cases.status} as record_status`;

const attendanceMeasures = sql`1 as "bookings",
  (${cases.status} in (${ATTENDED}))::int as "attended",
  (${cases.status} = 'NOT_ATTENDED')::int as "notAttended",
  (${cases.status} in (${CANCELLED}))::int as "cancelled"`;

/** Issued invoices dated in the period, under the filters and the caller's invoice rule. */
async function issuedInvoices(tx: Tx, ctx: RequestContext, f: ReportFilterValues): Promise<SQL> {
  return where(
    sql`not ${invoices.isDeleted}`,
    sql`${invoices.status} in (${ISSUED})`,
    sql`${invoices.invoiceDate} between ${f.from}::date and ${f.to}::date`,
    f.companyId !== undefined && sql`${invoices.companyId} = ${f.companyId}`,
    f.specialistId !== undefined && sql`${invoices.specialistId} = ${f.specialistId}`,
    f.serviceType !== undefined && sql`${invoices.serviceType} = ${f.serviceType}`,
    await recordCondition(tx, ctx, 'invoice'),
  );
}

const invoiceRecord = sql`${invoices.id}::text as record_id, 'invoice' as record_kind, ${invoices.serviceType} as record_type,
  ${invoices.invoiceNo} as record_ref, ${companies.name} as record_desc, ${invoices.status} as record_status,
  ${invoices.invoiceDate}::text as record_date`;
const invoiceCompanyJoin = sql`join ${companies} on ${companies.tenantId} = ${invoices.tenantId} and ${companies.id} = ${invoices.companyId}`;

const paidOf = sql`(select coalesce(sum(p.amount_cents), 0) from ${invoicePayments} p
  where p.tenant_id = ${invoices.tenantId} and p.invoice_id = ${invoices.id} and not p.is_deleted)`;
const creditedOf = sql`(select coalesce(sum(n.total_cents), 0) from ${creditNotes} n
  where n.tenant_id = ${invoices.tenantId} and n.invoice_id = ${invoices.id} and not n.is_deleted)`;

const loanAgreementJoin = sql`join ${fundingAgreements} on ${fundingAgreements.tenantId} = ${fundingLoans.tenantId} and ${fundingAgreements.id} = ${fundingLoans.agreementId}`;

/** The staff member's name as a group label. */
const staffName = sql`trim(${users.name} || ' ' || ${users.surname})`;
const isStaff = (f: ReportFilterValues) =>
  where(
    sql`not ${users.isDeleted}`,
    sql`${users.roles} && ${STAFF_ROLES}`,
    f.staffUserId !== undefined && sql`${users.id} = ${f.staffUserId}`,
  );

export const ReportFacts: Record<ReportKey, Facts> = {
  async bookings(tx, ctx, f) {
    return sql`select to_char(${cases.appointmentDate}, 'YYYY-MM') as group_key, '' as group_label, ${caseRecord},
        ${cases.appointmentDate}::text as record_date, ${attendanceMeasures}
      from ${cases} ${companyJoin}
      where ${await appointmentCases(tx, ctx, f)}`;
  },

  async 'booking-by-account'(tx, ctx, f) {
    return sql`select ${cases.companyId}::text as group_key, ${companies.name} as group_label, ${caseRecord},
        ${cases.appointmentDate}::text as record_date, ${attendanceMeasures}
      from ${cases} ${companyJoin}
      where ${await appointmentCases(tx, ctx, f)}`;
  },

  async 'service-analysis'(tx, ctx, f) {
    const opened = dayOf(ctx, cases.creationTime);
    return sql`select ${cases.serviceType} as group_key, '' as group_label, ${caseRecord},
        ${opened}::text as record_date,
        1 as "cases",
        (${cases.status} not in (${COMPLETED}) and ${cases.status} not in (${CANCELLED}))::int as "inProgress",
        (${cases.status} in (${COMPLETED}))::int as "completed",
        (${cases.status} in (${CANCELLED}))::int as "cancelled"
      from ${cases} ${companyJoin}
      where ${where(
        sql`not ${cases.isDeleted}`,
        sql`${opened} between ${f.from}::date and ${f.to}::date`,
        f.companyId !== undefined && sql`${cases.companyId} = ${f.companyId}`,
        f.specialistId !== undefined && sql`${cases.specialistId} = ${f.specialistId}`,
        await recordCondition(tx, ctx, 'case'),
      )}`;
  },

  async 'billing-kpi'(tx, ctx, f) {
    return sql`select to_char(${invoices.invoiceDate}, 'YYYY-MM') as group_key, '' as group_label, ${invoiceRecord},
        1 as "invoices",
        ${invoices.totalCents} as "invoicedCents",
        ${paidOf} as "paidCents",
        ${creditedOf} as "creditedCents",
        ${invoices.totalCents} - ${paidOf} - ${creditedOf} as "outstandingCents"
      from ${invoices} ${invoiceCompanyJoin}
      where ${await issuedInvoices(tx, ctx, f)}`;
  },

  async 'service-revenue-analysis'(tx, ctx, f) {
    return sql`select ${invoices.serviceType} as group_key, '' as group_label, ${invoiceRecord},
        1 as "invoices",
        ${invoices.totalCents} - ${invoices.gstCents} as "feesCents",
        ${invoices.gstCents} as "gstCents",
        ${invoices.totalCents} as "totalCents"
      from ${invoices} ${invoiceCompanyJoin}
      where ${await issuedInvoices(tx, ctx, f)}`;
  },

  async 'iro-kpi'(tx, ctx, f) {
    return sql`select to_char(${invoices.invoiceDate}, 'YYYY-MM') as group_key, '' as group_label, ${invoiceRecord},
        1 as "invoices",
        ${invoices.totalCents} as "invoicedCents",
        ${paidOf} as "paidCents",
        ${invoices.totalCents} - ${paidOf} - ${creditedOf} as "outstandingCents"
      from ${invoices} ${invoiceCompanyJoin}
      where ${where(await issuedInvoices(tx, ctx, f), sql`${invoices.iroGrantNo} is not null`)}`;
  },

  async 'service-revenue-master'(tx, ctx, f) {
    return sql`select ${invoices.companyId}::text as group_key, ${companies.name} as group_label, ${invoiceRecord},
        1 as "invoices",
        ${invoices.totalCents} - ${invoices.gstCents} as "feesCents",
        ${invoices.gstCents} as "gstCents",
        ${invoices.totalCents} as "totalCents",
        ${paidOf} as "paidCents"
      from ${invoices} ${invoiceCompanyJoin}
      where ${await issuedInvoices(tx, ctx, f)}`;
  },

  async 'service-revenue-forecast'(tx, ctx, f) {
    // What the case's issued invoices come to, and for a case without one, the average issued invoice of its
    // service type over the twelve months to today (decision 0065).
    const today = dayOf(ctx, sql`now()`);
    const invoicedOf = sql`(select coalesce(sum(i.total_cents), 0) from ${invoices} i
      where i.tenant_id = ${cases.tenantId} and i.case_id = ${cases.id} and not i.is_deleted and i.status in (${ISSUED}))`;
    const hasInvoice = sql`exists (select 1 from ${invoices} i
      where i.tenant_id = ${cases.tenantId} and i.case_id = ${cases.id} and not i.is_deleted and i.status in (${ISSUED}))`;
    const averageOf = sql`(select coalesce(round(avg(i.total_cents)), 0) from ${invoices} i
      where i.tenant_id = ${cases.tenantId} and i.service_type = ${cases.serviceType} and not i.is_deleted
        and i.status in (${ISSUED}) and i.invoice_date between ${today} - 365 and ${today})`;
    const forecast = sql`(case when ${hasInvoice} then 0 else ${averageOf} end)`;
    return sql`select to_char(${cases.appointmentDate}, 'YYYY-MM') as group_key, '' as group_label, ${caseRecord},
        ${cases.appointmentDate}::text as record_date,
        1 as "bookings",
        ${invoicedOf} as "invoicedCents",
        ${forecast} as "forecastCents",
        ${invoicedOf} + ${forecast} as "expectedCents"
      from ${cases} ${companyJoin}
      where ${where(await appointmentCases(tx, ctx, f), sql`${cases.status} not in (${CANCELLED})`)}`;
  },

  async 'staff-kpi'(tx, ctx, f) {
    const opened = dayOf(ctx, cases.creationTime);
    const stepped = dayOf(ctx, caseStatusLogs.statusDate);
    const caseRule = await recordCondition(tx, ctx, 'case');
    const zero = (names: string[]) => sql.raw(names.map((n) => `0 as "${n}"`).join(', '));
    return sql`
      select ${users.id}::text as group_key, ${staffName} as group_label, ${caseRecord}, ${opened}::text as record_date,
        1 as "casesOpened", ${zero(['statusSteps', 'invoicedCents', 'targetCents'])}
      from ${cases} ${companyJoin} join ${users} on ${users.tenantId} = ${cases.tenantId} and ${users.id} = ${cases.creatorId}
      where ${where(sql`not ${cases.isDeleted}`, sql`${opened} between ${f.from}::date and ${f.to}::date`, caseRule, isStaff(f))}
      union all
      select ${users.id}::text, ${staffName}, ${cases.id}::text, 'case', ${cases.serviceType}, ${cases.caseNo},
        ${companies.name}, ${caseStatusLogs.statusName}, ${stepped}::text,
        0, 1, 0, 0
      from ${caseStatusLogs}
        join ${cases} on ${cases.tenantId} = ${caseStatusLogs.tenantId} and ${cases.id} = ${caseStatusLogs.caseId}
        ${companyJoin}
        join ${users} on ${users.tenantId} = ${caseStatusLogs.tenantId} and ${users.id} = ${caseStatusLogs.userId}
      where ${where(sql`not ${cases.isDeleted}`, sql`${stepped} between ${f.from}::date and ${f.to}::date`, caseRule, isStaff(f))}
      union all
      select ${users.id}::text, ${staffName}, ${invoiceRecord}, 0, 0, ${invoices.totalCents}, 0
      from ${invoices} ${invoiceCompanyJoin}
        join ${users} on ${users.tenantId} = ${invoices.tenantId} and ${users.id} = ${invoices.creatorId}
      where ${where(await issuedInvoices(tx, ctx, { from: f.from, to: f.to }), isStaff(f))}
      union all
      select ${users.id}::text, ${staffName}, ${saleTargets.id}::text, 'target', null,
        'Sales target ' || lpad(${saleTargets.month}::text, 2, '0') || '/' || ${saleTargets.year}, coalesce(${saleTargets.notes}, ''),
        null, make_date(${saleTargets.year}, ${saleTargets.month}, 1)::text,
        0, 0, 0, ${saleTargets.amount}
      from ${saleTargets} join ${users} on ${users.tenantId} = ${saleTargets.tenantId} and ${users.id} = ${saleTargets.userId}
      where ${where(
        sql`not ${saleTargets.isDeleted}`,
        sql`make_date(${saleTargets.year}, ${saleTargets.month}, 1) between date_trunc('month', ${f.from}::date)::date and ${f.to}::date`,
        isStaff(f),
      )}`;
  },

  async 'correspondence-analysis'(tx, ctx, f) {
    // An e-mail or note of a case counts only where the caller may open the case; of anything else, always.
    const caseRule = (await recordCondition(tx, ctx, 'case')) ?? sql`true`;
    const written = dayOf(ctx, mailOutbox.creationTime);
    const noted = dayOf(ctx, correspondenceNotes.contactTime);
    const caseOf = (objectId: unknown) =>
      sql`left join ${cases} on ${cases.tenantId} = ${ctx.tenant.id}::uuid and ${cases.id} = ${objectId} and not ${cases.isDeleted}`;
    const mayOpen = (objectId: unknown) =>
      sql`(${cases.id} is not null and ${caseRule}
        or not exists (select 1 from ${cases} c where c.tenant_id = ${ctx.tenant.id}::uuid and c.id = ${objectId}))`;
    const byCreator = (column: unknown) => f.staffUserId !== undefined && sql`${column} = ${f.staffUserId}`;
    const CALLS = sql`('PHONE', 'UNSUCCESSFUL_PHONE_CALL_FAX', 'RELATIONSHIP_CALL')`;
    return sql`
      select to_char(${written}, 'YYYY-MM') as group_key, '' as group_label,
        coalesce(${cases.id}, ${mailOutbox.id})::text as record_id,
        case when ${cases.id} is null then 'correspondence' else 'case' end as record_kind,
        ${cases.serviceType} as record_type,
        coalesce(${cases.caseNo}, ${mailOutbox.objectReference}, ${mailOutbox.recipient}) as record_ref,
        'E-mail: ' || ${mailOutbox.subject} as record_desc, ${mailOutbox.state} as record_status,
        ${written}::text as record_date,
        1 as "emails", (${mailOutbox.state} = 'Sent')::int as "emailsSent",
        (${mailOutbox.state} = 'Failed')::int as "emailsFailed", 0 as "notes", 0 as "calls"
      from ${mailOutbox} ${caseOf(mailOutbox.objectId)}
      where ${where(
        sql`${written} between ${f.from}::date and ${f.to}::date`,
        byCreator(mailOutbox.creatorId),
        mayOpen(mailOutbox.objectId),
      )}
      union all
      select to_char(${noted}, 'YYYY-MM'), '', coalesce(${cases.id}, ${correspondenceNotes.id})::text,
        case when ${cases.id} is null then 'correspondence' else 'case' end, ${cases.serviceType},
        coalesce(${cases.caseNo}, ${correspondenceNotes.contactName}, ''),
        'Note: ' || left(${correspondenceNotes.content}, 80), ${correspondenceNotes.communicationType},
        ${noted}::text, 0, 0, 0, 1, (${correspondenceNotes.communicationType} in ${CALLS})::int
      from ${correspondenceNotes} ${caseOf(correspondenceNotes.objectId)}
      where ${where(
        sql`${noted} between ${f.from}::date and ${f.to}::date`,
        byCreator(correspondenceNotes.creatorId),
        mayOpen(correspondenceNotes.objectId),
      )}`;
  },

  async 'client-cm-recruitment'(tx, ctx, f) {
    const companyAdded = dayOf(ctx, companies.creationTime);
    const managerAdded = dayOf(ctx, caseManagers.creationTime);
    return sql`
      select to_char(${companyAdded}, 'YYYY-MM') as group_key, '' as group_label, ${companies.id}::text as record_id,
        'company' as record_kind, null as record_type, ${companies.name} as record_ref, ${companies.businessType} as record_desc,
        null as record_status, ${companyAdded}::text as record_date, 1 as "companies", 0 as "caseManagers"
      from ${companies}
      where ${where(
        sql`not ${companies.isDeleted}`,
        sql`${companyAdded} between ${f.from}::date and ${f.to}::date`,
        await recordCondition(tx, ctx, 'company'),
      )}
      union all
      select to_char(${managerAdded}, 'YYYY-MM'), '', ${caseManagers.id}::text, 'caseManager', null,
        trim(${caseManagers.firstName} || ' ' || ${caseManagers.lastName}), coalesce(${companies.name}, ''), null,
        ${managerAdded}::text, 0, 1
      from ${caseManagers}
        left join ${companies} on ${companies.tenantId} = ${caseManagers.tenantId} and ${companies.id} = ${caseManagers.companyId}
      where ${where(
        sql`not ${caseManagers.isDeleted}`,
        sql`${managerAdded} between ${f.from}::date and ${f.to}::date`,
        await recordCondition(tx, ctx, 'caseManager'),
      )}`;
  },

  async 'specialist-recruitment'(tx, ctx, f) {
    const rule = await recordCondition(tx, ctx, 'specialist');
    const name = sql`trim(${specialists.firstName} || ' ' || ${specialists.lastName})`;
    const state = sql`coalesce(${specialists.state}, '')`;
    return sql`
      select to_char(${specialists.onboardedDate}, 'YYYY-MM') as group_key, '' as group_label,
        ${specialists.id}::text as record_id, 'specialist' as record_kind, null as record_type, ${name} as record_ref,
        ${state} as record_desc, null as record_status, ${specialists.onboardedDate}::text as record_date,
        1 as "onboarded", 0 as "ended"
      from ${specialists}
      where ${where(sql`not ${specialists.isDeleted}`, sql`${specialists.onboardedDate} between ${f.from}::date and ${f.to}::date`, rule)}
      union all
      select to_char(${specialists.onboardedEndDate}, 'YYYY-MM'), '', ${specialists.id}::text, 'specialist', null, ${name},
        ${state}, null, ${specialists.onboardedEndDate}::text, 0, 1
      from ${specialists}
      where ${where(
        sql`not ${specialists.isDeleted}`,
        sql`${specialists.onboardedEndDate} between ${f.from}::date and ${f.to}::date`,
        rule,
      )}`;
  },

  async 'user-account-analysis'(_tx, ctx, f) {
    const lastSignIn = dayOf(ctx, users.lastLoginTime);
    return sql`select r.role as group_key, '' as group_label, ${users.id}::text as record_id, 'user' as record_kind,
        null as record_type, ${users.userName} as record_ref, trim(${users.name} || ' ' || ${users.surname}) as record_desc,
        null as record_status, ${lastSignIn}::text as record_date,
        1 as "accounts",
        ${users.isActive}::int as "active",
        (not ${users.isActive})::int as "disabled",
        (${lastSignIn} is not null and ${lastSignIn} between ${f.from}::date and ${f.to}::date)::int as "signedIn"
      from ${users} cross join lateral unnest(${users.roles}) as r(role)
      where not ${users.isDeleted}`;
  },

  async 'funding-analysis'(tx, ctx, f) {
    const opened = dayOf(ctx, fundingLoans.creationTime);
    const lines = (source?: string) =>
      sql`(select coalesce(sum(g.amount_cents), 0) from ${fundingLedger} g
        where g.tenant_id = ${fundingLoans.tenantId} and g.loan_id = ${fundingLoans.id}${source ? sql` and g.source = ${source}` : sql``})`;
    return sql`select ${fundingLoans.status} as group_key, '' as group_label, ${fundingLoans.id}::text as record_id,
        'loan' as record_kind, null as record_type, ${fundingLoans.loanNo} as record_ref,
        ${fundingAgreements.borrowerName} as record_desc, null as record_status, ${opened}::text as record_date,
        1 as "loans", ${lines('advance')} as "advancedCents", -${lines('repayment')} as "repaidCents",
        ${lines()} as "balanceCents"
      from ${fundingLoans} ${loanAgreementJoin}
      where ${where(
        sql`not ${fundingLoans.isDeleted}`,
        sql`${opened} between ${f.from}::date and ${f.to}::date`,
        f.companyId !== undefined && sql`${fundingAgreements.borrowerCompanyId} = ${f.companyId}`,
        await recordCondition(tx, ctx, 'loan'),
      )}`;
  },

  async 'disbursement-funding'(tx, ctx, f) {
    const part = (source: string) =>
      sql`case when ${fundingLedger.source} = ${source} then ${fundingLedger.amountCents} else 0 end`;
    return sql`select to_char(${fundingLedger.entryDate}, 'YYYY-MM') as group_key, '' as group_label,
        ${fundingLoans.id}::text as record_id, 'loan' as record_kind, null as record_type, ${fundingLoans.loanNo} as record_ref,
        ${fundingAgreements.borrowerName} || ': ' || ${fundingLedger.description} as record_desc, null as record_status,
        ${fundingLedger.entryDate}::text as record_date,
        ${part('advance')} as "advancedCents", ${part('fee')} as "feesCents", ${part('interest')} as "interestCents",
        -${part('repayment')} as "repaidCents"
      from ${fundingLedger}
        join ${fundingLoans} on ${fundingLoans.tenantId} = ${fundingLedger.tenantId} and ${fundingLoans.id} = ${fundingLedger.loanId}
        ${loanAgreementJoin}
      where ${where(
        sql`not ${fundingLoans.isDeleted}`,
        sql`${fundingLedger.entryDate} between ${f.from}::date and ${f.to}::date`,
        f.companyId !== undefined && sql`${fundingAgreements.borrowerCompanyId} = ${f.companyId}`,
        await recordCondition(tx, ctx, 'loan'),
      )}`;
  },
};
