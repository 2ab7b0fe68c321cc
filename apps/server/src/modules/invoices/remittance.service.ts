import { and } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FeeArrangements,
  addMonths,
  formatIsoDate,
  previousMonth,
  remittanceTotals,
  specialistShare,
  uuidv7,
  type FeeArrangement,
  type RemittanceListInput,
  type RemittanceRunDto,
  type RemittanceStatementDetailDto,
  type RemittanceStatementDto,
  type RunRemittanceInput,
  type SpecialistShare,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import { recordCondition, requireAccess } from '../../platform/access/records';
import type { Database, Tx } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/http/errors';
import { remittanceRepository as repo, type StatementRow } from './remittance.repository';
import './invoices.access';

type Out<S extends z.ZodType> = z.output<S>;

export const REMITTANCE_ENTITY = 'RemittanceStatement';

/** No medical-negligence service is invoiced from a case of the assessment list yet. */
const isMedicalNegligence = (serviceType: string) => serviceType === 'MEDNEG';

/** A specialist without an arrangement on record is paid by a split fee (arrangement 1). */
const arrangementOf = (n: number | null): FeeArrangement =>
  (FeeArrangements as readonly number[]).includes(n ?? 0) ? (n as FeeArrangement) : 1;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** The Doctor Remittances run and its statements. */
export class RemittanceService {
  constructor(private readonly database: Database) {}

  /**
   * One run in one transaction: every sent invoice with a specialist dated in the month and not yet remitted
   * gets its share by the specialist's fee arrangement; each specialist gets one statement, its sums those of
   * its lines. A second run of the month picks up only invoices the first did not.
   */
  async run(ctx: RequestContext, input: Out<typeof RunRemittanceInput>): Promise<RemittanceRunDto> {
    const fallback = previousMonth(ctx.tenant.timezone);
    const yearPeriod = input.yearPeriod ?? fallback.year;
    const monthPeriod = input.monthPeriod ?? fallback.month;
    const start = { year: yearPeriod, month: monthPeriod, day: 1 };
    const from = formatIsoDate(start);
    const to = formatIsoDate(addMonths(start, 1));
    try {
      return await this.database.withTenant(ctx.tenant.id, async (tx) => {
        const work = await repo.unremitted(tx, from, to);
        const bySpecialist = new Map<string, typeof work>();
        for (const w of work) {
          const list = bySpecialist.get(w.specialistId!) ?? [];
          list.push(w);
          bySpecialist.set(w.specialistId!, list);
        }
        const statements: Parameters<typeof repo.insertStatements>[1] = [];
        const lines: Parameters<typeof repo.insertLines>[1] = [];
        let paymentCents = 0;
        for (const [specialistId, invoices] of bySpecialist) {
          const arrangement = arrangementOf(invoices[0]!.feeArrangement);
          const statementId = uuidv7();
          const shares: SpecialistShare[] = invoices.map((inv) => {
            const share = specialistShare({
              arrangement,
              service: { gazetted: inv.gazetted, medicalNegligence: isMedicalNegligence(inv.serviceType) },
              // The fee as credited: a specialist is paid on what the client was finally billed.
              feeCents: inv.subtotalCents - inv.creditedSubtotalCents,
              commissionBasisPoints: inv.commissionBasisPoints,
              gstBasisPoints: inv.gstBasisPoints,
              feeTaxCents: inv.gstCents - inv.creditedGstCents,
            });
            lines.push({
              tenantId: ctx.tenant.id,
              id: uuidv7(),
              statementId,
              invoiceId: inv.id,
              method: share.method,
              feeCents: share.feeCents,
              shareCents: share.shareCents,
              commissionCents: share.commissionCents,
              commissionTaxCents: share.commissionTaxCents,
              commissionAmountWithTax: share.commissionAmountWithTax,
              feeTaxCents: share.feeTaxCents,
              paymentCents: share.paymentCents,
            });
            return share;
          });
          const totals = remittanceTotals(shares);
          paymentCents += totals.paymentCents;
          statements.push({
            tenantId: ctx.tenant.id,
            id: statementId,
            creatorId: ctx.principal.userId,
            concurrencyStamp: uuidv7(),
            specialistId,
            yearPeriod,
            monthPeriod,
            feeArrangement: arrangement,
            currency: invoices[0]!.currency,
            feeCents: totals.feeCents,
            shareCents: totals.shareCents,
            commissionCents: totals.commissionCents,
            commissionAmountWithTax: totals.commissionAmountWithTax,
            paymentCents: totals.paymentCents,
          });
        }
        await repo.insertStatements(tx, statements);
        await repo.insertLines(tx, lines);
        for (const s of statements) {
          await recordEntityChange(tx, ctx.actor, {
            entityType: REMITTANCE_ENTITY,
            entityId: s.id,
            changeType: 'Created',
            before: null,
            after: s,
          });
        }
        return { yearPeriod, monthPeriod, statements: statements.length, invoices: work.length, paymentCents };
      });
    } catch (error) {
      // Two runs of one month at once: the invoice's unique line refuses the second.
      if (isUniqueViolation(error)) {
        throw new AppError(
          'Casebook:Concurrency',
          'A remittance run for this month was made at the same time. Please run it again.',
        );
      }
      throw error;
    }
  }

  toDto(r: { s: StatementRow; specialistName: string; lineCount: number }): RemittanceStatementDto {
    return {
      id: r.s.id,
      specialistId: r.s.specialistId,
      specialistName: r.specialistName,
      yearPeriod: r.s.yearPeriod,
      monthPeriod: r.s.monthPeriod,
      feeArrangement: r.s.feeArrangement,
      currency: r.s.currency,
      feeCents: r.s.feeCents,
      shareCents: r.s.shareCents,
      commissionCents: r.s.commissionCents,
      commissionAmountWithTax: r.s.commissionAmountWithTax,
      paymentCents: r.s.paymentCents,
      lineCount: r.lineCount,
      creationTime: r.s.creationTime.toISOString(),
    };
  }

  async list(ctx: RequestContext, q: Out<typeof RemittanceListInput>) {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(repo.where(q), await recordCondition(tx, ctx, 'remittanceStatement'));
      const { items, totalCount } = await repo.list(tx, where, q.skipCount, q.maxResultCount);
      return { totalCount, items: items.map((r) => this.toDto(r)) };
    });
  }

  async get(ctx: RequestContext, id: string): Promise<RemittanceStatementDetailDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await requireAccess(tx, ctx, 'remittanceStatement', id);
      return this.detail(tx, id);
    });
  }

  /** A statement with its lines, inside the caller's transaction (the caller has checked access). */
  async detail(tx: Tx, id: string): Promise<RemittanceStatementDetailDto> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound('The remittance statement');
    const lines = await repo.lines(tx, id);
    return {
      ...this.toDto(row),
      lines: lines.map((x) => ({
        invoiceId: x.l.invoiceId,
        invoiceNo: x.invoiceNo,
        caseNo: x.caseNo,
        invoiceDate: x.invoiceDate,
        method: x.l.method,
        feeCents: x.l.feeCents,
        shareCents: x.l.shareCents,
        commissionCents: x.l.commissionCents,
        commissionAmountWithTax: x.l.commissionAmountWithTax,
        feeTaxCents: x.l.feeTaxCents,
        paymentCents: x.l.paymentCents,
      })),
    };
  }
}
