import { index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SmsKind, SmsStatus } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/** A text message sent (or being sent) to a claimant's mobile; the provider's message id once it took it. */
export const smsMessages = tenantTable(
  'sms_messages',
  {
    caseId: uuid('case_id'),
    kind: text('kind').$type<SmsKind>().notNull(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<SmsStatus>().notNull(),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentTime: instant('sent_time'),
  },
  (t) => [
    index('sms_messages_case_idx').on(t.tenantId, t.caseId, t.creationTime),
    index('sms_messages_to_idx').on(t.toNumber),
  ],
);

/** A mobile number that replied STOP (or that the provider says unsubscribed): nothing is texted to it again. */
export const smsOptOuts = tenantTable(
  'sms_opt_outs',
  {
    phoneNumber: text('phone_number').notNull(),
    /** What said so: the STOP reply, or the provider refusing a send. */
    source: text('source').$type<'REPLY' | 'PROVIDER'>().notNull(),
    optedOutTime: instant('opted_out_time').notNull(),
  },
  (t) => [uniqueIndex('sms_opt_outs_number_idx').on(t.tenantId, t.phoneNumber)],
);
