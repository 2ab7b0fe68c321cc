import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint';
import { Permissions } from '../permissions';

/** The accounting systems a tenant can connect: one at a time is used for pushing invoices. */
export const AccountingProviders = ['xero', 'quickbooks'] as const;
export const AccountingProvider = z.enum(AccountingProviders);
export type AccountingProvider = z.infer<typeof AccountingProvider>;

export const ACCOUNTING_PROVIDER_NAMES: Readonly<Record<AccountingProvider, string>> = {
  xero: 'Xero',
  quickbooks: 'QuickBooks',
};

/**
 * Every outside service a tenant connects with OAuth: the accounting systems, DocuSign (e-signature) and
 * RingCentral (telephony).
 */
export const IntegrationProviders = [...AccountingProviders, 'docusign', 'ringcentral'] as const;
export const IntegrationProvider = z.enum(IntegrationProviders);
export type IntegrationProvider = z.infer<typeof IntegrationProvider>;

export const INTEGRATION_PROVIDER_NAMES: Readonly<Record<IntegrationProvider, string>> = {
  ...ACCOUNTING_PROVIDER_NAMES,
  docusign: 'DocuSign',
  ringcentral: 'RingCentral',
};

export const IntegrationKinds = ['accounting', 'esignature', 'telephony'] as const;
export type IntegrationKind = (typeof IntegrationKinds)[number];

/** What a connection is for: invoices and payments, documents sent for signature, or calls. */
export const integrationKind = (p: IntegrationProvider): IntegrationKind =>
  p === 'docusign' ? 'esignature' : p === 'ringcentral' ? 'telephony' : 'accounting';

/** One provider's connection as the status screen shows it. */
export const AccountingConnectionDto = z
  .object({
    provider: IntegrationProvider,
    kind: z.enum(IntegrationKinds),
    name: z.string(),
    /** The provider is set up on this server (client id and secret, or the local fake). */
    available: z.boolean(),
    connected: z.boolean(),
    organisationName: z.string().nullable(),
    connectedTime: z.string().nullable(),
    lastSyncTime: z.string().nullable(),
    /** The last failure in words; cleared by the next success. */
    lastError: z.string().nullable(),
    lastErrorTime: z.string().nullable(),
    pushedInvoices: z.number().int(),
    /** E-signature: envelopes sent through this connection. */
    envelopesSent: z.number().int(),
  })
  .meta({ id: 'AccountingConnectionDto' });
export type AccountingConnectionDto = z.infer<typeof AccountingConnectionDto>;

export const AccountingConnectionsDto = z.object({ items: z.array(AccountingConnectionDto) });
export type AccountingConnectionsDto = z.infer<typeof AccountingConnectionsDto>;

export const AccountingAuthorizeDto = z.object({ authorizeUrl: z.string() });
export const AccountingSyncDto = z.object({ queued: z.number().int() });

/** The provider's redirect back after the user approved (or refused) the connection. */
export const AccountingCallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  realmId: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Xero's webhook body: events, or none at all for the intent-to-receive check. */
export const XeroWebhookBody = z.looseObject({
  events: z.array(
    z.looseObject({
      resourceId: z.string().max(100),
      tenantId: z.string().max(100),
      eventCategory: z.string().max(50),
      eventType: z.string().max(50),
    }),
  ),
});

/** QuickBooks' webhook body: entity changes per company (realm). */
export const QuickBooksWebhookBody = z.looseObject({
  eventNotifications: z.array(
    z.looseObject({
      realmId: z.string().max(100),
      dataChangeEvent: z.looseObject({
        entities: z.array(z.looseObject({ name: z.string().max(50), id: z.string().max(100), operation: z.string() })),
      }),
    }),
  ),
});

const ProviderParams = z.object({ provider: IntegrationProvider });
const tags = ['Accounting'];
const BASE = '/api/app/integrations';
// Accounting connections are kept by those who keep the account codes (admin staff, staff, accounting).
const A = Permissions.accountCodes;

/** Connecting a tenant to Xero or QuickBooks, its status, manual sync and the providers' webhooks. */
export const AccountingEndpoints = {
  connections: endpoint({
    method: 'GET',
    path: `${BASE}/accounting`,
    response: AccountingConnectionsDto,
    access: { permission: A.read },
    summary: 'Each accounting provider: connected or not, organisation, last sync and last error',
    tags,
  }),
  connect: endpoint({
    method: 'POST',
    path: `${BASE}/:provider/connect`,
    params: ProviderParams,
    response: AccountingAuthorizeDto,
    access: { permission: A.update },
    summary: "The provider's authorize URL (OAuth 2 authorization code) the user is sent to",
    tags,
  }),
  callback: endpoint({
    method: 'GET',
    path: `${BASE}/:provider/callback`,
    params: ProviderParams,
    query: AccountingCallbackQuery,
    access: { anonymous: true },
    summary: "The provider's redirect: exchanges the code for tokens and returns to the connections screen",
    tags,
  }),
  disconnect: endpoint({
    method: 'POST',
    path: `${BASE}/:provider/disconnect`,
    params: ProviderParams,
    response: AccountingConnectionDto,
    access: { permission: A.update },
    summary: 'Revokes the tokens and forgets them',
    tags,
  }),
  manualSync: endpoint({
    method: 'POST',
    path: `${BASE}/:provider/manualSync`,
    params: ProviderParams,
    response: AccountingSyncDto,
    access: { permission: A.update },
    summary:
      'Accounting: pushes every sent invoice not yet in the provider and pulls payments back; DocuSign: checks the status of every open envelope (in the background)',
    tags,
  }),
  xeroWebhook: endpoint({
    method: 'POST',
    path: `${BASE}/xero/webhook`,
    body: XeroWebhookBody,
    access: { anonymous: true },
    summary: 'Xero webhooks, signed with x-xero-signature (HMAC-SHA256 of the body with the webhook key)',
    tags,
  }),
  quickBooksWebhook: endpoint({
    method: 'POST',
    path: `${BASE}/quickbooks/webhook`,
    body: QuickBooksWebhookBody,
    access: { anonymous: true },
    summary: 'QuickBooks webhooks, signed with intuit-signature (HMAC-SHA256 with the verifier token)',
    tags,
  }),
};
