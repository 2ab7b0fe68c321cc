import { index, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PmsDocumentKind, PmsProvider, PmsRegion } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/**
 * A law firm's (company's) connection to its practice software. Tokens and the webhook secret are kept
 * only sealed (AES-256-GCM, the tenant bound in); a pending connection keeps its OAuth state and PKCE
 * verifier until the provider redirects back.
 */
export const pmsConnections = tenantTable(
  'pms_connections',
  {
    companyId: uuid('company_id').notNull(),
    provider: text('provider').$type<PmsProvider>().notNull(),
    region: text('region').$type<PmsRegion>(),
    status: text('status').$type<'NOT_CONNECTED' | 'PENDING' | 'CONNECTED'>().notNull(),
    stateHash: text('state_hash'),
    pendingSecret: text('pending_secret'),
    tokens: text('tokens'),
    accountId: text('account_id'),
    accountName: text('account_name'),
    webhookId: text('webhook_id'),
    webhookSecret: text('webhook_secret'),
    connectedTime: instant('connected_time'),
    lastError: text('last_error'),
    lastErrorTime: instant('last_error_time'),
  },
  (t) => [
    uniqueIndex('pms_connections_company_idx').on(t.tenantId, t.companyId),
    index('pms_connections_state_idx').on(t.stateHash),
  ],
);

/** A case linked to a matter of its law firm's practice software, with what was last read of the matter. */
export const pmsMatterLinks = tenantTable(
  'pms_matter_links',
  {
    caseId: uuid('case_id').notNull(),
    companyId: uuid('company_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    provider: text('provider').$type<PmsProvider>().notNull(),
    matterId: text('matter_id').notNull(),
    matterNumber: text('matter_number'),
    matterDescription: text('matter_description'),
    matterStatus: text('matter_status'),
    clientName: text('client_name'),
    responsibleUserName: text('responsible_user_name'),
    lastSyncTime: instant('last_sync_time'),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('pms_matter_links_case_idx').on(t.tenantId, t.caseId),
    index('pms_matter_links_matter_idx').on(t.tenantId, t.connectionId, t.matterId),
  ],
);

/**
 * A document of a case pushed into its matter: one row per document, claimed before the upload and
 * completed with the provider's id, so a retry or a lost answer never uploads it twice.
 */
export const pmsDocumentPushes = tenantTable(
  'pms_document_pushes',
  {
    linkId: uuid('link_id').notNull(),
    caseId: uuid('case_id').notNull(),
    kind: text('kind').$type<PmsDocumentKind>().notNull(),
    /** Our record: the report's attachment, or the invoice. */
    localId: uuid('local_id').notNull(),
    name: text('name').notNull(),
    externalId: text('external_id'),
    pushedTime: instant('pushed_time'),
  },
  (t) => [uniqueIndex('pms_document_pushes_local_idx').on(t.tenantId, t.linkId, t.kind, t.localId)],
);

/** Webhook deliveries acted on, by the provider's event id: a replay finds its row and changes nothing. */
export const pmsWebhookEvents = tenantTable(
  'pms_webhook_events',
  {
    connectionId: uuid('connection_id').notNull(),
    eventId: text('event_id').notNull(),
    matterId: text('matter_id'),
  },
  (t) => [uniqueIndex('pms_webhook_events_event_idx').on(t.tenantId, t.connectionId, t.eventId)],
);
