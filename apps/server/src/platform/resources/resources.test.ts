import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import ExcelJS from 'exceljs';
import {
  ErrorMessages,
  FileReviewModule,
  formatInZone,
  MedicalRecordModule,
  MedNegModule,
  SupplementaryModule,
  TpdModule,
  uuidv7,
  type CaseModuleDeclaration,
} from '@casebook/domain';
import {
  callerFor,
  createTestApp,
  newTenant,
  onPostgres,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { resources } from '../../app';
import { cities, countries } from '../../modules/geography/geography.schema';
import { entityChanges } from '../db/platform.schema';
import { multipartBody, multipartHeaders } from '../../modules/files/multipart.test-support';
import { silentWav } from '../../modules/typing/wav.test-support';

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  // NDIS on: its service items are a resource of the generated cross-tenant test too.
  admin = await callerFor(t, await newTenant(t.database, { features: { NDIS: 'True' } }));
});
afterAll(async () => {
  await t?.close();
});

type Country = { id: string; name: string; code: string; isActive: boolean; concurrencyStamp: string };

async function createCountry(caller: Caller, body: Partial<Country> = {}): Promise<Country> {
  const code = body.code ?? randomCode();
  const res = await caller.post('/api/app/countries', { name: `Land ${code}`, code, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const usedCodes = new Set<string>();
function randomCode(): string {
  for (;;) {
    const code = String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26));
    if (!usedCodes.has(code) && !['AU', 'NZ', 'GB', 'US', 'CA', 'SG'].includes(code)) {
      usedCodes.add(code);
      return code;
    }
  }
}

/** Rows and history rows of a tenant: what "nothing was written" compares. */
async function writeCounts(tenantId: string) {
  return t.database.withTenant(tenantId, async (tx) => ({
    countries: (await tx.select({ n: count() }).from(countries))[0]!.n,
    cities: (await tx.select({ n: count() }).from(cities))[0]!.n,
    changes: (await tx.select({ n: count() }).from(entityChanges))[0]!.n,
  }));
}

describe('CRUD through a declared resource', () => {
  test('creates, reads, lists, updates and soft-deletes a country', async () => {
    const created = await createCountry(admin, { name: 'Freedonia', code: 'fd' });
    expect(created).toMatchObject({ name: 'Freedonia', code: 'FD', isActive: true, creatorId: admin.userId });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);

    const got = await admin.get(`/api/app/countries/${created.id}`);
    expect(got.json()).toEqual(created);

    const list = await admin.get('/api/app/countries?filterText=freedonia');
    expect(list.json()).toEqual({ totalCount: 1, items: [created] });

    const updated = await admin.put(`/api/app/countries/${created.id}`, {
      name: 'Freedonia Republic',
      code: 'FD',
      isActive: true,
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Freedonia Republic', lastModifierId: admin.userId });
    expect(updated.json().concurrencyStamp).not.toBe(created.concurrencyStamp);

    expect((await admin.del(`/api/app/countries/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/app/countries/${created.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/app/countries?filterText=freedonia')).json().totalCount).toBe(0);
    // Soft delete: the row remains for history, invisible to the API.
    const [row] = await t.database.withTenant(admin.tenantId, (tx) =>
      tx.select().from(countries).where(eq(countries.id, created.id)),
    );
    expect(row).toMatchObject({ isDeleted: true, deleterId: admin.userId });
  });

  test('lists page with skipCount and maxResultCount, 20 by default, in the requested order', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const ids = [];
    for (let i = 0; i < 25; i++)
      ids.push((await createCountry(caller, { name: `Page ${String(i).padStart(2, '0')}` })).id);
    const first = (await caller.get('/api/app/countries?filterText=Page')).json();
    expect(first.totalCount).toBe(25);
    expect(first.items).toHaveLength(20);
    const second = (await caller.get('/api/app/countries?filterText=Page&skipCount=20&maxResultCount=10')).json();
    expect(second.items.map((c: Country) => c.name)).toEqual(['Page 20', 'Page 21', 'Page 22', 'Page 23', 'Page 24']);
    const desc = (await caller.get('/api/app/countries?filterText=Page&sorting=name%20desc&maxResultCount=2')).json();
    expect(desc.items.map((c: Country) => c.name)).toEqual(['Page 24', 'Page 23']);
    const beyond = (await caller.get('/api/app/countries?filterText=Page&skipCount=100')).json();
    expect(beyond).toEqual({ totalCount: 25, items: [] });
    expect((await caller.get('/api/app/countries?maxResultCount=1000')).statusCode).toBe(200);
  });

  test('filterText is matched literally: wildcards and SQL are just text', async () => {
    await createCountry(admin, { name: '100% Pure' });
    expect((await admin.get('/api/app/countries?filterText=%25')).json().totalCount).toBe(1);
    expect((await admin.get('/api/app/countries?filterText=_')).json().totalCount).toBe(0);
    const injection = await admin.get(
      `/api/app/countries?filterText=${encodeURIComponent("x' ; drop table countries; --")}`,
    );
    expect(injection.statusCode).toBe(200);
    expect(injection.json()).toEqual({ totalCount: 0, items: [] });
    expect((await admin.get('/api/app/countries')).json().totalCount).toBeGreaterThan(0);
  });

  test('selection lists return id, displayName and isActive, and honour isActive', async () => {
    const off = await createCountry(admin, { name: 'Zembla', isActive: false });
    const all = (await admin.get('/api/app/countries?isSelectionList=true&filterText=Zembla')).json();
    expect(all).toEqual({ totalCount: 1, items: [{ id: off.id, displayName: 'Zembla', isActive: false }] });
    const active = (await admin.get('/api/app/countries?isSelectionList=true&isActive=true&filterText=Zembla')).json();
    expect(active.totalCount).toBe(0);
  });

  test('a selection list counts up to 100 matches; the list counts them all', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const countryId = (await caller.get('/api/app/countries?filterText=AU&maxResultCount=1')).json().items[0].id;
    await t.database.withTenant(caller.tenantId, (tx) =>
      tx.insert(cities).values(
        Array.from({ length: 105 }, (_, i) => ({
          tenantId: caller.tenantId,
          id: uuidv7(),
          name: `Counted ${String(i).padStart(4, '0')}`,
          state: 'WA',
          countryId,
          concurrencyStamp: 's',
        })),
      ),
    );
    expect((await caller.get('/api/app/cities?filterText=Counted')).json().totalCount).toBe(105);
    const picker = (
      await caller.get(`/api/app/cities?isSelectionList=true&filterText=Counted&countryId=${countryId}`)
    ).json();
    expect(picker.totalCount).toBe(100);
    expect(picker.items).toHaveLength(20);
    // Paging beyond the cap still counts what it has passed.
    const late = (
      await caller.get(`/api/app/cities?isSelectionList=true&filterText=Counted&countryId=${countryId}&skipCount=100`)
    ).json();
    expect(late.totalCount).toBe(105);
    expect(late.items).toHaveLength(5);
  });

  test("the cities selection list defaults to the tenant's country", async () => {
    const other = await createCountry(admin, { name: 'Elbonia' });
    const res = await admin.post('/api/app/cities', { name: 'Mudville', countryId: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const defaultList = (await admin.get('/api/app/cities?isSelectionList=true&maxResultCount=100')).json();
    expect(defaultList.items.map((c: { displayName: string }) => c.displayName)).toContain('Sydney');
    expect(defaultList.items.map((c: { displayName: string }) => c.displayName)).not.toContain('Mudville');
    const elbonia = (await admin.get(`/api/app/cities?isSelectionList=true&countryId=${other.id}`)).json();
    expect(elbonia.items).toEqual([{ id: res.json().id, displayName: 'Mudville', isActive: true }]);
    const nsw = (await admin.get('/api/app/cities?state=nsw&sorting=name')).json();
    expect(nsw.items.map((c: { name: string }) => c.name)).toEqual(['Newcastle', 'Parramatta', 'Sydney', 'Wollongong']);
  });

  test('enable and disable flip isActive and are audited', async () => {
    const c = await createCountry(admin);
    const disabled = await admin.put(`/api/app/countries/${c.id}/disable`, {});
    expect(disabled.json().isActive).toBe(false);
    const enabled = await admin.put(`/api/app/countries/${c.id}/enable`, {});
    expect(enabled.json().isActive).toBe(true);
    const history = (await admin.get(`/api/app/entity-changes?entityId=${c.id}&propertyName=isActive`)).json();
    expect(history.items.map((h: { newValue: string }) => h.newValue)).toEqual(['true', 'false', 'true']);
  });

  test('a duplicate code is refused with the field named', async () => {
    const c = await createCountry(admin);
    const res = await admin.post('/api/app/countries', { name: 'Copy', code: c.code });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.validationErrors).toEqual([
      { message: 'A country with this code already exists.', members: ['code'] },
    ]);
  });
});

describe('optimistic concurrency', () => {
  test('rejects a stale concurrency stamp with 409 and the spec message', async () => {
    const c = await createCountry(admin);
    const body = { name: 'First', code: c.code, isActive: true, concurrencyStamp: c.concurrencyStamp };
    expect((await admin.put(`/api/app/countries/${c.id}`, body)).statusCode).toBe(200);
    const stale = await admin.put(`/api/app/countries/${c.id}`, { ...body, name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ErrorMessages.concurrency);
    expect((await admin.get(`/api/app/countries/${c.id}`)).json().name).toBe('First');
  });

  test('of two simultaneous updates with the same stamp exactly one wins', async () => {
    const c = await createCountry(admin);
    const attempts = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((name) =>
        admin.put(`/api/app/countries/${c.id}`, {
          name,
          code: c.code,
          isActive: true,
          concurrencyStamp: c.concurrencyStamp,
        }),
      ),
    );
    const codes = attempts.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
  });
});

describe('bad input gets a clear 4xx and writes nothing', () => {
  const cases: {
    name: string;
    send: () => Promise<{ statusCode: number; json(): unknown }>;
    status: number;
    member?: string;
  }[] = [
    {
      name: 'malformed JSON',
      send: () =>
        admin.request({
          method: 'POST',
          url: '/api/app/countries',
          payload: '{"name": "x",',
          headers: { 'content-type': 'application/json' },
        }),
      status: 400,
      member: 'body',
    },
    {
      name: 'a wrong type',
      send: () => admin.post('/api/app/countries', { name: 42, code: 'QQ' }),
      status: 400,
      member: 'name',
    },
    {
      name: 'a missing field',
      send: () => admin.post('/api/app/countries', { code: 'QQ' }),
      status: 400,
      member: 'name',
    },
    {
      name: 'an unknown field',
      send: () => admin.post('/api/app/countries', { name: 'Q', code: 'QQ', tenantId: uuidv7() }),
      status: 400,
      member: 'tenantId',
    },
    {
      name: 'an oversized body',
      send: () => admin.post('/api/app/countries', { name: 'x'.repeat(1024 * 1024 + 10), code: 'QQ' }),
      status: 413,
    },
    {
      name: 'a body that is not JSON',
      send: () =>
        admin.request({
          method: 'POST',
          url: '/api/app/countries',
          payload: 'name=x',
          headers: { 'content-type': 'text/plain' },
        }),
      status: 415,
    },
    {
      name: 'a negative maxResultCount',
      send: () => admin.get('/api/app/countries?maxResultCount=-1'),
      status: 400,
      member: 'maxResultCount',
    },
    {
      name: 'a huge maxResultCount',
      send: () => admin.get('/api/app/countries?maxResultCount=1000001'),
      status: 400,
      member: 'maxResultCount',
    },
    {
      name: 'a non-numeric skipCount',
      send: () => admin.get('/api/app/countries?skipCount=abc'),
      status: 400,
      member: 'skipCount',
    },
    { name: 'a non-UUID id', send: () => admin.get('/api/app/countries/12345'), status: 400, member: 'id' },
    {
      name: 'a non-UUID id on update',
      send: () =>
        admin.put('/api/app/countries/1;drop', { name: 'Q', code: 'QQ', isActive: true, concurrencyStamp: 'x' }),
      status: 400,
      member: 'id',
    },
    {
      name: 'an unknown sorting column',
      send: () => admin.get('/api/app/countries?sorting=password'),
      status: 400,
      member: 'sorting',
    },
    {
      name: 'SQL in sorting',
      send: () => admin.get(`/api/app/countries?sorting=${encodeURIComponent('name; drop table countries')}`),
      status: 400,
      member: 'sorting',
    },
    {
      name: 'SQL as a sort direction',
      send: () => admin.get(`/api/app/countries?sorting=${encodeURIComponent('name asc nulls first, (select 1)')}`),
      status: 400,
      member: 'sorting',
    },
    {
      name: 'an over-long filterText',
      send: () => admin.get(`/api/app/countries?filterText=${'a'.repeat(201)}`),
      status: 400,
      member: 'filterText',
    },
    {
      name: 'a city in a country that does not exist',
      send: () => admin.post('/api/app/cities', { name: 'Ghost', countryId: uuidv7() }),
      status: 400,
      member: 'countryId',
    },
    {
      name: 'an update without a stamp',
      send: () => admin.put(`/api/app/countries/${uuidv7()}`, { name: 'Q', code: 'QQ', isActive: true }),
      status: 400,
      member: 'concurrencyStamp',
    },
  ];

  test.each(cases)('$name → $status', async ({ send, status, member }) => {
    const before = await writeCounts(admin.tenantId);
    const res = await send();
    expect(res.statusCode).toBe(status);
    const body = res.json() as { error: { code: string; message: string; validationErrors?: { members: string[] }[] } };
    expect(body.error.message).toBeTruthy();
    if (member) expect(body.error.validationErrors?.flatMap((v) => v.members)).toContain(member);
    expect(await writeCounts(admin.tenantId)).toEqual(before);
  });
});

describe('authentication and permissions', () => {
  test('no token, a bad token, or a token from another issuer is 401 before the body is read', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/api/app/countries', payload: '{bad json' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error.message).toBe(ErrorMessages.permission);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/app/countries',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(bad.statusCode).toBe(401);
    const tampered = admin.token.slice(0, -4) + 'AAAA';
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/app/countries',
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  test('a role without the permission gets 403 and nothing is written', async () => {
    const cm = await callerFor(t, admin.tenantId, ['CASE_MANAGER']);
    expect((await cm.get('/api/app/countries')).statusCode).toBe(200);
    const before = await writeCounts(admin.tenantId);
    const res = await cm.post('/api/app/countries', { name: 'Nope', code: 'NP' });
    expect(res.statusCode).toBe(403);
    expect(await writeCounts(admin.tenantId)).toEqual(before);
  });

  test('every API route declares an access rule, and only the known public calls are anonymous', () => {
    const api = t.routes.filter((r) => r.url.startsWith('/api/'));
    const anonymous = api.filter((r) => r.access?.anonymous).map((r) => r.url);
    expect(anonymous.sort()).toEqual([
      '/api/account/forgot-password',
      '/api/account/onetime-access/redeem',
      '/api/account/reset-password',
      '/api/app/files/download',
      // The connected providers' redirect (its one-time random state, kept hashed, names the pending connection) and
      // their webhooks (each refused without its HMAC signature over the exact body), DocuSign Connect's too.
      '/api/app/integrations/:provider/callback',
      '/api/app/integrations/docusign/webhook',
      '/api/app/integrations/quickbooks/webhook',
      '/api/app/integrations/twilio/webhook',
      '/api/app/integrations/xero/webhook',
      // Practice software: the same redirect, and webhooks signed with the secret agreed at registration.
      '/api/app/pms/:provider/callback',
      '/api/app/pms/:provider/webhook/:connectionId',
      // A participant's video meeting by their link's token (refused alike when wrong, replaced or ended).
      '/api/app/video-sessions/viewVideo',
      '/api/docs',
      '/api/health',
    ]);
    const selfService = api.filter((r) => r.access?.authenticated).map((r) => r.url);
    // Self-service calls concern only the caller: their account, their settings, their tenant.
    const selfServicePrefixes = ['/api/app/account/', '/api/app/system-config', '/api/app/notifications/inApp'];
    expect(selfService.filter((url) => !selfServicePrefixes.some((p) => url.startsWith(p))).sort()).toEqual([
      '/api/app/case-managers/myDetail',
      '/api/app/contractors/myDetail',
      '/api/app/editions',
      // The product's published updates, the same for everyone.
      '/api/app/product-updates',
      '/api/app/specialists/myDetail',
      '/api/app/tenants/current',
      // Each kind of result is limited by its own permission and record rule inside the search.
      '/api/app/universal-search',
    ]);
    const unguarded = api
      .filter((r) => !r.access?.anonymous && !r.access?.permission && !r.access?.authenticated)
      .map((r) => `${r.method} ${r.url}`);
    expect(unguarded).toEqual([]);
  });
});

/** Valid bodies for record actions, so the only reason to refuse is that the record is not theirs. */
const stamp = { concurrencyStamp: 'any' };
/** The shared calls every declared case module has, with bodies its declaration accepts (its own templates). */
const moduleCallBodies = (m: CaseModuleDeclaration, base: string): Record<string, unknown> => ({
  [`POST ${base}/:id/rebook`]: {},
  [`POST ${base}/:id/sendReportStatus`]: { ...stamp, reportSentDate: '2026-01-05' },
  [`POST ${base}/:id/action-required`]: { subject: 'Chase' },
  [`PUT ${base}/:id/action-required/:itemId`]: { ...stamp, subject: 'Chase', completed: false },
  ...(m.emailTemplates[0]
    ? {
        [`POST ${base}/:id/emails/preview`]: { templateKey: m.emailTemplates[0] },
        [`POST ${base}/:id/emails`]: { templateKey: m.emailTemplates[0], email: 'someone@example.test' },
      }
    : {}),
});
const actionBodies: Record<string, unknown> = {
  ...moduleCallBodies(SupplementaryModule, '/api/app/supplementary'),
  ...moduleCallBodies(FileReviewModule, '/api/app/file-review'),
  ...moduleCallBodies(MedicalRecordModule, '/api/app/clinical-records'),
  ...moduleCallBodies(TpdModule, '/api/app/tpd'),
  ...moduleCallBodies(MedNegModule, '/api/app/medneg'),
  'POST /api/app/assessments/:id/sms': { kind: 'APPOINTMENT_REMINDER' },
  'POST /api/app/assessments/:id/validateUhg': { claimantNo: 'UHG-1001' },
  'POST /api/app/assessments/:id/uhgCase': { claimantNo: 'UHG-1001' },
  'POST /api/app/assessments/:id/connectCaseToUHG': { claimantNo: 'UHG-1001', uhgCaseId: 'UC-1' },
  'POST /api/app/eml/:id/accept': { concurrencyStamp: 'x' },
  'POST /api/app/eml/:id/reject': { concurrencyStamp: 'x' },
  'PUT /api/app/users/:id/setPassword': { password: 'Another!2026x' },
  'PUT /api/app/users/:id/lock': { minutes: 5 },
  'PUT /api/app/assessments/:id/booking-detail': {
    ...stamp,
    clientId: uuidv7(),
    caseManagerId: uuidv7(),
  },
  'PUT /api/app/assessments/:id/appointment': { ...stamp, appointmentDate: '2026-01-05', appointmentTime: '09:00' },
  'PUT /api/app/assessments/:id/reschedule-appointment': {
    ...stamp,
    appointmentDate: '2026-01-05',
    appointmentTime: '09:00',
  },
  'PUT /api/app/assessments/:id/paperwork': { ...stamp, paperworkSentDate: '2026-01-05' },
  'PUT /api/app/assessments/:id/attendance': { ...stamp, attendance: 'CONFIRMED' },
  'PUT /api/app/assessments/:id/cancellation': { ...stamp, cancellationType: 'NO_FEE', cancellationDate: '2026-01-05' },
  'PUT /api/app/assessments/:id/dictation-report': { ...stamp, dictationReceivedDate: '2026-01-05' },
  'POST /api/app/assessments/:id/cancelAppointment': stamp,
  'POST /api/app/assessments/:id/rebook': {},
  'POST /api/app/assessments/:id/sendReportStatus': { ...stamp, reportSentDate: '2026-01-05' },
  'POST /api/app/assessments/:id/emails': { emailType: 'REPORT' },
  'POST /api/app/assessments/:id/videoInfo': { alternativeMeetingId: '123' },
  'POST /api/app/assessments/:id/sendVideoLink': {},
  'PUT /api/app/caseclientdetails/:id/billingStatus': { ...stamp, billingStatus: 'BILLED' },
  'PUT /api/app/action-required/:id': { ...stamp, subject: 'x', completed: true },
  'POST /api/app/clients/:id/relationships': { specialistId: uuidv7(), kind: 'TREATING' },
  'POST /api/app/assessments/:id/independenceOverride': { specialistId: uuidv7(), reason: 'Seen before' },
  // The steps of the declared case modules, each with a valid body.
  ...Object.fromEntries(
    ['/api/app/supplementary', '/api/app/file-review'].flatMap((base) => [
      [`PUT ${base}/:id/booking-detail`, { ...stamp, clientId: uuidv7(), caseManagerId: uuidv7() }],
      [`PUT ${base}/:id/paperwork`, { ...stamp, paperworkReceivedDate: '2026-01-05' }],
      [`PUT ${base}/:id/dictation-report`, { ...stamp, dictationDate: '2026-01-05' }],
      [`PUT ${base}/:id/cancellation`, { ...stamp, cancellationType: 'NO_FEE', cancellationDate: '2026-01-05' }],
    ]),
  ),
  'PUT /api/app/clinical-records/:id/booking-detail': { ...stamp, clientId: uuidv7(), caseManagerId: uuidv7() },
  'PUT /api/app/clinical-records/:id/paperwork': { ...stamp, paperworkReceivedDate: '2026-01-05' },
  'PUT /api/app/clinical-records/:id/OnHoldRequest': { ...stamp, onHoldAction: 'HOLD', onHoldDate: '2026-01-05' },
  'PUT /api/app/clinical-records/:id/cancellation': { ...stamp, cancellationDate: '2026-01-05' },
  'PUT /api/app/assessments/:id/report-qa': { reviewStatus: 'APPROVED', validationStatus: 'PASSED' },
  'PUT /api/app/tpd/:id/booking-detail': { ...stamp, clientId: uuidv7(), caseManagerId: uuidv7() },
  'PUT /api/app/tpd/:id/cancellation': { ...stamp, cancellationDate: '2026-01-05' },
  'PUT /api/app/medneg/:id/booking-detail': { ...stamp, clientId: uuidv7(), caseManagerId: uuidv7() },
  'PUT /api/app/medneg/:id/OnHoldRequest': { ...stamp, onHoldAction: 'HOLD', onHoldDate: '2026-01-05' },
  'PUT /api/app/medneg/:id/closure': { ...stamp, closeOutcome: 'WITH_BOOKINGS', closedDate: '2026-01-05' },
  'POST /api/app/medneg/:id/poMedNeg': { specialistId: uuidv7(), requestType: 'TC', requestedDate: '2026-01-05' },
  'POST /api/app/medneg/:id/fullReport': { specialistId: uuidv7() },
  'PUT /api/app/medneg/:id/poMedNeg/:poId': {},
  ...Object.fromEntries(
    ['precedentAuthority', 'costAgreement', 'ClaimForms', 'progress'].map((s) => [`PUT /api/app/tpd/:id/${s}`, stamp]),
  ),
};

/**
 * Modules added with a cross-tenant test of their own, which calls each of their record routes with another
 * tenant's ids; this generated matrix does not make their records (yet) and leaves their routes to those tests.
 */
const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));
const OWN_CROSS_TENANT_TESTS: Record<string, string> = {
  '/api/app/payments/': 'modules/invoices/invoices.test.ts',
  '/api/app/payment-blueprints/': 'modules/invoices/invoices.test.ts',
  '/api/app/specialist-remittances/': 'modules/invoices/invoices.test.ts',
  '/api/app/my-remittances/': 'modules/invoices/billing-mail.test.ts',
  '/api/app/funding-providers/': 'modules/funding/funding.test.ts',
  '/api/app/funding-agreements/': 'modules/funding/funding.test.ts',
  '/api/app/disbursement-funding/': 'modules/funding/funding.test.ts',
  '/api/app/mva/': 'modules/mva/mva.test.ts',
  '/api/app/ndis/': 'modules/ndis/ndis.test.ts',
  '/api/app/assessments/:id/otQuotation': 'modules/ot/ot.test.ts',
  '/api/app/funding-requests/': 'modules/funding/funding.test.ts',
  '/api/app/agreement-advance-requests/': 'modules/funding/funding.test.ts',
  '/api/app/tenants/approvedlenders/': 'modules/funding/funding.test.ts',
  '/api/app/disbursements/repayment-invoice/': 'modules/funding/funding.test.ts',
  '/api/app/marketing-campaigns/': 'modules/marketing/marketing.test.ts',
  // Behind the LegalPracticeAPI feature: tried from a tenant that has it.
  '/api/app/companies/:id/pms-': 'modules/integrations/pms.test.ts',
  '/api/app/cases/:id/pms-': 'modules/integrations/pms.test.ts',
  // The host's invoices to a tenant: made by the host, read by the billed tenant alone.
  '/api/app/tenant-invoice/': 'modules/subscription/subscription.test.ts',
};

/**
 * Records of the office's daily work, made by the owner through their own calls (the tenant has the
 * TimeTracking, LMQ, InquiryCentre and QaStatus features): a typist job on a case's dictation, a time entry,
 * an LMQ checklist and a case's task checklist, an inquiry, a video meeting and a report correction. With each, a valid body for
 * its calls that take one, so that the only reason to refuse the intruder is that the record is not theirs.
 */
async function workRecords(
  owner: Caller,
  intruder: Caller,
): Promise<{ ids: Record<string, string>; bodies: Record<string, unknown> }> {
  const made = async (path: string, body: unknown) => {
    const res = await owner.post(path, body);
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as { id: string; concurrencyStamp: string };
  };
  const companyId = (await made('/api/app/companies', { name: `Work ${uuidv7()}`, businessType: 'LAW_FIRM' })).id;
  const caseManagerId = (await made('/api/app/case-managers', { firstName: 'W', lastName: 'M', companyId })).id;
  const clientId = (await made('/api/app/clients', { firstName: 'W', lastName: 'C', email: 'w.c@example.test' })).id;
  const specialistId = (
    await made('/api/app/specialists', {
      firstName: 'W',
      lastName: 'S',
      email: 'w.s@example.test',
      onboardedDate: '2026-01-01',
    })
  ).id;
  const session = await made('/api/app/appointment-sessions', {
    specialistId,
    centreId: null,
    appointmentType: 'VIDEO',
    timeZone: 'Australia/Sydney',
    date: '2027-02-01',
    startTime: '09:00',
    endTime: '10:00',
  });
  const theCase = await made('/api/app/assessments', { clientId, caseManagerId, sessionId: session.id, specialistId });
  const meeting = await made(`/api/app/assessments/${theCase.id}/generateVideoLink`, {});
  const audio = (
    await owner.request({
      method: 'POST',
      url: '/api/app/files',
      headers: multipartHeaders,
      payload: multipartBody({}, { name: 'dictation.wav', bytes: silentWav() }),
    })
  ).json() as { id: string };
  const dictation = await made('/api/app/attachments', {
    fileId: audio.id,
    attachmentFrom: 'IME',
    objectId: theCase.id,
  });
  const typist = await callerFor(t, owner.tenantId, ['CONTRACTOR']);
  const typistJob = await made('/api/app/typist-jobs', {
    dictationAttachmentId: dictation.id,
    contractorId: typist.userId,
  });
  const timeEntry = await made('/api/app/time-tracking', {
    caseId: theCase.id,
    startTime: '2026-03-02T09:00:00Z',
    endTime: '2026-03-02T10:00:00Z',
    description: 'Reading',
  });
  const checklist = await made('/api/app/check-lists', { name: `Work ${uuidv7()}`, criteria: ['Brief read'] });
  const task = await made('/api/app/task-checklists', { caseId: theCase.id, checklistId: checklist.id });
  const inquiry = await made('/api/app/inquiries', { enquirerName: 'Priya', email: 'priya@example.test' });
  const correction = await made('/api/app/report-corrections', { caseId: theCase.id, note: 'Page 2' });
  // Valid for any record: an id of the caller's own tenant would do, but a new one is as good to the parser.
  const stamp = { concurrencyStamp: 'stamp' };
  return {
    ids: {
      '/api/app/video-meetings/': meeting.id,
      '/api/app/typist-jobs/': typistJob.id,
      '/api/app/time-tracking/': timeEntry.id,
      '/api/app/check-lists/': checklist.id,
      '/api/app/task-checklists/': task.id,
      '/api/app/inquiries/': inquiry.id,
      '/api/app/report-corrections/': correction.id,
    },
    bodies: {
      'PUT /api/app/typist-jobs/:id/typed-report': { fileId: uuidv7(), ...stamp },
      'POST /api/app/time-tracking/:id/stop': stamp,
      'PUT /api/app/time-tracking/:id': {
        startTime: '2026-03-02T09:00:00Z',
        endTime: '2026-03-02T11:00:00Z',
        description: 'Taken',
        ...stamp,
      },
      'PUT /api/app/check-lists/:id': { name: 'Taken', description: null, ...stamp },
      'POST /api/app/check-lists/:id/resetToDefault': stamp,
      'PUT /api/app/check-lists/:id/criterias': { criteria: ['Taken'], ...stamp },
      'PUT /api/app/task-checklists/:id/criterias': { items: [{ criterionId: 'x', status: 'Complete' }], ...stamp },
      'POST /api/app/task-checklists/:id/reset-criterias': stamp,
      'PUT /api/app/inquiries/:id': {
        enquirerName: 'Taken',
        companyName: null,
        email: null,
        phone: null,
        serviceType: 'IME',
        details: null,
        ...stamp,
      },
      // The intruder's own colleague: a valid assignee, so only the inquiry can be the reason to refuse.
      'POST /api/app/inquiries/:id/assign': { userId: intruder.userId, ...stamp },
      'POST /api/app/inquiries/:id/close': stamp,
      'PUT /api/app/report-corrections/:id/note': { note: 'Taken' },
      'PUT /api/app/report-corrections/:id/status': { status: 'CORRECTED' },
      'POST /api/app/inquiries/:id/convert': {
        serviceType: 'IME',
        caseNo: 'TAKEN-1',
        clientId: uuidv7(),
        caseManagerId: uuidv7(),
        specialistId: null,
        bookingNotes: null,
        privateNotes: null,
        visibility: 'EVERYONE',
        visibilityGroupId: null,
        confirmNoContract: false,
        sessionId: null,
        appointmentType: null,
        ...stamp,
      },
    },
  };
}

/** Records that are not declared resources: cases of each module, and an action item on one. */
async function bespokeRecords(owner: Caller): Promise<{ prefix: string; id: string }[]> {
  const id = async (path: string, body: unknown) => {
    const res = await owner.post(path, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }).id;
  };
  const companyId = await id('/api/app/companies', { name: `Co ${uuidv7()}`, businessType: 'LAW_FIRM' });
  const caseManagerId = await id('/api/app/case-managers', { firstName: 'A', lastName: 'B', companyId });
  const clientId = await id('/api/app/clients', { firstName: 'C', lastName: 'D' });
  const caseId = await id('/api/app/assessments', { clientId, caseManagerId });
  const actionId = await id('/api/app/action-required', { objectId: caseId, subject: 'Call' });
  const supplementaryId = await id('/api/app/supplementary', { clientId, caseManagerId });
  const fileReviewId = await id('/api/app/file-review', { clientId, caseManagerId });
  const medicalRecordId = await id('/api/app/clinical-records', { clientId, caseManagerId });
  const tpdId = await id('/api/app/tpd', { clientId, caseManagerId });
  const medNegId = await id('/api/app/medneg', { clientId, caseManagerId });
  return [
    { prefix: '/api/app/assessments/', id: caseId },
    { prefix: '/api/app/supplementary/', id: supplementaryId },
    { prefix: '/api/app/file-review/', id: fileReviewId },
    { prefix: '/api/app/clinical-records/', id: medicalRecordId },
    { prefix: '/api/app/tpd/', id: tpdId },
    { prefix: '/api/app/medneg/', id: medNegId },
    { prefix: '/api/app/caseclientdetails/', id: caseId },
    { prefix: '/api/app/action-required/', id: actionId },
  ];
}

describe('cross-tenant access, generated from the route table', () => {
  test("every route with an id answers 404 for another tenant's record", async () => {
    const owner = admin;
    // With the owner's features, so that only the record's tenant can refuse it.
    const intruder = await callerFor(t, await newTenant(t.database, { features: { NDIS: 'True' } }), ['TENANT_ADMIN']);
    // Host-only routes (the tenant registry) are host-wide by design; their own test covers them.
    const idRoutes = t.routes.filter(
      (r) =>
        r.url.includes(':id') &&
        !r.access?.hostOnly &&
        !Object.keys(OWN_CROSS_TENANT_TESTS).some((prefix) => r.url.startsWith(prefix)),
    );
    for (const file of new Set(Object.values(OWN_CROSS_TENANT_TESTS))) {
      expect(fs.existsSync(path.join(SERVER_SRC, file)), file).toBe(true);
    }
    expect(idRoutes.length).toBeGreaterThan(0);
    const checked: string[] = [];
    // A row of the resource in the owner's tenant: a seeded one, or one made from the example (whose
    // references to other resources are filled with rows of those).
    const rowOf = async (def: (typeof resources)[number]): Promise<Record<string, unknown> | undefined> => {
      if ((await owner.get(`/api/app/${def.name}?maxResultCount=1`)).json().totalCount === 0 && def.example) {
        const body: Record<string, unknown> = { ...def.example };
        for (const [field, refName] of Object.entries(def.exampleRefs ?? {})) {
          const refId = (await rowOf(resources.find((r) => r.name === refName)!))?.id;
          // A field holding several ids (an interpreter's languages) gets a list of one.
          body[field] = Array.isArray(def.example[field]) ? [refId] : refId;
        }
        const created = await owner.post(`/api/app/${def.name}`, body);
        expect(created.statusCode, `${def.name}: ${created.body}`).toBe(200);
      }
      return (await owner.get(`/api/app/${def.name}?maxResultCount=1`)).json().items[0];
    };
    for (const def of resources) {
      const record = await rowOf(def);
      expect(record, `${def.name} needs a row in a new tenant for this test`).toBeDefined();
      // A valid update body, so the only reason to refuse is that the record is not theirs.
      const body = Object.fromEntries(
        Object.keys((def.updateInput as unknown as z.ZodObject).shape).map((k) => [k, record![k]]),
      );
      for (const route of idRoutes.filter((r) => r.url.startsWith(`/api/app/${def.name}/`))) {
        const url = route.url.replace(':id', String(record!.id));
        const key = `${route.method} ${route.url}`;
        const payload =
          key in actionBodies ? actionBodies[key] : key === `PUT /api/app/${def.name}/:id` ? body : undefined;
        const res = await intruder.request({
          method: route.method as 'GET',
          url,
          ...(payload !== undefined ? { payload: payload as object } : {}),
        });
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 404,
        });
        checked.push(`${route.method} ${route.url}`);
      }
      // The owner still sees the record unchanged.
      const again = await owner.get(`/api/app/${def.name}/${String(record!.id)}`);
      expect(again.json()).toEqual(record);
    }
    // Records of modules beyond the declarative resources, made through their own calls.
    const specialist = await rowOf(resources.find((r) => r.name === 'specialists')!);
    const sessionFields = {
      specialistId: specialist!.id,
      appointmentType: 'VIDEO',
      date: '2027-01-04',
      startTime: '09:00',
      endTime: '10:00',
    };
    const session = (await owner.post('/api/app/appointment-sessions', sessionFields)).json();
    const others = [
      {
        prefix: '/api/app/appointment-sessions/',
        record: session,
        bodies: {
          'PUT /api/app/appointment-sessions/:id': { ...sessionFields, concurrencyStamp: session.concurrencyStamp },
          'POST /api/app/appointment-sessions/:id/book': {},
        } as Record<string, unknown>,
      },
    ];
    for (const other of others) {
      for (const route of idRoutes.filter((r) => r.url.startsWith(other.prefix))) {
        const key = `${route.method} ${route.url}`;
        const res = await intruder.request({
          method: route.method as 'GET',
          url: route.url.replace(':id', String(other.record.id)),
          ...(key in other.bodies ? { payload: other.bodies[key] as object } : {}),
        });
        expect({ route: key, status: res.statusCode }).toEqual({ route: key, status: 404 });
        checked.push(key);
      }
      expect((await owner.get(`${other.prefix}${String(other.record.id)}`)).json()).toEqual(other.record);
    }
    // Records that are not declarative resources: one of each, made by the owner.
    const features = {
      AdHocTemplate: 'True',
      RealtimeNotification: 'True',
      Supplementary: 'True',
      FileReview: 'True',
      TPD: 'True',
      MedNeg: 'True',
      EMLIntegration: 'True',
      TimeTracking: 'True',
      LMQ: 'True',
      InquiryCentre: 'True',
      QaStatus: 'True',
    };
    await t.database.withSystem((tx) =>
      tx.execute(
        sql`update tenants set features = features || ${JSON.stringify(features)}::jsonb where id in (${owner.tenantId}, ${intruder.tenantId})`,
      ),
    );
    t.tenants.invalidate(owner.tenantId);
    t.tenants.invalidate(intruder.tenantId);
    await t.jobs.install();
    const tracked = await owner.post('/api/app/email-templates/send', {
      templateKey: 'IME_APPOINTMENT_REQUEST',
      fromModule: 'IME',
      email: 'owner@example.test',
    });
    const adhoc = await owner.post('/api/app/adhocemail-templates', {
      templateKey: `OWN_${uuidv7().slice(-6).toUpperCase()}`,
      subject: 'Own',
      templateContent: '<p>Own</p>',
    });
    const note = await owner.post('/api/app/notifications/inApp', {
      recipientId: owner.userId,
      title: 'Own',
      content: 'Own',
    });
    const jobId = await t.jobs.send('mail-send', { tenantId: owner.tenantId }, { startAfter: 3600 });
    const request = ['From: cm@own.test', 'Subject: Own request', '', 'Claimant: Own Claimant', ''].join('\r\n');
    const proposal = await owner.post('/api/app/eml/upload', {
      fileName: 'own.eml',
      content: Buffer.from(request).toString('base64'),
    });
    const work = await workRecords(owner, intruder);
    const byPrefix: Record<string, string> = {
      ...work.ids,
      '/api/app/eml/': (proposal.json() as { id: string }).id,
      '/api/app/email-trackings/': (tracked.json() as { id: string }).id,
      '/api/app/adhocemail-templates/': (adhoc.json() as { id: string }).id,
      '/api/app/notifications/inApp/': (note.json() as { id: string }).id,
      '/api/app/background-jobs/': jobId!,
    };
    for (const [prefix, id] of Object.entries(byPrefix)) {
      for (const route of idRoutes.filter((r) => r.url.startsWith(prefix))) {
        const key = `${route.method} ${route.url}`;
        const res = await intruder.request({
          method: route.method as 'GET',
          url: route.url.replace(':id', id),
          ...(key in work.bodies
            ? { payload: work.bodies[key] as object }
            : key in actionBodies
              ? { payload: actionBodies[key] as object }
              : {}),
        });
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 404,
        });
        checked.push(`${route.method} ${route.url}`);
      }
    }
    for (const { prefix, id } of await bespokeRecords(owner)) {
      for (const route of idRoutes.filter((r) => r.url.startsWith(prefix))) {
        const key = `${route.method} ${route.url}`;
        const res = await intruder.request({
          method: route.method as 'GET',
          // A second id of the route (a request under the case) is any id: the case is not found first.
          url: route.url.replace(':id', id).replace(/:\w+/g, uuidv7()),
          ...(key in actionBodies ? { payload: actionBodies[key] as object } : {}),
        });
        expect({ route: key, status: res.statusCode, body: res.statusCode === 404 ? '' : res.body }).toEqual({
          route: key,
          status: 404,
          body: '',
        });
        checked.push(key);
      }
    }
    // Records outside the declared resources: an uploaded file and an attachment of it.
    const clientId = (
      await owner.post('/api/app/clients', {
        firstName: 'Ada',
        lastName: 'Owner',
        dateOfBirth: '1980-01-01',
        gender: 'FEMALE',
      })
    ).json().id;
    const file = (
      await owner.request({
        method: 'POST',
        url: '/api/app/files',
        headers: multipartHeaders,
        payload: multipartBody({}, { name: 'owner.txt', bytes: Buffer.from('owner only') }),
      })
    ).json();
    const attachment = (
      await owner.post('/api/app/attachments', { fileId: file.id, attachmentFrom: 'Client', objectId: clientId })
    ).json();
    for (const [prefix, id] of [
      ['/api/app/files/', file.id as string],
      ['/api/app/attachments/', attachment.id as string],
    ] as const) {
      for (const route of idRoutes.filter((r) => r.url.startsWith(prefix))) {
        const res = await intruder.request({ method: route.method as 'GET', url: route.url.replace(':id', id) });
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 404,
        });
        checked.push(`${route.method} ${route.url}`);
      }
    }
    expect((await owner.get(`/api/app/attachments/${attachment.id}`)).json()).toMatchObject({
      status: 'done',
      isCleanup: false,
    });
    expect(checked.sort()).toEqual(idRoutes.map((r) => `${r.method} ${r.url}`).sort());
    // Another tenant's lists never include the owner's rows.
    const ownerIds = new Set(
      ((await owner.get('/api/app/cities?maxResultCount=1000')).json().items as { id: string }[]).map((c) => c.id),
    );
    const theirs = (await intruder.get('/api/app/cities?maxResultCount=1000')).json().items as { id: string }[];
    expect(theirs.some((c) => ownerIds.has(c.id))).toBe(false);
  }, 180_000);
});

describe('entity change history', () => {
  test('create, update and delete write history rows with user, property, old and new value', async () => {
    const c = await createCountry(admin, { name: 'Ruritania' });
    await admin.put(`/api/app/countries/${c.id}`, {
      name: 'Ruritania Kingdom',
      code: c.code,
      isActive: true,
      concurrencyStamp: c.concurrencyStamp,
    });
    await admin.del(`/api/app/countries/${c.id}`);
    const history = (await admin.get(`/api/app/entity-changes?entityId=${c.id}`)).json();
    const rows = history.items as {
      changeType: string;
      propertyName: string | null;
      originalValue: string | null;
      newValue: string | null;
      user: { id: string; displayName: string };
    }[];
    expect(rows[0]).toMatchObject({ changeType: 'Deleted' });
    expect(rows).toContainEqual(
      expect.objectContaining({
        changeType: 'Updated',
        propertyName: 'name',
        originalValue: 'Ruritania',
        newValue: 'Ruritania Kingdom',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ changeType: 'Created', propertyName: 'code', originalValue: null, newValue: c.code }),
    );
    expect(rows.every((r) => r.user.id === admin.userId && r.user.displayName === 'tenant_admin user')).toBe(true);
    const onlyName = (
      await admin.get(`/api/app/entity-changes?entityId=${c.id}&propertyName=name&maxResultCount=1`)
    ).json();
    expect(onlyName.items).toHaveLength(1);
    expect(onlyName.items[0]).toMatchObject({ newValueExtraInfo: { text: 'Ruritania Kingdom' } });
    // The latest changes only, and how many there are in all.
    const latestTwo = (await admin.get(`/api/app/entity-changes?entityId=${c.id}&maxResultCount=2`)).json();
    expect(latestTwo.items).toHaveLength(2);
    expect(latestTwo.totalCount).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(2);
    expect(history.totalCount).toBe(rows.length);
  });

  test("another tenant cannot read a record's history", async () => {
    const c = await createCountry(admin);
    const intruder = await callerFor(t, await newTenant(t.database));
    expect((await intruder.get(`/api/app/entity-changes?entityId=${c.id}`)).json()).toEqual({
      totalCount: 0,
      items: [],
    });
  });

  test('history is rolled back with the change it describes', async () => {
    const { ResourceService } = await import('./resource.service');
    const { countriesResource } = await import('../../modules/geography/geography.resources');
    const service = new ResourceService(countriesResource, {
      ...t.database,
      // The same database, but every tenant transaction fails after its work is done.
      withTenant: (tenantId, fn) =>
        t.database.withTenant(tenantId, async (tx) => {
          await fn(tx);
          throw new Error('failure after the write');
        }),
    });
    const ctx = {
      principal: {
        userId: admin.userId,
        tenantId: admin.tenantId,
        roles: ['TENANT_ADMIN'],
        userName: 'x',
        impersonatorUserId: null,
      },
      tenant: (await t.tenants.get(admin.tenantId))!,
      permissions: new Set<string>(),
      actor: { tenantId: admin.tenantId, userId: admin.userId, userName: 'x', impersonatorUserId: null },
    };
    const before = await writeCounts(admin.tenantId);
    await expect(service.create(ctx, { name: 'Vanishing', code: randomCode(), isActive: true })).rejects.toThrow(
      'failure after the write',
    );
    expect(await writeCounts(admin.tenantId)).toEqual(before);
  });
});

describe('export', () => {
  async function sheetRows(buf: Buffer): Promise<unknown[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  test('a small list exports as one workbook with a header row', async () => {
    const res = await admin.get('/api/app/cities?state=VIC&sorting=name');
    expect(res.statusCode).toBe(200);
    const exported = await admin.request({ method: 'GET', url: '/api/app/cities/export?state=VIC&sorting=name' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="cities.xlsx"');
    const rows = await sheetRows(exported.rawPayload);
    expect(rows[0]).toContain('Name');
    expect(rows.slice(1).map((r) => r[rows[0]!.indexOf('Name')])).toEqual(['Ballarat', 'Geelong', 'Melbourne']);
    // Instants are written in the tenant's zone as people read them, not as UTC text.
    const listed = (res.json() as { items: { creationTime: string }[] }).items[0]!.creationTime;
    const timezone = (await t.tenants.get(admin.tenantId))!.timezone;
    const written = rows[1]![rows[0]!.indexOf('Creation Time')];
    expect(written).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} \S+$/);
    expect(written).toBe(formatInZone(new Date(listed), timezone, true));
  });

  test('more than 500 rows export as a zip of 500-row workbooks', async () => {
    const caller = await callerFor(t, await newTenant(t.database));
    const countryId = (await caller.get('/api/app/countries?filterText=AU&maxResultCount=1')).json().items[0].id;
    await t.database.withTenant(caller.tenantId, (tx) =>
      tx.insert(cities).values(
        Array.from({ length: 1001 }, (_, i) => ({
          tenantId: caller.tenantId,
          id: uuidv7(),
          name: `Bulk ${String(i).padStart(4, '0')}`,
          state: 'WA',
          countryId,
          concurrencyStamp: 's',
        })),
      ),
    );
    const exported = await caller.get('/api/app/cities/export?filterText=Bulk');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    // Zip entries are listed in the central directory at the end; read their names from it.
    const names = [...exported.rawPayload.toString('latin1').matchAll(/cities-\d+\.xlsx/g)].map((m) => m[0]);
    expect(new Set(names)).toEqual(new Set(['cities-1.xlsx', 'cities-2.xlsx', 'cities-3.xlsx']));
  });
});

describe('failures', () => {
  test('a 500 says only that the server failed: no stack, no SQL', async () => {
    // A database handle of its own, closed under the app: on PGlite not the one the worker's files share.
    const local = await createTestApp(onPostgres ? undefined : await openOwnTestDatabase());
    const caller = await callerFor(local, await newTenant(local.database));
    await local.database.close();
    const res = await caller.get('/api/app/countries');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'Casebook:Internal', message: ErrorMessages.serverError } });
    const health = await local.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    await local.app.close();
  });

  test('an unknown API path is a 404 envelope', async () => {
    const res = await admin.get('/api/app/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('Casebook:NotFound');
  });
});
