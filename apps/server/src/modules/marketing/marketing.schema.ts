import { sql } from 'drizzle-orm';
import { index, integer, jsonb, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MarketingRecipientKind, MarketingStage, SingleSendStatisticDto } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/**
 * A marketing campaign: its content, who it goes to (companies and case managers chosen by id), its stage
 * 0–4, and what the e-mail delivery provider knows of it (list, single send, statistics).
 */
export const marketingCampaigns = tenantTable(
  'marketing_campaigns',
  {
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    htmlContent: text('html_content').notNull(),
    senderId: integer('sender_id'),
    unsubscribeGroupId: integer('unsubscribe_group_id'),
    stage: smallint('stage').$type<MarketingStage>().notNull().default(0),
    companyIds: uuid('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    caseManagerIds: uuid('case_manager_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    /** The provider's contact list and single send made for the campaign (kept so a retry reuses them). */
    listId: text('list_id'),
    singleSendId: text('single_send_id'),
    sentTime: instant('sent_time'),
    statistics: jsonb('statistics').$type<SingleSendStatisticDto>(),
    statisticsSyncTime: instant('statistics_sync_time'),
    lastError: text('last_error'),
  },
  (t) => [index('marketing_campaigns_stage_idx').on(t.tenantId, t.stage)],
);

/** Each recipient's e-mail of a campaign (its e-mail history): one row per address. */
export const marketingRecipients = tenantTable(
  'marketing_recipients',
  {
    campaignId: uuid('campaign_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<MarketingRecipientKind>(),
    refId: uuid('ref_id'),
    status: text('status').$type<'PENDING' | 'SENT' | 'UNSUBSCRIBED' | 'SUPPRESSED' | 'PREVIEW'>().notNull(),
    statusTime: instant('status_time'),
  },
  (t) => [uniqueIndex('marketing_recipients_email_idx').on(t.tenantId, t.campaignId, t.email)],
);

/** Our own list of addresses that asked for no more campaigns (and the provider's, as last synced). */
export const marketingUnsubscribes = tenantTable(
  'marketing_unsubscribes',
  {
    email: text('email').notNull(),
    source: text('source').$type<'casebook' | 'provider'>().notNull(),
  },
  (t) => [uniqueIndex('marketing_unsubscribes_email_idx').on(t.tenantId, t.email)],
);
