import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AccruedInterestStatementDto,
  ApprovedLenderDto,
  FundingRequestDto,
  LoanDetailDto,
  LoanDto,
} from '@casebook/domain';
import { tenants } from '../../platform/db/platform.schema';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { seedDemoWorld } from '../tenancy/demo-world';
import { seedDemoFunding } from './demo-funding';

let t: TestApp;
let staff: Caller;
let caseManager: Caller;
let lender: string;
beforeAll(async () => {
  t = await createTestApp();
  lender = await newTenant(t.database, {
    editionName: 'FUNDING PROVIDER',
    features: { Disbursement: 'True', DisbursementFunding: 'True', FundingTransaction: 'True' },
  });
  const people = {
    staff: await createTestUser(t.database, lender, ['STAFF'], { userName: 'staff', name: 'Sam', surname: 'Staff' }),
    casemanager: await createTestUser(t.database, lender, ['CASE_MANAGER'], { userName: 'casemanager' }),
  };
  expect(await seedDemoWorld(t.database, lender, 'fundco')).toBe(true);
  expect(await seedDemoFunding(t.database, lender)).toEqual({ loans: 6 });
  staff = await callerFor(t, lender, ['STAFF'], { userId: people.staff.userId });
  caseManager = await callerFor(t, lender, ['CASE_MANAGER'], { userId: people.casemanager.userId });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

test("the lender's demo book has loans at every status, a year of interest, and statements equal to the ledger", async () => {
  const loans = (await staff.get('/api/app/disbursement-funding?maxResultCount=100')).json() as { items: LoanDto[] };
  expect(new Set(loans.items.map((l) => l.status))).toEqual(new Set(['Pending', 'Active', 'Settled', 'Cancelled']));
  const agreements = (await staff.get('/api/app/funding-agreements')).json() as { items: { status: string }[] };
  expect(new Set(agreements.items.map((a) => a.status))).toEqual(new Set(['Pending', 'Effective', 'Cancelled']));
  const fundingInvoices = (await staff.get('/api/app/disbursement-funding/funding-invoices')).json() as {
    items: { status: string; borrowerReference: string }[];
  };
  expect(fundingInvoices.items.map((i) => [i.borrowerReference, i.status]).sort()).toEqual([
    ['MN/31702', 'Partial Pay'],
    ['MVA/5520', 'Unpaid'],
  ]);
  for (const loan of loans.items) {
    const statement = (
      await staff.get(`/api/app/disbursement-funding/${loan.id}/accrued-interest-statement`)
    ).json() as AccruedInterestStatementDto;
    const detail = (await staff.get(`/api/app/disbursement-funding/${loan.id}`)).json() as LoanDetailDto;
    const ledgerSum = detail.ledger.reduce((sum, line) => sum + line.amountCents, 0);
    expect({ loan: loan.loanNo, statement: statement.balanceCents }).toEqual({
      loan: loan.loanNo,
      statement: ledgerSum,
    });
    expect(statement.ledgerBalanceCents).toBe(ledgerSum);
    if (loan.status === 'Active') {
      expect(
        loan.interestCents +
          detail.ledger
            .filter((l) => l.source === 'repayment' && l.amountType === 'Interest')
            .reduce((a, l) => a - l.amountCents, 0),
      ).toBeGreaterThan(0);
    }
    if (loan.status === 'Settled') expect(loan.balanceCents).toBe(0);
  }
  // A year of interest: the oldest active loan's interest lines run from a year ago to today.
  const oldest = loans.items.find((l) => l.caseReference === 'MLC-24017')!;
  const statement = (
    await staff.get(`/api/app/disbursement-funding/${oldest.id}/accrued-interest-statement`)
  ).json() as AccruedInterestStatementDto;
  const interestDays = statement.lines.filter((l) => l.kind === 'interest').reduce((a, l) => a + (l.days ?? 0), 0);
  expect(interestDays).toBe(365);
  // The demo case manager's firm is the first law firm: they see its loans only.
  const mine = (await caseManager.get('/api/app/disbursement-funding?maxResultCount=100')).json() as {
    items: LoanDto[];
  };
  expect(mine.items.length).toBeGreaterThan(0);
  expect(mine.items.length).toBeLessThan(loans.items.length);
  // Runs once.
  expect(await seedDemoFunding(t.database, lender)).toEqual({ loans: 0 });
});

test('a borrowing demo tenant approves the demo lender fundco and sends it a request, once', async () => {
  // The demo lender is found by name: made here unless this database has it already.
  const [existing] = await t.database.withSystem((tx) =>
    tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'fundco')),
  );
  const fundco =
    existing?.id ??
    (await newTenant(t.database, {
      name: 'fundco',
      editionName: 'FUNDING PROVIDER',
      features: { Disbursement: 'True', DisbursementFunding: 'True', FundingTransaction: 'True' },
    }));
  const firmName = `demo-${Math.random()}`;
  const firm = await newTenant(t.database, { name: firmName, editionName: 'MLP' });
  const admin = await createTestUser(t.database, firm, ['TENANT_ADMIN'], { userName: 'admin' });
  expect(await seedDemoFunding(t.database, firm)).toEqual({ loans: 0 });
  const caller = await callerFor(t, firm, ['TENANT_ADMIN'], { userId: admin.userId });
  const lenders = (await caller.get('/api/app/tenants/approvedlenders')).json() as { items: ApprovedLenderDto[] };
  expect(lenders.items.map((l) => [l.lenderTenantId, l.lenderName])).toEqual([[fundco, 'fundco']]);
  const sent = (await caller.get('/api/app/funding-requests')).json() as { items: FundingRequestDto[] };
  expect(sent.items.map((r) => r.status).sort()).toEqual(['Draft', 'Requested']);
  // fundco has its copy of the one sent, with the firm's name.
  const lenderStaff = await callerFor(t, fundco, ['STAFF']);
  const inbox = (await lenderStaff.get(`/api/app/funding-requests?filterText=${firmName}`)).json() as {
    items: FundingRequestDto[];
  };
  expect(inbox.items.map((r) => [r.counterpartyName, r.status, r.caseReference])).toEqual([
    [firmName, 'Requested', 'MLP-24410'],
  ]);
  // Runs once.
  await seedDemoFunding(t.database, firm);
  expect(((await caller.get('/api/app/funding-requests')).json() as { totalCount: number }).totalCount).toBe(2);
});
