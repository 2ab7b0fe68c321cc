import { and, eq } from 'drizzle-orm';
import {
  accrualStartDate,
  accrueInterest,
  formatIsoDate,
  formatMoney,
  interestTermsOf,
  todayIn,
  uuidv7,
  type AccruedInterestStatementDto,
  type AmountType,
  type FundingAgreementDto,
  type FundingProviderDto,
  type FundingProviderStaffDto,
  type InterestStatement,
  type LedgerSource,
  type LoanDetailDto,
  type LoanDto,
  type LoanMovement,
  formatPercent,
} from '@casebook/domain';
import type { z } from 'zod';
import type {
  AdvanceCalculationDto,
  LoanStatus,
  AddInterestRateInput,
  CreateFundingAgreementInput,
  CreateFundingProviderInput,
  CreateFundingProviderStaffInput,
  CreateLoanInput,
  RecordAdvanceInput,
  RecordRepaymentInput,
  UpdateFundingProviderInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { recordEntityChange } from '../../platform/db/audit';
import type { Database, Tx } from '../../platform/db/database';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { companies } from '../people/people.schema';
import * as repo from './funding.repository';
import { nextFundingNumber } from './funding-numbers';
import {
  fundingAgreements,
  fundingInterestRates,
  fundingLedger,
  fundingLoans,
  fundingProviderStaff,
  fundingProviders,
  fundingRequests,
} from './funding.schema';

type Out<S extends z.ZodType> = z.output<S>;
type Paging = { skipCount: number; maxResultCount: number; filterText?: string | undefined };

/** A ledger line about to be written. */
type NewLine = {
  entryDate: string;
  periodTo?: string | null;
  amountType: AmountType;
  source: LedgerSource;
  amountCents: number;
  description: string;
  reference?: string | null;
};

const isUniqueViolation = (error: unknown) =>
  /duplicate key|unique/i.test(String((error as { cause?: unknown }).cause ?? error));

/**
 * Funding providers, agreements, loans and their ledger (decision 0026). Every write is one transaction
 * with its change history; every money movement is appended to the ledger, never changed.
 */
export class FundingService {
  constructor(private readonly database: Pick<Database, 'withTenant'>) {}

  #tx<T>(ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.database.withTenant(ctx.tenant.id, fn);
  }

  #today(ctx: RequestContext): string {
    return formatIsoDate(todayIn(ctx.tenant.timezone));
  }

  // -------------------------------------------------------------------------------------------------------
  // Providers

  listProviders(ctx: RequestContext, input: Paging & { isActive?: boolean | undefined }) {
    return this.#tx(ctx, (tx) => repo.listProviders(tx, input));
  }

  getProvider(ctx: RequestContext, id: string): Promise<FundingProviderDto> {
    return this.#tx(ctx, (tx) => repo.providerDto(tx, id));
  }

  async createProvider(ctx: RequestContext, input: Out<typeof CreateFundingProviderInput>) {
    try {
      return await this.#tx(ctx, async (tx) => {
        const id = uuidv7();
        const values = {
          name: input.name,
          email: input.email ?? null,
          phone: input.phone ?? null,
          address: input.address ?? null,
        };
        await tx.insert(fundingProviders).values({
          tenantId: ctx.tenant.id,
          id,
          ...values,
          creatorId: ctx.actor.userId,
          concurrencyStamp: uuidv7(),
        });
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'FundingProvider',
          entityId: id,
          changeType: 'Created',
          before: null,
          after: values,
        });
        return repo.providerDto(tx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('name', 'A funding provider with this name already exists.');
      throw error;
    }
  }

  async updateProvider(ctx: RequestContext, id: string, input: Out<typeof UpdateFundingProviderInput>) {
    try {
      return await this.#tx(ctx, async (tx) => {
        const row = await repo.providerRow(tx, id);
        if (row.concurrencyStamp !== input.concurrencyStamp) throw concurrencyConflict();
        const values = {
          name: input.name,
          email: input.email ?? null,
          phone: input.phone ?? null,
          address: input.address ?? null,
          isActive: input.isActive,
        };
        await tx
          .update(fundingProviders)
          .set({
            ...values,
            lastModificationTime: new Date(),
            lastModifierId: ctx.actor.userId,
            concurrencyStamp: uuidv7(),
          })
          .where(eq(fundingProviders.id, id));
        await recordEntityChange(tx, ctx.actor, {
          entityType: 'FundingProvider',
          entityId: id,
          changeType: 'Updated',
          before: { name: row.name, email: row.email, phone: row.phone, address: row.address, isActive: row.isActive },
          after: values,
        });
        return repo.providerDto(tx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('name', 'A funding provider with this name already exists.');
      throw error;
    }
  }

  listStaff(ctx: RequestContext, providerId: string): Promise<{ items: FundingProviderStaffDto[] }> {
    return this.#tx(ctx, async (tx) => {
      await repo.providerRow(tx, providerId);
      return { items: await repo.providerStaff(tx, providerId) };
    });
  }

  addStaff(
    ctx: RequestContext,
    providerId: string,
    input: Out<typeof CreateFundingProviderStaffInput>,
  ): Promise<FundingProviderStaffDto> {
    return this.#tx(ctx, async (tx) => {
      await repo.providerRow(tx, providerId);
      const id = uuidv7();
      const values = {
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        position: input.position ?? null,
      };
      const [row] = await tx
        .insert(fundingProviderStaff)
        .values({
          tenantId: ctx.tenant.id,
          id,
          providerId,
          ...values,
          creatorId: ctx.actor.userId,
          concurrencyStamp: uuidv7(),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingProviderStaff',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { providerId, ...values },
      });
      return repo.toStaffDto(row!);
    });
  }

  removeStaff(ctx: RequestContext, providerId: string, staffId: string): Promise<void> {
    return this.#tx(ctx, async (tx) => {
      await repo.providerRow(tx, providerId);
      const removed = await tx
        .update(fundingProviderStaff)
        .set({ isDeleted: true, deleterId: ctx.actor.userId, deletionTime: new Date() })
        .where(
          and(
            eq(fundingProviderStaff.id, staffId),
            eq(fundingProviderStaff.providerId, providerId),
            eq(fundingProviderStaff.isDeleted, false),
          ),
        )
        .returning({ id: fundingProviderStaff.id });
      if (removed.length === 0) throw notFound('The staff member');
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingProviderStaff',
        entityId: staffId,
        changeType: 'Deleted',
        before: null,
        after: null,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Agreements

  listAgreements(ctx: RequestContext, input: Paging & { status?: string | undefined }) {
    return this.#tx(ctx, (tx) => repo.listAgreements(tx, ctx, input));
  }

  getAgreement(ctx: RequestContext, id: string): Promise<FundingAgreementDto> {
    return this.#tx(ctx, async (tx) => repo.agreementDto(tx, await repo.agreementRow(tx, ctx, id)));
  }

  createAgreement(ctx: RequestContext, input: Out<typeof CreateFundingAgreementInput>): Promise<FundingAgreementDto> {
    return this.#tx(ctx, async (tx) => {
      const [provider] = await tx
        .select({ id: fundingProviders.id, isActive: fundingProviders.isActive })
        .from(fundingProviders)
        .where(and(eq(fundingProviders.id, input.providerId), eq(fundingProviders.isDeleted, false)));
      if (!provider) throw invalidField('providerId', 'The funding provider was not found.');
      if (!provider.isActive) throw invalidField('providerId', 'The funding provider is not active.');
      if (input.borrowerCompanyId) {
        const [company] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.id, input.borrowerCompanyId), eq(companies.isDeleted, false)));
        if (!company) throw invalidField('borrowerCompanyId', 'The company was not found.');
      }
      const n = await nextFundingNumber(tx, ctx.tenant.id, 'agreement');
      const id = uuidv7();
      const values = {
        agreementNo: `FA-${String(n).padStart(5, '0')}`,
        providerId: input.providerId,
        borrowerCompanyId: input.borrowerCompanyId ?? null,
        borrowerName: input.borrowerName,
        fundingType: input.fundingType,
        status: 'Pending' as const,
        interestMethod: input.interestMethod,
        interestCharge: input.interestCharge,
        upfrontInterestDays: input.upfrontInterestDays,
        repaymentType: input.repaymentType,
        repaymentDay: input.repaymentDay,
        feeType: input.feeType,
        feeValue: input.feeValue,
        facilityLimitCents: input.facilityLimit,
        financingStartDate: input.financingStartDate,
      };
      await tx.insert(fundingAgreements).values({
        tenantId: ctx.tenant.id,
        id,
        ...values,
        creatorId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      });
      await tx.insert(fundingInterestRates).values({
        tenantId: ctx.tenant.id,
        id: uuidv7(),
        agreementId: id,
        effectiveFrom: input.financingStartDate,
        basisPoints: input.interestRate,
        creatorId: ctx.actor.userId,
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingAgreement',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { ...values, interestRate: input.interestRate },
      });
      return repo.agreementDto(tx, await repo.agreementRow(tx, ctx, id));
    });
  }

  changeAgreementStatus(
    ctx: RequestContext,
    id: string,
    status: 'Effective' | 'Cancelled',
    concurrencyStamp?: string,
  ): Promise<FundingAgreementDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.agreementRow(tx, ctx, id);
      if (concurrencyStamp !== undefined && concurrencyStamp !== row.concurrencyStamp) throw concurrencyConflict();
      const allowed = row.status === 'Pending' || (row.status === 'Effective' && status === 'Cancelled');
      if (!allowed)
        throw businessRule(`A ${row.status.toLowerCase()} agreement cannot become ${status.toLowerCase()}.`);
      if (status === 'Cancelled') {
        const open = await tx
          .select({ id: fundingLoans.id })
          .from(fundingLoans)
          .where(and(eq(fundingLoans.agreementId, id), eq(fundingLoans.status, 'Active')));
        if (open.length > 0) throw businessRule('An agreement with active loans cannot be cancelled.');
      }
      await tx
        .update(fundingAgreements)
        .set({ status, lastModificationTime: new Date(), lastModifierId: ctx.actor.userId, concurrencyStamp: uuidv7() })
        .where(eq(fundingAgreements.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingAgreement',
        entityId: id,
        changeType: 'Updated',
        before: { status: row.status },
        after: { status },
      });
      return repo.agreementDto(tx, await repo.agreementRow(tx, ctx, id));
    });
  }

  addInterestRate(ctx: RequestContext, id: string, input: Out<typeof AddInterestRateInput>) {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.agreementRow(tx, ctx, id);
      if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== row.concurrencyStamp)
        throw concurrencyConflict();
      if (row.status === 'Cancelled') throw businessRule('A cancelled agreement takes no new rate.');
      const posted = await repo.latestPostingOf(tx, id);
      if (posted && input.effectiveFrom < posted)
        throw invalidField('effectiveFrom', `must not be before ${posted}, the day interest is posted to`);
      const rates = await repo.ratesOf(tx, id);
      if (rates.some((r) => r.effectiveFrom === input.effectiveFrom))
        throw invalidField('effectiveFrom', 'An interest rate from this date already exists.');
      const rateId = uuidv7();
      await tx.insert(fundingInterestRates).values({
        tenantId: ctx.tenant.id,
        id: rateId,
        agreementId: id,
        effectiveFrom: input.effectiveFrom,
        basisPoints: input.basisPoints,
        creatorId: ctx.actor.userId,
      });
      await tx
        .update(fundingAgreements)
        .set({ lastModificationTime: new Date(), lastModifierId: ctx.actor.userId, concurrencyStamp: uuidv7() })
        .where(eq(fundingAgreements.id, id));
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingAgreement',
        entityId: id,
        changeType: 'Updated',
        before: { interestRates: rates },
        after: { interestRates: [...rates, { effectiveFrom: input.effectiveFrom, basisPoints: input.basisPoints }] },
      });
      return repo.agreementDto(tx, await repo.agreementRow(tx, ctx, id));
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Loans

  listLoans(ctx: RequestContext, input: Paging & { status?: string | undefined; agreementId?: string | undefined }) {
    return this.#tx(ctx, (tx) => repo.listLoans(tx, ctx, input));
  }

  listTransactions(
    ctx: RequestContext,
    input: Paging & { loanId?: string | undefined; amountType?: string | undefined },
  ) {
    return this.#tx(ctx, (tx) => repo.listTransactions(tx, ctx, input));
  }

  loanSummary(ctx: RequestContext) {
    return this.#tx(ctx, (tx) => repo.loanSummary(tx, ctx));
  }

  getLoan(ctx: RequestContext, id: string): Promise<LoanDetailDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.loanRow(tx, ctx, id);
      const agreement = await this.#agreementOf(tx, row);
      const ledger = await repo.ledgerOf(tx, id);
      const [copy] = await tx
        .select({ lender: fundingRequests.counterpartyName })
        .from(fundingRequests)
        .where(and(eq(fundingRequests.loanId, id), eq(fundingRequests.side, 'Borrower')));
      return {
        ...(await repo.loanDto(tx, row)),
        keptBy: copy?.lender ?? null,
        agreement: await repo.agreementDto(tx, agreement),
        ledger: ledger.map((line) => repo.toTransactionDto(line, row.loanNo)),
      };
    });
  }

  createLoan(ctx: RequestContext, input: Out<typeof CreateLoanInput>): Promise<LoanDto> {
    return this.#tx(ctx, async (tx) => {
      const agreement = await repo.agreementRow(tx, ctx, input.agreementId);
      if (agreement.status !== 'Effective') throw invalidField('agreementId', 'The agreement is not effective.');
      const n = await nextFundingNumber(tx, ctx.tenant.id, 'loan');
      const id = uuidv7();
      const values = {
        loanNo: `LN-${String(n).padStart(6, '0')}`,
        agreementId: agreement.id,
        borrowerReference: input.borrowerReference ?? null,
        caseReference: input.caseReference ?? null,
        description: input.description ?? null,
        status: 'Pending' as const,
      };
      await tx.insert(fundingLoans).values({
        tenantId: ctx.tenant.id,
        id,
        ...values,
        creatorId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingLoan',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: values,
      });
      return repo.loanDto(tx, await repo.loanRow(tx, ctx, id));
    });
  }

  cancelLoan(ctx: RequestContext, id: string, reason: string): Promise<LoanDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.lockLoan(tx, ctx, id);
      if (row.status !== 'Pending') throw businessRule('Only a loan with no advance yet can be cancelled.');
      await this.#setLoan(tx, ctx, row, { status: 'Cancelled', cancelReason: reason });
      return repo.loanDto(tx, await repo.loanRow(tx, ctx, id));
    });
  }

  recordAdvance(ctx: RequestContext, id: string, input: Out<typeof RecordAdvanceInput>): Promise<LoanDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.lockLoan(tx, ctx, id);
      if (row.status === 'Cancelled' || row.status === 'Settled')
        throw businessRule(`A ${row.status.toLowerCase()} loan takes no advance.`);
      const agreement = await this.#agreementOf(tx, row);
      if (agreement.status !== 'Effective') throw businessRule('The agreement is not effective.');
      const date = accrualStartDate({
        paymentDate: input.paymentDate ?? null,
        invoiceDate: input.invoiceDate ?? null,
        createdDate: input.createdDate ?? this.#today(ctx),
        financingStartDate: agreement.financingStartDate,
      });
      const field = input.paymentDate ? 'paymentDate' : input.invoiceDate ? 'invoiceDate' : 'createdDate';
      const ledger = await repo.ledgerOf(tx, id);
      const last = lastMovementDate(row, ledger);
      if (last && date < last) throw invalidField(field, `must not be before ${last}, the loan's last entry`);
      const advanced = await repo.advancedUnder(tx, agreement.id);
      if (advanced + input.amount > agreement.facilityLimitCents)
        throw invalidField(
          'amount',
          `The advance would take the agreement over its facility limit of ${formatMoney(agreement.facilityLimitCents)}.`,
        );
      // The fee comes from the interest function too: the fees it charges with this advance.
      const advance: LoanMovement = { kind: 'advance', date, cents: input.amount, reference: input.description };
      const before = await this.#statement(tx, agreement, row, ledger, date);
      const after = await this.#statement(tx, agreement, row, ledger, date, [advance]);
      const fee = after.totalFeesCents - before.totalFeesCents;
      const lines: NewLine[] = [
        {
          entryDate: date,
          amountType: 'Principal',
          source: 'advance',
          amountCents: input.amount,
          description: input.description,
          reference: input.invoiceNo ?? null,
        },
      ];
      if (fee > 0)
        lines.push({
          entryDate: date,
          amountType: 'Revenue',
          source: 'fee',
          amountCents: fee,
          description: 'Upfront fee',
          reference: input.invoiceNo ?? null,
        });
      await this.#append(tx, ctx, row, lines);
      if (row.status === 'Pending') await this.#setLoan(tx, ctx, row, { status: 'Active' });
      return repo.loanDto(tx, await repo.loanRow(tx, ctx, id));
    });
  }

  postInterest(ctx: RequestContext, id: string, untilDate: string): Promise<LoanDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.lockLoan(tx, ctx, id);
      if (row.status !== 'Active') throw businessRule('Interest is posted on active loans only.');
      if (untilDate > this.#today(ctx)) throw invalidField('untilDate', 'must not be after today');
      await this.#postInterestTo(tx, ctx, row, await this.#agreementOf(tx, row), untilDate);
      return repo.loanDto(tx, await repo.loanRow(tx, ctx, id));
    });
  }

  recordRepayment(ctx: RequestContext, id: string, input: Out<typeof RecordRepaymentInput>): Promise<LoanDto> {
    return this.#tx(ctx, async (tx) => (await this.recordRepaymentIn(tx, ctx, id, input)).loan);
  }

  /**
   * A repayment inside the caller's transaction (a payment against a repayment invoice): interest posted
   * to its date, then the amount applied to fees, interest and principal in that order as ledger lines of
   * one movement, whose id is returned with the loan.
   */
  async recordRepaymentIn(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    input: Out<typeof RecordRepaymentInput>,
  ): Promise<{ loan: LoanDto; movementId: string }> {
    let row = await repo.lockLoan(tx, ctx, id);
    if (row.status !== 'Active') throw businessRule('Only an active loan takes a repayment.');
    if (input.date > this.#today(ctx)) throw invalidField('date', 'must not be after today');
    const agreement = await this.#agreementOf(tx, row);
    const last = lastMovementDate(row, await repo.ledgerOf(tx, id));
    if (last && input.date < last) throw invalidField('date', `must not be before ${last}, the loan's last entry`);
    row = await this.#postInterestTo(tx, ctx, row, agreement, input.date);
    const ledger = await repo.ledgerOf(tx, id);
    const owed = await this.#statement(tx, agreement, row, ledger, input.date);
    if (input.amount > owed.balanceCents)
      throw invalidField(
        'amount',
        `The repayment is more than the ${formatMoney(owed.balanceCents)} owed on ${input.date}.`,
      );
    const repayment: LoanMovement = { kind: 'repayment', date: input.date, cents: input.amount };
    const after = await this.#statement(tx, agreement, row, ledger, input.date, [repayment]);
    const applied = after.lines.findLast((line) => line.kind === 'repayment')!;
    const reference = input.reference ?? null;
    const parts: [AmountType, number][] = [
      ['Revenue', applied.appliedToFeesCents ?? 0],
      ['Interest', applied.appliedToInterestCents ?? 0],
      ['Principal', applied.appliedToPrincipalCents ?? 0],
    ];
    const movementId = await this.#append(
      tx,
      ctx,
      row,
      parts
        .filter(([, cents]) => cents > 0)
        .map(([amountType, cents]) => ({
          entryDate: input.date,
          amountType,
          source: 'repayment' as const,
          amountCents: -cents,
          description: `Repayment: ${amountType === 'Revenue' ? 'fees' : amountType.toLowerCase()}`,
          reference,
        })),
    );
    // The ledger and the interest function must agree to the cent; anything else is a defect.
    const ledgerBalance = await repo.ledgerBalance(tx, id);
    if (ledgerBalance !== after.balanceCents)
      throw new Error(`ledger ${ledgerBalance} and statement ${after.balanceCents} differ on loan ${row.loanNo}`);
    if (after.balanceCents === 0) await this.#setLoan(tx, ctx, row, { status: 'Settled', settlementDate: input.date });
    return { loan: await repo.loanDto(tx, await repo.loanRow(tx, ctx, id)), movementId: movementId! };
  }

  /**
   * What the borrower would owe on `untilDate` if an advance of `amount` were paid on `date`, beside what
   * the loan owes then as it is (the same interest function, nothing written).
   */
  calculateAdvance(
    ctx: RequestContext,
    q: { loanId: string; amount: number; date: string; untilDate: string },
  ): Promise<AdvanceCalculationDto> {
    return this.#tx(ctx, async (tx) => {
      const loan = await repo.loanRow(tx, ctx, q.loanId);
      if (loan.status === 'Cancelled' || loan.status === 'Settled')
        throw businessRule(`A ${loan.status.toLowerCase()} loan takes no advance.`);
      const agreement = await this.#agreementOf(tx, loan);
      const ledger = await repo.ledgerOf(tx, loan.id);
      const date = accrualStartDate({
        paymentDate: q.date,
        createdDate: q.date,
        financingStartDate: agreement.financingStartDate,
      });
      const advance: LoanMovement = { kind: 'advance', date, cents: q.amount };
      const before = await this.#statement(tx, agreement, loan, ledger, q.untilDate);
      const after = await this.#statement(tx, agreement, loan, ledger, q.untilDate, [advance]);
      const owed = (s: InterestStatement) => ({
        principalCents: s.principalBalanceCents,
        interestCents: s.interestBalanceCents,
        feesCents: s.feeBalanceCents,
        balanceCents: s.balanceCents,
      });
      return {
        loanId: loan.id,
        amountCents: q.amount,
        date,
        untilDate: q.untilDate,
        without: owed(before),
        with: owed(after),
        feeCents: after.totalFeesCents - before.totalFeesCents,
        interestCents: after.totalInterestCents - before.totalInterestCents,
      };
    });
  }

  /** What the loan owes on a date, split into principal, interest and fees (nothing is posted). */
  async owedIn(
    tx: Tx,
    ctx: RequestContext,
    id: string,
    date: string,
  ): Promise<{
    loan: repo.LoanRow;
    principalCents: number;
    interestCents: number;
    feesCents: number;
    balanceCents: number;
  }> {
    const loan = await repo.loanRow(tx, ctx, id);
    const st = await this.#statement(tx, await this.#agreementOf(tx, loan), loan, await repo.ledgerOf(tx, id), date);
    return {
      loan,
      principalCents: st.principalBalanceCents,
      interestCents: st.interestBalanceCents,
      feesCents: st.feeBalanceCents,
      balanceCents: st.balanceCents,
    };
  }

  statement(
    ctx: RequestContext,
    id: string,
    untilDate: string | undefined,
    statuses?: readonly LoanStatus[],
  ): Promise<AccruedInterestStatementDto> {
    return this.#tx(ctx, async (tx) => {
      const row = await repo.loanRow(tx, ctx, id);
      // Filtered by funding transaction (loan) status: a loan of another status has no statement.
      if (statuses && !statuses.includes(row.status)) throw notFound('The loan');
      const agreement = await this.#agreementOf(tx, row);
      const ledger = await repo.ledgerOf(tx, id);
      const until = untilDate ?? row.settlementDate ?? row.interestPostedTo ?? this.#today(ctx);
      const st = await this.#statement(tx, agreement, row, ledger, until);
      return {
        loan: await repo.loanDto(tx, row),
        untilDate: until,
        lines: st.lines.map((line) => ({ ...line })),
        totalInterestCents: st.totalInterestCents,
        totalFeesCents: st.totalFeesCents,
        totalAdvancedCents: st.totalAdvancedCents,
        totalRepaidCents: st.totalRepaidCents,
        balanceCents: st.balanceCents,
        ledgerBalanceCents: await repo.ledgerBalance(tx, id, until),
      };
    });
  }

  // -------------------------------------------------------------------------------------------------------

  async #agreementOf(tx: Tx, loan: repo.LoanRow): Promise<repo.AgreementRow> {
    const [agreement] = await tx.select().from(fundingAgreements).where(eq(fundingAgreements.id, loan.agreementId));
    return agreement!;
  }

  async #statement(
    tx: Tx,
    agreement: repo.AgreementRow,
    loan: repo.LoanRow,
    ledger: repo.LedgerRow[],
    until: string,
    extra: LoanMovement[] = [],
  ): Promise<InterestStatement> {
    const terms = interestTermsOf({
      interestMethod: agreement.interestMethod,
      feeType: agreement.feeType,
      feeValue: agreement.feeValue,
      rates: await repo.ratesOf(tx, agreement.id),
      financingStartDate: agreement.financingStartDate,
      interestCharge: agreement.interestCharge,
      upfrontInterestDays: agreement.upfrontInterestDays,
    });
    const splitDates = repo.postingDatesOf(ledger);
    if (loan.interestPostedTo) splitDates.push(loan.interestPostedTo);
    return accrueInterest(terms, [...repo.movementsOf(ledger), ...extra], until, { splitDates });
  }

  /** Posts the statement's interest lines after the last posted day, up to `until` (not included). */
  async #postInterestTo(
    tx: Tx,
    ctx: RequestContext,
    loan: repo.LoanRow,
    agreement: repo.AgreementRow,
    until: string,
  ): Promise<repo.LoanRow> {
    const from = loan.interestPostedTo;
    if (from && until <= from) return loan;
    const ledger = await repo.ledgerOf(tx, loan.id);
    const st = await this.#statement(tx, agreement, loan, ledger, until);
    const lines = st.lines.filter((line) => line.kind === 'interest' && (!from || line.date >= from));
    await this.#append(
      tx,
      ctx,
      loan,
      lines
        .filter((line) => line.amountCents !== 0)
        .map((line) => ({
          entryDate: line.date,
          periodTo: line.toDate ?? null,
          amountType: 'Interest' as const,
          source: 'interest' as const,
          amountCents: line.amountCents,
          description: `Interest ${line.date} to ${line.toDate}, ${line.days} days at ${formatPercent(line.basisPoints ?? 0)}`,
        })),
    );
    return this.#setLoan(tx, ctx, loan, { interestPostedTo: until });
  }

  async #append(tx: Tx, ctx: RequestContext, loan: repo.LoanRow, lines: NewLine[]): Promise<string | undefined> {
    if (lines.length === 0) return undefined;
    const movementId = uuidv7();
    const rows = lines.map((line) => ({
      tenantId: ctx.tenant.id,
      id: uuidv7(),
      loanId: loan.id,
      movementId,
      entryDate: line.entryDate,
      periodTo: line.periodTo ?? null,
      amountType: line.amountType,
      source: line.source,
      amountCents: line.amountCents,
      description: line.description,
      reference: line.reference ?? null,
      creatorId: ctx.actor.userId,
    }));
    await tx.insert(fundingLedger).values(rows);
    for (const r of rows) {
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingTransaction',
        entityId: r.id,
        changeType: 'Created',
        before: null,
        after: {
          loanId: r.loanId,
          entryDate: r.entryDate,
          periodTo: r.periodTo,
          amountType: r.amountType,
          amountCents: r.amountCents,
          description: r.description,
        },
      });
    }
    return movementId;
  }

  async #setLoan(
    tx: Tx,
    ctx: RequestContext,
    loan: repo.LoanRow,
    change: Partial<Pick<repo.LoanRow, 'status' | 'interestPostedTo' | 'settlementDate' | 'cancelReason'>>,
  ): Promise<repo.LoanRow> {
    const [row] = await tx
      .update(fundingLoans)
      .set({
        ...change,
        lastModificationTime: new Date(),
        lastModifierId: ctx.actor.userId,
        concurrencyStamp: uuidv7(),
      })
      .where(eq(fundingLoans.id, loan.id))
      .returning();
    await recordEntityChange(tx, ctx.actor, {
      entityType: 'FundingLoan',
      entityId: loan.id,
      changeType: 'Updated',
      before: Object.fromEntries(Object.keys(change).map((k) => [k, loan[k as keyof typeof change]])),
      after: change,
    });
    return row!;
  }
}

/** The last day a movement was entered or interest posted to: nothing may be dated before it. */
function lastMovementDate(loan: repo.LoanRow, ledger: repo.LedgerRow[]): string | null {
  let last = loan.interestPostedTo;
  for (const line of ledger) if (!last || line.entryDate > last) last = line.entryDate;
  return last;
}
