import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addDays,
  formatIsoDate,
  PMS_REGIONS,
  PmsEndpoints,
  todayIn,
  type CaseDto,
  type InvoiceDto,
  type PmsConfigDto,
  type PmsMatterLinkDto,
  type PmsProvider,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { members, ok } from '../../../test/responses';
import { waitFor } from '../../../test/smtp';
import { multipartBody, BOUNDARY } from '../files/multipart.test-support';
import type { IntegrationsConfig } from './config';
import { fakeIntegrationsConfig } from './fakes';
import { startFakePms, type FakeMatter, type FakePms } from './pms/fake';
import { SecretBox } from './secrets';

let t: TestApp;
let fakes: Record<PmsProvider, FakePms>;
let integrations: IntegrationsConfig;

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

beforeAll(async () => {
  fakes = await startFakePms();
  integrations = fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
    retryDelaySeconds: 1,
    box: SecretBox.derived('pms.test'),
    pms: fakes,
  });
  t = await createTestApp(await openOwnTestDatabase(), {
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200 },
    integrations,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The providers call back (webhooks) to where this server listens.
  integrations.publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const fake of Object.values(fakes ?? {})) await fake.close();
});

/** A tenant with the practice-software feature, a law firm and what an IME case and its invoice need. */
async function firm(name: string) {
  const tenantId = await newTenant(t.database, {
    name,
    timezone: 'Australia/Sydney',
    features: { LegalPracticeAPI: 'True' },
  });
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
  await ok(
    staff.post('/api/app/payment-blueprints', {
      name: 'IME',
      serviceType: 'IME',
      paymentTermDays: 14,
      items: [{ description: 'IME assessment', quantity: 1, unitPrice: '$1,000.00' }],
    }),
  );
  const newCase = async () =>
    ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, specialistId }));
  return { tenantId, admin, staff, companyId, newCase };
}

/** Chooses the provider and connects through its authorize URL (the fake approves) and the callback. */
async function connect(caller: Caller, companyId: string, provider: PmsProvider, region: string | null) {
  await ok(caller.put(`/api/app/companies/${companyId}/pms-config`, { provider, region }));
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>(
    caller.post(`/api/app/companies/${companyId}/pms-config-authorize`, {}),
  );
  if (region) expect(authorizeUrl.startsWith(fakes[provider].baseUrl(region))).toBe(true);
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  expect(back.pathname).toBe(`/api/app/pms/${provider}/callback`);
  const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toContain(`connected=${companyId}`);
  const config = await ok<PmsConfigDto>(caller.get(`/api/app/companies/${companyId}/pms-config`));
  expect(config).toMatchObject({ status: 'CONNECTED', provider, region, webhooksRegistered: true });
  return config;
}

/** Takes the case to Report completed with its report attached, then invoices it and sends the invoice. */
async function completeAndInvoice(staff: Caller, c: CaseDto) {
  const file = await ok<{ id: string }>(
    staff.request({
      method: 'POST',
      url: '/api/app/files',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody({}, { name: 'IME Report.pdf', bytes: Buffer.from('%PDF-1.4 the report') }),
    }),
  );
  await ok(staff.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'IME', objectId: c.id }));
  for (const status of ['FILE_REVIEW', 'DICTATION_RECEIVED', 'REPORT_COMPLETED']) {
    c = await ok<CaseDto>(
      staff.post('/api/app/case-status-logs/changecasestatus', {
        objectId: c.id,
        status,
        concurrencyStamp: c.concurrencyStamp,
      }),
    );
  }
  const draft = await ok<InvoiceDto>(staff.post('/api/app/payments/invoiceFromModule', { caseId: c.id }));
  return ok<InvoiceDto>(staff.post(`/api/app/payments/${draft.id}/send`, { concurrencyStamp: draft.concurrencyStamp }));
}

const linkOf = async (caller: Caller, caseId: string) =>
  (await ok<{ link: PmsMatterLinkDto | null }>(caller.get(`/api/app/cases/${caseId}/pms-link`))).link;

/** The whole flow with one provider: connect, find and link, complete, documents once, status back by webhook. */
async function linkAndPush(provider: PmsProvider, region: string | null) {
  const f = await firm(`${provider.replace('-', '')}${region ?? ''}`);
  const fake = fakes[provider];
  const matter = fake.addMatter(region, { description: `Claimant v Insurer (${provider})`, status: 'Open' });
  await connect(f.admin, f.companyId, provider, region);
  const found = await ok<{ items: { id: string; description: string }[] }>(
    f.staff.get(`/api/app/companies/${f.companyId}/pms-matters?filterText=${encodeURIComponent(provider)}`),
  );
  expect(found.items.map((m) => m.id)).toContain(matter.id);
  const c = await f.newCase();
  const linked = await ok<PmsMatterLinkDto>(f.staff.put(`/api/app/cases/${c.id}/pms-link`, { matterId: matter.id }));
  expect(linked).toMatchObject({
    matterId: matter.id,
    matterNumber: matter.number,
    matterStatus: 'Open',
    clientName: matter.client.name,
    responsibleUserName: matter.responsible.name,
    provider,
  });
  const invoice = await completeAndInvoice(f.staff, c);
  const docs = await waitFor('the report and the invoice in the matter', () =>
    fake.documentsOf(region, matter.id).length >= 2 ? fake.documentsOf(region, matter.id) : undefined,
  );
  expect(docs.map((d) => d.name).sort()).toEqual([
    `${c.caseNo} - IME Report.pdf`,
    `${c.caseNo} - Invoice ${invoice.invoiceNo}.pdf`,
  ]);
  expect(
    docs
      .find((d) => d.name.includes('Invoice'))!
      .content.subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // A sync asked again pushes nothing twice.
  await ok(f.staff.post(`/api/app/cases/${c.id}/pms-sync`, {}));
  await waitFor('every push recorded', async () => {
    const link = await linkOf(f.staff, c.id);
    return link?.documents.length === 2 && link.documents.every((d) => d.externalId) ? link : undefined;
  });
  await new Promise((r) => setTimeout(r, 1500));
  expect(fake.documentsOf(region, matter.id)).toHaveLength(2);
  // The matter closed in the provider arrives by webhook.
  expect(await fake.changeStatus(region, matter.id, 'Closed')).toEqual([200]);
  expect((await linkOf(f.staff, c.id))!.matterStatus).toBe('Closed');
  return { f, fake, matter, caseId: c.id };
}

describe('practice software', () => {
  test('Clio (AU): a linked IME case sends its report and invoice once, and a status change comes back', async () => {
    const { fake, matter } = await linkAndPush('clio', 'AU');
    // Only the AU service was used.
    expect(fake.region('US').matters.has(matter.id)).toBe(false);
    expect(fake.region('AU').webhooks).toHaveLength(1);
  }, 90_000);

  for (const provider of ['leap', 'practice-evolve', 'actionstep', 'smokeball'] as const) {
    test(`${provider}: link, push once and status back by webhook`, async () => {
      const regions = PMS_REGIONS[provider];
      await linkAndPush(provider, regions.length > 0 ? regions[regions.length - 1]! : null);
    }, 90_000);
  }

  test('a bad signature is refused, a replayed webhook changes nothing, 429 and a lost answer upload once', async () => {
    const provider = 'clio';
    const fake = fakes[provider];
    const f = await firm('Retries');
    const matter = fake.addMatter('US', { description: 'Retry v Insurer', status: 'Open' });
    await connect(f.admin, f.companyId, provider, 'US');
    const c = await f.newCase();
    await ok(f.staff.put(`/api/app/cases/${c.id}/pms-link`, { matterId: matter.id }));
    const hook = fake.region('US').webhooks.at(-1)!;

    // A bad signature: 401, nothing read.
    const changed: FakeMatter = { ...matter, status: 'Pending' };
    fake.region('US').matters.set(matter.id, changed);
    expect(await fake.sendWebhook(hook, fake.eventBody('evt-1', changed), 'not-the-secret')).toEqual([401]);
    // The signature is over the exact bytes: the same JSON spaced differently fails.
    const body = fake.eventBody('evt-1', changed);
    const signedOther = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [fake.wire.signatureHeader]: (await import('node:crypto'))
          .createHmac('sha256', hook.secret)
          .update(body)
          .digest('hex'),
      },
      body: body.replace(/,/g, ', '),
    });
    expect(signedOther.status).toBe(401);
    expect((await linkOf(f.staff, c.id))!.matterStatus).toBe('Open');

    // Signed: acted on; the same delivery again is ignored.
    expect(await fake.sendWebhook(hook, body)).toEqual([200]);
    expect((await linkOf(f.staff, c.id))!.matterStatus).toBe('Pending');
    fake.region('US').matters.set(matter.id, { ...changed, status: 'Closed' });
    expect(await fake.sendWebhook(hook, body)).toEqual([200]);
    expect((await linkOf(f.staff, c.id))!.matterStatus).toBe('Pending');

    // The first upload is told to slow down (429), the second is processed but its answer lost (500).
    fake.failNext({ status: 429, retryAfterSeconds: 1, match: /^POST .*documents/ });
    fake.failNext({ status: 500, afterProcessing: true, match: /^POST .*documents/ });
    await completeAndInvoice(f.staff, c);
    const link = await waitFor(
      'both documents pushed',
      async () => {
        const l = await linkOf(f.staff, c.id);
        return l?.documents.length === 2 && l.documents.every((d) => d.externalId) ? l : undefined;
      },
      60_000,
    );
    expect(link.lastError).toBeNull();
    const docs = fake.documentsOf('US', matter.id);
    expect(docs).toHaveLength(2);
    expect(new Set(docs.map((d) => d.name)).size).toBe(2);
    expect(link.documents.map((d) => d.externalId).sort()).toEqual(docs.map((d) => d.id).sort());
  }, 90_000);

  test('custom field sets are asked of the provider once in five minutes; a region is required for Clio', async () => {
    const f = await firm('Fields');
    await connect(f.admin, f.companyId, 'smokeball', null);
    const before = fakes.smokeball.fieldSetCalls;
    const first = await ok<{ items: { name: string; fields: string[] }[] }>(
      f.staff.get(`/api/app/companies/${f.companyId}/pms-custom-field-sets`),
    );
    await ok(f.staff.get(`/api/app/companies/${f.companyId}/pms-custom-field-sets`));
    expect(first.items[0]).toMatchObject({ name: 'Medico-legal', fields: ['Assessment date', 'Specialist'] });
    expect(fakes.smokeball.fieldSetCalls - before).toBe(1);
    expect(members(await f.admin.put(`/api/app/companies/${f.companyId}/pms-config`, { provider: 'clio' }))).toEqual([
      'region',
    ]);
    expect(
      members(await f.admin.put(`/api/app/companies/${f.companyId}/pms-config`, { provider: 'leap', region: 'EU' })),
    ).toEqual(['region']);
  }, 60_000);

  test("another tenant's company, case and matter link are 404 on every practice-software endpoint", async () => {
    const a = await firm('Owner');
    const matter = fakes.clio.addMatter('CA', { description: 'Private v Matter' });
    await connect(a.admin, a.companyId, 'clio', 'CA');
    const c = await a.newCase();
    await ok(a.staff.put(`/api/app/cases/${c.id}/pms-link`, { matterId: matter.id }));
    const other = await firm('Other');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/app/companies/${a.companyId}/pms-config`],
      ['PUT', `/api/app/companies/${a.companyId}/pms-config`, { provider: 'smokeball' }],
      ['POST', `/api/app/companies/${a.companyId}/pms-config-authorize`, {}],
      ['POST', `/api/app/companies/${a.companyId}/pms-config-disconnect`, {}],
      ['POST', `/api/app/companies/${a.companyId}/pms-register-webhooks`, {}],
      ['GET', `/api/app/companies/${a.companyId}/pms-matters`],
      ['GET', `/api/app/companies/${a.companyId}/pms-custom-field-sets`],
      ['GET', `/api/app/cases/${c.id}/pms-link`],
      ['PUT', `/api/app/cases/${c.id}/pms-link`, { matterId: matter.id }],
      ['POST', `/api/app/cases/${c.id}/pms-sync`, {}],
    ];
    // Every endpoint with an id is tried (the list and the webhook are checked below).
    const withId = Object.values(PmsEndpoints).filter((e) => e.path.includes(':id'));
    expect(calls).toHaveLength(withId.length);
    for (const [method, url, payload] of calls) {
      const res = await other.admin.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
    }
    const list = await ok<{ totalCount: number; items: PmsMatterLinkDto[] }>(other.admin.get('/api/app/pms-matters'));
    expect(list.totalCount).toBe(0);
    const configs = await ok<{ items: PmsConfigDto[] }>(other.admin.get('/api/app/companies/pms-configs'));
    expect(configs.items.map((i) => i.companyId)).not.toContain(a.companyId);
    // The owner still sees its link, unchanged.
    const own = await ok<{ totalCount: number; items: PmsMatterLinkDto[] }>(a.staff.get('/api/app/pms-matters'));
    expect(own.items.map((l) => l.caseId)).toEqual([c.id]);
    expect((await ok<PmsConfigDto>(a.admin.get(`/api/app/companies/${a.companyId}/pms-config`))).status).toBe(
      'CONNECTED',
    );
    // A webhook naming a connection of another provider is not found.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/pms/leap/webhook/${(await ok<{ items: { id: string }[] }>(a.staff.get('/api/app/pms-matters'))).items[0]!.id}`,
      payload: { eventId: 'x', matterId: matter.id },
    });
    expect(res.statusCode).toBe(404);
  }, 60_000);
});
