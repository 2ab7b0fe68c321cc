import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, formatIsoDate, todayIn, type AppointmentSessionDto } from '@casebook/domain';
import { callerFor, createTestApp, createTestUser, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { sqlRows } from '../../platform/db/database';
import { seedDemoCases } from './demo-cases';
import { seedDemoWorld } from './demo-world';
import { seedDemoModuleCases } from './demo-modules';
import { MedicalRecordDemo } from '../medical-records/medical-records.demo';

let t: TestApp;
let tenantId: string;
let staff: Caller;
let caseManager: Caller;
let specialist: Caller;
let made: { sessions: number; cases: number };

type ListItem = { id: string; caseNo: string; status: string; appointmentDate: string | null; billingStatus: string };

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database);
  // The demo sign-ins exist before the world is seeded (identity seeds them first).
  const users = {
    staff: await createTestUser(t.database, tenantId, ['STAFF'], { userName: 'staff', name: 'Sam', surname: 'Staff' }),
    casemanager: await createTestUser(t.database, tenantId, ['CASE_MANAGER'], { userName: 'casemanager' }),
    specialist: await createTestUser(t.database, tenantId, ['SPECIALIST'], { userName: 'specialist' }),
  };
  expect(await seedDemoWorld(t.database, tenantId, 'demo')).toBe(true);
  made = await seedDemoCases(t.database, tenantId, 'demo');
  expect(await seedDemoModuleCases(t.database, tenantId, [MedicalRecordDemo])).toBe(7);
  // Once only.
  expect(await seedDemoModuleCases(t.database, tenantId, [MedicalRecordDemo])).toBe(0);
  staff = await callerFor(t, tenantId, ['STAFF'], { userId: users.staff.userId });
  caseManager = await callerFor(t, tenantId, ['CASE_MANAGER'], { userId: users.casemanager.userId });
  specialist = await callerFor(t, tenantId, ['SPECIALIST'], { userId: users.specialist.userId });
  // The whole demo world through the services: a few seconds alone, over a minute on a machine busy with
  // other test runs.
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const list = async (caller: Caller, query = '') => {
  const res = await caller.get(`/api/app/assessments?maxResultCount=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { totalCount: number; items: ListItem[] };
};

const sessions = async (caller: Caller) => {
  const today = todayIn('Australia/Sydney');
  const res = await caller.get(
    `/api/app/appointment-sessions?fromDate=${formatIsoDate(today)}&toDate=${formatIsoDate(addDays(today, 60))}`,
  );
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: AppointmentSessionDto[] }).items;
};

describe('a demo tenant has work in progress', () => {
  test('medical records at several stages, one of them overdue', async () => {
    const res = await staff.get('/api/app/clinical-records/countCaseStatus');
    expect(res.statusCode).toBe(200);
    const counts = res.json() as { totalCount: number; items: { status: string }[]; overdueCount: number };
    expect(counts.totalCount).toBe(7);
    expect(counts.items.map((i) => i.status).sort()).toEqual(
      ['CANCELLED', 'CASE_CREATED', 'FILES_SENT', 'ON_HOLD', 'PAPERWORK_RECEIVED', 'REQUESTED'].sort(),
    );
    expect(counts.overdueCount).toBe(1);
  });

  test('cases at every stage of an assessment', async () => {
    expect(made.cases).toBe(33);
    const { totalCount, items } = await list(staff);
    expect(totalCount).toBe(made.cases);
    const statuses = new Set(items.map((c) => c.status));
    for (const status of [
      'CASE_CREATED',
      'APPOINTMENT_REQUESTED',
      'APPOINTMENT_CONFIRMED',
      'PAPERWORK_SENT',
      'ATTENDED_CHARGEABLE',
      'DICTATION_RECEIVED',
      'REPORT_COMPLETED',
      'CANCELLED_WITH_FEE',
    ]) {
      expect(statuses, status).toContain(status);
    }
    expect(items.some((c) => c.billingStatus === 'READY_TO_BILL')).toBe(true);
    // Appointments before today have moved past the appointment; those after it have not.
    const today = formatIsoDate(todayIn('Australia/Sydney'));
    for (const c of items.filter((i) => i.appointmentDate !== null)) {
      const before = ['APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED', 'PAPERWORK_SENT'].includes(c.status);
      expect(c.appointmentDate! > today, `${c.caseNo} ${c.status} ${c.appointmentDate}`).toBe(before);
    }
  });

  test('invoices at every status, and cases following them', async () => {
    const res = await staff.get('/api/app/payments/status-counts');
    expect(res.statusCode).toBe(200);
    const counts = (res.json() as { items: { status: string; count: number }[] }).items;
    for (const status of ['DRAFT', 'SENT', 'PARTIAL_PAY', 'PAID', 'CANCELLED']) {
      expect(counts.find((c) => c.status === status)?.count, status).toBeGreaterThan(0);
    }
    const statuses = new Set((await list(staff)).items.map((c) => c.status));
    for (const status of ['CLIENT_INVOICED', 'CLIENT_PARTIALLY_PAID', 'CLIENT_FULLY_PAID']) {
      expect(statuses, status).toContain(status);
    }
  });

  test('each case has its status log, each step by the staff member who made it', async () => {
    const [report] = (await list(staff, '&status=REPORT_COMPLETED')).items;
    const res = await staff.get(`/api/app/case-status-logs?objectId=${report!.id}`);
    expect(res.statusCode).toBe(200);
    const logs = res.json().items as { statusName: string; userName: string }[];
    expect(logs.map((l) => l.statusName)).toEqual([
      'CASE_CREATED',
      'APPOINTMENT_CONFIRMED',
      'PAPERWORK_SENT',
      'ATTENDED_CHARGEABLE',
      'DICTATION_RECEIVED',
      'REPORT_COMPLETED',
    ]);
    expect(new Set(logs.map((l) => l.userName))).toEqual(new Set(['Sam Staff']));
  });

  test('sessions for the coming weeks; each booked one holds its case at the case appointment time', async () => {
    const all = await sessions(staff);
    expect(all.length).toBe(made.sessions);
    expect(made.sessions).toBeGreaterThan(100);
    const booked = all.filter((s) => s.caseId !== null);
    const cases = new Map((await list(staff)).items.map((c) => [c.id, c]));
    const upcoming = [...cases.values()].filter((c) => c.appointmentDate && c.appointmentDate >= booked[0]!.date);
    expect(booked.length).toBe(upcoming.length);
    for (const s of booked) {
      const c = cases.get(s.caseId!)!;
      expect(c.appointmentDate).toBe(s.date);
      expect(s.slotStatusLabel).toBe(c.status === 'APPOINTMENT_REQUESTED' ? 'Booked Unconfirmed' : 'Booked Confirmed');
    }
    expect(all.filter((s) => s.sessionStatus === 'available').length).toBeGreaterThan(booked.length);
  });

  test('the demo case manager sees the requests they sent and their firm cases, and the specialist their sessions', async () => {
    const own = await list(caseManager);
    expect(own.totalCount).toBeGreaterThan(3);
    expect(own.totalCount).toBeLessThan(made.cases);
    expect(own.items.filter((c) => c.status === 'CASE_CREATED')).toHaveLength(3);
    const mine = await sessions(specialist);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((s) => s.specialistId)).size).toBe(1);
  });

  test("the demo case manager's claimant picker lists their firm's claimants, not the tenant's 200", async () => {
    const firmClaimants = await t.database.withTenant(tenantId, (tx) =>
      sqlRows<{ id: string }>(
        tx,
        sql`select distinct c.client_id as id from cases c join case_managers m on m.tenant_id = c.tenant_id
            and m.company_id = c.company_id where m.user_id = ${caseManager.userId} and not m.is_deleted
            and not c.is_deleted`,
      ),
    );
    expect(firmClaimants.length).toBeGreaterThan(0);
    const res = await caseManager.get('/api/app/clients?isSelectionList=true&maxResultCount=1000');
    expect(res.statusCode).toBe(200);
    const picker = res.json() as { totalCount: number; items: { id: string }[] };
    expect(picker.items.map((i) => i.id).sort()).toEqual(firmClaimants.map((c) => c.id).sort());
    expect(picker.totalCount).toBe(firmClaimants.length);
    // The office still picks from the whole register.
    expect((await staff.get('/api/app/clients?isSelectionList=true&maxResultCount=1000')).json().items).toHaveLength(
      200,
    );
  });

  test('an OT case with a quotation of three items', async () => {
    const ot = await staff.get('/api/app/assessments?serviceType=OT&maxResultCount=5');
    expect(ot.statusCode, ot.body).toBe(200);
    const [first] = (ot.json() as { items: { id: string }[] }).items;
    const quotation = await staff.get(`/api/app/assessments/${first!.id}/otQuotation`);
    expect(quotation.statusCode, quotation.body).toBe(200);
    // 2 × $193.50 and $385.00 with GST, 3 × $14.50 without: $772.00 + $77.20 + $43.50.
    expect(quotation.json()).toMatchObject({ subtotal: 81_550, gst: 7_720, total: 89_270 });
    expect(quotation.json().items).toHaveLength(3);
  });

  test('runs once: a tenant with cases or sessions, or whose edition books no assessments, gets none', async () => {
    expect(await seedDemoCases(t.database, tenantId, 'demo')).toEqual({ sessions: 0, cases: 0 });
    expect((await list(staff)).totalCount).toBe(made.cases);
    const lender = await newTenant(t.database, { editionName: 'FUNDING PROVIDER' });
    await createTestUser(t.database, lender, ['STAFF'], { userName: 'staff' });
    expect(await seedDemoWorld(t.database, lender, 'fundco')).toBe(true);
    expect(await seedDemoCases(t.database, lender, 'fundco')).toEqual({ sessions: 0, cases: 0 });
  });
});
