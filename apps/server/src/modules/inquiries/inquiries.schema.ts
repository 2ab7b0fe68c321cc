import { foreignKey, index, text, uuid } from 'drizzle-orm/pg-core';
import type { CaseServiceType, InquiryStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { cases } from '../cases/cases.schema';
import { users } from '../identity/identity.schema';

/** An inquiry for a service: who asked, what for, who follows it up, and the case it became. */
export const inquiries = tenantTable(
  'inquiries',
  {
    enquirerName: text('enquirer_name').notNull(),
    companyName: text('company_name'),
    email: text('email'),
    phone: text('phone'),
    serviceType: text('service_type').$type<CaseServiceType>().notNull(),
    details: text('details'),
    status: text('status').$type<InquiryStatus>().notNull().default('New'),
    assignedUserId: uuid('assigned_user_id'),
    caseId: uuid('case_id'),
  },
  (t) => [
    foreignKey({
      name: 'inquiries_case_fkey',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [cases.tenantId, cases.id],
    }),
    foreignKey({
      name: 'inquiries_assigned_user_fkey',
      columns: [t.tenantId, t.assignedUserId],
      foreignColumns: [users.tenantId, users.id],
    }),
    index('inquiries_status_idx').on(t.tenantId, t.status, t.creationTime),
  ],
);
