import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AccruedInterestStatementDto,
  AdvanceRequestDto,
  FundingAgreementDto,
  ApprovedLenderDto,
  FundingProviderDto,
  FundingRequestDto,
  FundingTransactionDto,
  LenderOptionDto,
  LoanDetailDto,
  LoanDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { extractDocumentText } from '../files/text-extraction';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FUNDER = {
  editionName: 'FUNDING PROVIDER' as const,
  features: { Disbursement: 'True', DisbursementFunding: 'True', FundingTransaction: 'True' },
};

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T>(res: Promise<Res>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}
async function refused(res: Promise<Res>, status: number, member?: string) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  if (member) {
    const body = r.json() as { error: { validationErrors?: { members: string[] }[] } };
    expect(body.error.validationErrors?.flatMap((e) => e.members)).toContain(member);
  }
  return r;
}

/** A provider, an effective case-based agreement at 9.5% simple from 1 Jan 2024, and a loan under it. */
async function fundedLoan(admin: Caller, agreement: Partial<Record<string, unknown>> = {}) {
  const provider = await ok<FundingProviderDto>(
    admin.post('/api/app/funding-providers', { name: `Harbour Capital ${Math.random()}` }),
  );
  const created = await ok<FundingAgreementDto>(
    admin.post('/api/app/funding-agreements', {
      providerId: provider.id,
      borrowerName: 'Harbour & Vale Lawyers',
      fundingType: 2,
      interestMethod: 'Simple',
      repaymentType: 'Settlement',
      facilityLimit: '$50,000.00',
      financingStartDate: '2024-01-01',
      interestRate: 950,
      ...agreement,
    }),
  );
  const effective = await ok<FundingAgreementDto>(
    admin.put(`/api/app/funding-agreements/${created.id}/status`, { status: 'Effective' }),
  );
  const loan = await ok<LoanDto>(
    admin.post('/api/app/disbursement-funding', { agreementId: created.id, caseReference: 'MLC-1001' }),
  );
  return { provider, agreement: effective, loan };
}

describe('funding', () => {
  let admin: Caller;
  let tenantId: string;
  beforeAll(async () => {
    tenantId = await newTenant(t.database, { ...FUNDER, timezone: 'Australia/Sydney' });
    admin = await callerFor(t, tenantId);
  });

  it('keeps providers and their staff', async () => {
    const provider = await ok<FundingProviderDto>(
      admin.post('/api/app/funding-providers', { name: 'Southern Lending', email: 'loans@southern.example' }),
    );
    await refused(admin.post('/api/app/funding-providers', { name: 'Southern Lending' }), 400, 'name');
    await refused(admin.post('/api/app/funding-providers', { name: '' }), 400, 'name');
    const staff = await ok<{ id: string }>(
      admin.post(`/api/app/funding-providers/${provider.id}/staffs`, {
        name: 'Pat Lender',
        position: 'Credit officer',
      }),
    );
    expect(
      (await ok<{ items: unknown[] }>(admin.get(`/api/app/funding-providers/${provider.id}/staffs`))).items,
    ).toEqual([expect.objectContaining({ name: 'Pat Lender', position: 'Credit officer' })]);
    expect((await ok<FundingProviderDto>(admin.get(`/api/app/funding-providers/${provider.id}`))).staffCount).toBe(1);
    expect((await admin.del(`/api/app/funding-providers/${provider.id}/staffs/${staff.id}`)).statusCode).toBe(204);
    expect((await ok<FundingProviderDto>(admin.get(`/api/app/funding-providers/${provider.id}`))).staffCount).toBe(0);
    await refused(admin.del(`/api/app/funding-providers/${provider.id}/staffs/${staff.id}`), 404);
  });

  it('validates agreements field by field and writes nothing when refused', async () => {
    const provider = await ok<FundingProviderDto>(admin.post('/api/app/funding-providers', { name: 'Check Lending' }));
    const base = {
      providerId: provider.id,
      borrowerName: 'Meridian Legal',
      fundingType: 2,
      interestMethod: 'Simple',
      repaymentType: 'Monthly',
      repaymentDay: 15,
      facilityLimit: 1_000_000,
      financingStartDate: '2024-01-01',
      interestRate: 950,
    };
    await refused(admin.post('/api/app/funding-agreements', { ...base, repaymentDay: null }), 400, 'repaymentDay');
    await refused(admin.post('/api/app/funding-agreements', { ...base, repaymentDay: 26 }), 400, 'repaymentDay');
    await refused(admin.post('/api/app/funding-agreements', { ...base, fundingType: 3 }), 400, 'fundingType');
    await refused(
      admin.post('/api/app/funding-agreements', { ...base, interestMethod: 'Daily' }),
      400,
      'interestMethod',
    );
    await refused(admin.post('/api/app/funding-agreements', { ...base, feeType: '%' }), 400, 'feeValue');
    await refused(
      admin.post('/api/app/funding-agreements', { ...base, feeType: '%', feeValue: 12.5 }),
      400,
      'feeValue',
    );
    await refused(admin.post('/api/app/funding-agreements', { ...base, interestRate: 9.5 }), 400, 'interestRate');
    await refused(
      admin.post('/api/app/funding-agreements', { ...base, financingStartDate: '2024-02-30' }),
      400,
      'financingStartDate',
    );
    await refused(
      admin.post('/api/app/funding-agreements', { ...base, facilityLimit: '12.345' }),
      400,
      'facilityLimit',
    );
    const list = await ok<{ totalCount: number }>(admin.get('/api/app/funding-agreements?filterText=Meridian'));
    expect(list.totalCount).toBe(0);
    const made = await ok<FundingAgreementDto>(
      admin.post('/api/app/funding-agreements', { ...base, feeType: '$', feeValue: '$250.00' }),
    );
    expect(made).toMatchObject({
      status: 'Pending',
      repaymentDay: 15,
      feeType: '$',
      feeValue: 25_000,
      facilityLimitCents: 1_000_000,
    });
    expect(made.rates).toEqual([expect.objectContaining({ effectiveFrom: '2024-01-01', basisPoints: 950 })]);
    // A loan needs an effective agreement.
    await refused(admin.post('/api/app/disbursement-funding', { agreementId: made.id }), 400, 'agreementId');
  });

  it('accrues a case-based loan with a partial repayment to the cent, and the statement equals the ledger', async () => {
    const { loan } = await fundedLoan(admin);
    // $10,000.00 paid on 15 Jan 2024; $3,000.00 repaid on 15 May; interest posted to 30 Sep (decision 0026 and
    // the domain's worked example): 31,493 interest to 15 May, all paid first; 26,274 after; owed 757,767.
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$10,000.00',
        description: 'Orthopaedic report',
        invoiceNo: 'INV-1',
        invoiceDate: '2024-01-10',
        paymentDate: '2024-01-15',
      }),
    );
    const repaid = await ok<LoanDto>(
      admin.post(`/api/app/disbursement-funding/${loan.id}/repayments`, { amount: 300_000, date: '2024-05-15' }),
    );
    expect(repaid).toMatchObject({
      status: 'Active',
      principalCents: 731_493,
      interestCents: 0,
      balanceCents: 731_493,
    });
    const posted = await ok<LoanDto>(
      admin.post(`/api/app/disbursement-funding/${loan.id}/interest-postings`, { untilDate: '2024-09-30' }),
    );
    expect(posted).toMatchObject({ interestPostedTo: '2024-09-30', interestCents: 26_274, balanceCents: 757_767 });

    const statement = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement`),
    );
    expect(statement.untilDate).toBe('2024-09-30');
    expect(statement.lines.map((l) => [l.kind, l.date, l.amountCents])).toEqual([
      ['advance', '2024-01-15', 1_000_000],
      ['interest', '2024-01-15', 31_493],
      ['repayment', '2024-05-15', -300_000],
      ['interest', '2024-05-15', 26_274],
    ]);
    expect(statement.balanceCents).toBe(757_767);
    expect(statement.ledgerBalanceCents).toBe(757_767);

    const detail = await ok<LoanDetailDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`));
    expect(detail.ledger.reduce((sum, line) => sum + line.amountCents, 0)).toBe(757_767);
    expect(detail.ledger.map((l) => [l.amountType, l.amountCents])).toEqual([
      ['Principal', 1_000_000],
      ['Interest', 31_493],
      ['Interest', -31_493],
      ['Principal', -268_507],
      ['Interest', 26_274],
    ]);

    // The PDF shows the same lines and balance.
    const pdf = await admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractDocumentText(new Uint8Array(pdf.rawPayload), 'pdf')).text ?? '';
    for (const figure of ['10,000.00', '314.93', '262.74', '-3,000.00', '7,577.67', loan.loanNo])
      expect(text).toContain(figure);

    // Settling in full: the interest to the day, then the balance; the loan is settled and owes nothing.
    await refused(
      admin.post(`/api/app/disbursement-funding/${loan.id}/repayments`, { amount: 10_000_000, date: '2024-10-31' }),
      400,
      'amount',
    );
    await refused(
      admin.post(`/api/app/disbursement-funding/${loan.id}/repayments`, { amount: 1_000, date: '2024-09-01' }),
      400,
      'date',
    );
    // 30 Sep → 31 Oct, 31 days on 731,493 at 950: 21,542,468,850 units; running total 232,391,201,150 →
    // 63,668.82 → 63,669, minus the 57,767 before: 5,902. Owed 757,767 + 5,902 = 763,669; paid exactly.
    const owed = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement?untilDate=2024-10-31`),
    );
    expect(owed.lines.at(-1)).toMatchObject({ kind: 'interest', date: '2024-09-30', days: 31, amountCents: 5_902 });
    expect(owed.balanceCents).toBe(763_669);
    const settled = await ok<LoanDto>(
      admin.post(`/api/app/disbursement-funding/${loan.id}/repayments`, {
        amount: owed.balanceCents,
        date: '2024-10-31',
      }),
    );
    expect(settled).toMatchObject({ status: 'Settled', settlementDate: '2024-10-31', balanceCents: 0 });
    const final = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement`),
    );
    expect(final).toMatchObject({ untilDate: '2024-10-31', balanceCents: 0, ledgerBalanceCents: 0 });
    const summary = await ok<{ items: { status: string; count: number; balanceCents: number }[] }>(
      admin.get('/api/app/disbursement-funding/summary'),
    );
    expect(summary.items.find((i) => i.status === 'Settled')).toMatchObject({ count: 1, balanceCents: 0 });
  });

  it('charges the upfront fee from the agreement and refuses advances over the facility limit', async () => {
    const { loan } = await fundedLoan(admin, { feeType: '%', feeValue: 200, facilityLimit: 1_500_000 });
    const after = await ok<LoanDto>(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 1_000_000,
        description: 'Medical records',
        invoiceDate: '2024-02-01',
      }),
    );
    expect(after).toMatchObject({
      status: 'Active',
      principalCents: 1_000_000,
      feeCents: 20_000,
      balanceCents: 1_020_000,
    });
    await refused(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 500_001,
        description: 'Too much',
        invoiceDate: '2024-02-02',
      }),
      400,
      'amount',
    );
    const txs = await ok<{ items: FundingTransactionDto[] }>(
      admin.get(`/api/app/funding-transactions?loanId=${loan.id}&amountType=Revenue`),
    );
    expect(txs.items.map((x) => x.amountCents)).toEqual([20_000]);
    // Interest posted to 1 Mar; an advance dated before it is refused, naming the date used.
    await ok(admin.post(`/api/app/disbursement-funding/${loan.id}/interest-postings`, { untilDate: '2024-03-01' }));
    await refused(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 100,
        description: 'Late invoice',
        paymentDate: '2024-02-20',
      }),
      400,
      'paymentDate',
    );
    // A rate change dated before the posted interest would change it: refused.
    await refused(
      admin.post(`/api/app/funding-agreements/${after.agreementId}/interest-rates`, {
        effectiveFrom: '2024-02-01',
        basisPoints: 1100,
      }),
      400,
      'effectiveFrom',
    );
  });

  it('keeps the ledger append-only in the database', async () => {
    const { loan } = await fundedLoan(admin);
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 100_000,
        description: 'Report',
        paymentDate: '2024-03-01',
      }),
    );
    await expect(
      t.database.withTenant(tenantId, (tx) => tx.execute(sql`update funding_ledger set amount_cents = 1`)),
    ).rejects.toThrow();
    await expect(
      t.database.withTenant(tenantId, (tx) => tx.execute(sql`delete from funding_ledger`)),
    ).rejects.toThrow();
    expect((await ok<LoanDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`))).balanceCents).toBe(100_000);
  });

  it('cancels a loan only before any advance', async () => {
    const { loan } = await fundedLoan(admin);
    await refused(admin.post(`/api/app/disbursement-funding/${loan.id}/cancel`, {}), 400, 'reason');
    const cancelled = await ok<LoanDto>(
      admin.post(`/api/app/disbursement-funding/${loan.id}/cancel`, { reason: 'Case settled without funding' }),
    );
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Case settled without funding' });
    await refused(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 100,
        description: 'x',
        paymentDate: '2024-03-01',
      }),
      422,
    );
  });

  it("answers 404 from every funding endpoint for another tenant's provider, agreement and loan", async () => {
    const { provider, agreement, loan } = await fundedLoan(admin);
    const otherTenant = await newTenant(t.database, FUNDER);
    const other = await callerFor(t, otherTenant);
    const staffId = '0190a0a0-0000-7000-8000-000000000001';
    const calls: [string, () => Promise<Res>][] = [
      ['getProvider', () => other.get(`/api/app/funding-providers/${provider.id}`)],
      [
        'updateProvider',
        () =>
          other.put(`/api/app/funding-providers/${provider.id}`, {
            name: 'X',
            concurrencyStamp: provider.concurrencyStamp,
          }),
      ],
      ['listProviderStaff', () => other.get(`/api/app/funding-providers/${provider.id}/staffs`)],
      ['addProviderStaff', () => other.post(`/api/app/funding-providers/${provider.id}/staffs`, { name: 'X' })],
      ['removeProviderStaff', () => other.del(`/api/app/funding-providers/${provider.id}/staffs/${staffId}`)],
      ['getAgreement', () => other.get(`/api/app/funding-agreements/${agreement.id}`)],
      [
        'changeAgreementStatus',
        () => other.put(`/api/app/funding-agreements/${agreement.id}/status`, { status: 'Cancelled' }),
      ],
      [
        'addInterestRate',
        () =>
          other.post(`/api/app/funding-agreements/${agreement.id}/interest-rates`, {
            effectiveFrom: '2030-01-01',
            basisPoints: 1,
          }),
      ],
      ['createLoan', () => other.post('/api/app/disbursement-funding', { agreementId: agreement.id })],
      ['getLoan', () => other.get(`/api/app/disbursement-funding/${loan.id}`)],
      [
        'recordAdvance',
        () => other.post(`/api/app/disbursement-funding/${loan.id}/advances`, { amount: 1, description: 'x' }),
      ],
      [
        'recordRepayment',
        () => other.post(`/api/app/disbursement-funding/${loan.id}/repayments`, { amount: 1, date: '2024-06-01' }),
      ],
      [
        'postInterest',
        () => other.post(`/api/app/disbursement-funding/${loan.id}/interest-postings`, { untilDate: '2024-06-01' }),
      ],
      ['cancelLoan', () => other.post(`/api/app/disbursement-funding/${loan.id}/cancel`, { reason: 'x' })],
      [
        'accruedInterestStatement',
        () => other.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement`),
      ],
      [
        'accruedInterestStatementPdf',
        () => other.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement/pdf`),
      ],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect({ name, status: res.statusCode }, res.body).toEqual({ name, status: 404 });
    }
    // Lists do not show them either.
    for (const url of [
      '/api/app/funding-providers',
      '/api/app/funding-agreements',
      '/api/app/disbursement-funding',
      `/api/app/funding-transactions?loanId=${loan.id}`,
    ]) {
      expect(await ok<{ totalCount: number }>(other.get(url))).toMatchObject({ totalCount: 0 });
    }
    // And the first tenant's records are as they were.
    expect((await ok<FundingAgreementDto>(admin.get(`/api/app/funding-agreements/${agreement.id}`))).status).toBe(
      'Effective',
    );
    expect((await ok<LoanDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`))).status).toBe('Pending');
  });

  it('needs the funding features and permissions', async () => {
    const plain = await newTenant(t.database, {
      features: { DisbursementFunding: 'False', FundingTransaction: 'False' },
    });
    const outsider = await callerFor(t, plain);
    expect((await outsider.get('/api/app/disbursement-funding')).statusCode).toBe(403);
    const specialist = await callerFor(t, tenantId, ['SPECIALIST']);
    expect((await specialist.get('/api/app/disbursement-funding')).statusCode).toBe(403);
    const caseManager = await callerFor(t, tenantId, ['CASE_MANAGER']);
    // A case manager with no company of their own sees no loan.
    expect(await ok<{ totalCount: number }>(caseManager.get('/api/app/disbursement-funding'))).toMatchObject({
      totalCount: 0,
    });
  });
});

describe('funding across tenants (decision 0027)', () => {
  it("a firm's request reaches its approved lender; the lender approves and advances; both copies agree to the cent", async () => {
    const lenderName = `lender-${Math.random()}`;
    const firmName = `firm-${Math.random()}`;
    const lenderId = await newTenant(t.database, {
      ...FUNDER,
      name: lenderName,
      timezone: 'Australia/Sydney',
    });
    const firmId = await newTenant(t.database, { editionName: 'MLP', name: firmName, timezone: 'Australia/Sydney' });
    const lender = await callerFor(t, lenderId);
    const firm = await callerFor(t, firmId, ['STAFF']);
    const firmAdmin = await callerFor(t, firmId);

    // The firm approves the lender from the lenders it may pick (FUNDING PROVIDER tenants), then asks.
    const options = await ok<{ items: LenderOptionDto[] }>(firmAdmin.get('/api/app/tenants/approvedlenders/options'));
    expect(options.items.map((o) => o.tenantId)).toContain(lenderId);
    expect(options.items.map((o) => o.tenantId)).not.toContain(firmId);
    await refused(
      firmAdmin.post('/api/app/tenants/approvedlenders', { lenderTenantId: firmId }),
      400,
      'lenderTenantId',
    );
    const approved = await ok<ApprovedLenderDto>(
      firmAdmin.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }),
    );
    // A lender does not approve lenders, and asks for no funding.
    await refused(lender.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }), 422);
    await refused(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: lenderId,
        caseReference: 'X',
        description: 'x',
        amount: 1,
      }),
      400,
      'approvedLenderId',
    );
    const sent = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLC-7001',
        borrowerReference: 'Smith v Acme',
        description: 'Orthopaedic report and hospital records',
        amount: '$8,000.00',
      }),
    );
    expect(sent).toMatchObject({ side: 'Borrower', status: 'Requested', amountCents: 800_000, loanId: null });

    // The lender's own copy: the firm's name and the case's number, not the firm's record ids.
    const inbox = await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests'));
    expect(inbox.items).toHaveLength(1);
    const theirs = inbox.items[0]!;
    expect(theirs).toMatchObject({
      side: 'Lender',
      status: 'Requested',
      caseReference: 'MLC-7001',
      amountCents: 800_000,
    });
    expect(theirs.id).not.toBe(sent.id);
    expect(theirs.caseId).toBeNull();
    // Each side's record id is a 404 to the other side.
    expect((await firm.get(`/api/app/funding-requests/${theirs.id}`)).statusCode).toBe(404);
    expect((await lender.get(`/api/app/funding-requests/${sent.id}`)).statusCode).toBe(404);
    // The firm cannot approve its own request.
    const provider = await ok<FundingProviderDto>(lender.post('/api/app/funding-providers', { name: 'Own funds' }));
    const terms = {
      providerId: provider.id,
      interestMethod: 'Simple',
      repaymentType: 'Settlement',
      financingStartDate: '2024-01-01',
      interestRate: 950,
      facilityLimit: 1_000_000,
    };
    await refused(firm.post(`/api/app/funding-requests/${sent.id}/approve`, terms), 422);
    await refused(
      lender.post(`/api/app/funding-requests/${theirs.id}/approve`, { ...terms, interestRate: -1 }),
      400,
      'interestRate',
    );

    const approvedRequest = await ok<FundingRequestDto>(
      lender.post(`/api/app/funding-requests/${theirs.id}/approve`, terms),
    );
    expect(approvedRequest.loanId).not.toBeNull();
    const firmCopy = await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`));
    expect(firmCopy.loanId).not.toBeNull();
    expect(firmCopy.loanId).not.toBe(approvedRequest.loanId);
    // Each copy names the other party, and nothing more of it.
    expect(firmCopy.counterpartyName).toBe(lenderName);
    expect(theirs.counterpartyName).toBe(firmName);

    // The lender advances; the firm's copy follows. The firm records nothing on its copy.
    const lenderLoan = approvedRequest.loanId!;
    const firmLoan = firmCopy.loanId!;
    await ok(
      lender.post(`/api/app/disbursement-funding/${lenderLoan}/advances`, {
        amount: 500_000,
        description: 'Orthopaedic report',
        paymentDate: '2024-01-15',
      }),
    );
    expect((await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).status).toBe('Partial Pay');
    await ok(
      lender.post(`/api/app/disbursement-funding/${lenderLoan}/advances`, {
        amount: 300_000,
        description: 'Hospital records',
        paymentDate: '2024-03-01',
      }),
    );
    expect((await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).status).toBe('Full Pay');
    expect((await ok<FundingRequestDto>(lender.get(`/api/app/funding-requests/${theirs.id}`))).status).toBe('Full Pay');
    await refused(
      firm.post(`/api/app/disbursement-funding/${firmLoan}/advances`, {
        amount: 1,
        description: 'x',
        paymentDate: '2024-04-01',
      }),
      422,
    );
    await ok(
      lender.post(`/api/app/disbursement-funding/${lenderLoan}/repayments`, { amount: 250_000, date: '2024-06-30' }),
    );

    // A rate change on the lender's agreement reaches the firm's copy; the firm changes nothing on its own.
    await ok(
      lender.post(`/api/app/funding-agreements/${approvedRequest.agreementId}/interest-rates`, {
        effectiveFrom: '2024-07-01',
        basisPoints: 1025,
      }),
    );
    const firmAgreement = await ok<FundingAgreementDto>(
      firm.get(`/api/app/funding-agreements/${firmCopy.agreementId}`),
    );
    expect(firmAgreement.rates.map((r) => [r.effectiveFrom, r.basisPoints])).toEqual([
      ['2024-01-01', 950],
      ['2024-07-01', 1025],
    ]);
    await refused(
      firm.post(`/api/app/funding-agreements/${firmCopy.agreementId}/interest-rates`, {
        effectiveFrom: '2024-08-01',
        basisPoints: 1,
      }),
      422,
    );
    await refused(firm.put(`/api/app/funding-agreements/${firmCopy.agreementId}/status`, { status: 'Cancelled' }), 422);
    const mine = await ok<AccruedInterestStatementDto>(
      lender.get(`/api/app/disbursement-funding/${lenderLoan}/accrued-interest-statement?untilDate=2024-09-30`),
    );
    const yours = await ok<AccruedInterestStatementDto>(
      firm.get(`/api/app/disbursement-funding/${firmLoan}/accrued-interest-statement?untilDate=2024-09-30`),
    );
    expect(yours.balanceCents).toBe(mine.balanceCents);
    expect(yours.lines.map((line) => [line.kind, line.date, line.amountCents])).toEqual(
      mine.lines.map((line) => [line.kind, line.date, line.amountCents]),
    );
    const lenderView = await ok<LoanDetailDto>(lender.get(`/api/app/disbursement-funding/${lenderLoan}`));
    const firmView = await ok<LoanDetailDto>(firm.get(`/api/app/disbursement-funding/${firmLoan}`));
    expect(firmView.balanceCents).toBe(lenderView.balanceCents);
    expect(firmView.ledger.map((line) => line.amountCents)).toEqual(lenderView.ledger.map((line) => line.amountCents));
    expect(firmView.agreement.providerName).not.toBe('');
    expect(lenderView.borrowerName).not.toBe('');

    // Every request and loan endpoint answers 404 for the other party's ids, and so does a third tenant.
    const third = await callerFor(t, await newTenant(t.database, { editionName: 'MLP' }));
    const probes: [Caller, string, string][] = [
      [firm, theirs.id, lenderLoan],
      [lender, sent.id, firmLoan],
      [third, sent.id, firmLoan],
      [third, theirs.id, lenderLoan],
    ];
    for (const [caller, requestId, loanId] of probes) {
      const calls: [string, () => Promise<Res>][] = [
        ['getRequest', () => caller.get(`/api/app/funding-requests/${requestId}`)],
        ['sendRequest', () => caller.post(`/api/app/funding-requests/${requestId}/send`, {})],
        ['approveRequest', () => caller.post(`/api/app/funding-requests/${requestId}/approve`, terms)],
        ['cancelRequest', () => caller.post(`/api/app/funding-requests/${requestId}/cancel`, { reason: 'x' })],
        ['getLoan', () => caller.get(`/api/app/disbursement-funding/${loanId}`)],
        ['statement', () => caller.get(`/api/app/disbursement-funding/${loanId}/accrued-interest-statement`)],
        [
          'advance',
          () => caller.post(`/api/app/disbursement-funding/${loanId}/advances`, { amount: 1, description: 'x' }),
        ],
        [
          'repay',
          () => caller.post(`/api/app/disbursement-funding/${loanId}/repayments`, { amount: 1, date: '2024-07-01' }),
        ],
        ['cancelLoan', () => caller.post(`/api/app/disbursement-funding/${loanId}/cancel`, { reason: 'x' })],
      ];
      for (const [name, call] of calls) {
        const res = await call();
        expect({ name, status: res.statusCode }, res.body).toEqual({ name, status: 404 });
      }
      // The firm's approved lender is the firm's row: a 404 to anyone else.
      if (caller !== firm)
        expect((await caller.del(`/api/app/tenants/approvedlenders/${approved.id}`)).statusCode).toBe(404);
      const listed = await ok<{ items: FundingRequestDto[] }>(caller.get('/api/app/funding-requests'));
      expect(listed.items.map((r) => r.id)).not.toContain(requestId);
    }
    // The link table is the owner's alone: the application role cannot read it.
    const denied = await t.database
      .withTenant(firmId, (tx) => tx.execute(sql`select * from funding_links`))
      .then(
        () => 'read',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(denied).toMatch(/permission denied/);
  });

  it('a request withdrawn by the firm is cancelled on both sides; one declined by the lender too', async () => {
    const lenderId = await newTenant(t.database, FUNDER);
    const firmId = await newTenant(t.database, { editionName: 'LAW CONNECT' });
    const lender = await callerFor(t, lenderId);
    const firm = await callerFor(t, firmId);
    const approved = await ok<ApprovedLenderDto>(
      firm.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }),
    );
    const ask = () =>
      ok<FundingRequestDto>(
        firm.post('/api/app/funding-requests', {
          approvedLenderId: approved.id,
          caseReference: 'LC-1',
          description: 'Records',
          amount: 10_000,
        }),
      );
    const first = await ask();
    await ok(firm.post(`/api/app/funding-requests/${first.id}/cancel`, { reason: 'Claim settled' }));
    const second = await ask();
    const inbox = await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests?maxResultCount=10'));
    expect(inbox.items.map((r) => r.status).sort()).toEqual(['Cancelled', 'Requested']);
    const open = inbox.items.find((r) => r.status === 'Requested')!;
    await ok(lender.post(`/api/app/funding-requests/${open.id}/cancel`, { reason: 'Outside our criteria' }));
    expect(await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${second.id}`))).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Outside our criteria',
    });
    // Approved, then its loan cancelled by the lender before any advance: both requests are cancelled.
    const third = await ask();
    const waiting = (await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests?status=Requested')))
      .items[0]!;
    const provider = await ok<FundingProviderDto>(lender.post('/api/app/funding-providers', { name: 'Own funds' }));
    const approvedOne = await ok<FundingRequestDto>(
      lender.post(`/api/app/funding-requests/${waiting.id}/approve`, {
        providerId: provider.id,
        interestMethod: 'Compound',
        repaymentType: 'Monthly',
        repaymentDay: 15,
        feeType: '$',
        feeValue: '$50.00',
        financingStartDate: '2024-01-01',
        interestRate: 1200,
      }),
    );
    const firmAgreement = await ok<FundingAgreementDto>(
      firm.get(
        `/api/app/funding-agreements/${(await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${third.id}`))).agreementId}`,
      ),
    );
    expect(firmAgreement).toMatchObject({
      interestMethod: 'Compound',
      repaymentDay: 15,
      feeType: '$',
      feeValue: 5_000,
    });
    await ok(
      lender.post(`/api/app/disbursement-funding/${approvedOne.loanId}/cancel`, { reason: 'Case discontinued' }),
    );
    expect(await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${third.id}`))).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Case discontinued',
    });
    expect((await ok<FundingRequestDto>(lender.get(`/api/app/funding-requests/${waiting.id}`))).status).toBe(
      'Cancelled',
    );

    // A draft stays with the firm until sent.
    const draft = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'LC-2',
        description: 'Records',
        amount: 10_000,
        send: false,
      }),
    );
    expect(draft.status).toBe('Draft');
    expect((await ok<{ totalCount: number }>(lender.get('/api/app/funding-requests'))).totalCount).toBe(3);
    expect((await ok<FundingRequestDto>(firm.post(`/api/app/funding-requests/${draft.id}/send`, {}))).status).toBe(
      'Requested',
    );
    expect((await ok<{ totalCount: number }>(lender.get('/api/app/funding-requests'))).totalCount).toBe(4);
  });

  it("a firm asks for a further advance on its lender's loan; the lender approves it on both copies, or rejects it", async () => {
    const lenderId = await newTenant(t.database, FUNDER);
    const firmId = await newTenant(t.database, { editionName: 'MLP' });
    const lender = await callerFor(t, lenderId);
    const firm = await callerFor(t, firmId);
    const approved = await ok<ApprovedLenderDto>(
      firm.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }),
    );
    const sent = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLP-9',
        description: 'Reports',
        amount: 500_000,
      }),
    );
    const inbox = await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests'));
    const provider = await ok<FundingProviderDto>(lender.post('/api/app/funding-providers', { name: 'Own funds' }));
    const theirs = await ok<FundingRequestDto>(
      lender.post(`/api/app/funding-requests/${inbox.items[0]!.id}/approve`, {
        providerId: provider.id,
        interestMethod: 'Simple',
        repaymentType: 'Settlement',
        financingStartDate: '2024-01-01',
        interestRate: 950,
      }),
    );
    const firmLoan = (await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).loanId!;
    const lenderLoan = theirs.loanId!;

    const ask = (invoiceNo: string, amount = 200_000) =>
      firm.post('/api/app/agreement-advance-requests', {
        loanId: firmLoan,
        amount,
        description: `Report ${invoiceNo}`,
        invoiceNo,
        invoiceDate: '2024-02-01',
      });
    const first = await ok<AdvanceRequestDto>(ask('INV-1'));
    expect(first).toMatchObject({ side: 'Borrower', status: 'Submitted', amountCents: 200_000, loanId: firmLoan });
    expect(
      await ok<{ duplicate: boolean }>(
        firm.get(`/api/app/agreement-advance-requests/check-duplicate-requests?loanId=${firmLoan}&invoiceNo=inv-1`),
      ),
    ).toEqual({ duplicate: true });
    await refused(ask('INV-1'), 400, 'invoiceNo');
    // The lender asks nothing of itself, and cannot record advances on the firm's copy.
    await refused(
      lender.post('/api/app/agreement-advance-requests', { loanId: lenderLoan, amount: 1, description: 'x' }),
      422,
    );

    const mine = await ok<{ items: AdvanceRequestDto[] }>(
      lender.get(`/api/app/agreement-advance-requests?loanId=${lenderLoan}`),
    );
    expect(mine.items).toHaveLength(1);
    const copy = mine.items[0]!;
    expect(copy).toMatchObject({ side: 'Lender', status: 'Submitted', invoiceNo: 'INV-1', loanId: lenderLoan });
    // Each side's copy is a 404 to the other side and to a third tenant; the firm cannot approve.
    const third = await callerFor(t, await newTenant(t.database, { editionName: 'MLP' }));
    for (const [caller, id] of [
      [firm, copy.id],
      [lender, first.id],
      [third, first.id],
      [third, copy.id],
    ] as const) {
      for (const call of [
        () => caller.get(`/api/app/agreement-advance-requests/${id}`),
        () => caller.post(`/api/app/agreement-advance-requests/${id}/approve`, {}),
        () => caller.post(`/api/app/agreement-advance-requests/${id}/reject`, { reason: 'x' }),
        () => caller.post(`/api/app/agreement-advance-requests/${id}/cancel`, { reason: 'x' }),
      ])
        expect((await call()).statusCode).toBe(404);
    }
    expect((await third.get(`/api/app/agreement-advance-requests?loanId=${firmLoan}`)).body).not.toContain(first.id);
    await refused(firm.post(`/api/app/agreement-advance-requests/${first.id}/approve`, {}), 422);

    const done = await ok<AdvanceRequestDto>(
      lender.post(`/api/app/agreement-advance-requests/${copy.id}/approve`, { paymentDate: '2024-02-15' }),
    );
    expect(done.status).toBe('Approved');
    expect((await ok<AdvanceRequestDto>(firm.get(`/api/app/agreement-advance-requests/${first.id}`))).status).toBe(
      'Approved',
    );
    const lenderView = await ok<LoanDetailDto>(lender.get(`/api/app/disbursement-funding/${lenderLoan}`));
    const firmView = await ok<LoanDetailDto>(firm.get(`/api/app/disbursement-funding/${firmLoan}`));
    expect(firmView.ledger.map((line) => [line.entryDate, line.amountCents, line.reference])).toEqual([
      ['2024-02-15', 200_000, 'INV-1'],
    ]);
    expect(firmView.principalCents).toBe(lenderView.principalCents);
    expect((await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).status).toBe('Partial Pay');

    // Rejected by the lender; cancelled by the firm: both copies follow.
    const second = await ok<AdvanceRequestDto>(ask('INV-2'));
    const secondCopy = (
      await ok<{ items: AdvanceRequestDto[] }>(lender.get('/api/app/agreement-advance-requests?status=Submitted'))
    ).items[0]!;
    await ok(
      lender.post(`/api/app/agreement-advance-requests/${secondCopy.id}/reject`, { reason: 'Not a disbursement' }),
    );
    expect(await ok<AdvanceRequestDto>(firm.get(`/api/app/agreement-advance-requests/${second.id}`))).toMatchObject({
      status: 'Rejected',
      reason: 'Not a disbursement',
    });
    // A rejected invoice may be asked for again.
    const again = await ok<AdvanceRequestDto>(ask('INV-2', 100_000));
    await ok(firm.post(`/api/app/agreement-advance-requests/${again.id}/cancel`, { reason: 'Paid by the client' }));
    const lenderList = await ok<{ items: AdvanceRequestDto[] }>(lender.get('/api/app/agreement-advance-requests'));
    expect(lenderList.items.map((r) => r.status).sort()).toEqual(['Approved', 'Cancelled', 'Rejected']);
    // Nothing further was advanced.
    expect((await ok<LoanDetailDto>(lender.get(`/api/app/disbursement-funding/${lenderLoan}`))).principalCents).toBe(
      200_000,
    );
  });
});
