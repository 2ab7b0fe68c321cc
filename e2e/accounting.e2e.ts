import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeDocuSign } from '../apps/server/src/modules/integrations/docusign/fake';
import { FakeXero } from '../apps/server/src/modules/integrations/xero/fake';
import { apiPost } from './support/api';
import { launchBrowser, type RunningBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PASSWORD, signIn } from './support/signin';
import { openTab, pane, screenshots, seeNotice } from './support/screen';

const RUN = Date.now().toString(36);
const shot = screenshots('accounting');

let xero: FakeXero;
let docusign: FakeDocuSign;
let server: RunningServer;
let browser: RunningBrowser;
let staff: Page;
let baseUrl: string;
let caseId: string;

/** Waits for a condition of the test's own world (the fake's store), polling. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The case's status as its screen shows it, after opening the case afresh. */
async function caseStatusShown(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/view/assessments/detail/${caseId}`);
  return (await pane(page).locator('h1 .ant-tag').first().innerText()).trim();
}

beforeAll(async () => {
  // The local Xero and DocuSign first: the server is pointed at them.
  xero = await new FakeXero().start();
  docusign = await new FakeDocuSign().start();
  server = await startServer({
    env: {
      XERO_CLIENT_ID: xero.clientId,
      XERO_CLIENT_SECRET: xero.clientSecret,
      XERO_IDENTITY_URL: xero.url,
      XERO_API_URL: xero.url,
      XERO_WEBHOOK_KEY: xero.webhookKey,
      DOCUSIGN_CLIENT_ID: docusign.clientId,
      DOCUSIGN_CLIENT_SECRET: docusign.clientSecret,
      DOCUSIGN_AUTH_URL: docusign.url,
      DOCUSIGN_CONNECT_KEY: docusign.connectKey,
      INTEGRATIONS_KEY: 'a'.repeat(24) + '0123456789abcdef0123456789abcdef01234567',
      INTEGRATIONS_RETRY_DELAY_SECONDS: '1',
    },
    startTimeoutMs: 300_000,
  });
  baseUrl = server.baseUrl;
  xero.webhookUrl = `${baseUrl}/api/app/integrations/xero/webhook`;
  browser = await launchBrowser({ baseURL: baseUrl, viewport: { width: 1400, height: 1000 } });
  staff = await (await browser.newContext()).newPage();
  await signIn(staff, { tenant: 'demo', userNameOrEmail: 'staff', password: DEMO_PASSWORD }, '/view/dashboard');
  // A completed IME case of a firm, with its fees.
  const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
    name: `Ledger Law ${RUN}`,
    businessType: 'LAW_FIRM',
  });
  const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
    firstName: 'Lea',
    lastName: `Ledger${RUN}`,
    companyId: company.id,
  });
  const claimant = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
    firstName: 'Xena',
    lastName: `Paid${RUN}`,
  });
  const specialist = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/specialists', {
    firstName: 'Sam',
    lastName: `Books${RUN}`,
    onboardedDate: '2020-01-01',
  });
  await apiPost(baseUrl, staff, '/api/app/payment-blueprints', {
    name: `Dr Books${RUN} IME`,
    serviceType: 'IME',
    specialistId: specialist.id,
    items: [{ description: 'Independent medical examination', quantity: 1, unitPrice: '$1,000.00' }],
  });
  let c = await apiPost<{ id: string; concurrencyStamp: string }>(baseUrl, staff, '/api/app/assessments', {
    clientId: claimant.id,
    caseManagerId: cm.id,
    specialistId: specialist.id,
  });
  for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
    c = await apiPost(baseUrl, staff, '/api/app/case-status-logs/changecasestatus', {
      objectId: c.id,
      status,
      concurrencyStamp: c.concurrencyStamp,
    });
  }
  caseId = c.id;
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await xero?.close();
  await docusign?.close();
});

describe('accounting with Xero', () => {
  it('staff connect Xero, invoice a case, see it pushed once through a retry, and see the case fully paid when Xero has it paid', async () => {
    await staff.goto('/view/accounting-connections');
    const card = pane(staff).getByLabel('Xero connection');
    await card.locator('.ant-tag', { hasText: 'Disconnected' }).waitFor();
    await card.getByRole('button', { name: 'Connect' }).click();
    // Xero approves and sends the browser back to the connections screen.
    await staff.waitForURL(
      (url) => url.pathname === '/view/accounting-connections' && url.search.includes('connected=xero'),
    );
    await seeNotice(staff, 'The accounting system is connected.');
    const connected = pane(staff).getByLabel('Xero connection');
    await connected.locator('.ant-tag', { hasText: 'Connected' }).waitFor();
    await connected.getByText(xero.organisationName).waitFor();
    await shot(staff, 'connected');

    // Xero creates the invoice but its answer is lost: the job retries with the same idempotency key.
    xero.failNext({ status: 500, afterProcessing: true, match: /^(PUT|POST) \/api\.xro\/2\.0\/Invoices$/ });
    await staff.goto(`/view/assessments/detail/${caseId}`);
    await openTab(staff, 'Payment');
    await pane(staff).getByRole('button', { name: 'Create Invoice' }).click();
    await seeNotice(staff, 'Data has been added successfully');
    const invoiceNo = (await pane(staff).getByTestId('invoice-no').innerText()).trim();
    await pane(staff).getByRole('button', { name: 'Send' }).click();
    await seeNotice(staff, 'Data has been saved successfully');
    await pane(staff).locator('[data-status="SENT"]').first().waitFor();

    await until('the invoice in Xero', () => [...xero.invoices.values()].some((i) => i.InvoiceNumber === invoiceNo));
    const creates = () => xero.calls.filter((c) => c.path === '/api.xro/2.0/Invoices' && c.method !== 'GET');
    // The quarter-hourly sync may also push the demo's other sent invoices while the test runs, each once:
    // this invoice is the one sent again, with the same idempotency key.
    const retriedKeys = () => {
      const sent = new Map<string | undefined, number>();
      for (const c of creates()) sent.set(c.key, (sent.get(c.key) ?? 0) + 1);
      return [...sent].filter(([, n]) => n >= 2).map(([key]) => key);
    };
    await until('the retry', () => retriedKeys().length > 0);
    expect(retriedKeys()).toHaveLength(1);
    const ours = () => [...xero.invoices.values()].filter((i) => i.InvoiceNumber === invoiceNo);
    expect(ours()).toHaveLength(1);
    const pushed = ours()[0]!;
    expect(pushed).toMatchObject({ InvoiceNumber: invoiceNo, Total: 1100, Status: 'AUTHORISED' });

    await staff.goto('/view/accounting-connections');
    await pane(staff).getByLabel('Xero connection').getByText('Last sync').waitFor();
    await until('the push recorded', async () => {
      const text = await pane(staff).getByLabel('Xero connection').innerText();
      return /Invoices sent\s*[1-9]/.test(text);
    });

    // Paid in Xero; its webhook is delivered twice.
    xero.deliverWebhooksTwice = true;
    expect(await xero.markPaid(invoiceNo)).toEqual([200, 200]);
    await until('the case fully paid', async () => (await caseStatusShown(staff)) === 'Client fully paid', 60_000);
    await shot(staff, 'case-fully-paid');
    // One payment recorded however many deliveries; still one invoice in Xero.
    await openTab(staff, 'Payment');
    await pane(staff).locator('[data-status="PAID"]').first().waitFor();
    expect(ours()).toHaveLength(1);
    expect([...xero.payments.values()].filter((p) => p.Invoice.InvoiceID === pushed.InvoiceID)).toHaveLength(1);
  });
});

describe('e-signature with DocuSign', () => {
  it("staff connect DocuSign, send a case's consent form for signature, and find the signed PDF in its attachments; a forged Connect message is refused", async () => {
    await staff.goto('/view/accounting-connections');
    const card = pane(staff).getByLabel('DocuSign connection');
    await card.locator('.ant-tag', { hasText: 'Disconnected' }).waitFor();
    await card.getByRole('button', { name: 'Connect' }).click();
    await staff.waitForURL(
      (url) => url.pathname === '/view/accounting-connections' && url.search.includes('connected=docusign'),
    );
    await seeNotice(staff, 'DocuSign is connected.');
    await pane(staff).getByLabel('DocuSign connection').getByText(docusign.accountName).waitFor();
    await shot(staff, 'docusign-connected');

    // An IME case whose claimant has an e-mail address.
    const company = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/companies', {
      name: `Signet Law ${RUN}`,
      businessType: 'LAW_FIRM',
    });
    const cm = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/case-managers', {
      firstName: 'Sid',
      lastName: `Signet${RUN}`,
      companyId: company.id,
    });
    const claimant = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/clients', {
      firstName: 'Sally',
      lastName: `Signer${RUN}`,
      email: `sally.${RUN}@example.test`,
    });
    const c = await apiPost<{ id: string }>(baseUrl, staff, '/api/app/assessments', {
      clientId: claimant.id,
      caseManagerId: cm.id,
    });

    await staff.goto(`/view/assessments/detail/${c.id}`);
    await openTab(staff, 'E-signature');
    await pane(staff).getByRole('button', { name: 'Send consent form for signature' }).click();
    await seeNotice(staff, 'The consent form is being sent for signature.');
    const status = pane(staff).getByTestId('envelope-status').first();
    await until('the envelope sent', async () => (await status.innerText()).trim() === 'Sent for signature');
    const envelope = [...docusign.envelopes.values()].find((e) => e.signers[0]?.email === `sally.${RUN}@example.test`)!;
    expect(envelope.signers[0]!.name).toBe(`Sally Signer${RUN}`);
    await shot(staff, 'consent-form-sent');

    // Connect messages go to this server; one signed with the wrong key is refused and changes nothing.
    docusign.webhookUrl = `${baseUrl}/api/app/integrations/docusign/webhook`;
    const forged = JSON.stringify({
      event: 'envelope-completed',
      data: { accountId: docusign.accountId, envelopeId: envelope.envelopeId },
    });
    const refused = await fetch(docusign.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-docusign-signature-1': 'bm90IHRoZSBzaWduYXR1cmU=' },
      body: forged,
    });
    expect(refused.status).toBe(401);

    // The claimant signs in DocuSign; Connect tells the server (signed with the Connect key).
    expect(await docusign.sign(envelope.envelopeId)).toEqual([200]);
    await until('the envelope signed', async () => (await status.innerText()).trim() === 'Signed', 60_000);
    await pane(staff).getByText('In the attachments').waitFor({ timeout: 30_000 });
    await shot(staff, 'consent-form-signed');
    await openTab(staff, 'Attachments');
    await pane(staff)
      .getByText(/Signed consent form/)
      .first()
      .waitFor();
    await shot(staff, 'signed-pdf-attached');
    expect(
      await pane(staff)
        .getByText(/Signed consent form/)
        .count(),
    ).toBe(1);
  });
});
