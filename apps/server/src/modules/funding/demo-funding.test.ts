import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AccruedInterestStatementDto, LoanDetailDto, LoanDto } from '@casebook/domain';
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
