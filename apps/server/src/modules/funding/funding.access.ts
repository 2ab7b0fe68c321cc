import { inArray, sql } from 'drizzle-orm';
import { Permissions } from '@casebook/domain';
import { NOTHING, recordCondition, registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import { reachOf } from '../people/people.access';
import { fundingAgreements as a, fundingLoans as l } from './funding.schema';
import { fundingRepaymentInvoices as ri } from './repayment-invoices.schema';
import { fundingInvoices as fi } from './funding-invoices.schema';

/**
 * Funding agreements and loans (decisions 0021 and 0026): office roles and accounting see every one of
 * their tenant; a case manager those whose borrower is one of their companies; an insurer contractor the
 * loans of their contractor company. Anyone else none.
 */
registerRecordKind('fundingAgreement', {
  table: a,
  id: a.id,
  isDeleted: a.isDeleted,
  label: 'The agreement',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.fundingAgreements.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    if (!ctx.principal.roles.includes('CASE_MANAGER')) return NOTHING;
    const { companyIds } = await reachOf(tx, ctx);
    return companyIds.length > 0 ? inArray(a.borrowerCompanyId, companyIds) : NOTHING;
  },
});

registerRecordKind('loan', {
  table: l,
  id: l.id,
  isDeleted: l.isDeleted,
  label: 'The loan',
  async condition(tx, ctx) {
    if (!ctx.permissions.has(Permissions.disbursementFunding.read)) return NOTHING;
    if (seesWholeTenant(ctx)) return undefined;
    const { companyIds, contractorCompanyIds } = await reachOf(tx, ctx);
    const borrowers = [
      ...(ctx.principal.roles.includes('CASE_MANAGER') ? companyIds : []),
      ...(ctx.principal.roles.includes('INSURER') ? contractorCompanyIds : []),
    ];
    if (borrowers.length === 0) return NOTHING;
    return sql`${l.agreementId} in (select ${a.id} from ${a} where ${inArray(a.borrowerCompanyId, borrowers)})`;
  },
});

/** A repayment invoice is seen by whoever sees its loan (decision 0062). */
registerRecordKind('repaymentInvoice', {
  table: ri,
  id: ri.id,
  isDeleted: ri.isDeleted,
  label: 'The repayment invoice',
  async condition(tx, ctx) {
    const loans = await recordCondition(tx, ctx, 'loan');
    if (loans === undefined) return undefined;
    return sql`${ri.loanId} in (select ${l.id} from ${l} where not ${l.isDeleted} and ${loans})`;
  },
});

/** A funding invoice is seen by whoever sees its loan (decision 0090). */
registerRecordKind('fundingInvoice', {
  table: fi,
  id: fi.id,
  isDeleted: fi.isDeleted,
  label: 'The funding invoice',
  async condition(tx, ctx) {
    const loans = await recordCondition(tx, ctx, 'loan');
    if (loans === undefined) return undefined;
    return sql`${fi.loanId} in (select ${l.id} from ${l} where not ${l.isDeleted} and ${loans})`;
  },
});
