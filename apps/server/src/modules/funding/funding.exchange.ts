import { and, asc, count, desc, eq, ilike, inArray, or, sql, sum } from 'drizzle-orm';
import {
  centsFromSql,
  CreateFundingAgreementInput,
  editionOf,
  formatIsoDate,
  Permissions,
  requestStatusFromAdvanced,
  todayIn,
  uuidv7,
  type AdvanceRequestDto,
  type AdvanceRequestStatus,
  type ApprovedLenderDto,
  type FundingAgreementDto,
  type FundingRequestDto,
  type FundingRequestStatus,
  type LenderOptionDto,
  type LoanDto,
} from '@casebook/domain';
import type { z } from 'zod';
import type {
  AddInterestRateInput,
  CreateAdvanceRequestInput,
  ApproveFundingRequestInput,
  CreateFundingRequestInput,
  RecordAdvanceInput,
  RecordRepaymentInput,
} from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { NOTHING, recordCondition, registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import type { TenantDirectory, TenantInfo } from '../../platform/access/tenant-directory';
import { recordEntityChange } from '../../platform/db/audit';
import { APP_ROLE, sqlRows, type Database, type Tx } from '../../platform/db/database';
import { tenants } from '../../platform/db/platform.schema';
import { businessRule, concurrencyConflict, invalidField, notFound } from '../../platform/http/errors';
import { cases } from '../cases/cases.schema';
import {
  fundingAdvanceRequests as ar,
  fundingApprovedLenders as al,
  fundingLedger as g,
  fundingLinks as links,
  fundingLoans as l,
  fundingProviders,
  fundingRequests as fr,
} from './funding.schema';
import { FundingService } from './funding.service';
import { nextFundingNumber } from './funding-numbers';
import { raiseNotification } from '../notifications/notify';

type Out<S extends z.ZodType> = z.output<S>;
type RequestRow = typeof fr.$inferSelect;
export type TenantScope = Pick<Database, 'withTenant'>;
type LinkKind = 'request' | 'agreement' | 'loan' | 'advance';
type AdvanceRow = typeof ar.$inferSelect;
/** The bookkeeping columns every tenant table has (left to their defaults on insert). */
type Bookkeeping =
  | 'creationTime'
  | 'creatorId'
  | 'lastModificationTime'
  | 'lastModifierId'
  | 'isDeleted'
  | 'deleterId'
  | 'deletionTime'
  | 'concurrencyStamp';

/** Funding requests: office roles and accounting see every one of their tenant's copies; no one else any. */
registerRecordKind('fundingRequest', {
  table: fr,
  id: fr.id,
  isDeleted: fr.isDeleted,
  label: 'The funding request',
  async condition(_tx, ctx) {
    if (!ctx.permissions.has(Permissions.fundingRequests.read)) return NOTHING;
    return seesWholeTenant(ctx) ? undefined : NOTHING;
  },
});

const BORROWER_EDITIONS = new Set(['MLP', 'LAW CONNECT']);
const isBorrower = (tenant: TenantInfo) => BORROWER_EDITIONS.has(editionOf(tenant.editionName) ?? '');
const isLender = (tenant: TenantInfo) => editionOf(tenant.editionName) === 'FUNDING PROVIDER';
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the exchange may do in the other party's tenant: its funding work, nothing more. */
const EXCHANGE_PERMISSIONS: ReadonlySet<string> = new Set([
  ...Object.values(Permissions.fundingProviders),
  ...Object.values(Permissions.fundingAgreements),
  ...Object.values(Permissions.disbursementFunding),
  ...Object.values(Permissions.fundingRequests),
]);

/**
 * The context the exchange writes the other party's copy with: that tenant, no user, and the sending
 * tenant's name in its change history (decision 0027).
 */
function exchangeContext(tenant: TenantInfo, from: string): RequestContext {
  const userName = `${from} (funding exchange)`;
  return {
    principal: {
      userId: '00000000-0000-0000-0000-000000000000',
      tenantId: tenant.id,
      roles: ['ADMIN_STAFF'],
      userName,
      impersonatorUserId: null,
    },
    tenant,
    permissions: EXCHANGE_PERMISSIONS,
    actor: { tenantId: tenant.id, userId: null, userName, impersonatorUserId: null },
  };
}

/**
 * Approved lenders, funding requests, and the hand-off of a request, its agreement and its loan between
 * a firm (borrower) and a lender, each a different tenant (decision 0027).
 *
 * Each party keeps its own copy in its own tenant's tables; the pairing is one `funding_links` row per
 * record, which the application role cannot read. A hand-off is one owner transaction in which every
 * write to a party's tables runs as the application role with that party's tenant set, so row-level
 * security checks each row as it would for a request of that tenant; only the link row is written as the
 * owner. Either every copy is written or none is.
 */
export class FundingExchange {
  readonly #plain: FundingService;

  constructor(
    private readonly database: Database,
    private readonly directory: TenantDirectory,
  ) {
    this.#plain = new FundingService(database);
  }

  /** One owner transaction; `scope.withTenant` runs its work as the application role of that tenant. */
  #handOff<T>(fn: (scope: TenantScope, tx: Tx) => Promise<T>): Promise<T> {
    return this.database.withSystem(async (tx) => {
      const [me] = await sqlRows<{ owner: string }>(tx, sql`select current_user as owner`);
      const owner = me!.owner.replaceAll('"', '""');
      const scope: TenantScope = {
        async withTenant(tenantId, work) {
          await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
          await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
          // On failure the whole transaction rolls back: nothing to restore.
          const result = await work(tx);
          await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
          await tx.execute(sql.raw(`set local role "${owner}"`));
          return result;
        },
      };
      return fn(scope, tx);
    });
  }

  /** The other party's record paired with one of ours, by the owner (undefined when not handed across). */
  async #counterpart(
    ctx: RequestContext,
    kind: LinkKind,
    recordId: string,
  ): Promise<{ tenant: TenantInfo; recordId: string; mine: 'borrower' | 'lender' } | undefined> {
    const found = await this.database.withSystem(async (tx) => {
      const [row] = await tx
        .select()
        .from(links)
        .where(
          and(
            eq(links.kind, kind),
            or(
              and(eq(links.borrowerTenantId, ctx.tenant.id), eq(links.borrowerRecordId, recordId)),
              and(eq(links.lenderTenantId, ctx.tenant.id), eq(links.lenderRecordId, recordId)),
            ),
          ),
        );
      return row;
    });
    if (!found) return undefined;
    const mine = found.borrowerTenantId === ctx.tenant.id ? 'borrower' : 'lender';
    const other = await this.directory.get(mine === 'borrower' ? found.lenderTenantId : found.borrowerTenantId);
    if (!other) return undefined;
    return { tenant: other, recordId: mine === 'borrower' ? found.lenderRecordId : found.borrowerRecordId, mine };
  }

  // -------------------------------------------------------------------------------------------------------
  // Approved lenders (the borrower's own rows)

  async lenderOptions(ctx: RequestContext): Promise<{ items: LenderOptionDto[] }> {
    if (!isBorrower(ctx.tenant)) return { items: [] };
    const rows = await this.database.withSystem((tx) =>
      tx
        .select({ tenantId: tenants.id, name: tenants.name })
        .from(tenants)
        .where(and(eq(tenants.editionName, 'FUNDING PROVIDER'), eq(tenants.isActive, true)))
        .orderBy(asc(tenants.name)),
    );
    return { items: rows.filter((row) => row.tenantId !== ctx.tenant.id) };
  }

  listApprovedLenders(ctx: RequestContext): Promise<{ items: ApprovedLenderDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const rows = await tx.select().from(al).where(eq(al.isDeleted, false)).orderBy(asc(al.lenderName));
      return { items: rows.map(toLenderDto) };
    });
  }

  async addApprovedLender(ctx: RequestContext, lenderTenantId: string): Promise<ApprovedLenderDto> {
    if (!isBorrower(ctx.tenant))
      throw businessRule('Only a borrowing organisation (MLP or LAW CONNECT) approves lenders.');
    const lender = await this.directory.get(lenderTenantId);
    if (!lender || !lender.isActive || !isLender(lender) || lender.id === ctx.tenant.id)
      throw invalidField('lenderTenantId', 'The lender was not found.');
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [existing] = await tx
        .select({ id: al.id })
        .from(al)
        .where(and(eq(al.lenderTenantId, lender.id), eq(al.isDeleted, false)));
      if (existing) throw invalidField('lenderTenantId', 'This lender is already approved.');
      const id = uuidv7();
      const [row] = await tx
        .insert(al)
        .values({
          tenantId: ctx.tenant.id,
          id,
          lenderTenantId: lender.id,
          lenderName: lender.name,
          creatorId: ctx.actor.userId,
          concurrencyStamp: uuidv7(),
        })
        .returning();
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ApprovedLender',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: { lenderTenantId: lender.id, lenderName: lender.name },
      });
      return toLenderDto(row!);
    });
  }

  removeApprovedLender(ctx: RequestContext, id: string): Promise<void> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const removed = await tx
        .update(al)
        .set({ isDeleted: true, deleterId: ctx.actor.userId, deletionTime: new Date() })
        .where(and(eq(al.id, id), eq(al.isDeleted, false)))
        .returning({ id: al.id, lenderName: al.lenderName });
      if (removed.length === 0) throw notFound('The approved lender');
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'ApprovedLender',
        entityId: id,
        changeType: 'Deleted',
        before: { lenderName: removed[0]!.lenderName },
        after: null,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Funding requests

  listRequests(
    ctx: RequestContext,
    input: { skipCount: number; maxResultCount: number; filterText?: string | undefined; status?: string | undefined },
  ): Promise<{ totalCount: number; items: FundingRequestDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(
        eq(fr.isDeleted, false),
        await recordCondition(tx, ctx, 'fundingRequest'),
        input.status ? eq(fr.status, input.status as FundingRequestStatus) : undefined,
        input.filterText
          ? or(
              ilike(fr.requestNo, like(input.filterText)),
              ilike(fr.caseReference, like(input.filterText)),
              ilike(fr.counterpartyName, like(input.filterText)),
            )
          : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(fr).where(where);
      const rows = await tx
        .select()
        .from(fr)
        .where(where)
        .orderBy(desc(fr.creationTime), desc(fr.id))
        .offset(input.skipCount)
        .limit(input.maxResultCount);
      return { totalCount: total?.n ?? 0, items: await requestDtos(tx, rows) };
    });
  }

  getRequest(ctx: RequestContext, id: string): Promise<FundingRequestDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => requestDto(tx, await requestRow(tx, ctx, id)));
  }

  async createRequest(ctx: RequestContext, input: Out<typeof CreateFundingRequestInput>): Promise<FundingRequestDto> {
    if (!isBorrower(ctx.tenant))
      throw businessRule('Only a borrowing organisation (MLP or LAW CONNECT) requests funding from a lender.');
    const id = uuidv7();
    const draft = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const [lender] = await tx
        .select()
        .from(al)
        .where(and(eq(al.id, input.approvedLenderId), eq(al.isDeleted, false)));
      if (!lender) throw invalidField('approvedLenderId', 'The approved lender was not found.');
      if (input.caseId) {
        const [found] = await tx
          .select({ id: cases.id })
          .from(cases)
          .where(and(eq(cases.id, input.caseId), eq(cases.isDeleted, false), await recordCondition(tx, ctx, 'case')));
        if (!found) throw invalidField('caseId', 'The case was not found.');
      }
      const values = {
        requestNo: await nextRequestNo(tx, ctx.tenant.id),
        side: 'Borrower' as const,
        counterpartyName: lender.lenderName,
        approvedLenderId: lender.id,
        caseId: input.caseId ?? null,
        caseReference: input.caseReference,
        borrowerReference: input.borrowerReference ?? null,
        description: input.description,
        amountCents: input.amount,
        status: 'Draft' as const,
      };
      await tx
        .insert(fr)
        .values({ tenantId: ctx.tenant.id, id, ...values, creatorId: ctx.actor.userId, concurrencyStamp: uuidv7() });
      await recordEntityChange(tx, ctx.actor, {
        entityType: 'FundingRequest',
        entityId: id,
        changeType: 'Created',
        before: null,
        after: values,
      });
      return requestDto(tx, await requestRow(tx, ctx, id));
    });
    return input.send ? this.sendRequest(ctx, id) : draft;
  }

  /** The firm sends its draft: the lender gets its own copy, with the firm's name and the case's number. */
  async sendRequest(ctx: RequestContext, id: string): Promise<FundingRequestDto> {
    const { row, lenderTenantId } = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await requestRow(tx, ctx, id);
      if (row.side !== 'Borrower') throw businessRule('Only the firm that asks for funding sends its request.');
      if (row.status !== 'Draft') throw businessRule('Only a draft request can be sent.');
      const [lender] = await tx
        .select()
        .from(al)
        .where(and(eq(al.id, row.approvedLenderId!), eq(al.isDeleted, false)));
      if (!lender) throw businessRule('The lender is no longer approved.');
      return { row, lenderTenantId: lender.lenderTenantId };
    });
    const lender = await this.directory.get(lenderTenantId);
    if (!lender || !lender.isActive || !isLender(lender)) throw businessRule('The lender no longer takes requests.');
    return this.#handOff(async (scope, tx) => {
      const lenderCopy = uuidv7();
      await scope.withTenant(lender.id, async (ltx) => {
        const values = {
          requestNo: await nextRequestNo(ltx, lender.id),
          side: 'Lender' as const,
          counterpartyName: ctx.tenant.name,
          caseReference: row.caseReference,
          borrowerReference: row.borrowerReference,
          description: row.description,
          amountCents: row.amountCents,
          status: 'Requested' as const,
          requestedTime: new Date(),
        };
        await ltx.insert(fr).values({ tenantId: lender.id, id: lenderCopy, ...values, concurrencyStamp: uuidv7() });
        await recordEntityChange(ltx, exchangeContext(lender, ctx.tenant.name).actor, {
          entityType: 'FundingRequest',
          entityId: lenderCopy,
          changeType: 'Created',
          before: null,
          after: { ...values, requestedTime: values.requestedTime.toISOString() },
        });
      });
      await tx.insert(links).values({
        id: uuidv7(),
        kind: 'request',
        borrowerTenantId: ctx.tenant.id,
        lenderTenantId: lender.id,
        borrowerRecordId: row.id,
        lenderRecordId: lenderCopy,
      });
      return scope.withTenant(ctx.tenant.id, async (btx) => {
        await setRequest(btx, ctx, row, { status: 'Requested', requestedTime: new Date() });
        return requestDto(btx, await requestRow(btx, ctx, id));
      });
    });
  }

  /**
   * The lender approves: its agreement (effective) and loan under the terms given, and the firm's copies of
   * both with the same terms, so both compute the same interest.
   */
  async approveRequest(
    ctx: RequestContext,
    id: string,
    input: Out<typeof ApproveFundingRequestInput>,
  ): Promise<FundingRequestDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => requestRow(tx, ctx, id));
    if (row.side !== 'Lender') throw businessRule('Only the lender approves a funding request.');
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== row.concurrencyStamp)
      throw concurrencyConflict();
    if (row.status !== 'Requested' || row.loanId)
      throw businessRule('Only a request awaiting approval can be approved.');
    const firm = await this.#counterpart(ctx, 'request', id);
    if (!firm) throw businessRule('The firm that sent this request is no longer reachable.');
    const bctx = exchangeContext(firm.tenant, ctx.tenant.name);
    return this.#handOff(async (scope, tx) => {
      const lenderSide = new FundingService(scope);
      const firmSide = new FundingService(scope);
      const parsed = CreateFundingAgreementInput.safeParse({
        providerId: input.providerId,
        borrowerCompanyId: null,
        borrowerName: firm.tenant.name,
        fundingType: input.fundingType,
        interestMethod: input.interestMethod,
        interestCharge: 'Daily',
        repaymentType: input.repaymentType,
        repaymentDay: input.repaymentDay ?? null,
        feeType: input.feeType ?? null,
        feeValue: input.feeValue ?? null,
        facilityLimit: input.facilityLimit ?? row.amountCents,
        financingStartDate: input.financingStartDate,
        interestRate: input.interestRate,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw invalidField(String(issue.path[0] ?? 'terms'), issue.message);
      }
      const terms = parsed.data;
      const loanText = {
        caseReference: row.caseReference,
        borrowerReference: row.borrowerReference,
        description: row.description,
      };

      const agreement = await lenderSide.createAgreement(ctx, { ...terms, providerId: input.providerId });
      await lenderSide.changeAgreementStatus(ctx, agreement.id, 'Effective');
      const loan = await lenderSide.createLoan(ctx, { agreementId: agreement.id, ...loanText });
      await scope.withTenant(ctx.tenant.id, (ltx) =>
        setRequest(ltx, ctx, row, { agreementId: agreement.id, loanId: loan.id }),
      );

      // The firm's side: the lender as one of its providers, then its copies of the agreement and loan.
      const providerId = await scope.withTenant(firm.tenant.id, async (btx) => {
        const [known] = await btx
          .select({ id: fundingProviders.id })
          .from(fundingProviders)
          .where(and(eq(fundingProviders.name, ctx.tenant.name), eq(fundingProviders.isDeleted, false)));
        return known?.id;
      });
      const provider = providerId ?? (await firmSide.createProvider(bctx, { name: ctx.tenant.name })).id;
      const theirs = await firmSide.createAgreement(bctx, { ...terms, providerId: provider });
      await firmSide.changeAgreementStatus(bctx, theirs.id, 'Effective');
      const theirLoan = await firmSide.createLoan(bctx, { agreementId: theirs.id, ...loanText });
      await scope.withTenant(firm.tenant.id, async (btx) => {
        const [copy] = await btx
          .select()
          .from(fr)
          .where(and(eq(fr.id, firm.recordId), eq(fr.isDeleted, false)));
        if (!copy || copy.status !== 'Requested') throw businessRule('The firm has withdrawn this request.');
        await setRequest(btx, bctx, copy, { agreementId: theirs.id, loanId: theirLoan.id });
        // The firm's user who sent the request hears of the approval, with the firm's copy (decision 0104).
        await raiseNotification(btx, firm.tenant.id, [copy.creatorId], {
          event: 'fundingApproved',
          content: `${ctx.tenant.name} approved the funding request${copy.caseReference ? ` for ${copy.caseReference}` : ''}.`,
          objectId: copy.id,
          objectReferenceName: copy.caseReference,
          fromModule: 'funding-requests',
          creator: { name: ctx.tenant.name, email: null },
        });
      });
      await tx.insert(links).values([
        {
          id: uuidv7(),
          kind: 'agreement' as const,
          borrowerTenantId: firm.tenant.id,
          lenderTenantId: ctx.tenant.id,
          borrowerRecordId: theirs.id,
          lenderRecordId: agreement.id,
        },
        {
          id: uuidv7(),
          kind: 'loan' as const,
          borrowerTenantId: firm.tenant.id,
          lenderTenantId: ctx.tenant.id,
          borrowerRecordId: theirLoan.id,
          lenderRecordId: loan.id,
        },
      ]);
      return scope.withTenant(ctx.tenant.id, async (ltx) => requestDto(ltx, await requestRow(ltx, ctx, id)));
    });
  }

  /** The firm withdraws its request, or the lender declines it; before any loan, on both copies. */
  async cancelRequest(ctx: RequestContext, id: string, reason: string, stamp?: string): Promise<FundingRequestDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => requestRow(tx, ctx, id));
    if (stamp !== undefined && stamp !== row.concurrencyStamp) throw concurrencyConflict();
    if (row.loanId || (row.status !== 'Draft' && row.status !== 'Requested'))
      throw businessRule('Only a request without a loan can be cancelled.');
    const other = row.status === 'Draft' ? undefined : await this.#counterpart(ctx, 'request', id);
    return this.#handOff(async (scope) => {
      if (other) {
        const octx = exchangeContext(other.tenant, ctx.tenant.name);
        await scope.withTenant(other.tenant.id, async (otx) => {
          const [copy] = await otx
            .select()
            .from(fr)
            .where(and(eq(fr.id, other.recordId), eq(fr.isDeleted, false)));
          if (copy && copy.loanId) throw businessRule('The lender has already approved this request.');
          if (copy && copy.status !== 'Cancelled')
            await setRequest(otx, octx, copy, { status: 'Cancelled', cancelReason: reason });
        });
      }
      return scope.withTenant(ctx.tenant.id, async (tx) => {
        await setRequest(tx, ctx, row, { status: 'Cancelled', cancelReason: reason });
        return requestDto(tx, await requestRow(tx, ctx, id));
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------
  // Loan movements: the lender's are mirrored on the firm's copy; the firm's copy takes none of its own.

  /**
   * Runs a movement on the caller's loan; for a lender's loan handed across, the same movement on the firm's
   * copy in the same transaction, then both requests' statuses from what has been advanced.
   */
  async #movement<T = LoanDto>(
    ctx: RequestContext,
    loanId: string,
    run: (service: FundingService, c: RequestContext, id: string, scope: TenantScope) => Promise<T>,
  ): Promise<T> {
    const copy = await this.#counterpart(ctx, 'loan', loanId);
    if (!copy) return run(this.#plain, ctx, loanId, this.database);
    if (copy.mine === 'borrower')
      throw businessRule('This loan is kept by its lender: its advances and repayments are recorded there.');
    const bctx = exchangeContext(copy.tenant, ctx.tenant.name);
    return this.#handOff(async (scope) => {
      const service = new FundingService(scope);
      const result = await run(service, ctx, loanId, scope);
      await run(service, bctx, copy.recordId, scope);
      await scope.withTenant(ctx.tenant.id, (tx) => settleRequestStatus(tx, ctx, loanId));
      await scope.withTenant(copy.tenant.id, (tx) => settleRequestStatus(tx, bctx, copy.recordId));
      return result;
    });
  }

  /**
   * A change of a lender's agreement handed across (a new rate, a status) is made on the firm's copy in the
   * same transaction; the firm's copy takes none of its own.
   */
  async #agreementChange(
    ctx: RequestContext,
    agreementId: string,
    run: (service: FundingService, c: RequestContext, id: string) => Promise<FundingAgreementDto>,
  ): Promise<FundingAgreementDto> {
    const copy = await this.#counterpart(ctx, 'agreement', agreementId);
    if (!copy) return run(this.#plain, ctx, agreementId);
    if (copy.mine === 'borrower')
      throw businessRule('This agreement is kept by its lender: its rates and status are changed there.');
    const bctx = exchangeContext(copy.tenant, ctx.tenant.name);
    return this.#handOff(async (scope) => {
      const service = new FundingService(scope);
      const result = await run(service, ctx, agreementId);
      await run(service, bctx, copy.recordId);
      return result;
    });
  }

  addInterestRate(ctx: RequestContext, agreementId: string, input: Out<typeof AddInterestRateInput>) {
    return this.#agreementChange(ctx, agreementId, (service, c, id) =>
      // The stamp is the caller's, of the caller's copy.
      service.addInterestRate(c, id, c === ctx ? input : { ...input, concurrencyStamp: undefined }),
    );
  }

  changeAgreementStatus(ctx: RequestContext, agreementId: string, status: 'Effective' | 'Cancelled', stamp?: string) {
    return this.#agreementChange(ctx, agreementId, (service, c, id) =>
      service.changeAgreementStatus(c, id, status, c === ctx ? stamp : undefined),
    );
  }

  recordAdvance(ctx: RequestContext, loanId: string, input: Out<typeof RecordAdvanceInput>): Promise<LoanDto> {
    // The day it was entered is the lender's, so both copies date it alike.
    const dated = { ...input, createdDate: input.createdDate ?? formatIsoDate(todayIn(ctx.tenant.timezone)) };
    return this.#movement(ctx, loanId, (service, c, id) => service.recordAdvance(c, id, dated));
  }

  recordRepayment(ctx: RequestContext, loanId: string, input: Out<typeof RecordRepaymentInput>): Promise<LoanDto> {
    return this.#movement(ctx, loanId, (service, c, id) => service.recordRepayment(c, id, input));
  }

  /**
   * A movement of a loan with work of the caller's own in the lender's transaction (a payment against a
   * repayment invoice): `run` is called for the caller's loan and, when the loan was handed across, again
   * for the firm's copy (`c` is then not `ctx`), all in one transaction.
   */
  loanMovement<T>(
    ctx: RequestContext,
    loanId: string,
    run: (service: FundingService, c: RequestContext, id: string, scope: TenantScope) => Promise<T>,
  ): Promise<T> {
    return this.#movement(ctx, loanId, run);
  }

  postInterest(ctx: RequestContext, loanId: string, untilDate: string): Promise<LoanDto> {
    return this.#movement(ctx, loanId, (service, c, id) => service.postInterest(c, id, untilDate));
  }

  cancelLoan(ctx: RequestContext, loanId: string, reason: string): Promise<LoanDto> {
    return this.#movement(ctx, loanId, (service, c, id) => service.cancelLoan(c, id, reason));
  }

  // -------------------------------------------------------------------------------------------------------
  // Advance requests (decision 0052)

  listAdvanceRequests(
    ctx: RequestContext,
    input: { skipCount: number; maxResultCount: number; loanId?: string | undefined; status?: string | undefined },
  ): Promise<{ totalCount: number; items: AdvanceRequestDto[] }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      const where = and(
        eq(ar.isDeleted, false),
        await visibleLoans(tx, ctx),
        input.loanId ? eq(ar.loanId, input.loanId) : undefined,
        input.status ? eq(ar.status, input.status as AdvanceRequestStatus) : undefined,
      );
      const [total] = await tx.select({ n: count() }).from(ar).where(where);
      const rows = await tx
        .select()
        .from(ar)
        .where(where)
        .orderBy(desc(ar.creationTime), desc(ar.id))
        .offset(input.skipCount)
        .limit(input.maxResultCount);
      return { totalCount: total?.n ?? 0, items: await advanceDtos(tx, rows) };
    });
  }

  getAdvanceRequest(ctx: RequestContext, id: string): Promise<AdvanceRequestDto> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => advanceDto(tx, await advanceRow(tx, ctx, id)));
  }

  checkDuplicateAdvance(ctx: RequestContext, loanId: string, invoiceNo: string): Promise<{ duplicate: boolean }> {
    return this.database.withTenant(ctx.tenant.id, async (tx) => {
      await loanVisible(tx, ctx, loanId);
      return { duplicate: await isDuplicateAdvance(tx, loanId, invoiceNo) };
    });
  }

  /** The firm asks the lender that keeps its loan for a further advance; the lender gets its own copy. */
  async createAdvanceRequest(
    ctx: RequestContext,
    input: Out<typeof CreateAdvanceRequestInput>,
  ): Promise<AdvanceRequestDto> {
    const loan = await this.database.withTenant(ctx.tenant.id, async (tx) => {
      const row = await loanVisible(tx, ctx, input.loanId);
      if (input.invoiceNo && (await isDuplicateAdvance(tx, row.id, input.invoiceNo)))
        throw invalidField('invoiceNo', 'An advance for this invoice has already been requested on this loan.');
      return row;
    });
    const lender = await this.#counterpart(ctx, 'loan', loan.id);
    if (!lender || lender.mine !== 'borrower')
      throw businessRule('An advance is asked of the lender that keeps the loan: this loan is not from a lender.');
    if (loan.status !== 'Pending' && loan.status !== 'Active')
      throw businessRule(`A ${loan.status.toLowerCase()} loan takes no advance.`);
    const lctx = exchangeContext(lender.tenant, ctx.tenant.name);
    const mine = uuidv7();
    const theirs = uuidv7();
    const common = {
      amountCents: input.amount,
      description: input.description,
      invoiceNo: input.invoiceNo ?? null,
      invoiceDate: input.invoiceDate ?? null,
      status: 'Submitted' as const,
    };
    return this.#handOff(async (scope, tx) => {
      await scope.withTenant(lender.tenant.id, (ltx) =>
        insertAdvance(ltx, lctx, theirs, {
          ...common,
          side: 'Lender',
          counterpartyName: ctx.tenant.name,
          loanId: lender.recordId,
        }),
      );
      await tx.insert(links).values({
        id: uuidv7(),
        kind: 'advance',
        borrowerTenantId: ctx.tenant.id,
        lenderTenantId: lender.tenant.id,
        borrowerRecordId: mine,
        lenderRecordId: theirs,
      });
      return scope.withTenant(ctx.tenant.id, async (btx) => {
        await insertAdvance(btx, ctx, mine, {
          ...common,
          side: 'Borrower',
          counterpartyName: lender.tenant.name,
          loanId: loan.id,
        });
        return advanceDto(btx, await advanceRow(btx, ctx, mine));
      });
    });
  }

  /** The lender approves: the advance on both copies of the loan, both requests Approved, in one go. */
  async approveAdvanceRequest(ctx: RequestContext, id: string, paymentDate: string | null): Promise<AdvanceRequestDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => advanceRow(tx, ctx, id));
    if (row.side !== 'Lender') throw businessRule('Only the lender approves an advance request.');
    if (row.status !== 'Submitted') throw businessRule('Only a submitted advance request can be approved.');
    const firm = await this.#counterpart(ctx, 'advance', id);
    if (!firm) throw businessRule('The firm that sent this request is no longer reachable.');
    const advance = {
      amount: row.amountCents,
      description: row.description,
      invoiceNo: row.invoiceNo,
      invoiceDate: row.invoiceDate,
      paymentDate,
      createdDate: formatIsoDate(todayIn(ctx.tenant.timezone)),
    };
    const firmLoan = await this.#counterpart(ctx, 'loan', row.loanId);
    if (!firmLoan) throw businessRule("The firm's copy of the loan is no longer reachable.");
    const bctx = exchangeContext(firm.tenant, ctx.tenant.name);
    // One transaction: the advance on both copies of the loan, and both requests approved.
    return this.#handOff(async (scope) => {
      const service = new FundingService(scope);
      await service.recordAdvance(ctx, row.loanId, advance);
      await service.recordAdvance(bctx, firmLoan.recordId, advance);
      await scope.withTenant(ctx.tenant.id, (tx) => settleRequestStatus(tx, ctx, row.loanId));
      await scope.withTenant(firm.tenant.id, async (btx) => {
        await settleRequestStatus(btx, bctx, firmLoan.recordId);
        const [copy] = await btx.select().from(ar).where(eq(ar.id, firm.recordId));
        if (!copy || copy.status !== 'Submitted') throw businessRule('The firm has cancelled this request.');
        await setAdvance(btx, bctx, copy, 'Approved', null);
      });
      return scope.withTenant(ctx.tenant.id, async (tx) => {
        await setAdvance(tx, ctx, row, 'Approved', null);
        return advanceDto(tx, await advanceRow(tx, ctx, row.id));
      });
    });
  }

  async rejectAdvanceRequest(ctx: RequestContext, id: string, reason: string): Promise<AdvanceRequestDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => advanceRow(tx, ctx, id));
    if (row.side !== 'Lender') throw businessRule('Only the lender rejects an advance request.');
    if (row.status !== 'Submitted') throw businessRule('Only a submitted advance request can be rejected.');
    return this.#decideAdvance(ctx, row, await this.#counterpart(ctx, 'advance', id), 'Rejected', reason);
  }

  async cancelAdvanceRequest(ctx: RequestContext, id: string, reason: string): Promise<AdvanceRequestDto> {
    const row = await this.database.withTenant(ctx.tenant.id, (tx) => advanceRow(tx, ctx, id));
    if (row.side !== 'Borrower') throw businessRule('Only the firm that asked cancels an advance request.');
    if (row.status !== 'Submitted' && row.status !== 'Pending')
      throw businessRule('Only an advance request the lender has not decided can be cancelled.');
    return this.#decideAdvance(ctx, row, await this.#counterpart(ctx, 'advance', id), 'Cancelled', reason);
  }

  #decideAdvance(
    ctx: RequestContext,
    row: AdvanceRow,
    other: { tenant: TenantInfo; recordId: string } | undefined,
    status: AdvanceRequestStatus,
    reason: string | null,
  ): Promise<AdvanceRequestDto> {
    return this.#handOff(async (scope) => {
      if (other) {
        const octx = exchangeContext(other.tenant, ctx.tenant.name);
        await scope.withTenant(other.tenant.id, async (otx) => {
          const [copy] = await otx.select().from(ar).where(eq(ar.id, other.recordId));
          if (copy && copy.status !== 'Submitted' && copy.status !== 'Pending')
            throw businessRule(`The other party has already marked this request ${copy.status.toLowerCase()}.`);
          if (copy) await setAdvance(otx, octx, copy, status, reason);
        });
      }
      return scope.withTenant(ctx.tenant.id, async (tx) => {
        await setAdvance(tx, ctx, row, status, reason);
        return advanceDto(tx, await advanceRow(tx, ctx, row.id));
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------------------

function toLenderDto(row: typeof al.$inferSelect): ApprovedLenderDto {
  return {
    id: row.id,
    lenderTenantId: row.lenderTenantId,
    lenderName: row.lenderName,
    creationTime: row.creationTime.toISOString(),
  };
}

async function nextRequestNo(tx: Tx, tenantId: string): Promise<string> {
  return `FR-${String(await nextFundingNumber(tx, tenantId, 'request')).padStart(5, '0')}`;
}

/** The request if the caller may see it; a 404 otherwise. */
async function requestRow(tx: Tx, ctx: RequestContext, id: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(fr)
    .where(and(eq(fr.id, id), eq(fr.isDeleted, false), await recordCondition(tx, ctx, 'fundingRequest')));
  if (!row) throw notFound('The funding request');
  return row;
}

async function requestDtos(tx: Tx, rows: RequestRow[]): Promise<FundingRequestDto[]> {
  const loanIds = rows.flatMap((row) => (row.loanId ? [row.loanId] : []));
  const advanced = new Map<string, number>();
  const loanNos = new Map<string, string>();
  if (loanIds.length > 0) {
    const sums = await tx
      .select({ loanId: g.loanId, cents: sum(g.amountCents) })
      .from(g)
      .where(and(inArray(g.loanId, loanIds), eq(g.source, 'advance')))
      .groupBy(g.loanId);
    for (const s of sums) advanced.set(s.loanId, centsFromSql(s.cents ?? 0));
    const nos = await tx.select({ id: l.id, loanNo: l.loanNo }).from(l).where(inArray(l.id, loanIds));
    for (const n of nos) loanNos.set(n.id, n.loanNo);
  }
  return rows.map((row) => ({
    id: row.id,
    requestNo: row.requestNo,
    side: row.side,
    counterpartyName: row.counterpartyName,
    approvedLenderId: row.approvedLenderId,
    caseId: row.caseId,
    caseReference: row.caseReference,
    borrowerReference: row.borrowerReference,
    description: row.description,
    amountCents: row.amountCents,
    advancedCents: row.loanId ? (advanced.get(row.loanId) ?? 0) : 0,
    status: row.status,
    requestedTime: iso(row.requestedTime),
    agreementId: row.agreementId,
    loanId: row.loanId,
    loanNo: row.loanId ? (loanNos.get(row.loanId) ?? null) : null,
    cancelReason: row.cancelReason,
    creationTime: row.creationTime.toISOString(),
    concurrencyStamp: row.concurrencyStamp,
  }));
}

async function requestDto(tx: Tx, row: RequestRow): Promise<FundingRequestDto> {
  return (await requestDtos(tx, [row]))[0]!;
}

async function setRequest(
  tx: Tx,
  ctx: RequestContext,
  row: RequestRow,
  change: Partial<Pick<RequestRow, 'status' | 'requestedTime' | 'agreementId' | 'loanId' | 'cancelReason'>>,
): Promise<void> {
  await tx
    .update(fr)
    .set({
      ...change,
      lastModificationTime: new Date(),
      lastModifierId: ctx.actor.userId,
      concurrencyStamp: uuidv7(),
    })
    .where(eq(fr.id, row.id));
  const shown = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  await recordEntityChange(tx, ctx.actor, {
    entityType: 'FundingRequest',
    entityId: row.id,
    changeType: 'Updated',
    before: Object.fromEntries(Object.keys(change).map((k) => [k, shown(row[k as keyof typeof change])])),
    after: Object.fromEntries(Object.entries(change).map(([k, v]) => [k, shown(v)])),
  });
}

/**
 * A request's status from its loan: Partial Pay or Full Pay from what has been advanced on it; Cancelled,
 * with the loan's reason, when the loan was cancelled before any advance.
 */
async function settleRequestStatus(tx: Tx, ctx: RequestContext, loanId: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(fr)
    .where(and(eq(fr.loanId, loanId), eq(fr.isDeleted, false)));
  if (!row || row.status === 'Cancelled') return;
  const [loan] = await tx.select({ status: l.status, cancelReason: l.cancelReason }).from(l).where(eq(l.id, loanId));
  if (loan?.status === 'Cancelled') {
    await setRequest(tx, ctx, row, { status: 'Cancelled', cancelReason: loan.cancelReason });
    return;
  }
  const [advanced] = await tx
    .select({ cents: sum(g.amountCents) })
    .from(g)
    .where(and(eq(g.loanId, loanId), eq(g.source, 'advance')));
  const status = requestStatusFromAdvanced(row.amountCents, centsFromSql(advanced?.cents ?? 0));
  if (status !== row.status) await setRequest(tx, ctx, row, { status });
}

// ---------------------------------------------------------------------------------------------------------
// Advance requests

/** The caller's loans: an advance request is seen by those who may see its loan. */
async function visibleLoans(tx: Tx, ctx: RequestContext) {
  const condition = await recordCondition(tx, ctx, 'loan');
  return inArray(
    ar.loanId,
    tx
      .select({ id: l.id })
      .from(l)
      .where(and(eq(l.isDeleted, false), condition)),
  );
}

async function loanVisible(tx: Tx, ctx: RequestContext, loanId: string) {
  const [row] = await tx
    .select()
    .from(l)
    .where(and(eq(l.id, loanId), eq(l.isDeleted, false), await recordCondition(tx, ctx, 'loan')));
  if (!row) throw notFound('The loan');
  return row;
}

async function advanceRow(tx: Tx, ctx: RequestContext, id: string): Promise<AdvanceRow> {
  const [row] = await tx
    .select()
    .from(ar)
    .where(and(eq(ar.id, id), eq(ar.isDeleted, false), await visibleLoans(tx, ctx)));
  if (!row) throw notFound('The advance request');
  return row;
}

async function isDuplicateAdvance(tx: Tx, loanId: string, invoiceNo: string): Promise<boolean> {
  const [asked] = await tx
    .select({ id: ar.id })
    .from(ar)
    .where(
      and(
        eq(ar.loanId, loanId),
        eq(ar.isDeleted, false),
        sql`lower(${ar.invoiceNo}) = lower(${invoiceNo})`,
        inArray(ar.status, ['Pending', 'Submitted', 'Approved']),
      ),
    );
  return Boolean(asked);
}

async function insertAdvance(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  values: Omit<AdvanceRow, 'tenantId' | 'id' | 'requestNo' | 'reason' | Bookkeeping>,
): Promise<void> {
  const requestNo = `AR-${String(await nextFundingNumber(tx, ctx.tenant.id, 'advance')).padStart(5, '0')}`;
  await tx.insert(ar).values({
    tenantId: ctx.tenant.id,
    id,
    requestNo,
    ...values,
    creatorId: ctx.actor.userId,
    concurrencyStamp: uuidv7(),
  });
  await recordEntityChange(tx, ctx.actor, {
    entityType: 'AdvanceRequest',
    entityId: id,
    changeType: 'Created',
    before: null,
    after: { requestNo, ...values },
  });
}

async function setAdvance(
  tx: Tx,
  ctx: RequestContext,
  row: AdvanceRow,
  status: AdvanceRequestStatus,
  reason: string | null,
): Promise<void> {
  await tx
    .update(ar)
    .set({
      status,
      reason,
      lastModificationTime: new Date(),
      lastModifierId: ctx.actor.userId,
      concurrencyStamp: uuidv7(),
    })
    .where(eq(ar.id, row.id));
  await recordEntityChange(tx, ctx.actor, {
    entityType: 'AdvanceRequest',
    entityId: row.id,
    changeType: 'Updated',
    before: { status: row.status, reason: row.reason },
    after: { status, reason },
  });
}

async function advanceDtos(tx: Tx, rows: AdvanceRow[]): Promise<AdvanceRequestDto[]> {
  const loanIds = [...new Set(rows.map((row) => row.loanId))];
  const nos =
    loanIds.length === 0 ? [] : await tx.select({ id: l.id, loanNo: l.loanNo }).from(l).where(inArray(l.id, loanIds));
  const loanNo = new Map(nos.map((n) => [n.id, n.loanNo]));
  return rows.map((row) => ({
    id: row.id,
    requestNo: row.requestNo,
    side: row.side,
    counterpartyName: row.counterpartyName,
    loanId: row.loanId,
    loanNo: loanNo.get(row.loanId) ?? '',
    amountCents: row.amountCents,
    description: row.description,
    invoiceNo: row.invoiceNo,
    invoiceDate: row.invoiceDate,
    status: row.status,
    reason: row.reason,
    creationTime: row.creationTime.toISOString(),
  }));
}

async function advanceDto(tx: Tx, row: AdvanceRow): Promise<AdvanceRequestDto> {
  return (await advanceDtos(tx, [row]))[0]!;
}
