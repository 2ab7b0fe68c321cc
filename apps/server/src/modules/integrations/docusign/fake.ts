import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { FakeProvider, type FakeAnswer, type FakeRequest } from '../fake-http';

type FakeEnvelope = {
  envelopeId: string;
  accountId: string;
  status: 'sent' | 'delivered' | 'completed' | 'declined' | 'voided';
  emailSubject: string;
  documents: { documentId: string; name: string; pdf: Buffer }[];
  signers: { recipientId: string; name: string; email: string }[];
  customFields: { name: string; value: string }[];
  eventNotification?: { url?: string; includeHMAC?: string; envelopeEvents?: { envelopeEventStatusCode: string }[] };
  createdDateTime: string;
  sentDateTime: string;
  completedDateTime?: string;
  statusChangedDateTime: string;
  signed?: Buffer;
};

type EnvelopeDefinition = {
  emailSubject?: string;
  status?: string;
  documents?: { documentId?: string; name?: string; documentBase64?: string }[];
  recipients?: { signers?: { recipientId?: string; name?: string; email?: string }[] };
  customFields?: { textCustomFields?: { name?: string; value?: string }[] };
  eventNotification?: FakeEnvelope['eventNotification'];
};

const ENVELOPES = /^\/restapi\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+)(?:\/documents\/([^/]+))?)?$/;

/**
 * A local DocuSign built from the eSignature REST API reference, for what Casebook calls: the account
 * server's authorization code grant (auto-approving /oauth/auth with PKCE, /oauth/token, /oauth/userinfo
 * naming the account and its base_uri), and under /restapi/v2.1/accounts/{accountId}: create an envelope
 * (documents, signers, custom fields, eventNotification), get it, list status changes (from_date,
 * custom_field) and get its combined document as a PDF. `sign()` completes an envelope the way the signer
 * would and posts the Connect message (JSON, X-DocuSign-Signature-1: base64 HMAC-SHA256 of the body with
 * the Connect key) to the envelope's eventNotification URL. Failures (429 with Retry-After) can be injected.
 */
export class FakeDocuSign extends FakeProvider {
  readonly accountId = randomUUID();
  readonly userId = randomUUID();
  accountName = 'Casebook Demo Account';
  readonly envelopes = new Map<string, FakeEnvelope>();

  constructor(
    clientId = 'docusign-integration-key',
    clientSecret = 'docusign-secret',
    readonly connectKey = 'docusign-connect-key',
    /** Access token lifetime (DocuSign's is eight hours). */
    readonly tokenLifetimeSeconds = 28_800,
  ) {
    super(clientId, clientSecret);
  }

  protected isApi(path: string): boolean {
    return path.startsWith('/restapi/') || path === '/oauth/userinfo';
  }

  protected keyOf(): string | undefined {
    return undefined;
  }

  protected async route(req: FakeRequest): Promise<FakeAnswer> {
    const { method, path } = req;
    if (method === 'GET' && path === '/oauth/auth') {
      const q = req.query;
      if (q.get('client_id') !== this.clientId || q.get('response_type') !== 'code')
        return { status: 400, body: { error: 'invalid_request' } };
      const redirect = q.get('redirect_uri') ?? '';
      const code = this.issueCode(this.clientId, redirect, q.get('code_challenge') ?? undefined);
      const to = new URL(redirect);
      to.searchParams.set('code', code);
      if (q.get('state')) to.searchParams.set('state', q.get('state')!);
      return { status: 302, headers: { location: to.toString() } };
    }
    if (method === 'POST' && path === '/oauth/token') return this.token(req, this.tokenLifetimeSeconds);
    if (method === 'GET' && path === '/oauth/userinfo') {
      return {
        status: 200,
        body: {
          sub: this.userId,
          name: 'Demo Sender',
          email: 'sender@casebook.test',
          accounts: [
            { account_id: this.accountId, is_default: true, account_name: this.accountName, base_uri: this.url },
          ],
        },
      };
    }
    const m = ENVELOPES.exec(path);
    if (!m) return { status: 404, body: { errorCode: 'NOT_FOUND', message: `No route ${method} ${path}` } };
    const [, accountId, envelopeId, documentId] = m;
    if (accountId !== this.accountId)
      return { status: 400, body: { errorCode: 'INVALID_ACCOUNT_ID', message: 'Invalid account ID.' } };
    if (method === 'POST' && !envelopeId) return this.#create(accountId, req.json() as EnvelopeDefinition);
    if (method === 'GET' && !envelopeId) return this.#list(req.query);
    const envelope = this.envelopes.get(envelopeId ?? '');
    if (!envelope)
      return { status: 404, body: { errorCode: 'ENVELOPE_DOES_NOT_EXIST', message: 'The envelope does not exist.' } };
    if (method === 'GET' && !documentId) return { status: 200, body: this.#summary(envelope) };
    if (method === 'GET' && documentId === 'combined') {
      return {
        status: 200,
        body: envelope.signed ?? (await this.#combined(envelope)),
        headers: { 'content-type': 'application/pdf' },
      };
    }
    return { status: 404, body: { errorCode: 'NOT_FOUND', message: 'Not found.' } };
  }

  #create(accountId: string, d: EnvelopeDefinition): FakeAnswer {
    const documents = (d.documents ?? []).map((doc, i) => ({
      documentId: doc.documentId ?? String(i + 1),
      name: doc.name ?? 'Document',
      pdf: Buffer.from(doc.documentBase64 ?? '', 'base64'),
    }));
    const signers = (d.recipients?.signers ?? []).map((s, i) => ({
      recipientId: s.recipientId ?? String(i + 1),
      name: s.name ?? '',
      email: s.email ?? '',
    }));
    if (!documents.length || documents.some((doc) => !doc.pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))))
      return { status: 400, body: { errorCode: 'INVALID_REQUEST_BODY', message: 'A PDF document is required.' } };
    if (!signers.length || signers.some((s) => !s.name || !/^[^@\s]+@[^@\s]+$/.test(s.email)))
      return {
        status: 400,
        body: { errorCode: 'INVALID_EMAIL_ADDRESS_FOR_RECIPIENT', message: 'A signer needs a name and an e-mail.' },
      };
    if (d.status !== 'sent') return { status: 400, body: { errorCode: 'INVALID_REQUEST_BODY', message: 'Only sent.' } };
    const now = new Date().toISOString();
    const envelope: FakeEnvelope = {
      envelopeId: randomUUID(),
      accountId,
      status: 'sent',
      emailSubject: d.emailSubject ?? '',
      documents,
      signers,
      customFields: (d.customFields?.textCustomFields ?? []).map((f) => ({ name: f.name ?? '', value: f.value ?? '' })),
      ...(d.eventNotification ? { eventNotification: d.eventNotification } : {}),
      createdDateTime: now,
      sentDateTime: now,
      statusChangedDateTime: now,
    };
    this.envelopes.set(envelope.envelopeId, envelope);
    return {
      status: 201,
      body: {
        envelopeId: envelope.envelopeId,
        status: 'sent',
        statusDateTime: now,
        uri: `/envelopes/${envelope.envelopeId}`,
      },
    };
  }

  #list(q: URLSearchParams): FakeAnswer {
    const from = q.get('from_date');
    const [field, value] = (q.get('custom_field') ?? '').split('=');
    if (!from && !q.get('envelope_ids'))
      return { status: 400, body: { errorCode: 'INVALID_REQUEST_PARAMETER', message: 'from_date is required.' } };
    const found = [...this.envelopes.values()].filter(
      (e) =>
        (!from || e.statusChangedDateTime >= new Date(from).toISOString()) &&
        (!field || e.customFields.some((f) => f.name === field && f.value === value)),
    );
    return {
      status: 200,
      body: {
        envelopes: found.map((e) => this.#summary(e)),
        resultSetSize: String(found.length),
        totalSetSize: String(found.length),
      },
    };
  }

  #summary(e: FakeEnvelope) {
    return {
      envelopeId: e.envelopeId,
      status: e.status,
      emailSubject: e.emailSubject,
      createdDateTime: e.createdDateTime,
      sentDateTime: e.sentDateTime,
      statusChangedDateTime: e.statusChangedDateTime,
      ...(e.completedDateTime ? { completedDateTime: e.completedDateTime } : {}),
    };
  }

  /** The documents as one PDF; when signed, a line under the signature anchor says who signed and when. */
  async #combined(e: FakeEnvelope, signedAt?: string): Promise<Buffer> {
    const out = await PDFDocument.create();
    for (const doc of e.documents) {
      const src = await PDFDocument.load(doc.pdf);
      for (const page of await out.copyPages(src, src.getPageIndices())) out.addPage(page);
    }
    if (signedAt) {
      const font = await out.embedFont(StandardFonts.HelveticaOblique);
      const page = out.getPages()[out.getPageCount() - 1]!;
      e.signers.forEach((s, i) => {
        page.drawText(`Signed electronically by ${s.name} <${s.email}> on ${signedAt} (DocuSign ${e.envelopeId})`, {
          x: 50,
          y: 60 - i * 14,
          size: 9,
          font,
          color: rgb(0.1, 0.2, 0.6),
        });
      });
      out.setSubject(`Signed: ${e.emailSubject}`);
    }
    return Buffer.from(await out.save());
  }

  /**
   * The signer signs: the envelope is completed, its combined PDF carries the signature, and Connect
   * posts `envelope-completed` to the envelope's URL (signed with the Connect key, or `signWith` to forge).
   * Answers the webhook's HTTP statuses.
   */
  async sign(envelopeId: string, options: { signWith?: string; notify?: boolean } = {}): Promise<number[]> {
    const e = this.envelopes.get(envelopeId);
    if (!e) throw new Error(`no envelope ${envelopeId}`);
    const now = new Date().toISOString();
    e.status = 'completed';
    e.completedDateTime = now;
    e.statusChangedDateTime = now;
    e.signed = await this.#combined(e, now);
    if (options.notify === false) return [];
    return this.notify(envelopeId, options.signWith);
  }

  /** Posts the envelope's current status as a Connect message (JSON SIM, restv2.1). */
  async notify(envelopeId: string, signWith?: string): Promise<number[]> {
    const e = this.envelopes.get(envelopeId);
    const url = this.webhookUrl ?? e?.eventNotification?.url;
    if (!e || !url) return [];
    const body = JSON.stringify({
      event: `envelope-${e.status}`,
      apiVersion: 'v2.1',
      uri: `/restapi/v2.1/accounts/${e.accountId}/envelopes/${e.envelopeId}`,
      retryCount: 0,
      configurationId: 0,
      generatedDateTime: new Date().toISOString(),
      data: {
        accountId: e.accountId,
        userId: this.userId,
        envelopeId: e.envelopeId,
        envelopeSummary: this.#summary(e),
      },
    });
    return this.deliver(body, 'X-DocuSign-Signature-1', this.connectKey, signWith, url);
  }

  /** The envelope a case's consent form went out in (the newest whose custom field names our envelope). */
  envelopeFor(localId: string): FakeEnvelope | undefined {
    return [...this.envelopes.values()].find((e) =>
      e.customFields.some((f) => f.name === 'casebookEnvelopeId' && f.value === localId),
    );
  }
}
