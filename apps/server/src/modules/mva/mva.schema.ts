import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/columns';
import { cases } from '../cases/cases.schema';

/** The fields of an MVA claim beside its row of the core `cases` table: the accident, the insurer, the steps' dates. */
export const mvaCaseDetails = pgTable(
  'mva_case_details',
  {
    tenantId: uuid('tenant_id').notNull(),
    caseId: uuid('case_id').notNull(),
    accidentDate: date('accident_date', { mode: 'string' }),
    stateId: text('state_id'),
    insurerName: text('insurer_name'),
    insurerClaimNo: text('insurer_claim_no'),
    claimLodgedDate: date('claim_lodged_date', { mode: 'string' }),
    negotiationStartedDate: date('negotiation_started_date', { mode: 'string' }),
    negotiationNotes: text('negotiation_notes'),
    settledDate: date('settled_date', { mode: 'string' }),
    terminationDate: date('termination_date', { mode: 'string' }),
    terminationReason: text('termination_reason'),
  },
  (t) => [
    primaryKey({ name: 'mva_case_details_pkey', columns: [t.tenantId, t.caseId] }),
    foreignKey({
      name: 'mva_case_details_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
  ],
);

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Offers made on a claim; at most one of a claim's offers is current (the partial unique index). */
export const mvaOffers = tenantTable(
  'mva_offers',
  {
    caseId: uuid('case_id').notNull(),
    offerDate: date('offer_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    offeredBy: text('offered_by').$type<'INSURER' | 'CLAIMANT'>().notNull(),
    notes: text('notes'),
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    foreignKey({
      name: 'mva_offers_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('mva_offers_case_idx').on(t.tenantId, t.caseId, t.offerDate),
    uniqueIndex('mva_offers_one_current_key')
      .on(t.tenantId, t.caseId)
      .where(sql`${t.isCurrent} and not ${t.isDeleted}`),
  ],
);

/** Settlements reached on a claim, with their amounts. */
export const mvaSettlements = tenantTable(
  'mva_settlements',
  {
    caseId: uuid('case_id').notNull(),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    notes: text('notes'),
  },
  (t) => [
    foreignKey({
      name: 'mva_settlements_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('mva_settlements_case_idx').on(t.tenantId, t.caseId, t.settlementDate),
  ],
);
