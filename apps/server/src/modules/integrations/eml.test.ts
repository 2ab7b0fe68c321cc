import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { count } from 'drizzle-orm';
import { uuidv7 } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';
import { cases } from '../cases/cases.schema';
import { caseManagers, companies } from '../people/people.schema';
import { readDate, readTime, splitName } from './eml-parse';
import { fakeIntegrationsConfig } from './fakes';
import { FakeImapServer } from './imap/fake';
import { SecretBox } from './secrets';

let t: TestApp;
let imap: FakeImapServer;
const BASE = '/api/app/eml';

beforeAll(async () => {
  imap = await new FakeImapServer().start();
  t = await createTestApp(undefined, {
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      box: SecretBox.derived('eml.test'),
    }),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await imap?.close();
});

/** An appointment request as a law firm's case manager writes it. */
function requestEml(o: { messageId?: string; claimant: string; date: string; company?: string; from?: string }) {
  return [
    `From: Casey Manager <${o.from ?? 'casey@harbour.test'}>`,
    'To: bookings@clinic.test',
    `Subject: IME appointment request - ${o.claimant}`,
    'Date: Mon, 23 Nov 2026 09:15:00 +1000',
    ...(o.messageId ? [`Message-ID: <${o.messageId}>`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello,',
    '',
    'Please book an independent medical examination.',
    '',
    `Claimant: ${o.claimant}`,
    'Date of birth: 03/02/1980',
    `Company: ${o.company ?? 'Harbour Lawyers'}`,
    `Appointment date: ${o.date}`,
    'Appointment time: 10:30 am',
    'Notes: Interpreter not needed.',
    '',
    'Regards, Casey',
    '',
  ].join('\r\n');
}

/** A tenant with the feature, its admin, and a law firm whose case manager sends the requests. */
async function emlTenant(): Promise<{ tenantId: string; admin: Caller; companyId: string; caseManagerId: string }> {
  const tenantId = await newTenant(t.database, { features: { EMLIntegration: 'True', Assessment: 'True' } });
  const admin = await callerFor(t, tenantId, ['ADMIN_STAFF']);
  const companyId = uuidv7();
  const caseManagerId = uuidv7();
  await t.database.withTenant(tenantId, async (tx) => {
    await tx.insert(companies).values({
      tenantId,
      id: companyId,
      concurrencyStamp: uuidv7(),
      name: 'Harbour Lawyers',
      businessType: 'LAW_FIRM',
    });
    await tx.insert(caseManagers).values({
      tenantId,
      id: caseManagerId,
      concurrencyStamp: uuidv7(),
      firstName: 'Casey',
      lastName: 'Manager',
      companyId,
      email: 'Casey@Harbour.test',
    });
  });
  return { tenantId, admin, companyId, caseManagerId };
}

const mailbox = (password = imap.password) => ({
  host: '127.0.0.1',
  port: imap.port,
  secure: false,
  username: imap.username,
  password,
  folder: 'INBOX',
});

async function caseCount(tenantId: string): Promise<number> {
  const [row] = await t.database.withTenant(tenantId, (tx) => tx.select({ n: count() }).from(cases));
  return row!.n;
}

describe('reading request e-mails', () => {
  test('dates, times and names as people write them', () => {
    expect(readDate('2026-12-14')).toBe('2026-12-14');
    expect(readDate('14/12/2026')).toBe('2026-12-14');
    expect(readDate('Monday, 14th December 2026')).toBe('2026-12-14');
    expect(readDate('31/02/2026')).toBeUndefined();
    expect(readTime('10:30 am')).toBe('10:30');
    expect(readTime('2 pm')).toBe('14:00');
    expect(readTime('12:15am')).toBe('00:15');
    expect(readTime('25:00')).toBeUndefined();
    expect(splitName('Citizen, Jane Mary')).toEqual({ first: 'Jane Mary', last: 'Citizen' });
    expect(splitName('Jane Citizen')).toEqual({ first: 'Jane', last: 'Citizen' });
  });
});

describe('synced appointments from the mailbox', () => {
  test('a request in the mailbox becomes one proposal (delivered twice, read twice); accepting makes the case', async () => {
    const { tenantId, admin, companyId, caseManagerId } = await emlTenant();
    // A wrong password is refused with the mailbox's words, and nothing is kept.
    const refused = await admin.put(`${BASE}/mailbox`, mailbox('wrong'));
    expect(refused.statusCode).toBe(422);
    expect((await ok(admin.get(`${BASE}/mailbox`))).configured).toBe(false);
    const kept = await ok(admin.put(`${BASE}/mailbox`, mailbox()));
    expect(kept).toMatchObject({ configured: true, host: '127.0.0.1', username: imap.username });
    expect(JSON.stringify(kept)).not.toContain(imap.password);

    const raw = requestEml({ messageId: `req-${uuidv7()}@harbour.test`, claimant: 'Jane Citizen', date: '14/12/2026' });
    const first = imap.append(raw);
    imap.append(raw); // the same message delivered twice
    const sync = await ok(admin.post(`${BASE}/mailbox/sync`, {}));
    expect(sync).toMatchObject({ fetched: 2, proposed: 1 });
    // Read again: nothing new is fetched, and the messages were marked read.
    expect(await ok(admin.post(`${BASE}/mailbox/sync`, {}))).toMatchObject({ fetched: 0, proposed: 0 });
    expect(
      imap.folders
        .get('INBOX')!
        .messages.find((m) => m.uid === first)!
        .flags.has('\\Seen'),
    ).toBe(true);

    const list = await ok(admin.get(`${BASE}?status=PENDING`));
    expect(list.totalCount).toBe(1);
    const proposal = list.items[0] as Json;
    expect(proposal).toMatchObject({
      source: 'MAILBOX',
      claimantFirstName: 'Jane',
      claimantLastName: 'Citizen',
      claimantDateOfBirth: '1980-02-03',
      companyName: 'Harbour Lawyers',
      appointmentDate: '2026-12-14',
      appointmentTime: '10:30',
      fromEmail: 'casey@harbour.test',
      matchedCompanyId: companyId,
      matchedCaseManagerId: caseManagerId,
      matchedClientId: null,
      problems: [],
      status: 'PENDING',
    });
    // The same message uploaded as a file is the same proposal.
    const uploaded = await ok(
      admin.post(`${BASE}/upload`, { fileName: 'request.eml', content: Buffer.from(raw).toString('base64') }),
    );
    expect(uploaded.id).toBe(proposal.id);
    expect((await ok(admin.get(BASE))).totalCount).toBe(1);

    expect(await caseCount(tenantId)).toBe(0);
    const accepted = await ok(
      admin.post(`${BASE}/${proposal.id}/accept`, { concurrencyStamp: proposal.concurrencyStamp }),
    );
    expect(accepted).toMatchObject({ status: 'ACCEPTED' });
    expect(accepted.caseNo).toMatch(/^IME-/);
    const made = await ok(admin.get(`/api/app/assessments/${accepted.caseId}`));
    expect(made).toMatchObject({
      clientName: expect.stringContaining('Citizen'),
      companyId,
      caseManagerId,
      appointmentDate: '2026-12-14',
      appointmentTime: '10:30',
    });
    expect(await caseCount(tenantId)).toBe(1);
    // Decided once: accepting again is refused and makes no second case.
    const again = await admin.post(`${BASE}/${proposal.id}/accept`, { concurrencyStamp: accepted.concurrencyStamp });
    expect(again.statusCode).toBe(422);
    expect(await caseCount(tenantId)).toBe(1);
  });

  test('rejecting a request leaves no case; a stale stamp is a 409', async () => {
    const { tenantId, admin } = await emlTenant();
    const raw = requestEml({ messageId: `req-${uuidv7()}@harbour.test`, claimant: 'Sam Example', date: '2026-12-20' });
    const proposal = await ok(
      admin.post(`${BASE}/upload`, { fileName: 'sam.eml', content: Buffer.from(raw).toString('base64') }),
    );
    expect(proposal).toMatchObject({ source: 'UPLOAD', claimantLastName: 'Example', appointmentDate: '2026-12-20' });
    expect((await admin.post(`${BASE}/${proposal.id}/reject`, { concurrencyStamp: 'stale' })).statusCode).toBe(409);
    const rejected = await ok(
      admin.post(`${BASE}/${proposal.id}/reject`, { concurrencyStamp: proposal.concurrencyStamp }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', caseId: null });
    expect(await caseCount(tenantId)).toBe(0);
    const later = await admin.post(`${BASE}/${proposal.id}/accept`, { concurrencyStamp: rejected.concurrencyStamp });
    expect(later.statusCode).toBe(422);
    expect(await caseCount(tenantId)).toBe(0);
  });

  test('a request from an unknown sender needs its case manager chosen; what could not be read is said', async () => {
    const { admin, caseManagerId } = await emlTenant();
    const raw = requestEml({ claimant: 'Solo', date: 'next week', from: 'stranger@elsewhere.test' });
    const proposal = await ok(
      admin.post(`${BASE}/upload`, { fileName: 'x.eml', content: Buffer.from(raw).toString('base64') }),
    );
    expect(proposal.problems).toEqual([
      "The claimant's full name was not found.",
      "The appointment date 'next week' is not a date.",
    ]);
    expect(proposal.matchedCaseManagerId).toBeNull();
    const res = await admin.post(`${BASE}/${proposal.id}/accept`, { concurrencyStamp: proposal.concurrencyStamp });
    expect(res.statusCode).toBe(400);
    expect(members(res)).toEqual(['caseManagerId']);
    const res2 = await admin.post(`${BASE}/${proposal.id}/accept`, {
      concurrencyStamp: proposal.concurrencyStamp,
      caseManagerId,
    });
    expect(res2.statusCode).toBe(400);
    expect(members(res2)).toEqual(['clientId']);
  });

  test('bad uploads are a 400 naming the field', async () => {
    const { admin } = await emlTenant();
    const notEml = await admin.post(`${BASE}/upload`, { fileName: 'x.pdf', content: 'aGVsbG8=' });
    expect(notEml.statusCode).toBe(400);
    expect(members(notEml)).toEqual(['fileName']);
    const notBase64 = await admin.post(`${BASE}/upload`, { fileName: 'x.eml', content: '%%%' });
    expect(members(notBase64)).toEqual(['content']);
  });

  test("another tenant's proposal is a 404, and its list is empty", async () => {
    const { admin } = await emlTenant();
    const raw = requestEml({ messageId: `req-${uuidv7()}@harbour.test`, claimant: 'Kim Private', date: '2026-12-21' });
    const proposal = await ok(
      admin.post(`${BASE}/upload`, { fileName: 'k.eml', content: Buffer.from(raw).toString('base64') }),
    );
    const other = await emlTenant();
    expect((await other.admin.get(`${BASE}/${proposal.id}`)).statusCode).toBe(404);
    const reject = await other.admin.post(`${BASE}/${proposal.id}/reject`, {
      concurrencyStamp: proposal.concurrencyStamp,
    });
    expect(reject.statusCode).toBe(404);
    expect((await ok(other.admin.get(BASE))).totalCount).toBe(0);
    // Case managers do not see the office's requests.
    const cm = await callerFor(t, other.tenantId, ['CASE_MANAGER']);
    expect((await cm.get(BASE)).statusCode).toBe(403);
  });
});
