import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import type { ClaimantRelationshipKind, IndependenceOutcome, IndependenceReason } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { clients, specialists } from '../people/people.schema';
import { cases } from './cases.schema';

/**
 * What a claimant's record states about a specialist: treating them, or acting for the other party of
 * their claim. The independence check reads these beside the specialist's earlier cases.
 */
export const claimantRelationships = tenantTable(
  'claimant_relationships',
  {
    clientId: uuid('client_id').notNull(),
    specialistId: uuid('specialist_id').notNull(),
    kind: text('kind').$type<ClaimantRelationshipKind>().notNull(),
    note: text('note'),
  },
  (t) => [
    foreignKey({
      name: 'claimant_relationships_client_fkey',
      columns: [t.tenantId, t.clientId],
      foreignColumns: [clients.tenantId, clients.id],
    }),
    foreignKey({
      name: 'claimant_relationships_specialist_fkey',
      columns: [t.tenantId, t.specialistId],
      foreignColumns: [specialists.tenantId, specialists.id],
    }),
    index('claimant_relationships_client_idx')
      .on(t.tenantId, t.clientId, t.specialistId)
      .where(sql`not ${t.isDeleted}`),
  ],
);

/**
 * The independence check as recorded on a case when its booking was saved or a warning was overridden:
 * the outcome, the reasons in words, and who went ahead and why.
 */
export const caseIndependenceChecks = tenantTable(
  'case_independence_checks',
  {
    caseId: uuid('case_id').notNull(),
    specialistId: uuid('specialist_id').notNull(),
    outcome: text('outcome').$type<IndependenceOutcome>().notNull(),
    summary: text('summary').notNull(),
    reasons: jsonb('reasons').$type<IndependenceReason[]>().notNull(),
    overriddenById: uuid('overridden_by_id'),
    overriddenByName: text('overridden_by_name'),
    overrideReason: text('override_reason'),
  },
  (t) => [
    foreignKey({
      name: 'case_independence_checks_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    index('case_independence_checks_case_idx').on(t.tenantId, t.caseId, t.creationTime),
  ],
);
