import { bigint, index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EnvelopeStatus, IntegrationProvider } from '@casebook/domain';
import { tenantTable } from '../../platform/db/columns';
import { instant } from '../../platform/db/instant';

/**
 * The outside services a tenant connects: those connected with OAuth (the accounting systems, DocuSign) and
 * the e-mail delivery provider, whose API key the tenant enters.
 */
export type ConnectedProvider = IntegrationProvider | 'sendgrid' | 'twilio' | 'uhg';

/**
 * A tenant's connection to an outside service. Tokens are kept only encrypted (AES-256-GCM with the
 * server's INTEGRATIONS_KEY, the tenant id bound in as associated data); a pending connection keeps its
 * OAuth state and PKCE verifier until the provider redirects back.
 */
export const integrationConnections = tenantTable(
  'integration_connections',
  {
    provider: text('provider').$type<ConnectedProvider>().notNull(),
    status: text('status').$type<'PENDING' | 'CONNECTED' | 'DISCONNECTED'>().notNull(),
    /** Hash of the OAuth state sent with the authorize URL (the callback finds the connection by it). */
    stateHash: text('state_hash'),
    pendingSecret: text('pending_secret'),
    tokens: text('tokens'),
    tokenExpiresAt: instant('token_expires_at'),
    /** The provider's own id of the organisation: Xero's tenantId, QuickBooks' realmId. */
    externalTenantId: text('external_tenant_id'),
    organisationName: text('organisation_name'),
    /** Where the provider's API is for this organisation (DocuSign: the account's base_uri). */
    apiBaseUrl: text('api_base_url'),
    connectedById: uuid('connected_by_id'),
    connectedTime: instant('connected_time'),
    lastSyncTime: instant('last_sync_time'),
    lastError: text('last_error'),
    lastErrorTime: instant('last_error_time'),
  },
  (t) => [
    uniqueIndex('integration_connections_provider_idx').on(t.tenantId, t.provider),
    index('integration_connections_state_idx').on(t.stateHash),
    index('integration_connections_external_idx').on(t.provider, t.externalTenantId),
  ],
);

/**
 * What of ours is in the provider, by the provider's id: an invoice pushed, a payment pushed or pulled.
 * One row per record and provider, so a record is never pushed (or a payment recorded) twice.
 */
export const integrationLinks = tenantTable(
  'integration_links',
  {
    provider: text('provider').$type<ConnectedProvider>().notNull(),
    kind: text('kind').$type<'INVOICE' | 'PAYMENT' | 'CONTACT'>().notNull(),
    localId: uuid('local_id').notNull(),
    externalId: text('external_id').notNull(),
    externalNumber: text('external_number'),
    /** For a pulled payment: the provider's payment it came from; for a pushed invoice: cents seen paid. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('integration_links_local_idx').on(t.tenantId, t.provider, t.kind, t.localId),
    uniqueIndex('integration_links_external_idx').on(t.tenantId, t.provider, t.kind, t.externalId),
  ],
);

/** Every call made to a provider for a tenant: what, when, the answer's status, how long; no secrets. */
export const integrationExchanges = tenantTable(
  'integration_exchanges',
  {
    provider: text('provider').$type<ConnectedProvider>().notNull(),
    operation: text('operation').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    idempotencyKey: text('idempotency_key'),
    error: text('error'),
  },
  (t) => [index('integration_exchanges_provider_idx').on(t.tenantId, t.provider, t.creationTime)],
);

/**
 * A document of a case sent for signature (DocuSign envelope). Created QUEUED with the signer; the send
 * job sets DocuSign's envelope id; status from Connect and polling; the signed PDF stored once as an
 * attachment of the case (attachmentId set in the same transaction).
 */
export const esignEnvelopes = tenantTable(
  'esign_envelopes',
  {
    provider: text('provider').$type<'docusign'>().notNull(),
    caseId: uuid('case_id').notNull(),
    document: text('document').$type<'CONSENT_FORM'>().notNull(),
    status: text('status').$type<EnvelopeStatus>().notNull(),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    externalId: text('external_id'),
    sentTime: instant('sent_time'),
    completedTime: instant('completed_time'),
    statusTime: instant('status_time'),
    attachmentId: uuid('attachment_id'),
    lastError: text('last_error'),
  },
  (t) => [
    index('esign_envelopes_case_idx').on(t.tenantId, t.caseId, t.creationTime),
    uniqueIndex('esign_envelopes_external_idx').on(t.provider, t.externalId),
    index('esign_envelopes_open_idx').on(t.status),
  ],
);
