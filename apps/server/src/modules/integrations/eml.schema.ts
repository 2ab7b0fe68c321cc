import { bigint, boolean, date, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EmlProposalStatus, EmlSource } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/**
 * An appointment request read from an e-mail, proposed as a case. One row per message and tenant (the
 * message's Message-ID, or the hash of its bytes when it has none), so a message read twice is one proposal.
 */
export const emlProposals = tenantTable(
  'eml_proposals',
  {
    messageKey: text('message_key').notNull(),
    source: text('source').$type<EmlSource>().notNull(),
    status: text('status').$type<EmlProposalStatus>().notNull(),
    subject: text('subject'),
    fromEmail: text('from_email'),
    fromName: text('from_name'),
    receivedTime: instant('received_time'),
    claimantFirstName: text('claimant_first_name'),
    claimantLastName: text('claimant_last_name'),
    claimantDateOfBirth: date('claimant_date_of_birth', { mode: 'string' }),
    companyName: text('company_name'),
    caseManagerEmail: text('case_manager_email'),
    appointmentDate: date('appointment_date', { mode: 'string' }),
    appointmentTime: text('appointment_time'),
    notes: text('notes'),
    problems: text('problems').array().notNull().default([]),
    caseId: uuid('case_id'),
    decidedById: uuid('decided_by_id'),
    decidedTime: instant('decided_time'),
  },
  (t) => [
    uniqueIndex('eml_proposals_message_idx').on(t.tenantId, t.messageKey),
    index('eml_proposals_status_idx').on(t.tenantId, t.status, t.creationTime),
  ],
);

/**
 * The tenant's request mailbox (IMAP): where it is, who we sign in as (the password sealed with the
 * integrations key, the tenant bound in), and how far it has been read (UIDs above lastUid are new while
 * the folder's UIDVALIDITY stays the same).
 */
export const emlMailboxes = tenantTable(
  'eml_mailboxes',
  {
    host: text('host').notNull(),
    port: integer('port').notNull(),
    secure: boolean('secure').notNull(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    folder: text('folder').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastSyncTime: instant('last_sync_time'),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('eml_mailboxes_tenant_idx').on(t.tenantId)],
);
