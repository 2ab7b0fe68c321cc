// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the SDK ships no types: programs that reach this file through app.ts (bench) see the declarations too
/// <reference path="./docusign-esign.d.ts" />
import type docusign from 'docusign-esign';
import type { DocuSignSettings } from '../config';
import { ProviderError, type OAuthAdapter, type Session, type Tokens } from '../provider';

/** DocuSign's SDK is large: loaded when the first envelope call is made, not when the server starts. */
let docuSignSdk: Promise<typeof docusign> | undefined;
const loadDocuSign = () => (docuSignSdk ??= import('docusign-esign').then((m) => m.default));

/** The envelope field that carries our envelope id, so a send repeated after a lost answer finds the first. */
export const ENVELOPE_FIELD = 'casebookEnvelopeId';

export type EnvelopeSend = {
  /** Our envelope row's id (also the idempotency key's subject). */
  localId: string;
  subject: string;
  message: string;
  document: { name: string; pdf: Uint8Array };
  signer: { name: string; email: string };
  /** Where DocuSign Connect posts the envelope's events. */
  webhookUrl: string;
};

export type EnvelopeState = {
  envelopeId: string;
  status: string;
  sentTime: string | null;
  completedTime: string | null;
  statusTime: string | null;
};

/** An axios error of the SDK (or a failed fetch) as a ProviderError: DocuSign's message, status and Retry-After. */
function docuSignError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as {
    response?: { status?: number; headers?: Record<string, string>; data?: unknown };
    message?: string;
  };
  const raw = e.response?.data;
  let data: { message?: string; errorCode?: string } | undefined;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : undefined;
  if (text !== undefined) {
    try {
      data = JSON.parse(text) as { message?: string };
    } catch {
      data = { message: text };
    }
  } else {
    data = raw as { message?: string; errorCode?: string } | undefined;
  }
  const message = data?.message ?? data?.errorCode ?? e.message ?? 'no answer';
  const retryAfter = Number(e.response?.headers?.['retry-after']);
  return new ProviderError(message, e.response?.status ?? 0, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/**
 * DocuSign eSignature: OAuth 2 authorization code grant with PKCE against the account server
 * (/oauth/auth, /oauth/token, /oauth/userinfo for the account id and its base_uri), then the official
 * `docusign-esign` SDK against the account's base_uri for envelopes. The SDK's own OAuth helpers build
 * `https://` URLs to a fixed account host and offer no refresh, so the grant is made with fetch.
 */
export class DocuSignAdapter implements OAuthAdapter {
  readonly provider = 'docusign' as const;
  readonly pkce = true;

  constructor(
    private readonly settings: DocuSignSettings,
    private readonly redirectUri: string,
    private readonly timeoutMs = 30_000,
  ) {}

  get #auth(): string {
    return this.settings.authUrl.replace(/\/$/, '');
  }

  authorizeUrl(state: string, codeChallenge: string): Promise<string> {
    const url = new URL(`${this.#auth}/oauth/auth`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'signature');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return Promise.resolve(url.toString());
  }

  async #token(form: Record<string, string>): Promise<Tokens> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await fetch(`${this.#auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(this.timeoutMs),
    }).catch((error: unknown) => {
      throw new ProviderError((error as Error).message, 0);
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      error?: string;
    };
    if (!res.ok || !json.access_token || !json.refresh_token) {
      throw new ProviderError(json.error ?? `token answer ${res.status}`, res.ok ? 400 : res.status);
    }
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresAt: Date.now() + (json.expires_in ?? 28_800) * 1000,
    };
  }

  async exchange(callbackUrl: string, _state: string, codeVerifier: string) {
    const code = new URL(callbackUrl).searchParams.get('code');
    if (!code) throw new ProviderError('no code in the redirect', 400);
    const tokens = await this.#token({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: this.redirectUri,
    });
    const res = await fetch(`${this.#auth}/oauth/userinfo`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new ProviderError(`userinfo answer ${res.status}`, res.status);
    const info = (await res.json()) as {
      accounts?: { account_id: string; account_name: string; is_default: boolean; base_uri: string }[];
    };
    const account = info.accounts?.find((a) => a.is_default) ?? info.accounts?.[0];
    if (!account) throw new ProviderError('the user has no DocuSign account', 403);
    return {
      tokens,
      externalTenantId: account.account_id,
      organisationName: account.account_name,
      apiBaseUrl: account.base_uri.replace(/\/$/, ''),
    };
  }

  refresh(tokens: Tokens): Promise<Tokens> {
    return this.#token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  }

  /** DocuSign has no revocation endpoint for authorization code grants: the tokens are forgotten here. */
  revoke(_session: Session): Promise<void> {
    return Promise.resolve();
  }

  async #envelopes(session: Session): Promise<InstanceType<typeof docusign.EnvelopesApi>> {
    if (!session.apiBaseUrl) throw new ProviderError('the account has no API address; connect again', 401);
    const docusign = await loadDocuSign();
    const client = new docusign.ApiClient({ basePath: `${session.apiBaseUrl}/restapi` });
    client.addDefaultHeader('Authorization', `Bearer ${session.tokens.accessToken}`);
    client.timeout = this.timeoutMs;
    return new docusign.EnvelopesApi(client);
  }

  async #call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw docuSignError(error);
    }
  }

  /** The envelope already made for our id (a send whose answer was lost), if any. */
  async findEnvelope(session: Session, localId: string, since: Date): Promise<string | null> {
    const api = await this.#envelopes(session);
    const found = await this.#call(() =>
      api.listStatusChanges(session.externalTenantId, {
        fromDate: since.toISOString(),
        customField: `${ENVELOPE_FIELD}=${localId}`,
      }),
    );
    return found.envelopes?.[0]?.envelopeId ?? null;
  }

  /** Creates and sends the envelope: one PDF, one signer signing at the document's /sn1/ anchor, Connect on. */
  async sendEnvelope(session: Session, send: EnvelopeSend): Promise<EnvelopeState> {
    const api = await this.#envelopes(session);
    const summary = await this.#call(() =>
      api.createEnvelope(session.externalTenantId, {
        envelopeDefinition: {
          emailSubject: send.subject,
          emailBlurb: send.message,
          status: 'sent',
          documents: [
            {
              documentId: '1',
              name: send.document.name,
              fileExtension: 'pdf',
              documentBase64: Buffer.from(send.document.pdf).toString('base64'),
            },
          ],
          recipients: {
            signers: [
              {
                recipientId: '1',
                routingOrder: '1',
                name: send.signer.name,
                email: send.signer.email,
                tabs: {
                  signHereTabs: [
                    { anchorString: '/sn1/', anchorUnits: 'pixels', anchorXOffset: '0', anchorYOffset: '0' },
                  ],
                  dateSignedTabs: [
                    { anchorString: '/ds1/', anchorUnits: 'pixels', anchorXOffset: '0', anchorYOffset: '0' },
                  ],
                },
              },
            ],
          },
          customFields: { textCustomFields: [{ name: ENVELOPE_FIELD, value: send.localId, show: 'false' }] },
          eventNotification: {
            url: send.webhookUrl,
            requireAcknowledgment: 'true',
            includeHMAC: 'true',
            loggingEnabled: 'true',
            eventData: { version: 'restv2.1', format: 'json' },
            envelopeEvents: [
              { envelopeEventStatusCode: 'sent' },
              { envelopeEventStatusCode: 'delivered' },
              { envelopeEventStatusCode: 'completed' },
              { envelopeEventStatusCode: 'declined' },
              { envelopeEventStatusCode: 'voided' },
            ],
          },
        },
      }),
    );
    if (!summary.envelopeId) throw new ProviderError('no envelope id in the answer', 400);
    return {
      envelopeId: summary.envelopeId,
      status: summary.status ?? 'sent',
      sentTime: summary.statusDateTime ?? null,
      completedTime: null,
      statusTime: summary.statusDateTime ?? null,
    };
  }

  async envelope(session: Session, envelopeId: string): Promise<EnvelopeState> {
    const api = await this.#envelopes(session);
    const e = await this.#call(() => api.getEnvelope(session.externalTenantId, envelopeId));
    return {
      envelopeId,
      status: e.status ?? 'sent',
      sentTime: e.sentDateTime ?? null,
      completedTime: e.completedDateTime ?? null,
      statusTime: e.statusChangedDateTime ?? null,
    };
  }

  /** The signed documents as one PDF (with the certificate of completion when the account adds it). */
  async signedPdf(session: Session, envelopeId: string): Promise<Buffer> {
    const api = await this.#envelopes(session);
    const bytes = await this.#call(() => api.getDocument(session.externalTenantId, envelopeId, 'combined'));
    return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes as unknown as string, 'binary');
  }
}
