import { ProviderError } from '../provider';

export type UhgSettings = { clientId: string; clientSecret: string; apiUrl: string };

export type UhgMember = { memberId: string; firstName: string; lastName: string; dateOfBirth: string; active: boolean };
export type UhgRemoteCase = { caseId: string; memberId: string; providerTin: string; status: string };

/**
 * The US health insurer's API (no official SDK): OAuth 2 client credentials, then JSON calls under /api/v1.
 * A token is kept until a minute before it expires.
 */
export class UhgAdapter {
  #token: { value: string; expiresAt: number } | undefined;

  constructor(
    readonly settings: UhgSettings,
    private readonly timeoutMs = 10_000,
  ) {}

  async #accessToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt - 60_000 > Date.now()) return this.#token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.#fetch('/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.#token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  async #fetch(path: string, init: RequestInit): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}${path}`, {
        ...init,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError((error as Error).message, 0);
    }
    if (!res.ok) {
      const text = await res.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // Not JSON: the text as it is.
      }
      const retry = Number(res.headers.get('retry-after'));
      throw new ProviderError(message || res.statusText, res.status, retry > 0 ? retry : undefined);
    }
    return res;
  }

  async #api<T>(method: string, path: string, body?: unknown, key?: string): Promise<T | undefined> {
    const call = async () =>
      this.#fetch(`/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.#accessToken()}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    let res: Response;
    try {
      res = await call();
    } catch (error) {
      // An expired token: one new token, one more try.
      if (!(error instanceof ProviderError) || error.status !== 401) throw error;
      this.#token = undefined;
      res = await call();
    }
    return res.status === 204 ? undefined : ((await res.json()) as T);
  }

  async provider(tin: string): Promise<{ tin: string; name: string }> {
    return (await this.#api<{ tin: string; name: string }>('GET', `/providers/${tin}`))!;
  }

  /** The member, or undefined when the insurer does not know the number. */
  async member(memberId: string): Promise<UhgMember | undefined> {
    try {
      return await this.#api<UhgMember>('GET', `/members/${encodeURIComponent(memberId)}`);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return undefined;
      throw error;
    }
  }

  async openCase(memberId: string, providerTin: string, reference: string, key: string): Promise<UhgRemoteCase> {
    return (await this.#api<UhgRemoteCase>('POST', '/cases', { memberId, providerTin, reference }, key))!;
  }

  async getCase(caseId: string): Promise<UhgRemoteCase | undefined> {
    try {
      return await this.#api<UhgRemoteCase>('GET', `/cases/${encodeURIComponent(caseId)}`);
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return undefined;
      throw error;
    }
  }

  async putAppointment(
    caseId: string,
    appointment: { date: string; time: string | null; reference: string },
    key: string,
  ): Promise<UhgRemoteCase> {
    return (await this.#api<UhgRemoteCase>(
      'PUT',
      `/cases/${encodeURIComponent(caseId)}/appointment`,
      appointment,
      key,
    ))!;
  }

  async sendPaperwork(
    caseId: string,
    paperwork: { reference: string; documents: string[] },
    key: string,
  ): Promise<void> {
    await this.#api('POST', `/cases/${encodeURIComponent(caseId)}/paperwork`, paperwork, key);
  }
}
