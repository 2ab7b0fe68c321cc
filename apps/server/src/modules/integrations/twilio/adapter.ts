import type Twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { ProviderError } from '../provider';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The number (or messaging service SID, MG…) messages are sent from. */
  from: string;
  /** Twilio's API host (https://api.twilio.com); the local fake's in tests and the demo. */
  apiUrl: string;
};

type TwilioSdk = typeof Twilio;

/**
 * Twilio's SDK (and the HTTP stack it brings) is loaded with the first call to Twilio, not at start: a
 * server without texting, and every start, does without it.
 */
let sdk: Promise<TwilioSdk> | undefined;
const loadSdk = () =>
  (sdk ??= import('twilio').then(
    (m) => (m as unknown as { default?: TwilioSdk }).default ?? (m as unknown as TwilioSdk),
  ));

/** Twilio's HTTP client, with every request sent to the configured API host instead of api.twilio.com. */
function baseUrlClient(twilio: TwilioSdk, apiUrl: string, timeoutMs: number): RequestClient {
  return new (class extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const target = new URL(opts.uri);
      const base = new URL(apiUrl);
      target.protocol = base.protocol;
      target.host = base.host;
      return super.request<TData>({ ...opts, uri: target.toString() });
    }
  })({ timeout: timeoutMs, autoRetry: false });
}

/** Twilio through its official SDK (`twilio`): send a text message, read the account (the health check). */
export class TwilioAdapter {
  #client: Promise<ReturnType<TwilioSdk>> | undefined;

  constructor(
    readonly settings: TwilioSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  #twilio() {
    return (this.#client ??= loadSdk().then((twilio) =>
      twilio(this.settings.accountSid, this.settings.authToken, {
        httpClient: baseUrlClient(twilio, this.settings.apiUrl, this.timeoutMs),
        autoRetry: false,
      }),
    ));
  }

  async send(to: string, body: string, statusCallback?: string): Promise<{ sid: string; status: string }> {
    try {
      const from = this.settings.from;
      const client = await this.#twilio();
      const message = await client.messages.create({
        to,
        body,
        ...(from.startsWith('MG') ? { messagingServiceSid: from } : { from }),
        ...(statusCallback ? { statusCallback } : {}),
      });
      return { sid: message.sid, status: message.status };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  async account(): Promise<{ name: string; status: string }> {
    try {
      const client = await this.#twilio();
      const account = await client.api.v2010.accounts(this.settings.accountSid).fetch();
      return { name: account.friendlyName, status: account.status };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Whether a webhook came from Twilio: its X-Twilio-Signature over our public URL and its form fields. */
  async verify(signature: string | undefined, url: string, params: Record<string, string>): Promise<boolean> {
    if (!signature) return false;
    const twilio = await loadSdk();
    return twilio.validateRequest(this.settings.authToken, signature, url, params);
  }
}

function toProviderError(error: unknown): ProviderError {
  const e = error as { status?: number; code?: number; message?: string; headers?: Record<string, string> };
  const status = typeof e.status === 'number' ? e.status : 0;
  const retry = Number(e.headers?.['retry-after']);
  const message = e.code ? `${e.message ?? 'failed'} (${e.code})` : (e.message ?? String(error));
  return new ProviderError(message, status, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}
