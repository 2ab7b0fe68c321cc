import twilio from 'twilio';
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

/** Twilio's HTTP client, with every request sent to the configured API host instead of api.twilio.com. */
class BaseUrlClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, autoRetry: false });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const target = new URL(opts.uri);
    const base = new URL(this.apiUrl);
    target.protocol = base.protocol;
    target.host = base.host;
    return super.request<TData>({ ...opts, uri: target.toString() });
  }
}

/** Twilio through its official SDK (`twilio`): send a text message, read the account (the health check). */
export class TwilioAdapter {
  readonly #client: twilio.Twilio;

  constructor(
    readonly settings: TwilioSettings,
    timeoutMs = 10_000,
  ) {
    this.#client = twilio(settings.accountSid, settings.authToken, {
      httpClient: new BaseUrlClient(settings.apiUrl, timeoutMs),
      autoRetry: false,
    });
  }

  async send(to: string, body: string, statusCallback?: string): Promise<{ sid: string; status: string }> {
    try {
      const from = this.settings.from;
      const message = await this.#client.messages.create({
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
      const account = await this.#client.api.v2010.accounts(this.settings.accountSid).fetch();
      return { name: account.friendlyName, status: account.status };
    } catch (error) {
      throw toProviderError(error);
    }
  }

  /** Whether a webhook came from Twilio: its X-Twilio-Signature over our public URL and its form fields. */
  verify(signature: string | undefined, url: string, params: Record<string, string>): boolean {
    return Boolean(signature) && twilio.validateRequest(this.settings.authToken, signature!, url, params);
  }
}

function toProviderError(error: unknown): ProviderError {
  const e = error as { status?: number; code?: number; message?: string; headers?: Record<string, string> };
  const status = typeof e.status === 'number' ? e.status : 0;
  const retry = Number(e.headers?.['retry-after']);
  const message = e.code ? `${e.message ?? 'failed'} (${e.code})` : (e.message ?? String(error));
  return new ProviderError(message, status, Number.isFinite(retry) && retry > 0 ? retry : undefined);
}
