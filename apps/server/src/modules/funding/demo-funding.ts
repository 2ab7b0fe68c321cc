import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { addDays, effectiveFeatures, formatIsoDate, todayIn, type LoanDto } from '@casebook/domain';
import type { RequestContext } from '../../platform/access/context';
import { TenantDirectory, type TenantInfo } from '../../platform/access/tenant-directory';
import { tenants } from '../../platform/db/platform.schema';
import type { Database } from '../../platform/db/database';
import { users } from '../identity/identity.schema';
import { PermissionDirectory } from '../identity/permission-directory';
import { caseManagers, companies } from '../people/people.schema';
import { FundingExchange } from './funding.exchange';
import { fundingApprovedLenders, fundingProviders } from './funding.schema';

/** The demo lenders a borrowing demo tenant approves. */
const DEMO_LENDER_NAMES = ['fundco'] as const;
import { FundingService } from './funding.service';
import { RepaymentInvoicesService } from './repayment-invoices.service';
import { FundingInvoicesService } from './funding-invoices.service';

/**
 * A lender's demo book, made through the funding service as the demo staff user (decision 0019): two
 * providers with staff, agreements at each status (one with a rate change), and loans at each status
 * with a year of advances, repayments and interest posted to today. Runs once, on a tenant with the
 * DisbursementFunding feature, a law firm to lend to, and no funding provider yet.
 */
export async function seedDemoFunding(database: Database, tenantId: string): Promise<{ loans: number }> {
  const directory = new TenantDirectory(database);
  const tenant = await directory.get(tenantId);
  if (tenant && (tenant.editionName === 'MLP' || tenant.editionName === 'LAW CONNECT')) {
    await approveDemoLenders(database, directory, tenant);
    return { loans: 0 };
  }
  if (
    !tenant ||
    tenant.editionName !== 'FUNDING PROVIDER' ||
    !effectiveFeatures({ isAuthenticated: true, roles: ['STAFF'], isHost: false }, tenant).has('DisbursementFunding')
  )
    return { loans: 0 };
  const found = await database.withTenant(tenantId, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(fundingProviders);
    if ((existing?.n ?? 0) > 0) return undefined;
    const [staff] = await tx
      .select({ id: users.id, name: users.name, surname: users.surname, roles: users.roles })
      .from(users)
      .where(and(eq(users.userName, 'staff'), eq(users.isDeleted, false)));
    const firms = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(and(inArray(companies.businessType, ['LAW_FIRM']), eq(companies.isDeleted, false)))
      .orderBy(asc(companies.creationTime), asc(companies.id));
    // The demo case manager's own firm borrows first, so their sign-in shows its loans (firms made in one
    // transaction share a creation time, so that order alone does not say which firm is theirs).
    const [own] = await tx
      .select({ companyId: caseManagers.companyId })
      .from(caseManagers)
      .innerJoin(users, eq(users.id, caseManagers.userId))
      .where(and(eq(users.userName, 'casemanager'), eq(caseManagers.isDeleted, false)));
    const ownFirst = own
      ? [...firms].sort((a, b) => Number(b.id === own.companyId) - Number(a.id === own.companyId))
      : firms;
    return staff && firms.length >= 2 ? { staff, firms: ownFirst } : undefined;
  });
  if (!found) return { loans: 0 };
  const { staff, firms } = found;
  const userName = `${staff.name} ${staff.surname}`;
  const ctx: RequestContext = {
    principal: { userId: staff.id, tenantId, roles: [...staff.roles], userName, impersonatorUserId: null },
    tenant,
    permissions: await new PermissionDirectory(database).forRoles(tenantId, staff.roles),
    actor: { tenantId, userId: staff.id, userName, impersonatorUserId: null },
  };
  const service = new FundingService(database);
  const today = todayIn(tenant.timezone);
  const day = (offset: number) => formatIsoDate(addDays(today, offset));

  const harbour = await service.createProvider(ctx, {
    name: 'Harbour Capital Funding',
    email: 'credit@harbourcapital.example',
    phone: '02 5550 1234',
    address: 'Level 12, 1 Example Street, Sydney NSW 2000',
  });
  const southern = await service.createProvider(ctx, {
    name: 'Southern Cross Litigation Finance',
    email: 'loans@southerncross.example',
    phone: '03 5550 9876',
    address: '200 Sample Lane, Melbourne VIC 3000',
  });
  for (const [provider, people] of [
    [harbour, ['Priya Nair, Credit manager', 'Tom Walsh, Loans officer']],
    [southern, ['Grace Liu, Relationship manager']],
  ] as const) {
    for (const person of people) {
      const [name, position] = person.split(', ') as [string, string];
      await service.addStaff(ctx, provider.id, { name, position, email: null, phone: null });
    }
  }

  const [firstFirm, secondFirm] = firms as [{ id: string; name: string }, { id: string; name: string }];
  // A case-based facility at 9.5% simple, 10.25% from four months ago; 2% fee on each advance.
  const caseBased = await service.createAgreement(ctx, {
    providerId: harbour.id,
    borrowerCompanyId: firstFirm.id,
    borrowerName: firstFirm.name,
    fundingType: 2,
    interestMethod: 'Simple',
    interestCharge: 'Daily',
    upfrontInterestDays: null,
    repaymentType: 'Settlement',
    repaymentDay: null,
    feeType: '%',
    feeValue: 200,
    facilityLimit: 50_000_000,
    financingStartDate: day(-400),
    interestRate: 950,
  });
  await service.addInterestRate(ctx, caseBased.id, { effectiveFrom: day(-120), basisPoints: 1025 });
  await service.changeAgreementStatus(ctx, caseBased.id, 'Effective');
  // A disbursement facility at 12% compounded monthly, repaid monthly on the 15th; $250.00 fee.
  const disbursement = await service.createAgreement(ctx, {
    providerId: southern.id,
    borrowerCompanyId: secondFirm.id,
    borrowerName: secondFirm.name,
    fundingType: 0,
    interestMethod: 'Compound',
    interestCharge: 'Daily',
    upfrontInterestDays: null,
    repaymentType: 'Monthly',
    repaymentDay: 15,
    feeType: '$',
    feeValue: 25_000,
    facilityLimit: 20_000_000,
    financingStartDate: day(-380),
    interestRate: 1200,
  });
  await service.changeAgreementStatus(ctx, disbursement.id, 'Effective');
  await service.createAgreement(ctx, {
    providerId: harbour.id,
    borrowerCompanyId: secondFirm.id,
    borrowerName: secondFirm.name,
    fundingType: 1,
    interestMethod: 'Simple',
    interestCharge: 'Daily',
    upfrontInterestDays: null,
    repaymentType: 'Settlement',
    repaymentDay: null,
    feeType: null,
    feeValue: null,
    facilityLimit: 10_000_000,
    financingStartDate: day(30),
    interestRate: 1100,
  });
  const cancelled = await service.createAgreement(ctx, {
    providerId: southern.id,
    borrowerCompanyId: firstFirm.id,
    borrowerName: firstFirm.name,
    fundingType: 2,
    interestMethod: 'Simple',
    interestCharge: 'Daily',
    upfrontInterestDays: null,
    repaymentType: 'Settlement',
    repaymentDay: null,
    feeType: null,
    feeValue: null,
    facilityLimit: 5_000_000,
    financingStartDate: day(-200),
    interestRate: 900,
  });
  await service.changeAgreementStatus(ctx, cancelled.id, 'Cancelled');

  const loans: LoanDto[] = [];
  const loan = async (agreementId: string, caseReference: string, description: string) => {
    const made = await service.createLoan(ctx, { agreementId, caseReference, borrowerReference: null, description });
    loans.push(made);
    return made;
  };
  const advance = (id: string, offset: number, cents: number, what: string, invoiceNo: string) =>
    service.recordAdvance(ctx, id, {
      amount: cents,
      description: what,
      invoiceNo,
      invoiceDate: day(offset - 5),
      paymentDate: day(offset),
      createdDate: null,
    });

  // Active loans with a year of interest.
  const a1 = await loan(caseBased.id, 'MLC-24017', 'Workplace injury claim: reports and records');
  await advance(a1.id, -365, 450_000, 'Orthopaedic surgeon report', 'INV-31207');
  await advance(a1.id, -300, 185_000, 'Hospital records', 'INV-31288');
  await advance(a1.id, -210, 320_000, 'Psychiatrist report', 'INV-31410');
  await service.recordRepayment(ctx, a1.id, { amount: 200_000, date: day(-150), reference: 'Interim costs' });
  await service.postInterest(ctx, a1.id, day(0));

  const a2 = await loan(disbursement.id, 'MLC-24102', 'Motor vehicle accident claim');
  await advance(a2.id, -360, 275_000, 'Neurologist report', 'INV-5520');
  // Monthly repayments on the 15th-ish, a second advance in between; every entry in date order.
  for (const offset of [-320, -289, -259, -240, -228, -198, -167, -137, -106, -76, -45, -15]) {
    if (offset === -240) await advance(a2.id, -240, 98_000, 'GP clinical notes', 'INV-5581');
    else
      await service.recordRepayment(ctx, a2.id, { amount: 15_000, date: day(offset), reference: 'Monthly repayment' });
  }
  await service.postInterest(ctx, a2.id, day(0));

  const a3 = await loan(caseBased.id, 'MLC-24233', 'Medical negligence claim');
  await advance(a3.id, -90, 1_250_000, 'Obstetrician report', 'INV-31702');
  await service.postInterest(ctx, a3.id, day(0));

  // Settled: advanced, then repaid in full with its interest.
  const s1 = await loan(caseBased.id, 'MLC-23881', 'Public liability claim, settled');
  await advance(s1.id, -330, 380_000, 'Occupational therapist report', 'INV-30950');
  const owed = await service.statement(ctx, s1.id, day(-40));
  await service.recordRepayment(ctx, s1.id, { amount: owed.balanceCents, date: day(-40), reference: 'Settlement' });

  // Repayment invoices (decision 0062): the medical negligence loan billed today as a draft; the
  // workplace injury loan billed and sent, with a first payment against it.
  const invoices = new RepaymentInvoicesService(database, new FundingExchange(database, new TenantDirectory(database)));
  await invoices.create(ctx, { loanId: a3.id, invoiceDate: day(0), dueDate: day(30), notes: 'Settlement expected' });
  const billed = await invoices.create(ctx, { loanId: a1.id, invoiceDate: day(0), dueDate: day(14), notes: null });
  await invoices.send(ctx, billed.id, billed.concurrencyStamp);
  await invoices.addPayment(ctx, billed.id, { amount: 50_000, date: day(0), reference: 'EFT 40211' });

  // Funding invoices (decision 0090): the motor vehicle claim's two reports billed after the second,
  // unpaid; the medical negligence report billed when it was paid for, with a first payment today.
  const funded = new FundingInvoicesService(database, new FundingExchange(database, new TenantDirectory(database)));
  await funded.create(ctx, {
    loanId: a2.id,
    invoiceDate: day(-235),
    dueDate: day(-205),
    borrowerReference: 'MVA/5520',
    notes: null,
  });
  const report = await funded.create(ctx, {
    loanId: a3.id,
    invoiceDate: day(-88),
    dueDate: day(-58),
    borrowerReference: 'MN/31702',
    notes: null,
  });
  await funded.addPayment(ctx, report.id, { amount: 300_000, date: day(0), reference: 'EFT 40388' });

  // Pending (no advance yet) and cancelled.
  await loan(disbursement.id, 'MLC-24311', 'Awaiting the first invoice');
  const c1 = await loan(caseBased.id, 'MLC-24150', 'Claim withdrawn');
  await service.cancelLoan(ctx, c1.id, 'The claim was withdrawn before any report was ordered.');
  return { loans: loans.length };
}

/**
 * A borrowing demo tenant (`demo`) approves the demo lenders (`fundco`) and sends each a funding request
 * (and keeps a draft), so both sides have one to work on (decision 0027). Runs once: not when the tenant
 * has approved any lender already.
 */
async function approveDemoLenders(database: Database, directory: TenantDirectory, tenant: TenantInfo): Promise<void> {
  const found = await database.withTenant(tenant.id, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(fundingApprovedLenders);
    if ((existing?.n ?? 0) > 0) return undefined;
    const [admin] = await tx
      .select({ id: users.id, name: users.name, surname: users.surname, roles: users.roles })
      .from(users)
      .where(and(eq(users.userName, 'admin'), eq(users.isDeleted, false)));
    return admin;
  });
  if (!found) return;
  const lenders = await database.withSystem((tx) =>
    tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(inArray(tenants.name, [...DEMO_LENDER_NAMES]), eq(tenants.editionName, 'FUNDING PROVIDER'))),
  );
  const userName = `${found.name} ${found.surname}`;
  const ctx: RequestContext = {
    principal: { userId: found.id, tenantId: tenant.id, roles: [...found.roles], userName, impersonatorUserId: null },
    tenant,
    permissions: await new PermissionDirectory(database).forRoles(tenant.id, found.roles),
    actor: { tenantId: tenant.id, userId: found.id, userName, impersonatorUserId: null },
  };
  const exchange = new FundingExchange(database, directory);
  for (const lender of lenders) {
    const approved = await exchange.addApprovedLender(ctx, lender.id);
    // One request awaiting the lender, and a draft not sent yet.
    await exchange.createRequest(ctx, {
      approvedLenderId: approved.id,
      caseId: null,
      caseReference: 'MLP-24410',
      borrowerReference: 'Nguyen v Coastal Freight',
      description: 'Orthopaedic surgeon report and hospital records',
      amount: 720_000,
      send: true,
    });
    await exchange.createRequest(ctx, {
      approvedLenderId: approved.id,
      caseId: null,
      caseReference: 'MLP-24433',
      borrowerReference: null,
      description: 'Psychiatrist report',
      amount: 330_000,
      send: false,
    });
  }
}
