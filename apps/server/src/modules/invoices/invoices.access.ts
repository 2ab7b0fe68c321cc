import { inArray } from 'drizzle-orm';
import { NOTHING, registerRecordKind, seesWholeTenant } from '../../platform/access/records';
import { reachOf } from '../people/people.access';
import { invoices } from './invoices.schema';

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
