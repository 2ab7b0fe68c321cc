import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccountingConnectionsDto, CaseDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok, type Json } from '../../../test/responses';
import { tenants } from '../../platform/db/platform.schema';
import { fakeIntegrationsConfig } from './fakes';
import { FakeRingCentral } from './ringcentral/fake';
import { SecretBox } from './secrets';

let t: TestApp;
let rc: FakeRingCentral;
const RESULT = '/api/app/ringCentral/callresult';

beforeAll(async () => {
  rc = await new FakeRingCentral().start();
  t = await createTestApp(undefined, {
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      box: SecretBox.derived('telephony.test'),
      ringcentral: rc,
    }),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rc?.close();
});

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

/** A tenant connected to the fake RingCentral (through the same connect and callback as the others), with a case. */
async function callingTenant(name: string, settings: Record<string, string> = {}) {
  const tenantId = await newTenant(t.database, { name });
  if (Object.keys(settings).length > 0) {
    await t.database.withSystem((tx) => tx.update(tenants).set({ settings }).where(eq(tenants.id, tenantId)));
  }
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, phone: '0290001111' }),
  );
  const clientId = await idOf(
    admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant', mobile: '0400000111' }),
  );
  const c = await ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId }));
  return { tenantId, admin, staff, caseId: c.id };
}

async function connect(admin: Caller) {
  const { authorizeUrl } = await ok<{ authorizeUrl: string }>(admin.post('/api/app/ringCentral/authorize', {}));
  expect(authorizeUrl.startsWith(`${rc.url}/restapi/oauth/authorize?`)).toBe(true);
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(res.headers.location).toBe('http://casebook.test/view/accounting-connections?connected=ringcentral');
}

const notes = async (caller: Caller, caseId: string) =>
  (await ok<{ items: Json[] }>(caller.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}`))).items;

describe('telephony through RingCentral', () => {
  test('a call result posted after the call is one correspondence entry of the case, even posted twice', async () => {
    const w = await callingTenant('Callwell');
    await connect(w.admin);
    const status = (await ok<AccountingConnectionsDto>(w.admin.get('/api/app/integrations/accounting'))).items.find(
      (i) => i.provider === 'ringcentral',
    );
    expect(status).toMatchObject({ kind: 'telephony', connected: true, organisationName: rc.accountName });

    // Posted before RingCentral has the call: refused in words, nothing recorded.
    const early = await w.staff.post(RESULT, { caseId: w.caseId, telephonySessionId: 's-not-yet' });
    expect(early.statusCode).toBe(422);
    expect(await notes(w.staff, w.caseId)).toEqual([]);

    const call = rc.endCall({
      to: { phoneNumber: '+61400000111', name: 'Claire Claimant' },
      duration: 185,
      result: 'Call connected',
    });
    const first = await ok(
      w.staff.post(RESULT, {
        caseId: w.caseId,
        telephonySessionId: call.telephonySessionId,
        party: 'claimant',
        notes: 'Confirmed the appointment.',
      }),
    );
    expect(first).toMatchObject({ result: 'Call connected', durationSeconds: 185, phoneNumber: '+61400000111' });
    const second = await ok(w.staff.post(RESULT, { caseId: w.caseId, telephonySessionId: call.telephonySessionId }));
    expect(second.id).toBe(first.id);
    const entries = await notes(w.staff, w.caseId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: first.correspondenceNoteId,
      communicationType: 'PHONE',
      contactName: 'Claire Claimant',
      content: 'Call to +61400000111: Call connected, 3 min 05 s.\nConfirmed the appointment.',
    });

    // A call nobody answered is an unsuccessful call.
    const missed = rc.endCall({ to: { phoneNumber: '+61290001111' }, result: 'No Answer', duration: 0 });
    await ok(w.staff.post(RESULT, { caseId: w.caseId, telephonySessionId: missed.telephonySessionId }));
    const after = await notes(w.staff, w.caseId);
    expect(after.map((n) => n.communicationType).sort()).toEqual(['PHONE', 'UNSUCCESSFUL_PHONE_CALL_FAX']);
  });

  test("another tenant's case is a 404 and nothing is recorded; a case manager may not post results", async () => {
    const a = await callingTenant('Alder');
    const b = await callingTenant('Birch');
    await connect(b.admin);
    const call = rc.endCall({ to: { phoneNumber: '+61400000999' } });
    const res = await b.staff.post(RESULT, { caseId: a.caseId, telephonySessionId: call.telephonySessionId });
    expect(res.statusCode).toBe(404);
    expect(await notes(a.staff, a.caseId)).toEqual([]);
    const cm = await callerFor(t, a.tenantId, ['CASE_MANAGER']);
    expect((await cm.post(RESULT, { caseId: a.caseId, telephonySessionId: call.telephonySessionId })).statusCode).toBe(
      403,
    );
    const bad = await a.staff.post(RESULT, { caseId: 'not-an-id', telephonySessionId: '' });
    expect(bad.statusCode).toBe(400);
  });

  test("the call widget shows only when the tenant's setting turns it on", async () => {
    const off = await callingTenant('Quiet');
    expect(await ok(off.staff.get('/api/app/ringCentral/widget'))).toMatchObject({ enabled: false, widgetUrl: null });
    const on = await callingTenant('Loud', { TelephonyEmbeddableEnable: 'True' });
    await connect(on.admin);
    const widget = await ok(on.staff.get('/api/app/ringCentral/widget'));
    expect(widget).toMatchObject({ enabled: true, connected: true });
    const url = new URL(widget.widgetUrl as string);
    expect(url.origin + url.pathname).toBe(`${rc.url}/embeddable/app.html`);
    expect(url.searchParams.get('clientId')).toBe(rc.clientId);
    const cm = await callerFor(t, on.tenantId, ['CASE_MANAGER']);
    expect((await cm.get('/api/app/ringCentral/widget')).statusCode).toBe(403);
  });
});
