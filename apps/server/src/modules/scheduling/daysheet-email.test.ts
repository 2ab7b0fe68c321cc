import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, formatDisplayDate, formatIsoDate, todayIn, uuidv7, type Role } from '@casebook/domain';
import * as audit from '../../platform/db/audit';
import { entityChanges } from '../../platform/db/platform.schema';
import { createMailer } from '../../platform/mail/mailer';
import {
  callerFor,
  createTestApp,
  newTenant,
  openOwnTestDatabase,
  type Caller,
  type TestApp,
} from '../../../test/harness';
import { members, ok, type Json } from '../../../test/responses';
import { startSmtpServer, waitFor } from '../../../test/smtp';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { DAY_SHEET_TEMPLATE_DISABLED } from './scheduling.service';

// The audit writer can be made to fail once, to show that the e-mail rolls back with it.
vi.mock('../../platform/db/audit', async (original) => {
  const real = await original<typeof audit>();
  return { ...real, recordEntityChange: vi.fn(real.recordEntityChange) };
});

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The mail worker runs: a queued day sheet reaches the SMTP server the way every other e-mail does.
  t = await createTestApp(await openOwnTestDatabase(), {
    mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent', from: 'Casebook <no-reply@casebook.test>' }),
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 200, mailRetryDelaySeconds: 1 },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const A = '/api/app/appointment-sessions';
const SEND = `${A}/sendSpecialistBookingDaysheets`;
// Far enough ahead that every session is still to come, whatever the day the tests run.
const base = addDays(todayIn('Australia/Sydney'), 40);
const day = (n: number) => formatIsoDate(addDays(base, n));
const display = (n: number) => formatDisplayDate(addDays(base, n));

async function tenant(): Promise<{ tenantId: string; admin: Caller }> {
  const tenantId = await newTenant(t.database);
  return { tenantId, admin: await callerFor(t, tenantId) };
}
// Queensland keeps AEST all year, so the times read the same whatever the season.
const centre = async (caller: Caller, name: string, state = 'QLD', postcode = '4000') =>
  ok(await caller.post('/api/app/centres', { name: `${name} ${uuidv7().slice(-6)}`, state, postcode }));
async function specialist(caller: Caller, fields: Json = {}): Promise<Json> {
  return ok(
    await caller.post('/api/app/specialists', {
      firstName: 'Dana',
      lastName: `Sheet${uuidv7().slice(-6)}`,
      email: `dana.${uuidv7().slice(-8)}@clinic.test`,
      ...fields,
    }),
  );
}
async function session(caller: Caller, body: Json, caseNo?: string): Promise<Json> {
  const s = await ok(
    await caller.post(A, { startTime: '09:00', endTime: '10:00', appointmentType: 'INPERSON', ...body }),
  );
  if (caseNo) await ok(await caller.post(`${A}/${s.id}/book`, { caseNo }));
  return s;
}
const outbox = (tenantId: string) =>
  t.database.withTenant(tenantId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.tenantId, tenantId)));
const changes = (tenantId: string) =>
  t.database.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(entityChanges)
      .where(and(eq(entityChanges.tenantId, tenantId), eq(entityChanges.entityType, 'SpecialistDaySheetEmail'))),
  );

describe('e-mailing day sheets through the outbox', () => {
  // The first job of the file waits for the workers' first poll and renders with a cold worker.
  test(
    'the day sheet is queued with its audit row, and the mail worker delivers it to the specialist',
    { timeout: 90_000 },
    async () => {
      const { tenantId, admin } = await tenant();
      const sp = await specialist(admin);
      const alpha = await centre(admin, 'Alpha & Sons Clinic');
      const beta = await centre(admin, 'Beta Clinic', 'QLD', '4217');
      await session(
        admin,
        { specialistId: sp.id, centreId: beta.id, date: day(0), startTime: '13:00', endTime: '14:00' },
        'IME-3',
      );
      await session(admin, { specialistId: sp.id, centreId: alpha.id, date: day(0) }, 'IME-1');
      await session(admin, {
        specialistId: sp.id,
        centreId: alpha.id,
        date: day(0),
        startTime: '11:00',
        endTime: '12:00',
      });
      await session(admin, { specialistId: sp.id, centreId: alpha.id, date: day(1) }, 'IME-4');
      await session(admin, { specialistId: sp.id, centreId: alpha.id, date: day(5) }, 'IME-9'); // after the dates

      const sent = await ok(await admin.post(SEND, { specialistId: sp.id, fromDate: day(0), toDate: day(1) }));
      expect(sent).toEqual({ sent: true, to: sp.email });

      const [queued, ...more] = await outbox(tenantId);
      expect(more).toEqual([]);
      expect(queued).toMatchObject({
        recipient: sp.email,
        subject: `Booking daysheet ${display(0)} – ${display(1)}`,
        fromModule: 'Specialist',
        objectId: sp.id,
        category: 'SPECIALIST_DAYSHEET',
        creatorId: admin.userId,
      });
      const recorded = await changes(tenantId);
      expect(new Set(recorded.map((r) => r.entityId))).toEqual(new Set([queued!.id]));
      const value = (name: string) => recorded.find((r) => r.propertyName === name)?.newValue;
      expect(value('specialistId')).toBe(sp.id);
      expect(value('recipient')).toBe(sp.email);
      expect(value('bookingCount')).toBe('3');

      const mail = await waitFor(
        'the day sheet to reach the SMTP server',
        () => smtp.messages.find((m) => m.messageId === `<${queued!.id}@casebook>`),
        80_000,
      );
      expect((mail.to as { value: { address: string }[] }).value.map((v) => v.address)).toEqual([sp.email]);
      expect(mail.subject).toBe(`Booking daysheet ${display(0)} – ${display(1)}`);
      const text = mail.text ?? '';
      expect(text).toContain(`Dear Dana ${sp.lastName},`);
      expect(text.split('\n').filter((l) => l.startsWith('    '))).toEqual([
        '    09:00–10:00 AEST · IME-1 · In person · Booked Unconfirmed',
        '    13:00–14:00 AEST · IME-3 · In person · Booked Unconfirmed',
        '    09:00–10:00 AEST · IME-4 · In person · Booked Unconfirmed',
      ]);
      expect(text).toContain(display(0));
      expect(text).not.toContain('11:00–12:00');
      expect(text).not.toContain('IME-9');
      const html = String(mail.html);
      expect(html).toContain(`<h4>Alpha &amp; Sons Clinic`);
      expect(html).toContain('<li>09:00–10:00 AEST · IME-1 · In person · Booked Unconfirmed</li>');
      const delivered = await waitFor('the outbox row to say Sent', async () => {
        const row = (await outbox(tenantId)).find((r) => r.id === queued!.id);
        return row?.state === 'Sent' ? row : undefined;
      });
      expect(delivered.attempts).toBe(1);
    },
  );

  test('a day sheet with no bookings is still sent, saying so', async () => {
    const { tenantId, admin } = await tenant();
    const sp = await specialist(admin);
    await ok(await admin.post(SEND, { specialistId: sp.id, fromDate: day(2) }));
    const [queued] = await outbox(tenantId);
    expect(queued!.subject).toBe(`Booking daysheet ${display(2)}`);
    const mail = await waitFor('the empty day sheet to arrive', () =>
      smtp.messages.find((m) => m.messageId === `<${queued!.id}@casebook>`),
    );
    expect(mail.text).toContain('No bookings.');
  });

  test("the tenant's wording of the template is used, the bookings always included; a disabled template is refused", async () => {
    const { tenantId, admin } = await tenant();
    const sp = await specialist(admin);
    await session(admin, { specialistId: sp.id, appointmentType: 'VIDEO', date: day(0) }, 'IME-21');
    // Their own wording, without the {{daySheet}} placeholder: the list is added after it.
    const own = {
      subject: 'Your clinic list for {{appointmentDate}}',
      templateContent: '<p>Hi {{recipientName}}, here is your list for the rooms.</p>',
    };
    await ok(await admin.put('/api/app/email-templates/by-name/SPECIALIST_DAYSHEET', own));
    await ok(await admin.post(SEND, { specialistId: sp.id, fromDate: day(0) }));
    const [queued] = await outbox(tenantId);
    expect(queued).toMatchObject({ subject: `Your clinic list for ${display(0)}`, templateKey: 'SPECIALIST_DAYSHEET' });
    const mail = await waitFor("the tenant's day sheet to arrive", () =>
      smtp.messages.find((m) => m.messageId === `<${queued!.id}@casebook>`),
    );
    const html = String(mail.html);
    expect(html).toContain(`<p>Hi Dana ${sp.lastName}, here is your list for the rooms.</p>`);
    expect(html.indexOf('here is your list')).toBeLessThan(html.indexOf('IME-21'));
    expect(mail.text).toContain(`Hi Dana ${sp.lastName}, here is your list for the rooms.`);
    expect(mail.text).toMatch(/\n {4}09:00–10:00 AE[SD]T · IME-21 · Video · Booked Unconfirmed/);

    // Disabled: the call is refused, nothing is queued and nothing recorded.
    await ok(await admin.put('/api/app/email-templates/by-name/SPECIALIST_DAYSHEET', { ...own, disabled: true }));
    const before = (await changes(tenantId)).length;
    const refused = await admin.post(SEND, { specialistId: sp.id, fromDate: day(0) });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { error: { message: string } }).error.message).toBe(DAY_SHEET_TEMPLATE_DISABLED);
    expect(await outbox(tenantId)).toHaveLength(1);
    expect(await changes(tenantId)).toHaveLength(before);
  });

  test('the e-mail is queued in the same transaction as its audit row: a failed record queues nothing', async () => {
    const { tenantId, admin } = await tenant();
    const sp = await specialist(admin);
    await session(admin, { specialistId: sp.id, appointmentType: 'VIDEO', date: day(0) }, 'IME-7');
    vi.mocked(audit.recordEntityChange).mockRejectedValueOnce(new Error('audit store unavailable'));
    expect((await admin.post(SEND, { specialistId: sp.id, fromDate: day(0) })).statusCode).toBe(500);
    expect(await outbox(tenantId)).toEqual([]);
    expect(await changes(tenantId)).toEqual([]);
    // The next attempt goes through, once.
    await ok(await admin.post(SEND, { specialistId: sp.id, fromDate: day(0) }));
    const [queued, ...more] = await outbox(tenantId);
    expect(more).toEqual([]);
    await waitFor('the retried day sheet to arrive', () =>
      smtp.messages.find((m) => m.messageId === `<${queued!.id}@casebook>`),
    );
    expect(smtp.messages.filter((m) => m.subject === queued!.subject && m.text?.includes('IME-7'))).toHaveLength(1);
  });

  test('bad input is a 400 naming the field, and nothing is queued', async () => {
    const { tenantId, admin } = await tenant();
    const sp = await specialist(admin);
    const noMail = await specialist(admin, { email: null });
    expect(members(await admin.post(SEND, { fromDate: day(0) }))).toEqual(['specialistId']);
    expect(members(await admin.post(SEND, { specialistId: 'nope', fromDate: day(0) }))).toEqual(['specialistId']);
    expect(members(await admin.post(SEND, { specialistId: sp.id, fromDate: '31/12/2027' }))).toEqual(['fromDate']);
    expect(members(await admin.post(SEND, { specialistId: sp.id }))).toEqual(['fromDate']);
    expect(members(await admin.post(SEND, { specialistId: sp.id, fromDate: day(3), toDate: day(1) }))).toEqual([
      'toDate',
    ]);
    expect(members(await admin.post(SEND, { specialistId: sp.id, fromDate: day(0), toDate: day(40) }))).toEqual([
      'toDate',
    ]);
    expect(
      members(await admin.post(SEND, { specialistId: sp.id, fromDate: day(0), toDate: day(1), businessDays: 2 })),
    ).toEqual(['businessDays']);
    expect(members(await admin.post(SEND, { specialistId: sp.id, centreId: 'x', fromDate: day(0) }))).toEqual([
      'centreId',
    ]);
    expect(members(await admin.post(SEND, { specialistId: noMail.id, fromDate: day(0) }))).toEqual(['specialistId']);
    expect(await outbox(tenantId)).toEqual([]);
  });

  test("another tenant's specialist or centre is not found, and nothing is queued", async () => {
    const { tenantId, admin } = await tenant();
    const other = await tenant();
    const theirs = await specialist(other.admin);
    const theirCentre = await centre(other.admin, 'Their Clinic');
    await session(other.admin, { specialistId: theirs.id, centreId: theirCentre.id, date: day(0) }, 'IME-X');
    const mine = await specialist(admin);
    expect((await admin.post(SEND, { specialistId: theirs.id, fromDate: day(0) })).statusCode).toBe(404);
    expect(
      (await admin.post(SEND, { specialistId: mine.id, centreId: theirCentre.id, fromDate: day(0) })).statusCode,
    ).toBe(404);
    expect(
      (await admin.post(SEND, { specialistId: mine.id, centreId: uuidv7(), fromDate: day(0), businessDays: 2 }))
        .statusCode,
    ).toBe(404);
    // The printed day sheet reads the same way.
    expect(
      (await admin.post(`${A}/daySheetPrint`, { specialistId: mine.id, centreId: theirCentre.id, fromDate: day(0) }))
        .statusCode,
    ).toBe(404);
    expect(await outbox(tenantId)).toEqual([]);
    expect(await outbox(other.tenantId)).toEqual([]);
  });

  test('roles: the calendar roles may send; a specialist only their own day sheet; others are refused', async () => {
    const { tenantId, admin } = await tenant();
    const sp = await specialist(admin);
    const sent: string[] = [];
    for (const role of ['ADMIN_STAFF', 'STAFF', 'ACCOUNTING', 'CASE_MANAGER'] as Role[]) {
      const caller = await callerFor(t, tenantId, [role]);
      await ok(await caller.post(SEND, { specialistId: sp.id, fromDate: day(0) }));
      sent.push(caller.userId);
    }
    for (const role of ['CONTRACTOR', 'INSURER'] as Role[]) {
      const caller = await callerFor(t, tenantId, [role]);
      expect((await caller.post(SEND, { specialistId: sp.id, fromDate: day(0) })).statusCode).toBe(403);
    }
    const doc = await callerFor(t, tenantId, ['SPECIALIST']);
    const own = await specialist(admin, { userId: doc.userId });
    expect(await ok(await doc.post(SEND, { specialistId: own.id, fromDate: day(0) }))).toEqual({
      sent: true,
      to: own.email,
    });
    sent.push(doc.userId);
    expect((await doc.post(SEND, { specialistId: sp.id, fromDate: day(0) })).statusCode).toBe(404);
    const rows = await outbox(tenantId);
    expect(rows.map((r) => r.creatorId).sort()).toEqual(sent.sort());
    expect(rows.filter((r) => r.recipient === own.email)).toHaveLength(1);
  });
});
