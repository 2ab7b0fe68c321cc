import { randomUUID } from 'node:crypto';
import type * as RingCentral from '@ringcentral/sdk';
import type { SDK } from '@ringcentral/sdk';
import { ProviderError, type OAuthAdapter, type Session, type Tokens } from '../provider';

/** RingCentral's SDK is loaded with the first call to RingCentral, not at start. */
let sdkModule: Promise<typeof RingCentral> | undefined;
const loadSdk = () => (sdkModule ??= import('@ringcentral/sdk'));

export type RingCentralSettings = {
  clientId: string;
  clientSecret: string;
  /** RingCentral's platform server: /restapi/oauth/* and /restapi/v1.0/* under it. */
  server: string;
  /** The embeddable call widget's page (RingCentral Embeddable's app.html). */
  widgetUrl: string;
};

/** A finished call as the call log tells it. */
export type CallRecord = {
  telephonySessionId: string;
  startTime: string;
  durationSeconds: number;
  direction: 'Inbound' | 'Outbound';
  result: string;
  from: { phoneNumber: string | null; name: string | null };
  to: { phoneNumber: string | null; name: string | null };
};

type RawCall = {
  telephonySessionId?: string;
  startTime?: string;
  duration?: number;
  direction?: 'Inbound' | 'Outbound';
  result?: string;
  from?: { phoneNumber?: string; name?: string };
  to?: { phoneNumber?: string; name?: string };
};

/**
 * RingCentral through its official SDK (`@ringcentral/sdk`), pointed at the configured server: the OAuth
 * authorization code connection (the client's secret, no PKCE), refresh and revoke, the account's name,
 * and the call log read by telephony session id. A fresh SDK per call, holding only that call's tokens.
 */
export class RingCentralAdapter implements OAuthAdapter {
  readonly provider = 'ringcentral' as const;
  readonly pkce = false;

  constructor(
    readonly settings: RingCentralSettings,
    private readonly redirectUri: string,
  ) {}

  async #sdk(tokens?: Tokens): Promise<SDK> {
    const { SDK } = await loadSdk();
    const sdk = new SDK({
      server: this.settings.server,
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      redirectUri: this.redirectUri,
      cachePrefix: `casebook-${randomUUID()}`,
      appName: 'Casebook',
      handleRateLimit: false,
    });
    if (tokens) {
      await sdk
        .platform()
        .auth()
        .setData({
          token_type: 'bearer',
          access_token: tokens.accessToken,
          refresh_token: tokens.refreshToken,
          expire_time: tokens.expiresAt,
          refresh_token_expire_time: Date.now() + 7 * 24 * 3600_000,
        });
    }
    return sdk;
  }

  async #call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async authorizeUrl(state: string): Promise<string> {
    const sdk = await this.#sdk();
    return sdk.platform().loginUrl({ state, redirectUri: this.redirectUri });
  }

  async exchange(callbackUrl: string) {
    const code = new URL(callbackUrl).searchParams.get('code');
    if (!code) throw new ProviderError('no authorization code', 400);
    const sdk = await this.#sdk();
    return this.#call(async () => {
      await sdk.platform().login({ code, redirect_uri: this.redirectUri });
      const tokens = tokensOf(await sdk.platform().auth().data());
      const account = (await (await sdk.platform().get('/restapi/v1.0/account/~')).json()) as {
        id?: string | number;
        name?: string;
        mainNumber?: string;
      };
      return {
        tokens,
        externalTenantId: String(account.id ?? ''),
        organisationName: account.name ?? account.mainNumber ?? `RingCentral account ${account.id}`,
      };
    });
  }

  async refresh(tokens: Tokens): Promise<Tokens> {
    const sdk = await this.#sdk(tokens);
    return this.#call(async () => {
      await sdk.platform().refresh();
      return tokensOf(await sdk.platform().auth().data());
    });
  }

  async revoke(session: Session): Promise<void> {
    const sdk = await this.#sdk(session.tokens);
    await this.#call(() => sdk.platform().logout());
  }

  /** The finished call of a telephony session in the connected extension's call log; undefined while it is not there. */
  async callOf(session: Session, telephonySessionId: string): Promise<CallRecord | undefined> {
    const sdk = await this.#sdk(session.tokens);
    return this.#call(async () => {
      const res = await sdk
        .platform()
        .get('/restapi/v1.0/account/~/extension/~/call-log', { telephonySessionId, view: 'Simple' });
      const { records = [] } = (await res.json()) as { records?: RawCall[] };
      const found = records.find((r) => r.telephonySessionId === telephonySessionId);
      if (!found) return undefined;
      return {
        telephonySessionId,
        startTime: found.startTime ?? new Date().toISOString(),
        durationSeconds: Math.max(0, Math.round(found.duration ?? 0)),
        direction: found.direction === 'Inbound' ? 'Inbound' : 'Outbound',
        result: found.result ?? 'Unknown',
        from: { phoneNumber: found.from?.phoneNumber ?? null, name: found.from?.name ?? null },
        to: { phoneNumber: found.to?.phoneNumber ?? null, name: found.to?.name ?? null },
      };
    });
  }
}

function tokensOf(data: { access_token?: string; refresh_token?: string; expire_time?: number }): Tokens {
  if (!data.access_token) throw new ProviderError('RingCentral gave no access token', 502);
  return {
    accessToken: data.access_token,
    refreshToken: data.refresh_token ?? '',
    expiresAt: data.expire_time ?? Date.now() + 3600_000,
  };
}

/** The SDK's errors carry the response: its status and Retry-After become a ProviderError. */
function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as { response?: Response; message?: string };
  const status = e.response?.status ?? 0;
  const retry = Number(e.response?.headers.get('retry-after'));
  return new ProviderError(e.message ?? String(error), status, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}
