import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountingConnectionsDto, AttachmentDto, CaseDto, EnvelopeDto } from '@casebook/domain';
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
import { FakeDocuSign } from './docusign/fake';
import { fakeIntegrationsConfig } from './fakes';
import { esignEnvelopes, integrationExchanges } from './integrations.schema';
import { SecretBox } from './secrets';

let t: TestApp;
let docusign: FakeDocuSign;
let webhook: string;

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

beforeAll(async () => {
  docusign = await new FakeDocuSign().start();
  t = await createTestApp(await openOwnTestDatabase(), {
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      retryDelaySeconds: 1,
      box: SecretBox.derived('esign.test'),
      docusign,
    }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  webhook = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/app/integrations/docusign/webhook`;
  // Connect posts to the URL each envelope names (http://casebook.test/...); here it reaches this server.
  docusign.webhookUrl = webhook;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await docusign?.close();
});

/** A tenant connected to the fake DocuSign, with an IME case whose claimant has an e-mail address. */
async function signingTenant(name: string, claimantEmail: string | null = `claire@${name.toLowerCase()}.test`) {
  const tenantId = await newTenant(t.database, { name, timezone: 'Australia/Sydney' });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }));
  const clientId = await idOf(
    admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant', email: claimantEmail }),
  );
  const c = await ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId }));
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>(admin.post('/api/app/integrations/docusign/connect', {}));
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.headers.location).toBe('http://casebook.test/view/accounting-connections?connected=docusign');
  return { tenantId, admin, staff, caseId: c.id };
}

const envelopes = async (caller: Caller, caseId: string) =>
  (await ok<{ items: EnvelopeDto[] }>(caller.get(`/api/app/assessments/${caseId}/docuSignEnvelopes`))).items;
const attachments = async (caller: Caller, caseId: string) =>
  (await ok<{ items: AttachmentDto[] }>(caller.get(`/api/app/attachments?attachmentFrom=IME&objectId=${caseId}`)))
    .items;
const sign = (body: string, key = docusign.connectKey) => createHmac('sha256', key).update(body).digest('base64');

describe('consent forms through DocuSign', () => {
  test('sent once through a 429, signed, Connect delivered twice: the signed PDF stored once; a forged message refused', async () => {
    const w = await signingTenant('Dunmore');
    const status = (await ok<AccountingConnectionsDto>(w.admin.get('/api/app/integrations/accounting'))).items.find(
      (i) => i.provider === 'docusign',
    );
    expect(status).toMatchObject({ connected: true, kind: 'esignature', organisationName: docusign.accountName });

    // DocuSign asks us to wait once; the job tries again after its Retry-After.
    docusign.failNext({ status: 429, retryAfterSeconds: 1, match: /^POST .*\/envelopes$/ });
    const queued = await ok<EnvelopeDto>(
      w.staff.post(`/api/app/assessments/${w.caseId}/generateDocuSignConsentForm`, {}),
    );
    expect(queued).toMatchObject({
      status: 'QUEUED',
      signerEmail: 'claire@dunmore.test',
      signerName: 'Claire Claimant',
    });
    // A second send while the first is out is refused.
    const again = await w.staff.post(`/api/app/assessments/${w.caseId}/generateDocuSignConsentForm`, {});
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('The consent form is already out for signature.');

    await waitFor('the envelope sent', async () => (await envelopes(w.staff, w.caseId))[0]?.status === 'sent', 30_000);
    const creates = docusign.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/envelopes'));
    expect(creates).toHaveLength(2); // the 429, then the envelope
    expect(docusign.envelopes.size).toBe(1);
    const sent = docusign.envelopeFor(queued.id)!;
    expect(sent.signers).toEqual([{ recipientId: '1', name: 'Claire Claimant', email: 'claire@dunmore.test' }]);
    expect(sent.eventNotification?.url).toBe('http://casebook.test/api/app/integrations/docusign/webhook');
    const form = await PDFDocument.load(sent.documents[0]!.pdf);
    expect(form.getTitle()).toContain('Consent form');

    // A forged Connect message: 401, nothing queued or stored.
    const forged = JSON.stringify({
      event: 'envelope-completed',
      data: { accountId: docusign.accountId, envelopeId: sent.envelopeId },
    });
    const refused = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-docusign-signature-1': sign(forged, 'not-the-key') },
      body: forged,
    });
    expect(refused.status).toBe(401);
    const unsigned = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: forged,
    });
    expect(unsigned.status).toBe(401);

    // Signed in DocuSign; Connect delivers the message twice.
    docusign.deliverWebhooksTwice = true;
    expect(await docusign.sign(sent.envelopeId)).toEqual([200, 200]);
    docusign.deliverWebhooksTwice = false;
    await waitFor('the signed PDF stored', async () => (await envelopes(w.staff, w.caseId))[0]?.attachmentId, 30_000);
    const [done] = await envelopes(w.staff, w.caseId);
    expect(done).toMatchObject({ status: 'completed', externalId: sent.envelopeId });
    // Both deliveries are handled before we count.
    await new Promise((r) => setTimeout(r, 1500));
    const files = await attachments(w.staff, w.caseId);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      id: done!.attachmentId,
      name: expect.stringContaining('Signed consent form'),
      type: 'pdf',
    });
    expect(files[0]!.attachmentType?.name).toBe('Consent form');

    // A repeated (replayed) genuine message changes nothing.
    const replay = JSON.stringify({
      event: 'envelope-completed',
      data: { accountId: docusign.accountId, envelopeId: sent.envelopeId },
    });
    const replayed = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-docusign-signature-1': sign(replay) },
      body: replay,
    });
    expect(replayed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await attachments(w.staff, w.caseId)).toHaveLength(1);

    // The exchanges are logged without secrets.
    const log = await t.database.withTenant(w.tenantId, (tx) => tx.select().from(integrationExchanges));
    expect(log.map((l) => l.operation)).toEqual(expect.arrayContaining(['create-envelope', 'signed-document']));
    expect(log.find((l) => l.operation === 'create-envelope' && l.status === 429)).toBeTruthy();
    expect(JSON.stringify(log)).not.toMatch(/at-[0-9a-f-]{36}/);
  });

  test('no Connect message: the case sync (polling) finds the envelope signed and stores it', async () => {
    const w = await signingTenant('Pollard');
    const queued = await ok<EnvelopeDto>(
      w.staff.post(`/api/app/assessments/${w.caseId}/generateDocuSignConsentForm`, {}),
    );
    await waitFor('the envelope sent', async () => (await envelopes(w.staff, w.caseId))[0]?.externalId, 30_000);
    const sent = docusign.envelopeFor(queued.id)!;
    await docusign.sign(sent.envelopeId, { notify: false });
    expect((await envelopes(w.staff, w.caseId))[0]?.status).toBe('sent');
    const synced = await ok<{ items: EnvelopeDto[] }>(
      w.staff.post(`/api/app/assessments/${w.caseId}/syncConsentFormDocuSignStatus`, {}),
    );
    expect(synced.items[0]).toMatchObject({ status: 'completed', attachmentId: expect.any(String) });
    const files = await attachments(w.staff, w.caseId);
    expect(files).toHaveLength(1);
    const stored = await t.database.withTenant(w.tenantId, (tx) =>
      tx.select().from(esignEnvelopes).where(eq(esignEnvelopes.id, queued.id)),
    );
    expect(stored[0]?.attachmentId).toBe(files[0]!.id);
    // The scheduled poll and another sync add nothing.
    expect(await t.esign.queuePoll(null)).toBe(0);
    await ok(w.staff.post(`/api/app/assessments/${w.caseId}/syncConsentFormDocuSignStatus`, {}));
    expect(await attachments(w.staff, w.caseId)).toHaveLength(1);
  });

  test('a claimant with no e-mail, and another tenant, are refused', async () => {
    const w = await signingTenant('Noemail', null);
    const res = await w.staff.post(`/api/app/assessments/${w.caseId}/generateDocuSignConsentForm`, {});
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The claimant has no e-mail address to send the consent form to.');
    const other = await signingTenant('Otherfirm');
    expect(
      (await other.staff.post(`/api/app/assessments/${w.caseId}/generateDocuSignConsentForm`, {})).statusCode,
    ).toBe(404);
    expect((await other.staff.get(`/api/app/assessments/${w.caseId}/docuSignEnvelopes`)).statusCode).toBe(404);
  });
});
