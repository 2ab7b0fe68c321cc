import { bigint, boolean, date, foreignKey, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantTable } from '../../platform/db/columns';
import { cases } from '../cases/cases.schema';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** The quotation of an OT case (one a case): its date, the GST rate of that date, how long it holds. */
export const otQuotations = tenantTable(
  'ot_quotations',
  {
    caseId: uuid('case_id').notNull(),
    quotationDate: date('quotation_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    notes: text('notes'),
    gstBasisPoints: integer('gst_basis_points').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'ot_quotations_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    uniqueIndex('ot_quotations_case_key')
      .on(t.tenantId, t.caseId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/** The item costs of a quotation: units, a unit price in cents, whether GST applies. */
export const otQuotationItems = tenantTable(
  'ot_quotation_items',
  {
    quotationId: uuid('quotation_id').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    taxable: boolean('taxable').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'ot_quotation_items_quotation_fkey',
      columns: [t.tenantId, t.quotationId],
      foreignColumns: [otQuotations.tenantId, otQuotations.id],
    }),
    index('ot_quotation_items_quotation_idx').on(t.tenantId, t.quotationId, t.position),
  ],
);
