import { FakeProvider, toAmount, toCents, type FakeAnswer, type FakeRequest } from '../fake-http';

type QbCustomer = { Id: string; DisplayName: string; PrimaryEmailAddr?: { Address: string }; SyncToken: string };
type QbInvoice = {
  Id: string;
  DocNumber: string;
  CustomerRef: { value: string };
  Line: unknown[];
  TxnDate?: string;
  DueDate?: string;
  TotalAmt: number;
  Balance: number;
  SyncToken: string;
  LinkedTxn: { TxnId: string; TxnType: 'Payment' }[];
  MetaData: { LastUpdatedTime: string };
};
type QbPayment = {
  Id: string;
  TotalAmt: number;
  TxnDate: string;
  CustomerRef: { value: string };
  Line: { Amount: number; LinkedTxn: { TxnId: string; TxnType: 'Invoice' }[] }[];
  MetaData: { LastUpdatedTime: string };
};

/**
 * A local QuickBooks Online built from Intuit's public API reference, for what Casebook calls: OAuth 2
 * (authorize with auto-approval and realmId, bearer token endpoint with refresh, revoke), companyinfo,
 * customer, invoice, payment and the query endpoint, honouring `requestid` (an identical request id
 * answers the first answer again). Webhooks are signed like Intuit's (intuit-signature: base64
 * HMAC-SHA256 of the body with the verifier token).
 */
export class FakeQuickBooks extends FakeProvider {
  readonly realmId = String(9_130_000_000_000 + Math.floor(Math.random() * 1_000_000));
  companyName = 'Sandbox Company_US_1';
  readonly customers = new Map<string, QbCustomer>();
  readonly invoices = new Map<string, QbInvoice>();
  readonly payments = new Map<string, QbPayment>();
  #ids = 100;

  constructor(
    clientId = 'qb-client',
    clientSecret = 'qb-secret',
    readonly verifierToken = 'qb-verifier-token',
    readonly tokenLifetimeSeconds = 3600,
  ) {
    super(clientId, clientSecret);
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/v3/');
  }

  protected keyOf(req: FakeRequest): string | undefined {
    return req.query.get('requestid') ?? undefined;
  }

  #id(): string {
    return String(++this.#ids);
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { method, path } = req;
    if (method === 'GET' && path === '/connect/oauth2') {
      const q = req.query;
      if (q.get('client_id') !== this.clientId) return { status: 400, body: 'invalid client' };
      const redirect = q.get('redirect_uri') ?? '';
      const code = this.issueCode(this.clientId, redirect, q.get('code_challenge') ?? undefined);
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      to.searchParams.set('realmId', this.realmId);
      return { status: 302, headers: { location: to.toString() } };
    }
    if (method === 'POST' && path === '/oauth2/v1/tokens/bearer') return this.token(req, this.tokenLifetimeSeconds);
    if (method === 'POST' && path === '/v2/oauth2/tokens/revoke') return this.revoke(req);
    const prefix = `/v3/company/${this.realmId}`;
    if (!path.startsWith(prefix)) return { status: 403, body: this.#fault('AuthorizationFault', 'Wrong company') };
    return this.company(req, path.slice(prefix.length));
  }

  #fault(type: string, message: string) {
    return {
      Fault: { Error: [{ Message: message, Detail: message, code: '6000' }], type },
      time: new Date().toISOString(),
    };
  }

  private company(req: FakeRequest, path: string): FakeAnswer {
    const { method } = req;
    const now = new Date().toISOString();
    if (method === 'GET' && path === `/companyinfo/${this.realmId}`) {
      return { status: 200, body: { CompanyInfo: { Id: this.realmId, CompanyName: this.companyName }, time: now } };
    }
    if (method === 'POST' && path === '/customer') {
      const c = req.json() as Partial<QbCustomer>;
      if (!c.DisplayName) return { status: 400, body: this.#fault('ValidationFault', 'DisplayName is required') };
      if ([...this.customers.values()].some((x) => x.DisplayName === c.DisplayName)) {
        return { status: 400, body: this.#fault('ValidationFault', 'Duplicate Name Exists Error') };
      }
      const customer: QbCustomer = { ...c, Id: this.#id(), DisplayName: c.DisplayName, SyncToken: '0' };
      this.customers.set(customer.Id, customer);
      return { status: 200, body: { Customer: customer, time: now } };
    }
    if (method === 'POST' && path === '/invoice') {
      const i = req.json() as {
        CustomerRef?: { value: string };
        Line: { Amount: number }[];
        DocNumber?: string;
        TxnDate?: string;
        DueDate?: string;
        TxnTaxDetail?: { TotalTax?: number };
      };
      if (!i.CustomerRef || !this.customers.has(i.CustomerRef.value)) {
        return { status: 400, body: this.#fault('ValidationFault', 'Invalid Reference Id: CustomerRef') };
      }
      const total = i.Line.reduce((a, l) => a + toCents(l.Amount), 0) + toCents(i.TxnTaxDetail?.TotalTax ?? 0);
      const invoice: QbInvoice = {
        ...(i as object),
        Id: this.#id(),
        DocNumber: i.DocNumber ?? this.#id(),
        CustomerRef: i.CustomerRef,
        Line: i.Line,
        TotalAmt: toAmount(total),
        Balance: toAmount(total),
        SyncToken: '0',
        LinkedTxn: [],
        MetaData: { LastUpdatedTime: now },
      };
      this.invoices.set(invoice.Id, invoice);
      return { status: 200, body: { Invoice: invoice, time: now } };
    }
    const one = /^\/invoice\/(\d+)$/.exec(path);
    if (method === 'GET' && one) {
      const invoice = this.invoices.get(one[1]!);
      return invoice
        ? { status: 200, body: { Invoice: invoice, time: now } }
        : { status: 400, body: this.#fault('ValidationFault', 'Object Not Found') };
    }
    const payment = /^\/payment\/(\d+)$/.exec(path);
    if (method === 'GET' && payment) {
      const found = this.payments.get(payment[1]!);
      return found
        ? { status: 200, body: { Payment: found, time: now } }
        : { status: 400, body: this.#fault('ValidationFault', 'Object Not Found') };
    }
    if (method === 'POST' && path === '/payment') {
      const p = req.json() as {
        TotalAmt: number;
        CustomerRef: { value: string };
        TxnDate?: string;
        Line: { Amount: number; LinkedTxn: { TxnId: string; TxnType: 'Invoice' }[] }[];
      };
      try {
        return {
          status: 200,
          body: { Payment: this.pay(p.Line[0]!.LinkedTxn[0]!.TxnId, toCents(p.TotalAmt), p.TxnDate), time: now },
        };
      } catch (error) {
        return { status: 400, body: this.#fault('ValidationFault', (error as Error).message) };
      }
    }
    if (method === 'GET' && path === '/query') {
      return this.query(req.query.get('query') ?? '');
    }
    return { status: 400, body: this.#fault('ValidationFault', `Unsupported ${method} ${path}`) };
  }

  /** The query endpoint for what Casebook asks: payments or invoices, optionally changed since a time. */
  private query(text: string): FakeAnswer {
    const customer = /^select \* from Customer where DisplayName = '((?:[^'\\]|\\.)*)'/i.exec(text.trim());
    if (customer) {
      const name = customer[1]!.replace(/\\'/g, "'");
      const rows = [...this.customers.values()].filter((c) => c.DisplayName === name);
      return {
        status: 200,
        body: {
          QueryResponse: rows.length ? { Customer: rows, startPosition: 1, maxResults: rows.length } : {},
          time: new Date().toISOString(),
        },
      };
    }
    const m =
      /^select \* from (Payment|Invoice)(?: where Metadata\.LastUpdatedTime > '([^']+)')?(?: startposition (\d+))?(?: maxresults (\d+))?\s*$/i.exec(
        text.trim().replace(/\s+/g, ' '),
      );
    if (!m) return { status: 400, body: this.#fault('QueryValidationError', `Unsupported query: ${text}`) };
    const since = m[2] ? Date.parse(m[2]) : 0;
    const start = Number(m[3] ?? '1');
    const max = Number(m[4] ?? '100');
    const source = m[1]!.toLowerCase() === 'payment' ? [...this.payments.values()] : [...this.invoices.values()];
    const rows = source.filter((r) => Date.parse(r.MetaData.LastUpdatedTime) > since).slice(start - 1, start - 1 + max);
    const name = m[1]!.toLowerCase() === 'payment' ? 'Payment' : 'Invoice';
    return {
      status: 200,
      body: {
        QueryResponse: { [name]: rows, startPosition: start, maxResults: rows.length },
        time: new Date().toISOString(),
      },
    };
  }

  /** Receives a payment against an invoice, as the company's bookkeeper would. */
  pay(invoiceId: string, cents: number, date?: string): QbPayment {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error('Invoice not found');
    if (cents > toCents(invoice.Balance)) throw new Error('The payment is more than the open balance');
    const payment: QbPayment = {
      Id: this.#id(),
      TotalAmt: toAmount(cents),
      TxnDate: date ?? new Date().toISOString().slice(0, 10),
      CustomerRef: invoice.CustomerRef,
      Line: [{ Amount: toAmount(cents), LinkedTxn: [{ TxnId: invoiceId, TxnType: 'Invoice' }] }],
      MetaData: { LastUpdatedTime: new Date().toISOString() },
    };
    this.payments.set(payment.Id, payment);
    invoice.Balance = toAmount(toCents(invoice.Balance) - cents);
    invoice.LinkedTxn.push({ TxnId: payment.Id, TxnType: 'Payment' });
    invoice.MetaData = { LastUpdatedTime: payment.MetaData.LastUpdatedTime };
    return payment;
  }

  /** Pays an invoice's whole balance (by DocNumber or Id) and sends the Payment Create webhook. */
  async markPaid(docNumberOrId: string): Promise<number[]> {
    const invoice =
      this.invoices.get(docNumberOrId) ?? [...this.invoices.values()].find((i) => i.DocNumber === docNumberOrId);
    if (!invoice) throw new Error(`no invoice ${docNumberOrId}`);
    const payment = this.pay(invoice.Id, toCents(invoice.Balance));
    return this.sendEvent('Payment', payment.Id);
  }

  /** The data change webhook for one entity; `signWith` another token sends a wrong signature. */
  sendEvent(name: 'Payment' | 'Invoice', id: string, signWith?: string): Promise<number[]> {
    const body = JSON.stringify({
      eventNotifications: [
        {
          realmId: this.realmId,
          dataChangeEvent: { entities: [{ name, id, operation: 'Create', lastUpdated: new Date().toISOString() }] },
        },
      ],
    });
    return this.deliver(body, 'intuit-signature', this.verifierToken, signWith);
  }
}
