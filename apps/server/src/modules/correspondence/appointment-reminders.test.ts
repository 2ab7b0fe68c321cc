import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { callerFor, createTestApp, newTenant, openOwnTestDatabase, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/smtp';
import {
  APPOINTMENT_REMINDER_CRON,
  APPOINTMENT_REMINDER_QUEUE,
  APPOINTMENT_REMINDER_TEMPLATE,
  localDayAndHour,
  nextDay,
  tenantsDue,
} from './appointment-reminders';
import { mailOutbox } from './correspondence.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(await openOwnTestDatabase(), {
    jobs: { run: true, pollingIntervalSeconds: 0.5, relayIntervalMs: 60_000 },
  });
});
afterAll(async () => {
  await t?.close();
});

async function id(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: string }).id;
}

describe('the reminder hour of each tenant', () => {
  it('is 8 in the morning of its own time zone, for the next day', () => {
    const list = [
      { id: 'sydney', timezone: 'Australia/Sydney' },
      { id: 'perth', timezone: 'Australia/Perth' },
      { id: 'adelaide', timezone: 'Australia/Adelaide' },
    ];
    // 21:00 UTC on 30 Nov is 08:00 on 1 Dec in Sydney (daylight time), 05:00 in Perth, 07:30 in Adelaide.
    expect(tenantsDue(list, new Date('2026-11-30T21:00:00Z'))).toEqual([{ tenantId: 'sydney', date: '2026-12-02' }]);
    expect(tenantsDue(list, new Date('2026-12-01T00:00:00Z'))).toEqual([{ tenantId: 'perth', date: '2026-12-02' }]);
    expect(tenantsDue(list, new Date('2026-11-30T22:00:00Z'))).toEqual([{ tenantId: 'adelaide', date: '2026-12-02' }]);
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(localDayAndHour(new Date('2026-06-30T23:30:00Z'), 'Australia/Sydney')).toEqual({
      date: '2026-07-01',
      hour: 9,
    });
  });
});

describe('appointment reminders the day before', () => {
  it('are scheduled every hour', async () => {
    const schedules = await t.jobs.boss.getSchedules(APPOINTMENT_REMINDER_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual([APPOINTMENT_REMINDER_CRON]);
  });

  it('a run reminds the case manager of each booked case of tomorrow, once however often it runs', async () => {
    const tenantId = await newTenant(t.database, { name: `Reminders ${Date.now()}`, timezone: 'Australia/Perth' });
    const admin = await callerFor(t, tenantId);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const companyId = await id(admin.post('/api/app/companies', { name: 'Remind Law', businessType: 'LAW_FIRM' }));
    const caseManagerId = await id(
      admin.post('/api/app/case-managers', {
        firstName: 'Rita',
        lastName: 'Remind',
        email: 'rita@law.test',
        companyId,
      }),
    );
    const clientId = await id(admin.post('/api/app/clients', { firstName: 'Carl', lastName: 'Claimant' }));
    const tomorrow = nextDay(localDayAndHour(new Date(), 'Australia/Perth').date);
    const book = async (appointmentDate: string, confirmed: boolean) => {
      const c = (await staff.post('/api/app/assessments', { clientId, caseManagerId })).json() as {
        id: string;
        caseNo: string;
        concurrencyStamp: string;
      };
      const res = await staff.put(`/api/app/assessments/${c.id}/appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate,
        appointmentTime: '09:15',
        confirmed,
      });
      expect(res.statusCode, res.body).toBe(200);
      return c;
    };
    const due = await book(tomorrow, true);
    const later = await book(nextDay(tomorrow), true);
    const unconfirmed = await book(tomorrow, false);

    const reminders = () =>
      t.database.withTenant(tenantId, (tx) =>
        tx
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.templateKey, APPOINTMENT_REMINDER_TEMPLATE))),
      );
    const run = async () => {
      const jobId = await t.jobs.send(APPOINTMENT_REMINDER_QUEUE, { tenantId, date: tomorrow });
      await waitFor('the reminder run to finish', async () => {
        const job = await t.jobs.boss.getJobById(APPOINTMENT_REMINDER_QUEUE, jobId!);
        return job?.state === 'completed' ? job : undefined;
      });
    };
    await run();
    const first = await reminders();
    expect(first.map((m) => [m.objectId, m.recipient])).toEqual([[due.id, 'rita@law.test']]);
    expect(first[0]!.objectReference).toBe(due.caseNo);
    expect(first[0]!.subject).toContain(tomorrow);
    expect(first[0]!.html).toContain('09:15');
    expect(first[0]!.category).toBe('APPOINTMENT_REMINDER');

    // Two more runs at once: still one reminder; the other cases are never reminded.
    await Promise.all([run(), run()]);
    const after = await reminders();
    expect(after).toHaveLength(1);
    expect(after.map((m) => m.objectId)).not.toContain(later.id);
    expect(after.map((m) => m.objectId)).not.toContain(unconfirmed.id);
  });
});
