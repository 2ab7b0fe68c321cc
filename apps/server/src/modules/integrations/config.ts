import { z } from 'zod';
import { PmsProviders, type PmsProvider } from '@casebook/domain';
import type { PmsProviderSettings } from './pms/adapter';
import type { SendGridSettings } from './sendgrid/adapter';
import type { RingCentralSettings } from './ringcentral/adapter';
import { SecretBox } from './secrets';
import type { TwilioSettings } from './twilio/adapter';
import type { UhgSettings } from './uhg/adapter';

/** Where each provider is and who we are to it; absent: the provider is not offered. */
export type XeroSettings = {
  clientId: string;
  clientSecret: string;
  /** OpenID issuer (its discovery document names the authorize, token and revocation endpoints). */
  identityUrl: string;
  /** API host: /connections and /api.xro/2.0 under it. */
  apiUrl: string;
  webhookKey: string;
  /** The account payments are recorded to in Xero (a bank account's code). */
  paymentAccountCode: string;
};

export type QuickBooksSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** API host: /v3/company/{realmId}/... under it. */
  apiUrl: string;
  webhookVerifier: string;
  environment: 'sandbox' | 'production';
};

export type DocuSignSettings = {
  /** The integration key and its secret (authorization code grant). */
  clientId: string;
  clientSecret: string;
  /** DocuSign's account server: /oauth/auth, /oauth/token and /oauth/userinfo under it. */
  authUrl: string;
  /** The Connect HMAC key: X-DocuSign-Signature-1 is the base64 HMAC-SHA256 of the body with it. */
  connectKey: string;
};

export type IntegrationsConfig = {
  box: SecretBox;
  /** The server's own public URL: callbacks come back to it. */
  publicUrl: string;
  xero?: XeroSettings;
  quickbooks?: QuickBooksSettings;
  /** The e-mail delivery provider of marketing campaigns; each tenant keeps its own API key (sealed). */
  sendgrid?: SendGridSettings;
  docusign?: DocuSignSettings;
  /** Practice software (Clio, LEAP, Practice Evolve, Actionstep, Smokeball); each law firm connects its own account. */
  pms?: Partial<Record<PmsProvider, PmsProviderSettings>>;
  /** Telephony: the OAuth client, the platform server and the embeddable widget's page. */
  ringcentral?: RingCentralSettings;
  /** Text messages: the server's Twilio account and the number they are sent from. */
  twilio?: TwilioSettings;
  /** The US health insurer's API (client credentials). */
  uhg?: UhgSettings;
  /** Call timeout (ms). */
  timeoutMs?: number;
  /** First retry delay of a failed push (seconds; doubled each time). */
  retryDelaySeconds?: number;
};

const Env = z.object({
  INTEGRATIONS: z.enum(['real', 'fake', 'off']).default('real'),
  INTEGRATIONS_KEY: z.string().optional(),
  INTEGRATIONS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  XERO_CLIENT_ID: z.string().optional(),
  XERO_CLIENT_SECRET: z.string().optional(),
  XERO_IDENTITY_URL: z.url().default('https://identity.xero.com'),
  XERO_API_URL: z.url().default('https://api.xero.com'),
  XERO_WEBHOOK_KEY: z.string().optional(),
  XERO_PAYMENT_ACCOUNT_CODE: z.string().default('090'),
  QUICKBOOKS_CLIENT_ID: z.string().optional(),
  QUICKBOOKS_CLIENT_SECRET: z.string().optional(),
  QUICKBOOKS_AUTHORIZE_URL: z.url().default('https://appcenter.intuit.com/connect/oauth2'),
  QUICKBOOKS_TOKEN_URL: z.url().default('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer'),
  QUICKBOOKS_REVOKE_URL: z.url().default('https://developer.api.intuit.com/v2/oauth2/tokens/revoke'),
  QUICKBOOKS_API_URL: z.url().default('https://quickbooks.api.intuit.com'),
  QUICKBOOKS_WEBHOOK_VERIFIER: z.string().optional(),
  QUICKBOOKS_ENVIRONMENT: z.enum(['sandbox', 'production']).default('production'),
  SENDGRID_API_URL: z.url().default('https://api.sendgrid.com'),
  DOCUSIGN_CLIENT_ID: z.string().optional(),
  DOCUSIGN_CLIENT_SECRET: z.string().optional(),
  DOCUSIGN_AUTH_URL: z.url().default('https://account.docusign.com'),
  DOCUSIGN_CONNECT_KEY: z.string().optional(),
  ...Object.fromEntries(
    PmsProviders.flatMap((p) => {
      const name = pmsEnvName(p);
      return [
        [`${name}_CLIENT_ID`, z.string().optional()],
        [`${name}_CLIENT_SECRET`, z.string().optional()],
        [`${name}_BASE_URLS`, z.string().optional()],
      ];
    }),
  ),
  RINGCENTRAL_CLIENT_ID: z.string().optional(),
  RINGCENTRAL_CLIENT_SECRET: z.string().optional(),
  RINGCENTRAL_SERVER: z.url().default('https://platform.ringcentral.com'),
  RINGCENTRAL_WIDGET_URL: z
    .url()
    .default('https://apps.ringcentral.com/integration/ringcentral-embeddable/latest/app.html'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  UHG_CLIENT_ID: z.string().optional(),
  UHG_CLIENT_SECRET: z.string().optional(),
  UHG_API_URL: z.url().optional(),
});

/** CLIO, LEAP, PRACTICE_EVOLVE, ACTIONSTEP, SMOKEBALL: the prefix of a practice software's settings. */
function pmsEnvName(p: PmsProvider): string {
  return p.replace('-', '_').toUpperCase();
}

/** Clio's regional services (its API and OAuth on the same host). */
const CLIO_BASE_URLS =
  'US=https://app.clio.com,EU=https://eu.app.clio.com,CA=https://ca.app.clio.com,AU=https://au.app.clio.com';

/**
 * The practice software set up by the environment: `<NAME>_CLIENT_ID`, `<NAME>_CLIENT_SECRET` and
 * `<NAME>_BASE_URLS` ("AU=https://…,US=https://…" per region, or one URL for a provider without regions).
 */
function pmsSettings(e: Record<string, unknown>): Partial<Record<PmsProvider, PmsProviderSettings>> {
  const out: Partial<Record<PmsProvider, PmsProviderSettings>> = {};
  for (const p of PmsProviders) {
    const name = pmsEnvName(p);
    const clientId = e[`${name}_CLIENT_ID`] as string | undefined;
    const clientSecret = e[`${name}_CLIENT_SECRET`] as string | undefined;
    const urls = (e[`${name}_BASE_URLS`] as string | undefined) ?? (p === 'clio' ? CLIO_BASE_URLS : undefined);
    if (!clientId || !clientSecret || !urls) continue;
    const baseUrls: PmsProviderSettings['baseUrls'] = {};
    for (const part of urls.split(',')) {
      const [region, url] = part.includes('=') ? part.split('=') : ['DEFAULT', part];
      baseUrls[region!.trim() as keyof typeof baseUrls] = url!.trim();
    }
    out[p] = { clientId, clientSecret, baseUrls };
  }
  return out;
}

export type IntegrationsEnv = z.infer<typeof Env>;

/** Reads the providers' settings; a real provider needs INTEGRATIONS_KEY (start-up stops without it). */
export function readIntegrationsEnv(env: NodeJS.ProcessEnv): IntegrationsEnv {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The settings of the real providers named in the environment. */
export function integrationsConfig(e: IntegrationsEnv, publicUrl: string): IntegrationsConfig | undefined {
  if (e.INTEGRATIONS === 'off') return undefined;
  const xero: XeroSettings | undefined =
    e.XERO_CLIENT_ID && e.XERO_CLIENT_SECRET
      ? {
          clientId: e.XERO_CLIENT_ID,
          clientSecret: e.XERO_CLIENT_SECRET,
          identityUrl: e.XERO_IDENTITY_URL,
          apiUrl: e.XERO_API_URL,
          webhookKey: e.XERO_WEBHOOK_KEY ?? '',
          paymentAccountCode: e.XERO_PAYMENT_ACCOUNT_CODE,
        }
      : undefined;
  const quickbooks: QuickBooksSettings | undefined =
    e.QUICKBOOKS_CLIENT_ID && e.QUICKBOOKS_CLIENT_SECRET
      ? {
          clientId: e.QUICKBOOKS_CLIENT_ID,
          clientSecret: e.QUICKBOOKS_CLIENT_SECRET,
          authorizeUrl: e.QUICKBOOKS_AUTHORIZE_URL,
          tokenUrl: e.QUICKBOOKS_TOKEN_URL,
          revokeUrl: e.QUICKBOOKS_REVOKE_URL,
          apiUrl: e.QUICKBOOKS_API_URL,
          webhookVerifier: e.QUICKBOOKS_WEBHOOK_VERIFIER ?? '',
          environment: e.QUICKBOOKS_ENVIRONMENT,
        }
      : undefined;
  const docusign: DocuSignSettings | undefined =
    e.DOCUSIGN_CLIENT_ID && e.DOCUSIGN_CLIENT_SECRET
      ? {
          clientId: e.DOCUSIGN_CLIENT_ID,
          clientSecret: e.DOCUSIGN_CLIENT_SECRET,
          authUrl: e.DOCUSIGN_AUTH_URL,
          connectKey: e.DOCUSIGN_CONNECT_KEY ?? '',
        }
      : undefined;
  const pms = pmsSettings(e);
  const ringcentral: RingCentralSettings | undefined =
    e.RINGCENTRAL_CLIENT_ID && e.RINGCENTRAL_CLIENT_SECRET
      ? {
          clientId: e.RINGCENTRAL_CLIENT_ID,
          clientSecret: e.RINGCENTRAL_CLIENT_SECRET,
          server: e.RINGCENTRAL_SERVER,
          widgetUrl: e.RINGCENTRAL_WIDGET_URL,
        }
      : undefined;
  const twilio: TwilioSettings | undefined =
    e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN,
          from: e.TWILIO_FROM,
          apiUrl: e.TWILIO_API_URL,
        }
      : undefined;
  const uhg: UhgSettings | undefined =
    e.UHG_CLIENT_ID && e.UHG_CLIENT_SECRET && e.UHG_API_URL
      ? { clientId: e.UHG_CLIENT_ID, clientSecret: e.UHG_CLIENT_SECRET, apiUrl: e.UHG_API_URL }
      : undefined;
  if (
    !xero &&
    !quickbooks &&
    !docusign &&
    Object.keys(pms).length === 0 &&
    !ringcentral &&
    !twilio &&
    !uhg &&
    !e.INTEGRATIONS_KEY
  )
    return undefined;
  if (!e.INTEGRATIONS_KEY) {
    throw new Error(
      'Invalid configuration:\n  INTEGRATIONS_KEY: required when XERO_*, QUICKBOOKS_*, DOCUSIGN_*, RINGCENTRAL_*, TWILIO_*, UHG_* or practice-software settings are set',
    );
  }
  return {
    box: SecretBox.fromConfig(e.INTEGRATIONS_KEY),
    publicUrl,
    retryDelaySeconds: e.INTEGRATIONS_RETRY_DELAY_SECONDS,
    // SendGrid needs no server credentials: tenants enter their own API keys, sealed with INTEGRATIONS_KEY.
    sendgrid: { apiUrl: e.SENDGRID_API_URL },
    ...(xero ? { xero } : {}),
    ...(quickbooks ? { quickbooks } : {}),
    ...(docusign ? { docusign } : {}),
    ...(Object.keys(pms).length > 0 ? { pms } : {}),
    ...(ringcentral ? { ringcentral } : {}),
    ...(twilio ? { twilio } : {}),
    ...(uhg ? { uhg } : {}),
  };
}
