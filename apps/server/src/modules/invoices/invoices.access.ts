import { inArray } from 'drizzle-orm';
import { NOTHING, registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import { reachOf } from '../people/people.access';
import { invoices, remittanceStatements } from './invoices.schema';

// Office roles see every invoice of the tenant; a case manager sees their companies' invoices; a specialist
// sees no client invoice (what concerns them is their remittance).
registerRecordKind('invoice', {
  table: invoices,
  id: invoices.id,
  isDeleted: invoices.isDeleted,
  label: 'The invoice',
  async condition(tx, ctx) {
    if (seesWholeTenant(ctx)) return undefined;
    const { companyIds } = await reachOf(tx, ctx);
    return companyIds.length > 0 ? inArray(invoices.companyId, companyIds) : NOTHING;
  },
});

// Remittance statements: office roles see all of the tenant's; a specialist sees only their own (the
// statements of the specialist records their user holds); anyone else none.
registerRecordKind('remittanceStatement', {
  table: remittanceStatements,
  id: remittanceStatements.id,
  isDeleted: remittanceStatements.isDeleted,
  label: 'The remittance statement',
  async condition(tx, ctx) {
    if (seesWholeTenant(ctx)) return undefined;
    const { specialistIds } = await reachOf(tx, ctx);
    return specialistIds.length > 0 ? inArray(remittanceStatements.specialistId, specialistIds) : NOTHING;
  },
});
