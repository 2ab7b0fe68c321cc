import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OUTSTANDING_STATEMENT_TEMPLATE,
  ageingBucketOf,
  daysOverdue,
  formatDisplayDate,
  formatIsoDate,
  formatMoney,
  parseIsoDate,
  todayIn,
  type AgeingAmounts,
  type Currency,
  type MailQueuedDto,
  type OutstandingBalanceDto,
  type OutstandingBalanceInput,
  type OutstandingCompanyDto,
  type OutstandingStatementDto,
  type SendOutstandingStatementInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordCondition, requireAccess } from '../../platform/access/records';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, invalidField } from '../../platform/http/errors';
import { cases } from '../cases/cases.schema';
import { enqueueRequestedMail } from '../correspondence/outbox';
import { companies } from '../people/people.schema';
import { outstandingStatementPdf } from './outstanding-pdf';
import { creditedOn, paidOn } from './invoices.repository';
import { invoices } from './invoices.schema';
import { currencyOf } from './invoices.service';
import './invoices.access';

type Out<S extends z.ZodType> = z.output<S>;

const zero = (): AgeingAmounts => ({ current: 0, days30: 0, days60: 0, days90: 0, over90: 0, balanceCents: 0 });

/**
 * The outstanding balance report and statements (decision 0038): every sent invoice dated on or before the
 * as-of date whose total exceeds what was paid and credited by that date, aged by days past its due date.
 */
export class OutstandingService {
  constructor(private readonly database: Database) {}

  private asOfOf(ctx: RequestContext, asOf: string | undefined): string {
    return asOf ?? formatIsoDate(todayIn(ctx.tenant.timezone));
  }

  /** The unpaid invoices as of the date, with their company, under the caller's invoice rule. */
  private async unpaid(tx: Tx, ctx: RequestContext, asOf: string, companyId: string | undefined) {
    // Payments and credit notes dated later do not count yet.
    const paid = paidOn(asOf);
    const credited = creditedOn({ asOf });
    // A sent invoice cancelled after the date was still owed on it (the day it was cancelled in the
    // tenant's time zone); one cancelled before it was sent never was.
    const cancelledLater = and(
      eq(invoices.status, 'CANCELLED'),
      isNotNull(invoices.sentTime),
      gt(sql`(${invoices.cancelledTime} at time zone ${ctx.tenant.timezone})::date`, asOf),
    );
    const where: SQL | undefined = and(
      eq(invoices.isDeleted, false),
      or(inArray(invoices.status, ['SENT', 'PARTIAL_PAY', 'PAID']), cancelledLater),
      lte(invoices.invoiceDate, asOf),
      companyId ? eq(invoices.companyId, companyId) : undefined,
      gt(sql`${invoices.totalCents} - ${paid} - ${credited}`, 0),
      await recordCondition(tx, ctx, 'invoice'),
    );
    return tx
      .select({
        id: invoices.id,
        invoiceNo: invoices.invoiceNo,
        caseNo: cases.caseNo,
        invoiceDate: invoices.invoiceDate,
        dueDate: invoices.dueDate,
        totalCents: invoices.totalCents,
        paidCents: paid,
        creditedCents: credited,
        companyId: invoices.companyId,
        companyName: companies.name,
        businessType: companies.businessType,
        email: companies.email,
      })
      .from(invoices)
      .innerJoin(companies, and(eq(companies.tenantId, invoices.tenantId), eq(companies.id, invoices.companyId)))
      .innerJoin(cases, and(eq(cases.tenantId, invoices.tenantId), eq(cases.id, invoices.caseId)))
      .where(where)
      .orderBy(asc(companies.name), asc(invoices.companyId), asc(invoices.invoiceNumber));
  }

  private async checkCompany(tx: Tx, ctx: RequestContext, companyId: string | undefined) {
    if (companyId)
      await requireAccess(tx, ctx, 'company', companyId).catch(() => {
        throw invalidField('companyId', 'The company was not found.');
      });
  }

  /** Per company: the unpaid balance in each ageing bucket; the totals are the sums of the rows, in cents. */
  async report(ctx: RequestContext, q: Out<typeof OutstandingBalanceInput>): Promise<OutstandingBalanceDto> {
    const asOf = this.asOfOf(ctx, q.asOf);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await this.checkCompany(tx, ctx, q.companyId);
      const rows = await this.unpaid(tx, ctx, asOf, q.companyId);
      const byCompany = new Map<string, OutstandingCompanyDto>();
      const totals = { ...zero(), invoiceCount: 0 };
      for (const r of rows) {
        let c = byCompany.get(r.companyId);
        if (!c) {
          c = {
            companyId: r.companyId,
            companyName: r.companyName,
            businessType: r.businessType,
            email: r.email,
            invoiceCount: 0,
            ...zero(),
          };
          byCompany.set(r.companyId, c);
        }
        const balance = r.totalCents - r.paidCents - r.creditedCents;
        const bucket = ageingBucketOf(r.dueDate, asOf);
        for (const target of [c, totals]) {
          target[bucket] += balance;
          target.balanceCents += balance;
          target.invoiceCount += 1;
        }
      }
      return { asOf, currency: currencyOf(ctx), items: [...byCompany.values()], totals };
    });
  }

  private async statementIn(tx: Tx, ctx: RequestContext, companyId: string, asOf: string) {
    await this.checkCompany(tx, ctx, companyId);
    const rows = await this.unpaid(tx, ctx, asOf, companyId);
    const [company] = await tx
      .select({ name: companies.name, businessType: companies.businessType, email: companies.email })
      .from(companies)
      .where(eq(companies.id, companyId));
    const summary: OutstandingCompanyDto = {
      companyId,
      companyName: company?.name ?? '',
      businessType: company?.businessType ?? '',
      email: company?.email ?? null,
      invoiceCount: rows.length,
      ...zero(),
    };
    const lines = rows.map((r) => {
      const balanceCents = r.totalCents - r.paidCents - r.creditedCents;
      const bucket = ageingBucketOf(r.dueDate, asOf);
      summary[bucket] += balanceCents;
      summary.balanceCents += balanceCents;
      return {
        id: r.id,
        invoiceNo: r.invoiceNo,
        caseNo: r.caseNo,
        invoiceDate: r.invoiceDate,
        dueDate: r.dueDate,
        totalCents: r.totalCents,
        paidCents: r.paidCents,
        creditedCents: r.creditedCents,
        balanceCents,
        daysOverdue: daysOverdue(r.dueDate, asOf),
        bucket,
      };
    });
    return { asOf, currency: currencyOf(ctx), company: summary, invoices: lines } satisfies OutstandingStatementDto;
  }

  /** One company's unpaid invoices as of the date. */
  async statement(ctx: RequestContext, companyId: string, asOf: string | undefined): Promise<OutstandingStatementDto> {
    const on = this.asOfOf(ctx, asOf);
    return this.database.withTenant(ctx.tenant.id, (tx) => this.statementIn(tx, ctx, companyId, on));
  }

  /** The statement as a PDF, with its file name. */
  async statementPdf(
    ctx: RequestContext,
    companyId: string,
    asOf: string | undefined,
  ): Promise<{ fileName: string; bytes: Uint8Array }> {
    const statement = await this.statement(ctx, companyId, asOf);
    return { fileName: statementFileName(statement), bytes: await outstandingStatementPdf(statement, ctx.tenant.name) };
  }

  /** E-mails the company its statement with the PDF attached: to the address given, else the company's. */
  async send(ctx: RequestContext, input: Out<typeof SendOutstandingStatementInput>): Promise<MailQueuedDto> {
    const asOf = this.asOfOf(ctx, input.asOf);
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const statement = await this.statementIn(tx, ctx, input.companyId, asOf);
      const to = input.to ?? statement.company.email?.trim();
      if (!to) throw invalidField('to', 'The company has no e-mail address: enter the address to send to.');
      if (statement.invoices.length === 0) throw businessRule('The company owes nothing on this date.');
      const d = parseIsoDate(asOf)!;
      const outboxId = await enqueueRequestedMail(tx, ctx.tenant.id, {
        to,
        templateKey: OUTSTANDING_STATEMENT_TEMPLATE,
        fromModule: 'INVOICE',
        objectId: input.companyId,
        objectReference: statement.company.companyName,
        category: 'OUTSTANDING_STATEMENT',
        creatorId: ctx.principal.userId,
        values: {
          recipientName: statement.company.companyName,
          companyName: statement.company.companyName,
          asOfDate: formatDisplayDate(d),
          amount: formatMoney(statement.company.balanceCents, statement.currency as Currency),
        },
        attachments: [
          {
            fileName: statementFileName(statement),
            contentType: 'application/pdf',
            content: await outstandingStatementPdf(statement, ctx.tenant.name),
          },
        ],
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'OutstandingStatementEmail',
        entityId: outboxId,
        changeType: 'Created',
        before: null,
        after: {
          companyId: input.companyId,
          asOf,
          recipient: to,
          invoiceCount: statement.invoices.length,
          balanceCents: statement.company.balanceCents,
        },
      });
      return { queued: 1, skipped: [] };
    });
  }
}

/** outstanding-statement-2027-03-31-Smith-Lawyers.pdf */
export const statementFileName = (s: OutstandingStatementDto) =>
  `outstanding-statement-${s.asOf}-${s.company.companyName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
