import type { Client } from 'openid-client';
import type * as XeroSdk from 'xero-node';
import type { CurrencyCode, XeroClient } from 'xero-node';
import type { XeroSettings } from '../config';
import { toAmount, toCents } from '../fake-http';
import {
  ProviderError,
  type AccountingAdapter,
  type InvoicePush,
  type ProviderPayment,
  type Session,
  type Tokens,
} from '../provider';

const SCOPES = ['offline_access', 'accounting.transactions', 'accounting.contacts', 'accounting.settings.read'];

/** Xero's SDK is large: loaded when the first call to Xero is made, not when the server starts. */
let xeroSdk: Promise<typeof XeroSdk> | undefined;
const loadXero = () => (xeroSdk ??= import('xero-node'));

/** Xero's SDK rejects with a JSON string of { response: { statusCode, body, headers } }, or an Error. */
function xeroError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  let parsed: { response?: { statusCode?: number; body?: unknown; headers?: Record<string, string> } } | undefined;
  if (typeof error === 'string') {
    try {
      parsed = JSON.parse(error) as typeof parsed;
    } catch {
      parsed = undefined;
    }
  } else if (error && typeof error === 'object' && 'response' in error) {
    parsed = error as typeof parsed;
  }
  const status = parsed?.response?.statusCode ?? 0;
  const retryAfter = Number(parsed?.response?.headers?.['retry-after']);
  const body = parsed?.response?.body as { Detail?: string; Title?: string; Message?: string } | string | undefined;
  const message =
    typeof body === 'string'
      ? body
      : (body?.Detail ?? body?.Message ?? body?.Title ?? (error instanceof Error ? error.message : 'no answer'));
  return new ProviderError(message, status, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/**
 * Xero through its official SDK (xero-node). The SDK discovers its OpenID issuer at a fixed host and
 * builds no PKCE request, so the issuer is discovered at the configured identity URL with openid-client
 * (the SDK's own OAuth library) and given to the SDK as its `openIdClient`; the Accounting API's base
 * path is set on the SDK's `accountingApi`. /connections, which the SDK calls at a fixed host, is called
 * at the configured API URL with the same bearer token.
 */
export class XeroAdapter implements AccountingAdapter {
  readonly provider = 'xero' as const;
  readonly pkce = true;
  #oidc: Promise<Client> | undefined;

  constructor(
    private readonly settings: XeroSettings,
    private readonly redirectUri: string,
    private readonly timeoutMs = 10_000,
  ) {}

  #issuerClient(): Promise<Client> {
    // openid-client (and the got HTTP stack it brings) is loaded with the first call to Xero, not at start.
    this.#oidc ??= import('openid-client')
      .then(({ Issuer }) => Issuer.discover(this.settings.identityUrl))
      .then(
        (issuer) =>
          new issuer.Client({
            client_id: this.settings.clientId,
            client_secret: this.settings.clientSecret,
            redirect_uris: [this.redirectUri],
            response_types: ['code'],
          }),
      )
      .catch((error: unknown) => {
        this.#oidc = undefined;
        throw new ProviderError(`the identity service did not answer (${(error as Error).message})`, 0);
      });
    return this.#oidc;
  }

  async #sdk(tokens: Tokens): Promise<XeroClient> {
    const { XeroClient } = await loadXero();
    const xero = new XeroClient({
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      redirectUris: [this.redirectUri],
      scopes: SCOPES,
      httpTimeout: this.timeoutMs,
    });
    xero.openIdClient = await this.#issuerClient();
    xero.setTokenSet({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expires_at: Math.floor(tokens.expiresAt / 1000),
      token_type: 'Bearer',
    });
    xero.accountingApi.basePath = `${this.settings.apiUrl.replace(/\/$/, '')}/api.xro/2.0`;
    return xero;
  }

  async authorizeUrl(state: string, codeChallenge: string): Promise<string> {
    const client = await this.#issuerClient();
    return client.authorizationUrl({
      redirect_uri: this.redirectUri,
      scope: SCOPES.join(' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async exchange(callbackUrl: string, state: string, codeVerifier: string) {
    const client = await this.#issuerClient();
    const params = client.callbackParams(callbackUrl);
    let set;
    try {
      set = await client.oauthCallback(this.redirectUri, params, { state, code_verifier: codeVerifier });
    } catch (error) {
      throw new ProviderError(`the code was not accepted (${(error as Error).message})`, 400);
    }
    const tokens = this.#tokens(set);
    const connections = (await this.#connections(tokens)) as {
      tenantId: string;
      tenantName: string;
      tenantType: string;
    }[];
    const org = connections.find((c) => c.tenantType === 'ORGANISATION');
    if (!org) throw new ProviderError('no organisation was connected', 400);
    return { tokens, externalTenantId: org.tenantId, organisationName: org.tenantName };
  }

  #tokens(set: { access_token?: string; refresh_token?: string; expires_at?: number }): Tokens {
    if (!set.access_token || !set.refresh_token) throw new ProviderError('no tokens in the answer', 400);
    return {
      accessToken: set.access_token,
      refreshToken: set.refresh_token,
      expiresAt: (set.expires_at ?? Math.floor(Date.now() / 1000) + 1800) * 1000,
    };
  }

  async #connections(tokens: Tokens, method = 'GET', id = ''): Promise<unknown> {
    const res = await fetch(`${this.settings.apiUrl.replace(/\/$/, '')}/connections${id ? `/${id}` : ''}`, {
      method,
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    }).catch((error: unknown) => {
      throw new ProviderError((error as Error).message, 0);
    });
    if (!res.ok) {
      throw new ProviderError(
        `connections answered ${res.status}`,
        res.status,
        Number(res.headers.get('retry-after')) || undefined,
      );
    }
    return res.status === 204 ? null : res.json();
  }

  async refresh(tokens: Tokens): Promise<Tokens> {
    const xero = await this.#sdk(tokens);
    try {
      return this.#tokens(await xero.refreshToken());
    } catch (error) {
      throw new ProviderError(`the refresh token was refused (${(error as Error).message})`, 401);
    }
  }

  async revoke(session: Session): Promise<void> {
    const connections = (await this.#connections(session.tokens)) as { id: string; tenantId: string }[];
    const connection = connections.find((c) => c.tenantId === session.externalTenantId);
    if (connection) await this.#connections(session.tokens, 'DELETE', connection.id);
    const client = await this.#issuerClient();
    await client.revoke(session.tokens.refreshToken, 'refresh_token').catch(() => undefined);
  }

  async #call<T>(session: Session, fn: (xero: XeroClient) => Promise<{ body: T }>): Promise<T> {
    const xero = await this.#sdk(session.tokens);
    try {
      return (await fn(xero)).body;
    } catch (error) {
      throw xeroError(error);
    }
  }

  async upsertContact(session: Session, contact: { name: string; email: string | null }, key: string): Promise<string> {
    const body = await this.#call(session, (x) =>
      x.accountingApi.updateOrCreateContacts(
        session.externalTenantId,
        { contacts: [{ name: contact.name, ...(contact.email ? { emailAddress: contact.email } : {}) }] },
        false,
        key,
      ),
    );
    const id = body.contacts?.[0]?.contactID;
    if (!id) throw new ProviderError('the contact was not saved', 502);
    return id;
  }

  async createInvoice(session: Session, invoice: InvoicePush, contactId: string, key: string) {
    const { Invoice, LineAmountTypes } = await loadXero();
    const body = await this.#call(session, (x) =>
      x.accountingApi.createInvoices(
        session.externalTenantId,
        {
          invoices: [
            {
              type: Invoice.TypeEnum.ACCREC,
              contact: { contactID: contactId },
              invoiceNumber: invoice.invoiceNo,
              reference: invoice.caseNo,
              date: invoice.invoiceDate,
              dueDate: invoice.dueDate,
              currencyCode: invoice.currency as unknown as CurrencyCode,
              status: Invoice.StatusEnum.AUTHORISED,
              lineAmountTypes: LineAmountTypes.Exclusive,
              lineItems: invoice.lines.map((l) => ({
                description: l.description,
                quantity: 1,
                unitAmount: toAmount(l.netCents),
                lineAmount: toAmount(l.netCents),
                taxAmount: toAmount(l.taxCents),
                ...(l.accountCode ? { accountCode: l.accountCode } : {}),
              })),
            },
          ],
        },
        false,
        undefined,
        key,
      ),
    );
    const created = body.invoices?.[0];
    if (!created?.invoiceID) throw new ProviderError('the invoice was not saved', 502);
    return { externalId: created.invoiceID, number: created.invoiceNumber ?? invoice.invoiceNo };
  }

  async createPayment(
    session: Session,
    payment: { externalInvoiceId: string; cents: number; date: string; reference: string },
    key: string,
  ): Promise<string> {
    const body = await this.#call(session, (x) =>
      x.accountingApi.createPayment(
        session.externalTenantId,
        {
          invoice: { invoiceID: payment.externalInvoiceId },
          account: { code: this.settings.paymentAccountCode },
          amount: toAmount(payment.cents),
          date: payment.date,
          reference: payment.reference,
        },
        key,
      ),
    );
    const id = body.payments?.[0]?.paymentID;
    if (!id) throw new ProviderError('the payment was not saved', 502);
    return id;
  }

  #payments(invoice: { payments?: { paymentID?: string; amount?: number; date?: string }[] }): ProviderPayment[] {
    return (invoice.payments ?? [])
      .filter((p) => p.paymentID)
      .map((p) => ({ id: p.paymentID!, cents: toCents(p.amount), date: String(p.date ?? '').slice(0, 10) }));
  }

  async invoicePayments(session: Session, externalInvoiceId: string): Promise<ProviderPayment[]> {
    const body = await this.#call(session, (x) =>
      x.accountingApi.getInvoice(session.externalTenantId, externalInvoiceId),
    );
    const invoice = body.invoices?.[0];
    return invoice ? this.#payments(invoice) : [];
  }

  async changedInvoices(session: Session, since: Date) {
    const out: { externalInvoiceId: string; payments: ProviderPayment[] }[] = [];
    for (let page = 1; page < 1000; page++) {
      const body = await this.#call(session, (x) =>
        x.accountingApi.getInvoices(
          session.externalTenantId,
          since,
          'Type=="ACCREC"',
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          page,
        ),
      );
      const rows = body.invoices ?? [];
      for (const i of rows) if (i.invoiceID) out.push({ externalInvoiceId: i.invoiceID, payments: this.#payments(i) });
      if (rows.length < 100) break;
    }
    return out;
  }

  webhookInvoiceIds(_session: Session, entity: { name: string; id: string }): Promise<string[]> {
    return Promise.resolve(entity.name === 'INVOICE' ? [entity.id] : []);
  }
}
