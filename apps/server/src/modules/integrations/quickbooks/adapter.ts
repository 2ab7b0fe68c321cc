import type OAuthClient from 'intuit-oauth';
import type QuickBooks from 'node-quickbooks';
import type { QuickBooksSettings } from '../config';
import { toAmount, toCents } from '../fake-http';
import {
  ProviderError,
  type AccountingAdapter,
  type InvoicePush,
  type ProviderPayment,
  type Session,
  type Tokens,
} from '../provider';

type QbPayment = {
  Id: string;
  TotalAmt: number;
  TxnDate: string;
  Line?: { Amount: number; LinkedTxn?: { TxnId: string; TxnType: string }[] }[];
};

/** node-quickbooks calls back with an axios error, or the Fault body; either way the words and the status. */
function qbError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const e = error as {
    response?: {
      status?: number;
      headers?: Record<string, string>;
      data?: { Fault?: { Error?: { Message?: string; Detail?: string }[] } };
    };
    Fault?: { Error?: { Message?: string; Detail?: string }[] };
    message?: string;
  };
  const fault = e.response?.data?.Fault ?? e.Fault;
  const message = fault?.Error?.[0]?.Detail ?? fault?.Error?.[0]?.Message ?? e.message ?? 'no answer';
  const status = e.response?.status ?? (e.Fault ? 400 : 0);
  const retryAfter = Number(e.response?.headers?.['retry-after']);
  return new ProviderError(message, status, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/** Intuit's SDKs (and the logging library they bring) are loaded with the first call to QuickBooks. */
let sdks: Promise<{ OAuthClient: typeof OAuthClient; QuickBooks: typeof QuickBooks }> | undefined;
const loadSdks = () =>
  (sdks ??= Promise.all([import('intuit-oauth'), import('node-quickbooks')]).then(([oauth, qbo]) => ({
    OAuthClient: oauth.default,
    QuickBooks: qbo.default,
  })));

/**
 * QuickBooks Online through Intuit's SDKs: intuit-oauth for OAuth 2 (its endpoints set with
 * `setAuthorizeURLs`; Intuit offers no PKCE for web apps, so the state alone protects the redirect) and
 * node-quickbooks for the API (its `endpoint` set to the configured API URL). Idempotency is
 * QuickBooks' `requestid`.
 */
export class QuickBooksAdapter implements AccountingAdapter {
  readonly provider = 'quickbooks' as const;
  readonly pkce = false;

  constructor(
    private readonly settings: QuickBooksSettings,
    private readonly redirectUri: string,
  ) {}

  async #oauth(token?: Tokens & { realmId?: string }): Promise<OAuthClient> {
    const { OAuthClient } = await loadSdks();
    const client = new OAuthClient({
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      environment: this.settings.environment,
      redirectUri: this.redirectUri,
      ...(token
        ? {
            token: {
              access_token: token.accessToken,
              refresh_token: token.refreshToken,
              token_type: 'bearer',
              expires_in: Math.max(0, Math.floor((token.expiresAt - Date.now()) / 1000)),
              x_refresh_token_expires_in: 8_726_400,
              realmId: token.realmId,
            },
          }
        : {}),
    });
    client.setAuthorizeURLs({
      authorizeEndpoint: this.settings.authorizeUrl,
      tokenEndpoint: this.settings.tokenUrl,
      revokeEndpoint: this.settings.revokeUrl,
      userInfoEndpoint: '',
    });
    return client;
  }

  async #qbo(session: Session): Promise<QuickBooks> {
    const { QuickBooks } = await loadSdks();
    const qbo = new QuickBooks(
      this.settings.clientId,
      this.settings.clientSecret,
      session.tokens.accessToken,
      '',
      session.externalTenantId,
      this.settings.environment === 'sandbox',
      false,
      '75',
      '2.0',
      session.tokens.refreshToken,
    );
    qbo.endpoint = `${this.settings.apiUrl.replace(/\/$/, '')}/v3/company/`;
    return qbo;
  }

  /** A node-quickbooks call as a promise. */
  async #call<T>(session: Session, fn: (qbo: QuickBooks, done: never) => void): Promise<T> {
    const qbo = await this.#qbo(session);
    return new Promise<T>((resolve, reject) => {
      const done = (err: unknown, body: T) => (err ? reject(qbError(err)) : resolve(body));
      fn(qbo, done as never);
    });
  }

  #tokens(json: { access_token?: string; refresh_token?: string; expires_in?: number }): Tokens {
    if (!json.access_token || !json.refresh_token) throw new ProviderError('no tokens in the answer', 400);
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresAt: Date.now() + (json.expires_in ?? 3600) * 1000,
    };
  }

  async authorizeUrl(state: string): Promise<string> {
    const { OAuthClient } = await loadSdks();
    return (await this.#oauth()).authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
  }

  async exchange(callbackUrl: string) {
    const realmId = new URL(callbackUrl).searchParams.get('realmId');
    if (!realmId) throw new ProviderError('the redirect named no company (realmId)', 400);
    let json;
    try {
      const answer = await (await this.#oauth()).createToken(callbackUrl);
      json = answer.getJson() as { access_token?: string; refresh_token?: string; expires_in?: number; error?: string };
    } catch (error) {
      throw new ProviderError(`the code was not accepted (${(error as Error).message})`, 400);
    }
    if (json.error) throw new ProviderError(`the code was not accepted (${json.error})`, 400);
    const tokens = this.#tokens(json);
    const info = await this.#call<{ CompanyName?: string }>({ tokens, externalTenantId: realmId }, (q, done) =>
      q.getCompanyInfo(realmId, done),
    );
    return { tokens, externalTenantId: realmId, organisationName: info.CompanyName ?? realmId };
  }

  async refresh(tokens: Tokens): Promise<Tokens> {
    try {
      const answer = await (await this.#oauth(tokens)).refreshUsingToken(tokens.refreshToken);
      const json = answer.getJson() as { access_token?: string; refresh_token?: string; expires_in?: number };
      return this.#tokens(json);
    } catch (error) {
      throw new ProviderError(`the refresh token was refused (${(error as Error).message})`, 401);
    }
  }

  async revoke(session: Session): Promise<void> {
    await (
      await this.#oauth(session.tokens)
    )
      .revoke({ refresh_token: session.tokens.refreshToken })
      .catch(() => undefined);
  }

  async upsertContact(session: Session, contact: { name: string; email: string | null }, key: string) {
    const found = await this.#call<{ QueryResponse?: { Customer?: { Id: string }[] } }>(session, (q, done) =>
      q.findCustomers([{ field: 'DisplayName', value: contact.name, operator: '=' }], done),
    ).catch(() => undefined);
    const existing = found?.QueryResponse?.Customer?.[0]?.Id;
    if (existing) return existing;
    const customer = await this.#call<{ Id: string }>(session, (q, done) =>
      q.createCustomer(
        {
          requestId: key,
          DisplayName: contact.name,
          ...(contact.email ? { PrimaryEmailAddr: { Address: contact.email } } : {}),
        },
        done,
      ),
    );
    return customer.Id;
  }

  async createInvoice(session: Session, invoice: InvoicePush, contactId: string, key: string) {
    const created = await this.#call<{ Id: string; DocNumber: string }>(session, (q, done) =>
      q.createInvoice(
        {
          requestId: key,
          DocNumber: invoice.invoiceNo,
          PrivateNote: invoice.caseNo,
          TxnDate: invoice.invoiceDate,
          DueDate: invoice.dueDate,
          CustomerRef: { value: contactId },
          Line: invoice.lines.map((l) => ({
            Amount: toAmount(l.netCents),
            Description: l.accountCode ? `${l.description} [${l.accountCode}]` : l.description,
            DetailType: 'SalesItemLineDetail',
            SalesItemLineDetail: { Qty: 1, UnitPrice: toAmount(l.netCents) },
          })),
          TxnTaxDetail: { TotalTax: toAmount(invoice.lines.reduce((a, l) => a + l.taxCents, 0)) },
        },
        done,
      ),
    );
    return { externalId: created.Id, number: created.DocNumber ?? invoice.invoiceNo };
  }

  async createPayment(
    session: Session,
    payment: { externalInvoiceId: string; contactId: string | null; cents: number; date: string },
    key: string,
  ) {
    const created = await this.#call<{ Id: string }>(session, (q, done) =>
      q.createPayment(
        {
          requestId: key,
          TotalAmt: toAmount(payment.cents),
          TxnDate: payment.date,
          ...(payment.contactId ? { CustomerRef: { value: payment.contactId } } : {}),
          Line: [
            { Amount: toAmount(payment.cents), LinkedTxn: [{ TxnId: payment.externalInvoiceId, TxnType: 'Invoice' }] },
          ],
        },
        done,
      ),
    );
    return created.Id;
  }

  #applied(payment: QbPayment, invoiceId: string): ProviderPayment | undefined {
    const cents = (payment.Line ?? [])
      .filter((l) => l.LinkedTxn?.some((t) => t.TxnType === 'Invoice' && t.TxnId === invoiceId))
      .reduce((a, l) => a + toCents(l.Amount), 0);
    return cents > 0 ? { id: payment.Id, cents, date: payment.TxnDate } : undefined;
  }

  async invoicePayments(session: Session, externalInvoiceId: string): Promise<ProviderPayment[]> {
    const invoice = await this.#call<{ LinkedTxn?: { TxnId: string; TxnType: string }[] }>(session, (q, done) =>
      q.getInvoice(externalInvoiceId, done),
    );
    const out: ProviderPayment[] = [];
    for (const link of (invoice.LinkedTxn ?? []).filter((t) => t.TxnType === 'Payment')) {
      const payment = await this.#call<QbPayment>(session, (q, done) => q.getPayment(link.TxnId, done));
      const applied = this.#applied(payment, externalInvoiceId);
      if (applied) out.push(applied);
    }
    return out;
  }

  async changedInvoices(session: Session, since: Date) {
    const byInvoice = new Map<string, ProviderPayment[]>();
    for (let start = 1; start < 100_000; start += 100) {
      const body = await this.#call<{ QueryResponse?: { Payment?: QbPayment[] } }>(session, (q, done) =>
        q.findPayments(
          `where Metadata.LastUpdatedTime > '${since.toISOString()}' startposition ${start} maxresults 100` as never,
          done,
        ),
      );
      const rows = body.QueryResponse?.Payment ?? [];
      for (const p of rows) {
        for (const line of p.Line ?? []) {
          for (const t of (line.LinkedTxn ?? []).filter((x) => x.TxnType === 'Invoice')) {
            const applied = this.#applied(p, t.TxnId);
            if (applied && !byInvoice.get(t.TxnId)?.some((x) => x.id === p.Id)) {
              byInvoice.set(t.TxnId, [...(byInvoice.get(t.TxnId) ?? []), applied]);
            }
          }
        }
      }
      if (rows.length < 100) break;
    }
    return [...byInvoice].map(([externalInvoiceId, payments]) => ({ externalInvoiceId, payments }));
  }

  async webhookInvoiceIds(session: Session, entity: { name: string; id: string }): Promise<string[]> {
    if (entity.name === 'Invoice') return [entity.id];
    if (entity.name !== 'Payment') return [];
    const payment = await this.#call<QbPayment>(session, (q, done) => q.getPayment(entity.id, done));
    return [
      ...new Set(
        (payment.Line ?? []).flatMap((l) =>
          (l.LinkedTxn ?? []).filter((t) => t.TxnType === 'Invoice').map((t) => t.TxnId),
        ),
      ),
    ];
  }
}
