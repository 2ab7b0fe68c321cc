import { PMS_REGIONS, PmsProviders, type PmsProvider } from '@casebook/domain';
import type { IntegrationsConfig } from './config';
import type { PmsProviderSettings } from './pms/adapter';
import { startFakePms, type FakePms } from './pms/fake';
import { SecretBox } from './secrets';
import { FakeDocuSign } from './docusign/fake';
import { FakeImapServer } from './imap/fake';
import { FakeQuickBooks } from './quickbooks/fake';
import { FakeRingCentral } from './ringcentral/fake';
import { FakeTwilio } from './twilio/fake';
import { FakeUhg } from './uhg/fake';
import { FakeSendGrid } from './sendgrid/fake';
import { FakeXero } from './xero/fake';

/**
 * INTEGRATIONS=fake: the local Xero, QuickBooks, DocuSign and SendGrid started in this process, the adapters
 * pointed at them, webhooks sent back to this server (DocuSign's to the URL each envelope names); tokens
 * sealed with a key derived for the demo.
 */
export async function startFakeIntegrations(
  publicUrl: string,
  options: { retryDelaySeconds?: number } = {},
): Promise<{
  config: IntegrationsConfig;
  xero: FakeXero;
  quickbooks: FakeQuickBooks;
  docusign: FakeDocuSign;
  sendgrid: FakeSendGrid;
  pms: Record<PmsProvider, FakePms>;
  /** The demo's request mailbox (IMAP), holding one appointment request. */
  imap: FakeImapServer;
  ringcentral: FakeRingCentral;
  twilio: FakeTwilio;
  uhg: FakeUhg;
  close: () => Promise<void>;
}> {
  const xero = await new FakeXero().start();
  const quickbooks = await new FakeQuickBooks().start();
  const docusign = await new FakeDocuSign().start();
  const sendgrid = await new FakeSendGrid().start();
  const pms = await startFakePms();
  seedFakeMatters(pms);
  const imap = await new FakeImapServer().start();
  imap.append(DEMO_REQUEST);
  const ringcentral = await new FakeRingCentral().start();
  const twilio = await new FakeTwilio().start();
  const uhg = await new FakeUhg().start();
  // The demo's tenants enter any key shaped like SendGrid's ("SG.<id>.<secret>").
  sendgrid.acceptAnyKey = true;
  const base = publicUrl.replace(/\/$/, '');
  xero.webhookUrl = `${base}/api/app/integrations/xero/webhook`;
  quickbooks.webhookUrl = `${base}/api/app/integrations/quickbooks/webhook`;
  twilio.webhookUrl = `${base}/api/app/integrations/twilio/webhook`;
  return {
    xero,
    quickbooks,
    docusign,
    sendgrid,
    pms,
    imap,
    ringcentral,
    twilio,
    uhg,
    config: fakeIntegrationsConfig(publicUrl, xero, quickbooks, {
      uhg,
      ...options,
      docusign,
      sendgrid,
      pms,
      ringcentral,
      twilio,
    }),
    close: async () => {
      for (const fake of Object.values(pms)) await fake.close();
      await xero.close();
      await quickbooks.close();
      await docusign.close();
      await sendgrid.close();
      await imap.close();
      await ringcentral.close();
      await twilio.close();
      await uhg.close();
    },
  };
}

/** The adapters' settings for running fakes (tests start their own and pass this to buildApp). */
export function fakeIntegrationsConfig(
  publicUrl: string,
  xero: FakeXero | undefined,
  quickbooks: FakeQuickBooks | undefined,
  options: {
    retryDelaySeconds?: number;
    box?: SecretBox;
    docusign?: FakeDocuSign;
    sendgrid?: FakeSendGrid;
    pms?: Partial<Record<PmsProvider, FakePms>>;
    ringcentral?: FakeRingCentral;
    twilio?: FakeTwilio;
    uhg?: FakeUhg;
  } = {},
): IntegrationsConfig {
  const { docusign, ringcentral, twilio, uhg } = options;
  return {
    ...(options.pms ? { pms: fakePmsSettings(options.pms) } : {}),
    box: options.box ?? SecretBox.derived(publicUrl),
    publicUrl,
    // The fakes answer at once; a timeout here only ever meets a machine too busy to run them in time.
    timeoutMs: 20_000,
    ...(options.retryDelaySeconds !== undefined ? { retryDelaySeconds: options.retryDelaySeconds } : {}),
    ...(options.sendgrid ? { sendgrid: { apiUrl: options.sendgrid.url } } : {}),
    ...(xero
      ? {
          xero: {
            clientId: xero.clientId,
            clientSecret: xero.clientSecret,
            identityUrl: xero.url,
            apiUrl: xero.url,
            webhookKey: xero.webhookKey,
            paymentAccountCode: '090',
          },
        }
      : {}),
    ...(quickbooks
      ? {
          quickbooks: {
            clientId: quickbooks.clientId,
            clientSecret: quickbooks.clientSecret,
            authorizeUrl: `${quickbooks.url}/connect/oauth2`,
            tokenUrl: `${quickbooks.url}/oauth2/v1/tokens/bearer`,
            revokeUrl: `${quickbooks.url}/v2/oauth2/tokens/revoke`,
            apiUrl: quickbooks.url,
            webhookVerifier: quickbooks.verifierToken,
            environment: 'sandbox' as const,
          },
        }
      : {}),
    ...(uhg ? { uhg: { clientId: uhg.clientId, clientSecret: uhg.clientSecret, apiUrl: uhg.url } } : {}),
    ...(twilio
      ? {
          twilio: {
            accountSid: twilio.accountSid,
            authToken: twilio.authToken,
            from: twilio.fromNumber,
            apiUrl: twilio.url,
          },
        }
      : {}),
    ...(ringcentral
      ? {
          ringcentral: {
            clientId: ringcentral.clientId,
            clientSecret: ringcentral.clientSecret,
            server: ringcentral.url,
            widgetUrl: `${ringcentral.url}/embeddable/app.html`,
          },
        }
      : {}),
    ...(docusign
      ? {
          docusign: {
            clientId: docusign.clientId,
            clientSecret: docusign.clientSecret,
            authUrl: docusign.url,
            connectKey: docusign.connectKey,
          },
        }
      : {}),
  };
}

/** The practice-software settings for running fakes: every region of a provider served by its fake. */
export function fakePmsSettings(
  fakes: Partial<Record<PmsProvider, FakePms>>,
): Partial<Record<PmsProvider, PmsProviderSettings>> {
  const settings: Partial<Record<PmsProvider, PmsProviderSettings>> = {};
  for (const provider of PmsProviders) {
    const fake = fakes[provider];
    if (!fake) continue;
    const regions = PMS_REGIONS[provider];
    settings[provider] = {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      baseUrls:
        regions.length > 0
          ? Object.fromEntries(regions.map((r) => [r, fake.baseUrl(r)]))
          : { DEFAULT: fake.baseUrl(null) },
    };
  }
  return settings;
}

/** A few matters in every provider's fake (each region), for the demo. */
function seedFakeMatters(fakes: Record<PmsProvider, FakePms>): void {
  for (const provider of PmsProviders) {
    const regions = PMS_REGIONS[provider];
    for (const region of regions.length > 0 ? regions : [null]) {
      fakes[provider].addMatter(region, { description: 'Claimant v Insurer - personal injury' });
      fakes[provider].addMatter(region, { description: 'Workers compensation claim', status: 'Pending' });
    }
  }
}

/** The appointment request waiting in the demo's mailbox. */
const DEMO_REQUEST = [
  'From: Casey Manager <casey.manager@example.com>',
  'To: bookings@example.com',
  'Subject: IME appointment request - Jane Citizen',
  'Date: Mon, 23 Nov 2026 09:15:00 +1000',
  'Message-ID: <demo-request-1@example.com>',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Please book an independent medical examination.',
  '',
  'Claimant: Jane Citizen',
  'Date of birth: 03/02/1980',
  'Company: Harbour Lawyers',
  'Appointment date: 14/12/2026',
  'Appointment time: 10:30 am',
  '',
].join('\r\n');
