import { createHash, createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A parsed request the fakes answer. */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: () => unknown;
  form: () => URLSearchParams;
};

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A failure the next API call answers with; `afterProcessing`: the call takes effect, then fails (a lost answer). */
export type InjectedFailure = {
  status: 500 | 429 | 503;
  retryAfterSeconds?: number;
  afterProcessing?: boolean;
  /** Only a call whose method and path match (e.g. /POST .*\/invoice$/); any call when absent. */
  match?: RegExp;
};

/**
 * The shared part of the providers' fakes: a plain node HTTP server, failures to inject into the next
 * API call, idempotent replays by key, and webhook delivery (optionally twice).
 */
export abstract class FakeProvider {
  #server: http.Server | undefined;
  url = '';
  readonly #failures: InjectedFailure[] = [];
  readonly #replays = new Map<string, FakeAnswer>();
  /** Every API call seen (method, path, idempotency key), for tests. */
  readonly calls: { method: string; path: string; key: string | undefined }[] = [];
  /** Where webhooks go; set by the test or the demo. */
  webhookUrl: string | undefined;
  deliverWebhooksTwice = false;
  readonly codes = new Map<string, { redirectUri: string; challenge: string | undefined; clientId: string }>();
  readonly accessTokens = new Map<string, number>();
  readonly refreshTokens = new Set<string>();

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  async start(port = 0): Promise<this> {
    this.#server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.#server) return;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()));
  }

  /** The next API call fails like this (calls queue up in order). */
  failNext(failure: InjectedFailure): void {
    this.#failures.push(failure);
  }

  /** Whether an API call's bearer token is good: an access token issued and not expired. */
  protected authorized(token: string): boolean {
    const expires = this.accessTokens.get(token);
    return !!expires && expires >= Date.now();
  }

  protected unauthorized(): FakeAnswer {
    return { status: 401, body: { Title: 'Unauthorized', Detail: 'TokenExpired' } };
  }

  protected abstract route(req: FakeRequest): Promise<FakeAnswer> | FakeAnswer;
  /** The idempotency key of a request, if the provider reads one. */
  protected abstract keyOf(req: FakeRequest): string | undefined;
  /** API calls (not OAuth) take injected failures and need a bearer token. */
  protected abstract isApi(path: string): boolean;

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      json: () => (body ? JSON.parse(body) : undefined),
      form: () => new URLSearchParams(body),
    };
    let answer: FakeAnswer;
    try {
      answer = await this.#answer(request);
    } catch (error) {
      answer = { status: 400, body: { message: String((error as Error).message) } };
    }
    const headers = { ...(answer.headers ?? {}) };
    let payload: string | Buffer | undefined;
    if (Buffer.isBuffer(answer.body)) {
      payload = answer.body;
      headers['content-type'] ??= 'application/octet-stream';
    } else if (answer.body !== undefined) {
      payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      headers['content-type'] ??= typeof answer.body === 'string' ? 'text/plain' : 'application/json';
    }
    res.writeHead(answer.status, headers);
    res.end(payload);
  }

  async #answer(req: FakeRequest): Promise<FakeAnswer> {
    if (!this.isApi(req.path)) return this.route(req);
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.authorized(token)) return this.unauthorized();
    const key = this.keyOf(req);
    this.calls.push({ method: req.method, path: req.path, key });
    const at = this.#failures.findIndex((f) => !f.match || f.match.test(`${req.method} ${req.path}`));
    const failure = at >= 0 ? this.#failures.splice(at, 1)[0] : undefined;
    if (failure && !failure.afterProcessing) return this.#failure(failure);
    const replayKey = key ? `${req.method} ${req.path} ${key}` : undefined;
    const replay = replayKey ? this.#replays.get(replayKey) : undefined;
    const answer = replay ?? (await this.route(req));
    if (replayKey && !replay && answer.status < 300) this.#replays.set(replayKey, answer);
    return failure ? this.#failure(failure) : answer;
  }

  #failure(f: InjectedFailure): FakeAnswer {
    return f.status === 429
      ? {
          status: 429,
          body: { Title: 'Too many requests' },
          headers: { 'retry-after': String(f.retryAfterSeconds ?? 1) },
        }
      : { status: f.status, body: { Title: 'An error occurred', Detail: 'Injected failure' } };
  }

  /** Checks the client's Basic credentials on the token endpoint. */
  protected clientOk(req: FakeRequest): boolean {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    return id === this.clientId && secret === this.clientSecret;
  }

  /** An authorization code for an auto-approved authorize request. */
  protected issueCode(clientId: string, redirectUri: string, challenge: string | undefined): string {
    const code = randomUUID();
    this.codes.set(code, { redirectUri, challenge, clientId });
    return code;
  }

  /** The token endpoint: authorization_code (with the PKCE check when a challenge was sent) and refresh_token. */
  protected token(req: FakeRequest, lifetimeSeconds: number): FakeAnswer {
    if (!this.clientOk(req)) return { status: 401, body: { error: 'invalid_client' } };
    const form = req.form();
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code) return { status: 400, body: { error: 'invalid_grant' } };
      this.codes.delete(form.get('code') ?? '');
      if (code.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'invalid_grant' } };
      if (code.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const hashed = createHash('sha256').update(verifier).digest('base64url');
        if (hashed !== code.challenge)
          return { status: 400, body: { error: 'invalid_grant', error_description: 'PKCE' } };
      }
    } else if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (!this.refreshTokens.delete(refresh)) return { status: 400, body: { error: 'invalid_grant' } };
    } else {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    const access = `at-${randomUUID()}`;
    const refresh = `rt-${randomUUID()}`;
    this.accessTokens.set(access, Date.now() + lifetimeSeconds * 1000);
    this.refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        refresh_token: refresh,
        expires_in: lifetimeSeconds,
        token_type: 'Bearer',
        x_refresh_token_expires_in: 8_726_400,
      },
    };
  }

  protected revoke(req: FakeRequest): FakeAnswer {
    if (!this.clientOk(req)) return { status: 401, body: { error: 'invalid_client' } };
    const form = req.form();
    const token = form.get('token') ?? (req.json() as { token?: string } | undefined)?.token ?? '';
    this.refreshTokens.delete(token);
    this.accessTokens.delete(token);
    return { status: 200, body: {} };
  }

  /** Posts a signed webhook (twice when told to); the answers' statuses. */
  protected async deliver(
    body: string,
    header: string,
    secret: string,
    signWith?: string,
    url = this.webhookUrl,
  ): Promise<number[]> {
    if (!url) return [];
    const signature = createHmac('sha256', signWith ?? secret)
      .update(body)
      .digest('base64');
    const statuses: number[] = [];
    for (let i = 0; i < (this.deliverWebhooksTwice ? 2 : 1); i++) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: signature },
        body,
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    return statuses;
  }
}

/** Money in the providers' JSON is a decimal amount of two places; ours is integer cents. */
export const toAmount = (cents: number): number => Number((cents / 100).toFixed(2));
export const toCents = (amount: number | string | undefined): number => Math.round(Number(amount ?? 0) * 100);
