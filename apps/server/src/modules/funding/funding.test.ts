import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  FundingEndpoints,
  FundingInvoiceEndpoints,
  RepaymentInvoiceEndpoints,
  type AccruedInterestStatementDto,
  type AdvanceCalculationDto,
  type AdvanceRequestDto,
  type FundingAgreementDto,
  type ApprovedLenderDto,
  type FundingProviderDto,
  type FundingRequestDto,
  type FundingTransactionDto,
  type LenderOptionDto,
  type LoanDetailDto,
  type LoanDto,
  type RepaymentInvoiceDto,
  type FundingInvoiceDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { extractDocumentText } from '../files/text-extraction';
import { notifications } from '../notifications/notifications.schema';

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

  it("answers 404 from every funding endpoint that takes an id for another tenant's provider, agreement, loan, request and invoices", async () => {
    const { provider, agreement, loan } = await fundedLoan(admin);
    // A second loan with an advance, billed by a repayment invoice and a funding invoice.
    const { loan: billedLoan } = await fundedLoan(admin);
    await ok(
      admin.post(`/api/app/disbursement-funding/${billedLoan.id}/advances`, {
        amount: 100_000,
        description: 'Medical report',
        paymentDate: '2024-02-01',
      }),
    );
    const repaymentInvoice = await ok<RepaymentInvoiceDto>(
      admin.post('/api/app/disbursements/repayment-invoice', {
        loanId: billedLoan.id,
        invoiceDate: '2024-06-01',
        dueDate: '2024-06-15',
      }),
    );
    const fundingInvoice = await ok<FundingInvoiceDto>(
      admin.post('/api/app/disbursement-funding/funding-invoices', {
        loanId: billedLoan.id,
        invoiceDate: '2024-06-01',
        dueDate: '2024-06-15',
      }),
    );
    // A firm asks this tenant (a lender) for funding: its approved lender, its request and, once approved,
    // a further advance request; the lender's copies are this tenant's.
    const firm = await callerFor(t, await newTenant(t.database, { editionName: 'MLP' }));
    const approved = await ok<ApprovedLenderDto>(
      firm.post('/api/app/tenants/approvedlenders', { lenderTenantId: tenantId }),
    );
    const draft = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLP-404',
        description: 'Reports',
        amount: 500_000,
        send: false,
      }),
    );
    const sent = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLP-405',
        description: 'Reports',
        amount: 500_000,
      }),
    );
    const inbox = await ok<{ items: FundingRequestDto[] }>(admin.get('/api/app/funding-requests?maxResultCount=1000'));
    const lenderRequest = inbox.items.find((r) => r.caseReference === 'MLP-405')!;
    await ok(
      admin.post(`/api/app/funding-requests/${lenderRequest.id}/approve`, {
        providerId: provider.id,
        interestMethod: 'Simple',
        repaymentType: 'Settlement',
        financingStartDate: '2024-01-01',
        interestRate: 950,
      }),
    );
    const firmLoan = (await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).loanId!;
    const advance = await ok<AdvanceRequestDto>(
      firm.post('/api/app/agreement-advance-requests', {
        loanId: firmLoan,
        amount: 100_000,
        description: 'Report',
        invoiceNo: 'INV-404',
      }),
    );

    const otherTenant = await newTenant(t.database, FUNDER);
    const other = await callerFor(t, otherTenant);
    const otherFirm = await callerFor(t, await newTenant(t.database, { editionName: 'MLP' }));
    const staffId = '0190a0a0-0000-7000-8000-000000000001';
    const RI = `/api/app/disbursements/repayment-invoice/${repaymentInvoice.id}`;
    const FI = `/api/app/disbursement-funding/funding-invoices/${fundingInvoice.id}`;
    const byId: Record<string, () => Promise<Res>> = {
      'funding.getProvider': () => other.get(`/api/app/funding-providers/${provider.id}`),
      'funding.updateProvider': () =>
        other.put(`/api/app/funding-providers/${provider.id}`, {
          name: 'X',
          concurrencyStamp: provider.concurrencyStamp,
        }),
      'funding.listProviderStaff': () => other.get(`/api/app/funding-providers/${provider.id}/staffs`),
      'funding.addProviderStaff': () => other.post(`/api/app/funding-providers/${provider.id}/staffs`, { name: 'X' }),
      'funding.removeProviderStaff': () => other.del(`/api/app/funding-providers/${provider.id}/staffs/${staffId}`),
      'funding.getAgreement': () => other.get(`/api/app/funding-agreements/${agreement.id}`),
      'funding.changeAgreementStatus': () =>
        other.put(`/api/app/funding-agreements/${agreement.id}/status`, { status: 'Cancelled' }),
      'funding.addInterestRate': () =>
        other.post(`/api/app/funding-agreements/${agreement.id}/interest-rates`, {
          effectiveFrom: '2030-01-01',
          basisPoints: 1,
        }),
      'funding.getLoan': () => other.get(`/api/app/disbursement-funding/${loan.id}`),
      'funding.recordAdvance': () =>
        other.post(`/api/app/disbursement-funding/${loan.id}/advances`, { amount: 1, description: 'x' }),
      'funding.recordRepayment': () =>
        other.post(`/api/app/disbursement-funding/${billedLoan.id}/repayments`, { amount: 1, date: '2024-06-01' }),
      'funding.postInterest': () =>
        other.post(`/api/app/disbursement-funding/${billedLoan.id}/interest-postings`, { untilDate: '2024-06-01' }),
      'funding.cancelLoan': () => other.post(`/api/app/disbursement-funding/${loan.id}/cancel`, { reason: 'x' }),
      'funding.accruedInterestStatement': () =>
        other.get(`/api/app/disbursement-funding/${billedLoan.id}/accrued-interest-statement`),
      'funding.accruedInterestStatementPdf': () =>
        other.get(`/api/app/disbursement-funding/${billedLoan.id}/accrued-interest-statement/pdf`),
      'funding.removeApprovedLender': () => otherFirm.del(`/api/app/tenants/approvedlenders/${approved.id}`),
      'funding.getRequest': () => other.get(`/api/app/funding-requests/${lenderRequest.id}`),
      'funding.sendRequest': () => otherFirm.post(`/api/app/funding-requests/${draft.id}/send`, {}),
      'funding.approveRequest': () =>
        other.post(`/api/app/funding-requests/${lenderRequest.id}/approve`, {
          providerId: provider.id,
          interestMethod: 'Simple',
          repaymentType: 'Settlement',
          financingStartDate: '2024-01-01',
          interestRate: 950,
        }),
      'funding.cancelRequest': () => otherFirm.post(`/api/app/funding-requests/${draft.id}/cancel`, { reason: 'x' }),
      'funding.getAdvanceRequest': () => other.get(`/api/app/agreement-advance-requests/${advance.id}`),
      'funding.approveAdvanceRequest': () =>
        other.post(`/api/app/agreement-advance-requests/${advance.id}/approve`, {}),
      'funding.rejectAdvanceRequest': () =>
        other.post(`/api/app/agreement-advance-requests/${advance.id}/reject`, { reason: 'x' }),
      'funding.cancelAdvanceRequest': () =>
        otherFirm.post(`/api/app/agreement-advance-requests/${advance.id}/cancel`, { reason: 'x' }),
      'repaymentInvoices.get': () => other.get(RI),
      'repaymentInvoices.send': () => other.post(`${RI}/send`, { concurrencyStamp: repaymentInvoice.concurrencyStamp }),
      'repaymentInvoices.cancel': () =>
        other.post(`${RI}/cancel`, { reason: 'x', concurrencyStamp: repaymentInvoice.concurrencyStamp }),
      'repaymentInvoices.addPayment': () => other.post(`${RI}/transaction-payments`, { amount: 1, date: '2024-06-01' }),
      'repaymentInvoices.print': () => other.get(`${RI}/print`),
      'fundingInvoices.get': () => other.get(FI),
      'fundingInvoices.cancel': () =>
        other.post(`${FI}/cancel`, { reason: 'x', concurrencyStamp: fundingInvoice.concurrencyStamp }),
      'fundingInvoices.addPayment': () => other.post(`${FI}/payments`, { amount: 1, date: '2024-06-01' }),
    };
    // Every endpoint with an id in its path is probed: a new one fails here until it is added above.
    const withId = Object.entries({
      funding: FundingEndpoints,
      repaymentInvoices: RepaymentInvoiceEndpoints,
      fundingInvoices: FundingInvoiceEndpoints,
    }).flatMap(([set, endpoints]) =>
      Object.entries(endpoints)
        .filter(([, e]) => e.path.includes('/:'))
        .map(([name]) => `${set}.${name}`),
    );
    expect(Object.keys(byId).sort()).toEqual(withId.sort());
    // And those that take another record's id in the body or the query.
    const byReference: Record<string, () => Promise<Res>> = {
      'funding.createLoan': () => other.post('/api/app/disbursement-funding', { agreementId: agreement.id }),
      'funding.createAdvanceRequest': () =>
        otherFirm.post('/api/app/agreement-advance-requests', { loanId: firmLoan, amount: 1, description: 'x' }),
      'funding.checkDuplicateAdvanceRequests': () =>
        otherFirm.get(`/api/app/agreement-advance-requests/check-duplicate-requests?loanId=${firmLoan}&invoiceNo=X`),
      'repaymentInvoices.create': () =>
        other.post('/api/app/disbursements/repayment-invoice', {
          loanId: billedLoan.id,
          invoiceDate: '2024-06-01',
          dueDate: '2024-06-15',
        }),
      'fundingInvoices.create': () =>
        other.post('/api/app/disbursement-funding/funding-invoices', {
          loanId: billedLoan.id,
          invoiceDate: '2024-06-01',
          dueDate: '2024-06-15',
        }),
      'fundingInvoices.billable': () =>
        other.get(
          `/api/app/disbursement-funding/funding-invoices/billable?loanId=${billedLoan.id}&invoiceDate=2024-06-01`,
        ),
    };
    for (const [name, call] of Object.entries({ ...byId, ...byReference })) {
      const res = await call();
      expect({ name, status: res.statusCode }, res.body).toEqual({ name, status: 404 });
    }
    // Lists do not show them either.
    for (const url of [
      '/api/app/funding-providers',
      '/api/app/funding-agreements',
      '/api/app/disbursement-funding',
      `/api/app/funding-transactions?loanId=${billedLoan.id}`,
      '/api/app/funding-requests',
      '/api/app/agreement-advance-requests',
      `/api/app/disbursements/repayment-invoice?loanId=${billedLoan.id}`,
      `/api/app/disbursement-funding/funding-invoices?loanId=${billedLoan.id}`,
    ]) {
      expect(await ok<{ totalCount: number }>(other.get(url)), url).toMatchObject({ totalCount: 0 });
    }
    // And the first tenant's records are as they were.
    expect((await ok<FundingAgreementDto>(admin.get(`/api/app/funding-agreements/${agreement.id}`))).status).toBe(
      'Effective',
    );
    expect((await ok<LoanDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`))).status).toBe('Pending');
    expect(await ok<RepaymentInvoiceDto>(admin.get(RI))).toEqual(repaymentInvoice);
    expect(await ok<FundingInvoiceDto>(admin.get(FI))).toEqual(fundingInvoice);
    expect((await ok<AdvanceRequestDto>(firm.get(`/api/app/agreement-advance-requests/${advance.id}`))).status).toBe(
      'Submitted',
    );
    expect((await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${draft.id}`))).status).toBe('Draft');
  });

  it('numbers agreements, loans and funding invoices made at the same moment without a clash or a gap', async () => {
    const AT_ONCE = 6;
    const { provider } = await fundedLoan(admin);
    const agreementInput = {
      providerId: provider.id,
      borrowerName: 'Harbour & Vale Lawyers',
      fundingType: 2,
      interestMethod: 'Simple',
      repaymentType: 'Settlement',
      facilityLimit: '$50,000.00',
      financingStartDate: '2024-01-01',
      interestRate: 950,
    };
    const agreements = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        ok<FundingAgreementDto>(admin.post('/api/app/funding-agreements', agreementInput)),
      ),
    );
    const numbers = (nos: string[]) => nos.map((no) => Number(no.replace(/\D/g, ''))).sort((a, b) => a - b);
    const consecutive = (ns: number[]) => ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1);
    const agreementNos = numbers(agreements.map((a) => a.agreementNo));
    expect(new Set(agreementNos).size).toBe(AT_ONCE);
    expect(consecutive(agreementNos)).toBe(true);
    await ok(admin.put(`/api/app/funding-agreements/${agreements[0]!.id}/status`, { status: 'Effective' }));
    const loans = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        ok<LoanDto>(admin.post('/api/app/disbursement-funding', { agreementId: agreements[0]!.id })),
      ),
    );
    const loanNos = numbers(loans.map((l) => l.loanNo));
    expect(new Set(loanNos).size).toBe(AT_ONCE);
    expect(consecutive(loanNos)).toBe(true);
    for (const loan of loans)
      await ok(
        admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
          amount: 10_000,
          description: 'Report',
          paymentDate: '2024-02-01',
        }),
      );
    const invoices = await Promise.all(
      loans.map((loan) =>
        ok<FundingInvoiceDto>(
          admin.post('/api/app/disbursement-funding/funding-invoices', {
            loanId: loan.id,
            invoiceDate: '2024-02-01',
            dueDate: '2024-03-01',
          }),
        ),
      ),
    );
    const invoiceNos = numbers(invoices.map((i) => i.fundingInvoiceNo));
    expect(new Set(invoiceNos).size).toBe(AT_ONCE);
    expect(consecutive(invoiceNos)).toBe(true);
  });

  it("charges interest upfront when the agreement says so: the term's interest on the advance day, nothing daily", async () => {
    await refused(
      admin.post('/api/app/funding-agreements', {
        providerId: (await fundedLoan(admin)).provider.id,
        borrowerName: 'X',
        fundingType: 2,
        interestMethod: 'Simple',
        interestCharge: 'Upfront',
        repaymentType: 'Settlement',
        facilityLimit: '$50,000.00',
        financingStartDate: '2024-01-01',
        interestRate: 950,
      }),
      400,
      'upfrontInterestDays',
    );
    const { loan, agreement } = await fundedLoan(admin, { interestCharge: 'Upfront', upfrontInterestDays: 365 });
    expect(agreement).toMatchObject({ interestCharge: 'Upfront', upfrontInterestDays: 365 });
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$10,000.00',
        description: 'Medical report',
        paymentDate: '2024-02-01',
      }),
    );
    // 365 days of 9.5% on $10,000.00: $950.00, charged on 1 Feb; by 30 Sep nothing more has accrued.
    const statement = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement?untilDate=2024-09-30`),
    );
    expect(statement).toMatchObject({ totalInterestCents: 950_00, balanceCents: 10_950_00 });
  });

  it('filters the statement by funding transaction statuses, comma-separated, on the JSON and the PDF', async () => {
    const { loan } = await fundedLoan(admin);
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: 100_000,
        description: 'Report',
        paymentDate: '2024-03-01',
      }),
    );
    const url = `/api/app/disbursement-funding/${loan.id}/accrued-interest-statement`;
    const shown = await ok<AccruedInterestStatementDto>(
      admin.get(`${url}?untilDate=2024-06-01&fundingTransactionStatuses=Active,Settled`),
    );
    expect(shown.loan.loanNo).toBe(loan.loanNo);
    expect(
      (await admin.get(`${url}/pdf?untilDate=2024-06-01&fundingTransactionStatuses=Settled, Active`)).statusCode,
    ).toBe(200);
    // An active loan is not among Settled and Cancelled ones: no statement, on screen or on paper.
    await refused(admin.get(`${url}?fundingTransactionStatuses=Settled,Cancelled`), 404);
    await refused(admin.get(`${url}/pdf?fundingTransactionStatuses=Settled`), 404);
    await refused(admin.get(`${url}?fundingTransactionStatuses=Active,Paid`), 400, 'fundingTransactionStatuses');
  });

  it('calculates what the borrower would owe with a further advance, writing nothing', async () => {
    const { loan } = await fundedLoan(admin, { feeType: '%', feeValue: 150 });
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$10,000.00',
        description: 'Medical report',
        paymentDate: '2024-02-01',
      }),
    );
    const url = '/api/app/agreement-advance-requests/calculate';
    // $2,000.00 on 1 Mar 2024 until 1 Jun 2024: 92 days of 9.5% = 200,000 × 950 × 92 / 3,650,000 = 4,789.04
    // cents; with the first advance's 121 days (314.93 → exact 31,493.15) the running total rounds to
    // 36,282.19 → 36,282, so the advance adds 36,282 − 31,493 = 4,789 cents, and a 1.5% fee of $30.00.
    const calc = await ok<AdvanceCalculationDto>(
      admin.get(`${url}?loanId=${loan.id}&amount=$2,000.00&date=2024-03-01&untilDate=2024-06-01`),
    );
    expect(calc).toMatchObject({
      amountCents: 2_000_00,
      feeCents: 30_00,
      interestCents: 47_89,
      without: { principalCents: 10_000_00, interestCents: 314_93, feesCents: 150_00, balanceCents: 10_464_93 },
      with: { principalCents: 12_000_00, interestCents: 362_82, feesCents: 180_00, balanceCents: 12_542_82 },
    });
    // Nothing was written: the loan still has one advance.
    const after = await ok<LoanDetailDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`));
    expect(after.ledger.filter((l) => l.source === 'advance')).toHaveLength(1);
    await refused(
      admin.get(`${url}?loanId=${loan.id}&amount=$2,000.00&date=2024-03-01&untilDate=2024-02-01`),
      400,
      'untilDate',
    );
    await refused(admin.get(`${url}?loanId=${loan.id}&amount=0&date=2024-03-01&untilDate=2024-06-01`), 400, 'amount');
    const other = await callerFor(t, await newTenant(t.database, FUNDER));
    await refused(other.get(`${url}?loanId=${loan.id}&amount=1&date=2024-03-01&untilDate=2024-06-01`), 404);
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

describe('repayment invoices (decision 0062)', () => {
  let admin: Caller;
  beforeAll(async () => {
    admin = await callerFor(t, await newTenant(t.database, { ...FUNDER, timezone: 'Australia/Sydney' }));
  });
  const BASE = '/api/app/disbursements/repayment-invoice';

  /** A loan with one $10,000.00 advance paid on 1 Feb 2024 at 9.5% simple. */
  async function activeLoan() {
    const { loan } = await fundedLoan(admin);
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$10,000.00',
        description: 'Medical report',
        paymentDate: '2024-02-01',
      }),
    );
    return loan;
  }

  it('bills what the loan owes on the invoice date; payments are repayments of the loan; numbers have no gap', async () => {
    const loan = await activeLoan();
    await refused(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-05-01' }),
      400,
      'dueDate',
    );
    const draft = await ok<RepaymentInvoiceDto>(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-15', notes: 'Settlement due' }),
    );
    // 121 days of 9.5% on $10,000.00 (Actual/365): $314.93; the statement to that day says the same.
    const statement = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement?untilDate=2024-06-01`),
    );
    expect(draft).toMatchObject({
      status: 'Draft',
      loanNo: loan.loanNo,
      principalCents: 10_000_00,
      interestCents: 314_93,
      feesCents: 0,
      totalCents: 10_314_93,
      balanceCents: 10_314_93,
    });
    expect(draft.invoiceNo).toMatch(/^RI-\d{6}$/);
    expect(draft.totalCents).toBe(statement.balanceCents);
    // No payment on a draft; a stale stamp is refused; sent once only.
    await refused(admin.post(`${BASE}/${draft.id}/transaction-payments`, { amount: 100, date: '2024-06-01' }), 422);
    await refused(admin.post(`${BASE}/${draft.id}/send`, { concurrencyStamp: 'stale' }), 409);
    const sent = await ok<RepaymentInvoiceDto>(
      admin.post(`${BASE}/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }),
    );
    expect(sent.status).toBe('Sent');
    await refused(admin.post(`${BASE}/${draft.id}/send`, { concurrencyStamp: sent.concurrencyStamp }), 422);

    const part = await ok<RepaymentInvoiceDto>(
      admin.post(`${BASE}/${draft.id}/transaction-payments`, { amount: '$4,000.00', date: '2024-06-01' }),
    );
    expect(part).toMatchObject({ status: 'Partial Pay', paidCents: 4_000_00, balanceCents: 6_314_93 });
    // The loan took it as a repayment: interest first, then principal, referenced by the invoice number.
    const lines = await ok<{ items: FundingTransactionDto[] }>(
      admin.get(`/api/app/funding-transactions?loanId=${loan.id}&maxResultCount=100`),
    );
    const repaid = lines.items.filter((l) => l.source === 'repayment');
    expect(repaid.map((l) => [l.amountType, l.amountCents, l.reference]).sort()).toEqual(
      [
        ['Interest', -314_93, draft.invoiceNo],
        ['Principal', -3_685_07, draft.invoiceNo],
      ].sort(),
    );
    await refused(
      admin.post(`${BASE}/${draft.id}/transaction-payments`, { amount: '$6,314.94', date: '2024-06-01' }),
      400,
      'amount',
    );
    await refused(
      admin.post(`${BASE}/${draft.id}/cancel`, { reason: 'Sent in error', concurrencyStamp: part.concurrencyStamp }),
      422,
    );
    const paid = await ok<RepaymentInvoiceDto>(
      admin.post(`${BASE}/${draft.id}/transaction-payments`, {
        amount: '$6,314.93',
        date: '2024-06-01',
        reference: 'EFT 2231',
      }),
    );
    expect(paid).toMatchObject({ status: 'Paid', paidCents: 10_314_93, balanceCents: 0 });
    expect(paid.payments.map((p) => [p.amountCents, p.reference])).toEqual([
      [4_000_00, null],
      [6_314_93, 'EFT 2231'],
    ]);
    // Paid in full on the invoice date: the loan is settled, its ledger at nothing.
    const settled = await ok<LoanDetailDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`));
    expect(settled).toMatchObject({ status: 'Settled', balanceCents: 0 });

    // The PDF has the same amounts; the next invoice takes the next number.
    const pdf = await admin.get(`${BASE}/${draft.id}/print`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await extractDocumentText(pdf.rawPayload, 'pdf')).text ?? '';
    for (const shown of [draft.invoiceNo, '$10,314.93', '$314.93', 'EFT 2231']) expect(text).toContain(shown);
    const second = await ok<RepaymentInvoiceDto>(
      admin.post(BASE, { loanId: (await activeLoan()).id, invoiceDate: '2024-03-01', dueDate: '2024-03-31' }),
    );
    expect(Number(second.invoiceNo.slice(3))).toBe(Number(draft.invoiceNo.slice(3)) + 1);
    const cancelled = await ok<RepaymentInvoiceDto>(
      admin.post(`${BASE}/${second.id}/cancel`, {
        reason: 'Raised too early',
        concurrencyStamp: second.concurrencyStamp,
      }),
    );
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Raised too early', balanceCents: 0 });
    const counts = await ok<{ items: { status: string; count: number }[] }>(admin.get(`${BASE}/counts`));
    expect(Object.fromEntries(counts.items.map((c) => [c.status, c.count]))).toMatchObject({ Paid: 1, Cancelled: 1 });
    // A loan with no advance owes nothing and is not active: refused.
    const { loan: pending } = await fundedLoan(admin);
    await refused(admin.post(BASE, { loanId: pending.id, invoiceDate: '2024-06-01', dueDate: '2024-06-15' }), 422);
  });

  it("answers 404 from every repayment invoice endpoint for another tenant's invoice and loan", async () => {
    const loan = await activeLoan();
    const invoice = await ok<RepaymentInvoiceDto>(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-15' }),
    );
    const other = await callerFor(t, await newTenant(t.database, FUNDER));
    const stamp = { concurrencyStamp: invoice.concurrencyStamp };
    const calls: [string, () => Promise<Res>][] = [
      ['get', () => other.get(`${BASE}/${invoice.id}`)],
      ['print', () => other.get(`${BASE}/${invoice.id}/print`)],
      ['send', () => other.post(`${BASE}/${invoice.id}/send`, stamp)],
      ['cancel', () => other.post(`${BASE}/${invoice.id}/cancel`, { reason: 'x', ...stamp })],
      ['addPayment', () => other.post(`${BASE}/${invoice.id}/transaction-payments`, { amount: 1, date: '2024-06-01' })],
      ['create', () => other.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-15' })],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect({ name, status: res.statusCode }, res.body).toEqual({ name, status: 404 });
    }
    for (const url of [BASE, `${BASE}?loanId=${loan.id}`])
      expect(await ok<{ totalCount: number }>(other.get(url))).toMatchObject({ totalCount: 0 });
    expect(await ok<{ items: unknown[] }>(other.get(`${BASE}/counts`))).toEqual({ items: [] });
    // Nothing changed on the first tenant's invoice.
    expect(await ok<RepaymentInvoiceDto>(admin.get(`${BASE}/${invoice.id}`))).toEqual(invoice);
  });
});

describe('funding invoices (decision 0090)', () => {
  let admin: Caller;
  let tenantId: string;
  beforeAll(async () => {
    tenantId = await newTenant(t.database, { ...FUNDER, timezone: 'Australia/Sydney' });
    admin = await callerFor(t, tenantId);
  });
  const BASE = '/api/app/disbursement-funding/funding-invoices';

  it('bills the funded disbursements not billed yet; payments are repayments of the loan; Unpaid, Partial Pay, Full Pay, Cancelled', async () => {
    // A 1.5% fee on each advance: two advances, $10,000.00 and $2,000.00, in February and March.
    const { loan } = await fundedLoan(admin, { feeType: '%', feeValue: 150 });
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$10,000.00',
        description: 'Medical report',
        invoiceNo: 'MR-1',
        paymentDate: '2024-02-01',
      }),
    );
    await ok(
      admin.post(`/api/app/disbursement-funding/${loan.id}/advances`, {
        amount: '$2,000.00',
        description: 'Records',
        paymentDate: '2024-03-01',
      }),
    );
    await refused(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-05-01' }),
      400,
      'dueDate',
    );
    await refused(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-01-15', dueDate: '2024-02-15' }),
      400,
      'invoiceDate',
    );
    // Up to 15 February only the first advance is funded: it and its fee are billed.
    const billable = await ok<{ items: { principalCents: number; feesCents: number }[] }>(
      admin.get(`${BASE}/billable?loanId=${loan.id}&invoiceDate=2024-02-15`),
    );
    expect(billable.items).toMatchObject([{ principalCents: 10_000_00, feesCents: 150_00 }]);
    const first = await ok<FundingInvoiceDto>(
      admin.post(BASE, {
        loanId: loan.id,
        invoiceDate: '2024-02-15',
        dueDate: '2024-03-15',
        borrowerReference: 'HV/2231',
      }),
    );
    expect(first).toMatchObject({
      status: 'Unpaid',
      loanNo: loan.loanNo,
      borrowerReference: 'HV/2231',
      principalCents: 10_000_00,
      feesCents: 150_00,
      totalCents: 10_150_00,
      balanceCents: 10_150_00,
      items: [{ description: 'Medical report', reference: 'MR-1', principalCents: 10_000_00, feesCents: 150_00 }],
    });
    expect(first.fundingInvoiceNo).toMatch(/^FI-\d{6}$/);
    // The next invoice bills only what the first did not: the March advance.
    const second = await ok<FundingInvoiceDto>(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-30' }),
    );
    expect(second).toMatchObject({ principalCents: 2_000_00, feesCents: 30_00, totalCents: 2_030_00 });
    expect(second.items.map((i) => i.description)).toEqual(['Records']);
    expect(Number(second.fundingInvoiceNo.slice(3))).toBe(Number(first.fundingInvoiceNo.slice(3)) + 1);
    // Nothing is left to bill.
    await refused(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-30' }),
      400,
      'invoiceDate',
    );

    // A part payment is a repayment of the loan, referenced by the invoice number: fees first, then interest.
    const part = await ok<FundingInvoiceDto>(
      admin.post(`${BASE}/${first.id}/payments`, { amount: '$4,000.00', date: '2024-06-01' }),
    );
    expect(part).toMatchObject({ status: 'Partial Pay', paidCents: 4_000_00, balanceCents: 6_150_00 });
    const lines = await ok<{ items: FundingTransactionDto[] }>(
      admin.get(`/api/app/funding-transactions?loanId=${loan.id}&maxResultCount=100`),
    );
    const repaid = lines.items.filter((l) => l.source === 'repayment');
    expect(repaid.every((l) => l.reference === first.fundingInvoiceNo)).toBe(true);
    expect(repaid.reduce((a, l) => a + l.amountCents, 0)).toBe(-4_000_00);
    expect(repaid.find((l) => l.amountType === 'Revenue')?.amountCents).toBe(-180_00);
    // More than is left is refused, naming the field; so is cancelling a part-paid invoice.
    await refused(
      admin.post(`${BASE}/${first.id}/payments`, { amount: '$6,150.01', date: '2024-06-01' }),
      400,
      'amount',
    );
    await refused(
      admin.post(`${BASE}/${first.id}/cancel`, { reason: 'Sent in error', concurrencyStamp: part.concurrencyStamp }),
      422,
    );
    await refused(
      admin.post(`${BASE}/${first.id}/payments`, {
        amount: 1,
        date: '2024-06-01',
        concurrencyStamp: first.concurrencyStamp,
      }),
      409,
    );
    const full = await ok<FundingInvoiceDto>(
      admin.post(`${BASE}/${first.id}/payments`, { amount: '$6,150.00', date: '2024-06-01', reference: 'EFT 88' }),
    );
    expect(full).toMatchObject({ status: 'Full Pay', paidCents: 10_150_00, balanceCents: 0 });
    expect(full.payments.map((p) => [p.amountCents, p.reference])).toEqual([
      [4_000_00, null],
      [6_150_00, 'EFT 88'],
    ]);
    await refused(admin.post(`${BASE}/${first.id}/payments`, { amount: 1, date: '2024-06-01' }), 422);
    // The ledger took both payments: what the loan owes fell by what was paid.
    const after = await ok<LoanDetailDto>(admin.get(`/api/app/disbursement-funding/${loan.id}`));
    const statement = await ok<AccruedInterestStatementDto>(
      admin.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement?untilDate=2024-06-01`),
    );
    expect(after.balanceCents).toBe(statement.balanceCents);
    expect(after.ledger.filter((l) => l.source === 'repayment').reduce((a, l) => a + l.amountCents, 0)).toBe(
      -10_150_00,
    );

    // Cancelling the unpaid one frees its disbursement to be billed again, on a new number.
    const cancelled = await ok<FundingInvoiceDto>(
      admin.post(`${BASE}/${second.id}/cancel`, { reason: 'Wrong matter', concurrencyStamp: second.concurrencyStamp }),
    );
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Wrong matter', balanceCents: 0 });
    const again = await ok<FundingInvoiceDto>(
      admin.post(BASE, { loanId: loan.id, invoiceDate: '2024-06-01', dueDate: '2024-06-30' }),
    );
    expect(again).toMatchObject({ status: 'Unpaid', totalCents: 2_030_00 });
    const counts = await ok<{ items: { status: string; count: number }[] }>(
      admin.get(`${BASE}/counts?loanId=${loan.id}`),
    );
    expect(Object.fromEntries(counts.items.map((c) => [c.status, c.count]))).toEqual({
      'Full Pay': 1,
      Cancelled: 1,
      Unpaid: 1,
    });
    const listed = await ok<{ totalCount: number; items: FundingInvoiceDto[] }>(
      admin.get(`${BASE}?filterText=HV/2231`),
    );
    expect(listed.items.map((i) => i.id)).toEqual([first.id]);
    // Payments are append-only in the database, like the ledger.
    await expect(
      t.database.withTenant(tenantId, (tx) => tx.execute(sql`update funding_invoice_payments set amount_cents = 0`)),
    ).rejects.toThrow();
  });
});

describe('funding across tenants (decision 0027)', () => {
  it("approving a firm's request tells the firm's user who sent it, in the firm's tenant; nobody at the lender", async () => {
    const lenderId = await newTenant(t.database, FUNDER);
    const lender = await callerFor(t, lenderId);
    const firmId = await newTenant(t.database, { editionName: 'MLP' });
    const firm = await callerFor(t, firmId);
    const approved = await ok<ApprovedLenderDto>(
      firm.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }),
    );
    const sent = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLP-88',
        description: 'Reports',
        amount: 200_000,
      }),
    );
    const provider = await ok<FundingProviderDto>(lender.post('/api/app/funding-providers', { name: 'Own funds' }));
    const inbox = await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests'));
    const told = (tenant: string, userId: string) =>
      t.database.withTenant(tenant, (tx) =>
        tx
          .select({ title: notifications.title, objectId: notifications.objectId, content: notifications.content })
          .from(notifications)
          .where(eq(notifications.recipientId, userId)),
      );
    expect(await told(firmId, firm.userId)).toEqual([]);
    await ok(
      lender.post(`/api/app/funding-requests/${inbox.items[0]!.id}/approve`, {
        providerId: provider.id,
        interestMethod: 'Simple',
        repaymentType: 'Settlement',
        financingStartDate: '2024-01-01',
        interestRate: 950,
      }),
    );
    const [n, ...more] = await told(firmId, firm.userId);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ title: 'Funding approved', objectId: sent.id });
    expect(n!.content).toContain('MLP-88');
    expect(await told(lenderId, lender.userId)).toEqual([]);
  });

  it("a lender's funding invoice on a loan handed across is paid on both copies: the lender's and the firm's balances agree; the firm cannot invoice its copy", async () => {
    const lenderId = await newTenant(t.database, FUNDER);
    const lender = await callerFor(t, lenderId);
    const firm = await callerFor(t, await newTenant(t.database, { editionName: 'MLP' }));
    const approved = await ok<ApprovedLenderDto>(
      firm.post('/api/app/tenants/approvedlenders', { lenderTenantId: lenderId }),
    );
    const sent = await ok<FundingRequestDto>(
      firm.post('/api/app/funding-requests', {
        approvedLenderId: approved.id,
        caseReference: 'MLP-77',
        description: 'Reports',
        amount: 500_000,
      }),
    );
    const provider = await ok<FundingProviderDto>(lender.post('/api/app/funding-providers', { name: 'Own funds' }));
    const inbox = await ok<{ items: FundingRequestDto[] }>(lender.get('/api/app/funding-requests'));
    const theirs = await ok<FundingRequestDto>(
      lender.post(`/api/app/funding-requests/${inbox.items[0]!.id}/approve`, {
        providerId: provider.id,
        interestMethod: 'Simple',
        repaymentType: 'Settlement',
        financingStartDate: '2024-01-01',
        interestRate: 950,
      }),
    );
    const lenderLoan = theirs.loanId!;
    const firmLoan = (await ok<FundingRequestDto>(firm.get(`/api/app/funding-requests/${sent.id}`))).loanId!;
    await ok(
      lender.post(`/api/app/disbursement-funding/${lenderLoan}/advances`, {
        amount: 300_000,
        description: 'Medical report',
        paymentDate: '2024-02-01',
      }),
    );
    const BASE = '/api/app/disbursement-funding/funding-invoices';
    await refused(firm.post(BASE, { loanId: firmLoan, invoiceDate: '2024-03-01', dueDate: '2024-03-31' }), 422);
    const invoice = await ok<FundingInvoiceDto>(
      lender.post(BASE, { loanId: lenderLoan, invoiceDate: '2024-03-01', dueDate: '2024-03-31' }),
    );
    expect(invoice).toMatchObject({ totalCents: 300_000, status: 'Unpaid' });
    await ok(lender.post(`${BASE}/${invoice.id}/payments`, { amount: 120_000, date: '2024-06-01' }));
    const mine = await ok<LoanDetailDto>(lender.get(`/api/app/disbursement-funding/${lenderLoan}`));
    const copy = await ok<LoanDetailDto>(firm.get(`/api/app/disbursement-funding/${firmLoan}`));
    expect(mine.balanceCents).toBeGreaterThan(0);
    expect(copy.balanceCents).toBe(mine.balanceCents);
    const lines = (d: LoanDetailDto) => d.ledger.map((l) => [l.entryDate, l.amountType, l.amountCents]);
    expect(lines(copy)).toEqual(lines(mine));
  });

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
