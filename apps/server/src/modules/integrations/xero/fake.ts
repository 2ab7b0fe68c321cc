import { randomUUID } from 'node:crypto';
import { FakeProvider, toAmount, toCents, type FakeAnswer, type FakeRequest } from '../fake-http';

type XeroInvoice = {
  InvoiceID: string;
  InvoiceNumber: string;
  Reference?: string;
  Type: string;
  Status: string;
  Contact: { ContactID: string; Name?: string };
  LineItems: { Quantity: number; UnitAmount: number; TaxAmount?: number; LineAmount?: number }[];
  Date?: string;
  DueDate?: string;
  CurrencyCode?: string;
  Total: number;
  AmountPaid: number;
  AmountDue: number;
  Payments: { PaymentID: string; Amount: number; Date: string }[];
  UpdatedDateUTC: string;
};
type XeroContact = { ContactID: string; Name: string; EmailAddress?: string; UpdatedDateUTC: string };
type XeroPayment = {
  PaymentID: string;
  Invoice: { InvoiceID: string };
  Amount: number;
  Date: string;
  Reference?: string;
};

const PAGE_SIZE = 100;

/**
 * A local Xero built from its public API reference, for what Casebook calls: the OpenID issuer (discovery,
 * authorize with auto-approval and PKCE, token with refresh, revocation), /connections, and the
 * Accounting API's Contacts, Invoices (paged, If-Modified-Since) and Payments, honouring Idempotency-Key.
 * Webhooks are signed like Xero's (x-xero-signature: base64 HMAC-SHA256 of the body with the webhook key).
 */
export class FakeXero extends FakeProvider {
  readonly tenantId = randomUUID();
  readonly connectionId = randomUUID();
  organisationName = 'Demo Company (AU)';
  readonly invoices = new Map<string, XeroInvoice>();
  readonly contacts = new Map<string, XeroContact>();
  readonly payments = new Map<string, XeroPayment>();
  connected = false;
  #sequence = 0;

  constructor(
    clientId = 'xero-client',
    clientSecret = 'xero-secret',
    readonly webhookKey = 'xero-webhook-key',
    /** Access token lifetime (Xero's is 30 minutes). */
    readonly tokenLifetimeSeconds = 1800,
  ) {
    super(clientId, clientSecret);
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/api.xro/') || path.startsWith('/connections');
  }

  protected keyOf(req: FakeRequest): string | undefined {
    const key = req.headers['idempotency-key'];
    return typeof key === 'string' ? key : undefined;
  }

  protected route(req: FakeRequest): FakeAnswer {
    const { method, path } = req;
    if (method === 'GET' && path === '/.well-known/openid-configuration') {
      return {
        status: 200,
        body: {
          issuer: this.url,
          authorization_endpoint: `${this.url}/identity/connect/authorize`,
          token_endpoint: `${this.url}/connect/token`,
          revocation_endpoint: `${this.url}/connect/revocation`,
          jwks_uri: `${this.url}/.well-known/openid-configuration/jwks`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        },
      };
    }
    if (method === 'GET' && path === '/identity/connect/authorize') {
      const q = req.query;
      if (q.get('client_id') !== this.clientId) return { status: 400, body: 'unauthorized_client' };
      const redirect = q.get('redirect_uri') ?? '';
      const code = this.issueCode(this.clientId, redirect, q.get('code_challenge') ?? undefined);
      this.connected = true;
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      to.searchParams.set('scope', q.get('scope') ?? '');
      return { status: 302, headers: { location: to.toString() } };
    }
    if (method === 'POST' && path === '/connect/token') return this.token(req, this.tokenLifetimeSeconds);
    if (method === 'POST' && path === '/connect/revocation') return this.revoke(req);
    if (method === 'GET' && path === '/connections') {
      return {
        status: 200,
        body: this.connected
          ? [
              {
                id: this.connectionId,
                tenantId: this.tenantId,
                tenantType: 'ORGANISATION',
                tenantName: this.organisationName,
                createdDateUtc: new Date().toISOString(),
                updatedDateUtc: new Date().toISOString(),
              },
            ]
          : [],
      };
    }
    if (method === 'DELETE' && path === `/connections/${this.connectionId}`) {
      this.connected = false;
      return { status: 204 };
    }
    if (path.startsWith('/api.xro/2.0/')) {
      if (req.headers['xero-tenant-id'] !== this.tenantId || !this.connected) {
        return {
          status: 403,
          body: { Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthenticationUnsuccessful' },
        };
      }
      return this.accounting(req, path.slice('/api.xro/2.0'.length));
    }
    return { status: 404, body: { Title: 'Not found' } };
  }

  #stamp(): string {
    // Strictly increasing, so If-Modified-Since sees every change.
    this.#sequence = Math.max(Date.now(), this.#sequence + 1);
    return new Date(this.#sequence).toISOString();
  }

  private accounting(req: FakeRequest, path: string): FakeAnswer {
    const { method } = req;
    if (path === '/Organisation' && method === 'GET') {
      return { status: 200, body: { Organisations: [{ OrganisationID: this.tenantId, Name: this.organisationName }] } };
    }
    if (path === '/Contacts' && (method === 'PUT' || method === 'POST')) {
      const { Contacts } = req.json() as { Contacts: Partial<XeroContact>[] };
      const out = Contacts.map((c) => {
        if (!c.Name) throw new Error('A contact needs a Name');
        const existing = c.ContactID
          ? this.contacts.get(c.ContactID)
          : [...this.contacts.values()].find((x) => x.Name === c.Name);
        const contact: XeroContact = {
          ...(existing ?? {}),
          ...c,
          ContactID: existing?.ContactID ?? randomUUID(),
          Name: c.Name,
          UpdatedDateUTC: this.#stamp(),
        };
        this.contacts.set(contact.ContactID, contact);
        return contact;
      });
      return { status: 200, body: { Contacts: out } };
    }
    if (path === '/Invoices' && (method === 'PUT' || method === 'POST')) {
      const { Invoices } = req.json() as {
        Invoices: (Partial<XeroInvoice> & {
          LineItems: { Quantity: number; UnitAmount: number; TaxAmount?: number; LineAmount?: number }[];
        })[];
      };
      const out = Invoices.map((i) => {
        if (!i.Contact?.ContactID || !this.contacts.has(i.Contact.ContactID)) throw new Error('Contact not found');
        const existing = i.InvoiceID ? this.invoices.get(i.InvoiceID) : undefined;
        const total =
          (i as { Total?: number }).Total ??
          i.LineItems.reduce((a, l) => a + (l.LineAmount ?? l.Quantity * l.UnitAmount) + (l.TaxAmount ?? 0), 0);
        const paid = existing?.AmountPaid ?? 0;
        const invoice: XeroInvoice = {
          ...(existing ?? {}),
          ...(i as XeroInvoice),
          InvoiceID: existing?.InvoiceID ?? randomUUID(),
          InvoiceNumber: i.InvoiceNumber ?? existing?.InvoiceNumber ?? `INV-${this.invoices.size + 1}`,
          Status: i.Status ?? existing?.Status ?? 'DRAFT',
          Total: toAmount(toCents(total)),
          AmountPaid: paid,
          AmountDue: toAmount(toCents(total) - toCents(paid)),
          Payments: existing?.Payments ?? [],
          UpdatedDateUTC: this.#stamp(),
        };
        this.invoices.set(invoice.InvoiceID, invoice);
        return invoice;
      });
      return { status: 200, body: { Invoices: out } };
    }
    const one = /^\/Invoices\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const invoice = this.invoices.get(one[1]!) ?? [...this.invoices.values()].find((i) => i.InvoiceNumber === one[1]);
      return invoice ? { status: 200, body: { Invoices: [invoice] } } : { status: 404, body: { Title: 'Not found' } };
    }
    if (path === '/Invoices' && method === 'GET') {
      const since = req.headers['if-modified-since'];
      const after = since ? Date.parse(String(since)) : 0;
      const page = Number(req.query.get('page') ?? '1');
      const ids = req.query.get('IDs')?.split(',');
      const all = [...this.invoices.values()]
        .filter((i) => Date.parse(i.UpdatedDateUTC) > after)
        .filter((i) => !ids || ids.includes(i.InvoiceID))
        .sort((a, b) => a.UpdatedDateUTC.localeCompare(b.UpdatedDateUTC));
      return { status: 200, body: { Invoices: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) } };
    }
    if (path === '/Payments' && (method === 'PUT' || method === 'POST')) {
      const { Payments } = req.json() as {
        Payments: {
          Invoice: { InvoiceID: string };
          Account: { Code: string };
          Amount: number;
          Date: string;
          Reference?: string;
        }[];
      };
      const out = Payments.map((p) => this.pay(p.Invoice.InvoiceID, toCents(p.Amount), p.Date, p.Reference));
      return { status: 200, body: { Payments: out } };
    }
    if (path === '/Payments' && method === 'GET') {
      return { status: 200, body: { Payments: [...this.payments.values()] } };
    }
    return { status: 404, body: { Title: 'Not found' } };
  }

  /** Records a payment against an invoice, as a bookkeeper would in Xero. */
  pay(invoiceId: string, cents: number, date: string, reference?: string): XeroPayment {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error('Invoice not found');
    if (invoice.Status !== 'AUTHORISED') throw new Error('Payments can only be made against AUTHORISED invoices');
    const due = toCents(invoice.AmountDue);
    if (cents > due) throw new Error('Payment amount exceeds the amount outstanding on this document');
    const payment: XeroPayment = {
      PaymentID: randomUUID(),
      Invoice: { InvoiceID: invoiceId },
      Amount: toAmount(cents),
      Date: date,
      ...(reference ? { Reference: reference } : {}),
    };
    this.payments.set(payment.PaymentID, payment);
    invoice.Payments.push({ PaymentID: payment.PaymentID, Amount: payment.Amount, Date: date });
    invoice.AmountPaid = toAmount(toCents(invoice.AmountPaid) + cents);
    invoice.AmountDue = toAmount(due - cents);
    if (toCents(invoice.AmountDue) === 0) invoice.Status = 'PAID';
    invoice.UpdatedDateUTC = this.#stamp();
    return payment;
  }

  /** Marks an invoice paid in full (by its number or id) and sends the INVOICE UPDATE webhook. */
  async markPaid(numberOrId: string): Promise<number[]> {
    const invoice =
      this.invoices.get(numberOrId) ?? [...this.invoices.values()].find((i) => i.InvoiceNumber === numberOrId);
    if (!invoice) throw new Error(`no invoice ${numberOrId}`);
    this.pay(invoice.InvoiceID, toCents(invoice.AmountDue), new Date().toISOString().slice(0, 10));
    return this.sendInvoiceEvent(invoice.InvoiceID);
  }

  /** Sends Xero's webhook for an invoice change; `signWith` another key sends a wrong signature. */
  sendInvoiceEvent(invoiceId: string, signWith?: string): Promise<number[]> {
    const body = JSON.stringify({
      events: [
        {
          resourceUrl: `${this.url}/api.xro/2.0/Invoices/${invoiceId}`,
          resourceId: invoiceId,
          eventDateUtc: new Date().toISOString(),
          eventType: 'UPDATE',
          eventCategory: 'INVOICE',
          tenantId: this.tenantId,
          tenantType: 'ORGANISATION',
        },
      ],
      firstEventSequence: 1,
      lastEventSequence: 1,
      entropy: randomUUID(),
    });
    return this.deliver(body, 'x-xero-signature', this.webhookKey, signWith);
  }

  /** Xero's intent-to-receive check: an empty event list, signed correctly or not. */
  intentToReceive(signWith?: string): Promise<number[]> {
    const body = JSON.stringify({ events: [], firstEventSequence: 0, lastEventSequence: 0, entropy: randomUUID() });
    return this.deliver(body, 'x-xero-signature', this.webhookKey, signWith);
  }
}
