import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  formatIsoDate,
  todayIn,
  type AccountingConnectionsDto,
  type CaseDto,
  type InvoiceDto,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { ok } from '../../../test/responses';
import { waitFor } from '../../../test/smtp';
import { fakeIntegrationsConfig } from './fakes';
import { integrationConnections, integrationExchanges } from './integrations.schema';
import { FakeQuickBooks } from './quickbooks/fake';
import { SecretBox } from './secrets';
import { FakeXero } from './xero/fake';

let t: TestApp;
let xero: FakeXero;
let qb: FakeQuickBooks;
const box = SecretBox.derived('accounting.test');

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

beforeAll(async () => {
  xero = await new FakeXero().start();
  // A token lifetime inside the refresh margin: every call refreshes first.
  qb = await new FakeQuickBooks(undefined, undefined, undefined, 60).start();
  t = await createTestApp(await openOwnTestDatabase(), {
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
    integrations: fakeIntegrationsConfig('http://casebook.test', xero, qb, { retryDelaySeconds: 1, box }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  xero.webhookUrl = `${url}/api/app/integrations/xero/webhook`;
  qb.webhookUrl = `${url}/api/app/integrations/quickbooks/webhook`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await xero?.close();
  await qb?.close();
});

/** A tenant with a law firm, a case manager, a specialist and IME fees; `invoice()` invoices a new case. */
async function billingTenant(name: string) {
  const tenantId = await newTenant(t.database, { name, timezone: 'Australia/Sydney' });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }));
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  const specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      email: `doug@${name.toLowerCase()}.test`,
      onboardedDate: formatIsoDate(addDays(todayIn('Australia/Sydney'), -400)),
    }),
  );
  const accountCodeId = await idOf(
    admin.post('/api/app/account-codes', {
      code: '4200',
      name: 'Assessment revenue',
      accountType: 'REVENUE',
      taxType: 'GST',
    }),
  );
  await ok(
    staff.post('/api/app/payment-blueprints', {
      name: 'IME',
      serviceType: 'IME',
      paymentTermDays: 14,
      items: [{ description: 'IME assessment', quantity: 1, unitPrice: '$1,000.00' }],
    }),
  );
  const invoice = async () => {
    let c = await ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, specialistId }));
    for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
      c = await ok<CaseDto>(
        staff.post('/api/app/case-status-logs/changecasestatus', {
          objectId: c.id,
          status,
          concurrencyStamp: c.concurrencyStamp,
        }),
      );
    }
    let draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
    draft = await ok<InvoiceDto>(
      staff.put(`/api/app/payments/${draft.id}`, {
        concurrencyStamp: draft.concurrencyStamp,
        invoiceDate: draft.invoiceDate,
        dueDate: draft.dueDate,
        notes: null,
        lines: draft.lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPriceCents,
          discountBasisPoints: l.discountBasisPoints,
          taxable: l.taxable,
          accountCodeId,
        })),
      }),
    );
    const sent = await ok<InvoiceDto>(
      staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }),
    );
    return { caseId: c.id, invoice: sent };
  };
  return { tenantId, admin, staff, invoice };
}

/** Connects through the provider's authorize URL (the fake approves) and the callback route. */
async function connect(caller: Caller, provider: 'xero' | 'quickbooks') {
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>(
    caller.post(`/api/app/integrations/${provider}/connect`, {}),
  );
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  expect(back.pathname).toBe(`/api/app/integrations/${provider}/callback`);
  const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(`http://casebook.test/view/accounting-connections?connected=${provider}`);
}

const status = async (caller: Caller, provider: string) =>
  (await ok<AccountingConnectionsDto>(caller.get('/api/app/integrations/accounting'))).items.find(
    (i) => i.provider === provider,
  )!;

describe('accounting through QuickBooks', () => {
  test('connect, invoice pushed once through a lost answer and a 429, paid in QuickBooks, the case fully paid', async () => {
    const w = await billingTenant('Quayle');
    expect((await status(w.staff, 'quickbooks')).connected).toBe(false);
    await connect(w.admin, 'quickbooks');
    const connected = await status(w.staff, 'quickbooks');
    expect(connected).toMatchObject({ connected: true, organisationName: qb.companyName, lastError: null });

    // The invoice is created but the answer is lost (500), then QuickBooks asks us to wait once.
    qb.failNext({ status: 500, afterProcessing: true, match: /^POST .*\/invoice$/ });
    qb.failNext({ status: 429, retryAfterSeconds: 1, match: /^POST .*\/invoice$/ });
    const { caseId, invoice } = await w.invoice();
    await waitFor('the invoice pushed', async () => (await status(w.staff, 'quickbooks')).pushedInvoices === 1, 30_000);
    expect(qb.invoices.size).toBe(1);
    const pushed = [...qb.invoices.values()][0]!;
    expect(pushed).toMatchObject({ DocNumber: invoice.invoiceNo, TotalAmt: invoice.totalCents / 100 });
    const creates = qb.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/invoice'));
    expect(creates.length).toBe(3);
    expect(new Set(creates.map((c) => c.key))).toEqual(new Set([`casebook-invoice-${invoice.id}`]));

    // A manual sync pushes nothing more.
    expect(await ok(w.staff.post('/api/app/integrations/quickbooks/manualSync', {}))).toEqual({ queued: 0 });

    // Paid in QuickBooks; the webhook arrives twice.
    qb.deliverWebhooksTwice = true;
    expect(await qb.markPaid(invoice.invoiceNo)).toEqual([200, 200]);
    qb.deliverWebhooksTwice = false;
    await waitFor(
      'the invoice paid',
      async () => (await ok<InvoiceDto>(w.staff.get(`/api/app/payments/${invoice.id}`))).status === 'PAID',
      30_000,
    );
    const paid = await ok<InvoiceDto>(w.staff.get(`/api/app/payments/${invoice.id}`));
    expect(paid.payments).toHaveLength(1);
    expect(paid.payments[0]!.amountCents).toBe(invoice.totalCents);
    const c = await ok<CaseDto>(w.staff.get(`/api/app/assessments/${caseId}`));
    expect(c.status).toBe('CLIENT_FULLY_PAID');
    // The scheduled pull finds the same payment and records nothing more.
    await t.accounting.sync(w.tenantId, 'quickbooks');
    expect((await ok<InvoiceDto>(w.staff.get(`/api/app/payments/${invoice.id}`))).payments).toHaveLength(1);
    expect(qb.payments.size).toBe(1);
    expect(qb.invoices.size).toBe(1);

    // Every exchange is logged for the tenant, with no token in it.
    const log = await t.database.withTenant(w.tenantId, (tx) => tx.select().from(integrationExchanges));
    expect(log.map((l) => l.operation)).toEqual(expect.arrayContaining(['token-exchange', 'token-refresh', 'invoice']));
    const text = JSON.stringify(log);
    for (const token of [...qb.accessTokens.keys(), ...qb.refreshTokens]) expect(text).not.toContain(token);
  }, 90_000);

  test('a payment recorded in Casebook is pushed to the provider once', async () => {
    const w = await billingTenant('Quill');
    await connect(w.admin, 'quickbooks');
    const { invoice } = await w.invoice();
    await waitFor('the invoice pushed', async () => (await status(w.staff, 'quickbooks')).pushedInvoices === 1, 30_000);
    await ok(
      w.staff.post(`/api/app/payments/${invoice.id}/partial-payments`, {
        amount: 10_000,
        paymentDate: invoice.invoiceDate,
      }),
    );
    await waitFor('the payment pushed', () => [...qb.payments.values()].some((p) => p.TotalAmt === 100), 30_000);
    const external = [...qb.invoices.values()].filter((i) => i.DocNumber === invoice.invoiceNo).at(-1)!;
    expect(external.Balance).toBe((invoice.totalCents - 10_000) / 100);
  }, 60_000);
});

describe('tokens at rest and webhooks', () => {
  test('the stored tokens are not readable without the key', async () => {
    const w = await billingTenant('Sealed');
    await connect(w.admin, 'xero');
    const [row] = await t.database.withSystem((tx) =>
      tx.select().from(integrationConnections).where(eq(integrationConnections.tenantId, w.tenantId)),
    );
    expect(row!.tokens).toMatch(/^v1\./);
    for (const token of [...xero.accessTokens.keys(), ...xero.refreshTokens]) expect(row!.tokens).not.toContain(token);
    expect(() => SecretBox.derived('another key').open(w.tenantId, row!.tokens!)).toThrow();
    // Bound to its tenant: the same key does not open it as another tenant's.
    // (Another last digit: a tenant id ending in 0 would otherwise stay the same id, one time in sixteen.)
    const otherTenantId = row!.tenantId.slice(0, -1) + (row!.tenantId.endsWith('0') ? '1' : '0');
    expect(() => box.open(otherTenantId, row!.tokens!)).toThrow();
    const opened = JSON.parse(box.open(w.tenantId, row!.tokens!)) as { accessToken: string };
    expect(xero.accessTokens.has(opened.accessToken)).toBe(true);
  }, 60_000);

  test('a webhook with a wrong signature is refused; the right one is taken', async () => {
    expect(await xero.intentToReceive()).toEqual([200]);
    expect(await xero.intentToReceive('not-the-key')).toEqual([401]);
    expect(await xero.sendInvoiceEvent('00000000-0000-0000-0000-000000000000', 'not-the-key')).toEqual([401]);
    expect(await qb.sendEvent('Payment', '1', 'not-the-verifier')).toEqual([401]);
    expect(await qb.sendEvent('Payment', '1')).toEqual([200]);
    const unsigned = await fetch(qb.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
  });

  test('connecting a provider the server has no settings for is refused in words', async () => {
    const tenantId = await newTenant(t.database);
    const admin = await callerFor(t, tenantId);
    const res = await admin.post('/api/app/integrations/sage/connect', {});
    expect(res.statusCode).toBe(400);
  });
});
