import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChecklistCriterion, ChecklistStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { cases } from '../cases/cases.schema';

/** An LMQ checklist: its criteria in order, and the default set "reset to default" brings back. */
export const checklists = tenantTable(
  'checklists',
  {
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    criteria: jsonb('criteria').$type<ChecklistCriterion[]>().notNull(),
    defaultCriteria: jsonb('default_criteria').$type<ChecklistCriterion[]>().notNull(),
  },
  (t) => [
    uniqueIndex('checklists_name_key')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`not ${t.isDeleted}`),
  ],
);

export type TaskChecklistItemRow = { criterionId: string; text: string; status: ChecklistStatus };

/** A checklist applied to a case: each criterion with its status, and the status of the whole. */
export const taskChecklists = tenantTable(
  'task_checklists',
  {
    caseId: uuid('case_id').notNull(),
    checklistId: uuid('checklist_id').notNull(),
    items: jsonb('items').$type<TaskChecklistItemRow[]>().notNull(),
    status: text('status').$type<ChecklistStatus>().notNull().default('Incomplete'),
  },
  (t) => [
    foreignKey({
      name: 'task_checklists_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'task_checklists_checklist_fkey',
      columns: [t.tenantId, t.checklistId],
      foreignColumns: [checklists.tenantId, checklists.id],
    }),
    // A checklist is applied to a case once.
    uniqueIndex('task_checklists_case_checklist_key')
      .on(t.tenantId, t.caseId, t.checklistId)
      .where(sql`not ${t.isDeleted}`),
    index('task_checklists_status_idx').on(t.tenantId, t.status),
  ],
);
