import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  formatIsoDate,
  SPECIALIST_NO_CONTRACT_MESSAGE,
  todayIn,
  type ActionItemDto,
  type CaseDto,
  type CasePermissionDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { entityChanges } from '../../platform/db/platform.schema';
import { mailOutbox } from '../correspondence/correspondence.schema';
import { cases, caseStatusLogs, imeCaseDetails } from './cases.schema';

let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmUser: Caller;
let colleague: Caller;
let specialistUser: Caller;
let companyId: string;
let cmId: string;
let clientId: string;
let specialistId: string;

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));

type Res = { statusCode: number; body: string; json(): unknown };
async function ok<T = Record<string, unknown>>(res: Res): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(await res)).id;
const fieldOf = (res: Res) =>
  (res.json() as { error: { validationErrors: { members: string[] }[] } }).error.validationErrors[0]!.members;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Sam Staff' });
  cmUser = await callerFor(t, tenantId, ['CASE_MANAGER']);
  colleague = await callerFor(t, tenantId, ['CASE_MANAGER']);
  specialistUser = await callerFor(t, tenantId, ['SPECIALIST']);
  companyId = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  cmId = await idOf(
    admin.post('/api/app/case-managers', {
      firstName: 'Cara',
      lastName: 'Manager',
      email: 'cara@example.test',
      companyId,
      userId: cmUser.userId,
    }),
  );
  await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Col', lastName: 'League', companyId, userId: colleague.userId }),
  );
  clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  specialistId = await idOf(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      onboardedDate: iso(-30),
      userId: specialistUser.userId,
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const booked = async (body: Record<string, unknown> = {}) =>
  ok<CaseDto>(await staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, specialistId, ...body }));
const listIds = async (caller: Caller, query = '') =>
  (
    await ok<{ items: { id: string }[] }>(await caller.get(`/api/app/assessments?maxResultCount=1000${query}`))
  ).items.map((i) => i.id);
const changesOf = (entityId: string) =>
  t.database.withTenant(tenantId, (tx) => tx.select().from(entityChanges).where(eq(entityChanges.entityId, entityId)));

describe('case permission', () => {
  test('Everyone, Staff and Group decide who reads and lists the case; the group’s members are shown', async () => {
    const c = await booked();
    const get = (caller: Caller) => caller.get(`/api/app/CasePermission?objectId=${c.id}`);
    const first = await ok<CasePermissionDto>(await get(staff));
    expect(first).toMatchObject({ objectId: c.id, visibility: 'EVERYONE', visibilityGroupId: null, members: [] });
    expect((await get(cmUser)).statusCode).toBe(200);

    const group = await idOf(
      admin.post('/api/app/user-group', {
        name: 'Sensitive matters',
        memberIds: [cmUser.userId, staff.userId, specialistUser.userId],
      }),
    );
    const grouped = await ok<CasePermissionDto>(
      await staff.post('/api/app/CasePermission', {
        objectId: c.id,
        visibility: 'GROUP',
        visibilityGroupId: group,
        concurrencyStamp: first.concurrencyStamp,
      }),
    );
    expect(grouped).toMatchObject({ visibility: 'GROUP', visibilityGroupId: group, groupName: 'Sensitive matters' });
    expect(grouped.members.map((m) => m.id).sort()).toEqual(
      [cmUser.userId, staff.userId, specialistUser.userId].sort(),
    );
    expect(grouped.members.every((m) => m.name.trim().length > 0)).toBe(true);
    expect(await ok<CasePermissionDto>(await get(cmUser))).toMatchObject({
      visibility: 'GROUP',
      groupName: 'Sensitive matters',
    });

    // Members read and list it; the colleague of the same company does not, on any read.
    expect((await cmUser.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(200);
    expect(await listIds(cmUser)).toContain(c.id);
    expect(await listIds(specialistUser)).toContain(c.id);
    expect((await colleague.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(404);
    expect((await get(colleague)).statusCode).toBe(404);
    expect((await colleague.get(`/api/app/case-status-logs?objectId=${c.id}`)).statusCode).toBe(404);
    expect((await colleague.get(`/api/app/action-required?objectId=${c.id}`)).statusCode).toBe(404);
    expect(await listIds(colleague)).not.toContain(c.id);
    const counted = await ok<{ totalCount: number }>(await colleague.get('/api/app/case-status-logs/countCaseStatus'));
    const countedByMember = await ok<{ totalCount: number }>(
      await cmUser.get('/api/app/case-status-logs/countCaseStatus'),
    );
    expect(countedByMember.totalCount).toBe(counted.totalCount + 1);

    // Staff only: case managers and specialists lose it, office roles keep it.
    const staffOnly = await ok<CasePermissionDto>(
      await staff.post('/api/app/CasePermission', {
        objectId: c.id,
        visibility: 'STAFF',
        visibilityGroupId: group,
        concurrencyStamp: grouped.concurrencyStamp,
      }),
    );
    expect(staffOnly).toMatchObject({ visibility: 'STAFF', visibilityGroupId: null, groupName: null, members: [] });
    for (const caller of [cmUser, specialistUser]) {
      expect((await caller.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(404);
      expect(await listIds(caller)).not.toContain(c.id);
    }
    expect(await listIds(staff)).toContain(c.id);
    expect((await ok<CaseDto>(await admin.get(`/api/app/assessments/${c.id}`))).visibility).toBe('STAFF');

    // Back to everyone.
    await ok(
      await staff.post('/api/app/CasePermission', {
        objectId: c.id,
        visibility: 'EVERYONE',
        concurrencyStamp: staffOnly.concurrencyStamp,
      }),
    );
    expect(await listIds(colleague)).toContain(c.id);

    // Each change left its history; the status did not move.
    const history = await changesOf(c.id);
    expect(
      history.filter((h) => h.propertyName === 'visibility' && h.changeType === 'Updated').map((h) => h.newValue),
    ).toEqual(['GROUP', 'STAFF', 'EVERYONE']);
    expect(
      (await ok<{ items: unknown[] }>(await staff.get(`/api/app/case-status-logs?objectId=${c.id}`))).items,
    ).toHaveLength(1);
  });

  test('refusals: field named for a missing or unknown group, 409 on a stale stamp, 403, another tenant 404', async () => {
    const c = await booked();
    const set = (caller: Caller, body: Record<string, unknown>) =>
      caller.post('/api/app/CasePermission', { objectId: c.id, concurrencyStamp: c.concurrencyStamp, ...body });

    const noGroup = await set(staff, { visibility: 'GROUP' });
    expect(noGroup.statusCode).toBe(400);
    expect(fieldOf(noGroup)).toEqual(['visibilityGroupId']);
    const unknown = await set(staff, {
      visibility: 'GROUP',
      visibilityGroupId: '01900000-0000-7000-8000-000000000009',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldOf(unknown)).toEqual(['visibilityGroupId']);
    const badValue = await set(staff, { visibility: 'NOBODY' });
    expect(badValue.statusCode).toBe(400);
    expect(fieldOf(badValue)).toEqual(['visibility']);
    expect((await set(cmUser, { visibility: 'STAFF' })).statusCode).toBe(403);
    expect((await set(specialistUser, { visibility: 'STAFF' })).statusCode).toBe(403);

    const other = await callerFor(t, await newTenant(t.database));
    expect((await other.get(`/api/app/CasePermission?objectId=${c.id}`)).statusCode).toBe(404);
    expect((await set(other, { visibility: 'STAFF' })).statusCode).toBe(404);
    // An other tenant's group is no group here.
    const foreignGroup = await idOf(other.post('/api/app/user-group', { name: 'Theirs', memberIds: [] }));
    const foreign = await set(staff, { visibility: 'GROUP', visibilityGroupId: foreignGroup });
    expect(foreign.statusCode).toBe(400);
    expect(fieldOf(foreign)).toEqual(['visibilityGroupId']);

    const moved = await ok<CasePermissionDto>(await set(staff, { visibility: 'STAFF' }));
    expect(moved.concurrencyStamp).not.toBe(c.concurrencyStamp);
    const stale = await set(staff, { visibility: 'EVERYONE' });
    expect(stale.statusCode).toBe(409);
    // None of the refusals wrote anything: one visibility change in the history.
    expect(
      (await changesOf(c.id)).filter((h) => h.propertyName === 'visibility' && h.changeType === 'Updated'),
    ).toHaveLength(1);
  });
});

describe('action-required items', () => {
  test('items carry named assignees and PICs, complete, clear, and the counts follow', async () => {
    const c = await booked();
    const created = await ok<ActionItemDto>(
      await staff.post('/api/app/action-required', {
        objectId: c.id,
        subject: 'Chase the paperwork',
        dueDate: iso(2),
        assigneeIds: [staff.userId],
        picIds: [admin.userId],
      }),
    );
    expect(created.assignees.map((a) => a.id)).toEqual([staff.userId]);
    expect(created.pics.map((a) => a.id)).toEqual([admin.userId]);
    expect(created.assignees[0]!.name.trim()).not.toBe('');
    const second = await ok<ActionItemDto>(
      await staff.post('/api/app/action-required', { objectId: c.id, subject: 'Book an interpreter' }),
    );
    const open = async () => (await ok<CaseDto>(await cmUser.get(`/api/app/assessments/${c.id}`))).openActionCount;
    expect(await open()).toBe(2);

    // Case managers and specialists read the items with names but change nothing.
    const asCm = await ok<{ items: ActionItemDto[] }>(await cmUser.get(`/api/app/action-required?objectId=${c.id}`));
    expect(asCm.items.find((i) => i.id === created.id)?.pics[0]?.id).toBe(admin.userId);
    expect((await cmUser.del(`/api/app/action-required/${second.id}`)).statusCode).toBe(403);
    expect(
      (await specialistUser.post('/api/app/action-required', { objectId: c.id, subject: 'Mine' })).statusCode,
    ).toBe(403);

    // Reassign and complete the first; clear the second.
    const done = await ok<ActionItemDto>(
      await staff.put(`/api/app/action-required/${created.id}`, {
        concurrencyStamp: created.concurrencyStamp,
        subject: created.subject,
        dueDate: created.dueDate,
        completed: true,
        assigneeIds: [admin.userId, staff.userId],
        picIds: [staff.userId],
      }),
    );
    expect(done.assignees.map((a) => a.id)).toEqual([admin.userId, staff.userId]);
    expect(await open()).toBe(1);
    const before = await ok<{ items: { userId: string; count: number }[] }>(
      await staff.get('/api/app/pics/assignedUsersCount'),
    );
    expect((await staff.del(`/api/app/action-required/${second.id}`)).statusCode).toBe(204);
    expect(await open()).toBe(0);
    const list = await ok<{ items: ActionItemDto[] }>(await staff.get(`/api/app/action-required?objectId=${c.id}`));
    expect(list.items.map((i) => i.id)).toEqual([created.id]);
    expect((await staff.del(`/api/app/action-required/${second.id}`)).statusCode).toBe(404);
    expect((await changesOf(second.id)).some((h) => h.changeType === 'Deleted')).toBe(true);
    const after = await ok<{ items: { userId: string; count: number }[] }>(
      await staff.get('/api/app/pics/assignedUsersCount'),
    );
    const total = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
    expect(total(after.items)).toBeLessThanOrEqual(total(before.items));

    // A stale stamp is a 409; another tenant sees nothing.
    const stale = await staff.put(`/api/app/action-required/${created.id}`, {
      concurrencyStamp: created.concurrencyStamp,
      subject: 'x',
      completed: false,
    });
    expect(stale.statusCode).toBe(409);
    const other = await callerFor(t, await newTenant(t.database));
    expect((await other.del(`/api/app/action-required/${created.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/app/action-required?objectId=${c.id}`)).statusCode).toBe(404);
  });

  test('a new item takes the tenant’s default PICs; each tenant keeps its own', async () => {
    const c = await booked();
    const pic = await ok<{ id: string }>(
      await admin.post('/api/app/pics/defaultPICs', { step: 'PAPERWORK', userId: admin.userId }),
    );
    const item = await ok<ActionItemDto>(
      await staff.post('/api/app/action-required', { objectId: c.id, subject: 'Send the brief' }),
    );
    expect(item.pics.map((p) => p.id)).toContain(admin.userId);
    const other = await callerFor(t, await newTenant(t.database));
    expect((await ok<{ items: unknown[] }>(await other.get('/api/app/pics/defaultPICs'))).items).toEqual([]);
    expect((await other.del(`/api/app/pics/defaultPICs?id=${pic.id}`)).statusCode).toBe(404);
    expect((await admin.del(`/api/app/pics/defaultPICs?id=${pic.id}`)).statusCode).toBe(204);
  });
});

describe('booking case manager and claimant changed after booking', () => {
  test('a new case manager brings their company and its high-risk flag; the status stays; history kept', async () => {
    const c = await booked();
    expect(c.isHighRisk).toBe(false);
    const risky = await idOf(
      admin.post('/api/app/companies', {
        name: 'Risky Insurer',
        businessType: 'INSURER',
        highRiskApplied: true,
        highRiskAppliedFrom: iso(-1),
        highRiskReasonToBookingCm: 'Call first',
        highRiskReasonToStaff: 'Unpaid invoices',
      }),
    );
    const riskyCm = await idOf(
      admin.post('/api/app/case-managers', { firstName: 'Rita', lastName: 'Risk', companyId: risky }),
    );
    const other = await idOf(admin.post('/api/app/clients', { firstName: 'Otto', lastName: 'Other' }));
    const moved = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/booking-detail`, {
        concurrencyStamp: c.concurrencyStamp,
        clientId: other,
        caseManagerId: riskyCm,
        specialistId,
        bookingNotes: c.bookingNotes,
        privateNotes: 'Watch the invoices',
      }),
    );
    expect(moved).toMatchObject({
      companyId: risky,
      companyName: 'Risky Insurer',
      caseManagerName: 'Rita Risk',
      clientName: 'Otto Other',
      isHighRisk: true,
      highRiskReason: 'Unpaid invoices',
      privateNotes: 'Watch the invoices',
      status: 'CASE_CREATED',
    });
    const names = (await changesOf(c.id)).map((h) => h.propertyName);
    expect(names).toEqual(expect.arrayContaining(['caseManagerId', 'companyId', 'clientId', 'isHighRisk']));
    const logRows = await t.database.withTenant(tenantId, (tx) =>
      tx.select().from(caseStatusLogs).where(eq(caseStatusLogs.caseId, c.id)),
    );
    expect(logRows).toHaveLength(1);
    // The old case manager's company no longer sees it.
    expect((await cmUser.get(`/api/app/assessments/${c.id}`)).statusCode).toBe(404);
  });

  test('a specialist without a contract needs the confirmation there too, and a refusal writes nothing', async () => {
    const c = await booked();
    const noContract = await idOf(admin.post('/api/app/specialists', { firstName: 'Nick', lastName: 'Nocontract' }));
    const body = {
      concurrencyStamp: c.concurrencyStamp,
      clientId,
      caseManagerId: cmId,
      specialistId: noContract,
    };
    const asked = await staff.put(`/api/app/assessments/${c.id}/booking-detail`, body);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({
      error: { message: SPECIALIST_NO_CONTRACT_MESSAGE, details: 'specialistContract:confirm' },
    });
    const [row] = await t.database.withTenant(tenantId, (tx) => tx.select().from(cases).where(eq(cases.id, c.id)));
    expect(row!.specialistId).toBe(specialistId);
    const confirmed = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/booking-detail`, { ...body, confirmNoContract: true }),
    );
    expect(confirmed).toMatchObject({ specialistId: noContract, specialistWithoutContract: true });
  });

  test('the case-note export holds booking and private notes for the office only', async () => {
    const c = await booked({ bookingNotes: 'Left knee', privateNotes: 'Slow payer' });
    const office = await staff.get(`/api/app/case-notes/export?objectId=${c.id}`);
    expect(office.statusCode).toBe(200);
    expect(office.headers['content-disposition']).toContain(`${c.caseNo}-notes.txt`);
    expect(office.body).toContain('Left knee');
    expect(office.body).toContain('Slow payer');
    const cm = await cmUser.get(`/api/app/case-notes/export?objectId=${c.id}`);
    expect(cm.statusCode).toBe(200);
    expect(cm.body).toContain('Left knee');
    expect(cm.body).not.toContain('Slow payer');
    const other = await callerFor(t, await newTenant(t.database));
    expect((await other.get(`/api/app/case-notes/export?objectId=${c.id}`)).statusCode).toBe(404);
  });
});

describe('rebook with the DNA notification', () => {
  const notAttended = async () => {
    let c = await booked();
    c = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/appointment`, {
        concurrencyStamp: c.concurrencyStamp,
        appointmentDate: iso(-1),
        appointmentTime: '10:00',
        confirmed: true,
        // Yesterday's appointment, recorded after the fact: the past date is confirmed.
        confirmDates: true,
      }),
    );
    return ok<CaseDto>(
      await staff.put(`/api/app/assessments/${c.id}/attendance`, {
        concurrencyStamp: c.concurrencyStamp,
        attendance: 'NONE',
        notAttended: true,
      }),
    );
  };
  const outboxOf = (caseId: string) =>
    t.database.withTenant(tenantId, (tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.objectId, caseId)));

  test('notifyCaseDNA queues the non-attendance e-mail to the booking case manager with the new case number', async () => {
    const c = await notAttended();
    expect(c.status).toBe('NOT_ATTENDED');
    const again = await ok<CaseDto>(await staff.post(`/api/app/assessments/${c.id}/rebook`, { notifyCaseDNA: true }));
    const mail = await outboxOf(c.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      recipient: 'cara@example.test',
      templateKey: 'IME_APPOINTMENT_NON_ATTENDANCE',
      fromModule: 'IME',
      category: 'NON_ATTENDANCE',
      objectReference: c.caseNo,
    });
    expect(mail[0]!.subject).toContain(c.caseNo);
    expect(mail[0]!.html).toContain(again.caseNo);
    expect(mail[0]!.html).toContain('Claire Claimant');

    // Without the flag nothing is sent.
    const quiet = await notAttended();
    await ok(await staff.post(`/api/app/assessments/${quiet.id}/rebook`, { notifyCaseDNA: false }));
    expect(await outboxOf(quiet.id)).toHaveLength(0);
  });

  test('a case manager without an e-mail address: 400 naming notifyCaseDNA, and no new case', async () => {
    const silentCm = await idOf(admin.post('/api/app/case-managers', { firstName: 'No', lastName: 'Mail', companyId }));
    const c = await booked({ caseManagerId: silentCm });
    const res = await staff.post(`/api/app/assessments/${c.id}/rebook`, { notifyCaseDNA: true });
    expect(res.statusCode).toBe(400);
    expect(fieldOf(res)).toEqual(['notifyCaseDNA']);
    const rebooked = await t.database.withTenant(tenantId, (tx) =>
      tx
        .select()
        .from(cases)
        .innerJoin(imeCaseDetails, eq(imeCaseDetails.caseId, cases.id))
        .where(and(eq(imeCaseDetails.rebookedFromId, c.id), eq(cases.isDeleted, false))),
    );
    expect(rebooked).toHaveLength(0);
  });

  test('a disabled non-attendance template: 422 with the reason, no new case; without the flag the rebook goes', async () => {
    const template = '/api/app/email-templates/by-name/IME_APPOINTMENT_NON_ATTENDANCE';
    const { subject, templateContent } = await ok<{ subject: string; templateContent: string }>(
      await admin.get(template),
    );
    await ok(await admin.put(template, { subject, templateContent, disabled: true }));
    try {
      const c = await notAttended();
      const res = await staff.post(`/api/app/assessments/${c.id}/rebook`, { notifyCaseDNA: true });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(
        'The IME Non-Attendance (DNA) e-mail template is disabled: enable it under Mail Templates to notify the case manager.',
      );
      const rebookedFrom = () =>
        t.database.withTenant(tenantId, (tx) =>
          tx
            .select()
            .from(cases)
            .innerJoin(imeCaseDetails, eq(imeCaseDetails.caseId, cases.id))
            .where(and(eq(imeCaseDetails.rebookedFromId, c.id), eq(cases.isDeleted, false))),
        );
      expect(await rebookedFrom()).toHaveLength(0);
      await ok(await staff.post(`/api/app/assessments/${c.id}/rebook`, { notifyCaseDNA: false }));
      expect(await rebookedFrom()).toHaveLength(1);
      expect(await outboxOf(c.id)).toHaveLength(0);
    } finally {
      await ok(await admin.put(template, { subject, templateContent, disabled: false }));
    }
  });
});

describe('mass torts, OT and conclave share the list by service type', () => {
  test('each service type books under its prefix and lists only its own cases', async () => {
    const made: Record<string, CaseDto> = {};
    for (const serviceType of ['IME', 'MASS_TORTS', 'OT', 'COTELE'] as const) {
      made[serviceType] = await booked({ serviceType });
    }
    expect(made.MASS_TORTS!.caseNo).toMatch(/^A-\d{6}$/);
    expect(made.OT!.caseNo).toMatch(/^OT-\d{6}$/);
    expect(made.COTELE!.caseNo).toMatch(/^CT-\d{6}$/);
    for (const [serviceType, c] of Object.entries(made)) {
      const ids = await listIds(staff, `&serviceType=${serviceType}`);
      expect(ids).toContain(c.id);
      for (const [otherType, o] of Object.entries(made)) if (otherType !== serviceType) expect(ids).not.toContain(o.id);
      // The case manager's list of the same type holds it too.
      expect(await listIds(cmUser, `&serviceType=${serviceType}`)).toContain(c.id);
      const counts = await ok<{ items: { status: string; count: number }[] }>(
        await staff.get(`/api/app/case-status-logs/countCaseStatus?serviceType=${serviceType}`),
      );
      expect(counts.items.find((i) => i.status === 'CASE_CREATED')?.count).toBeGreaterThanOrEqual(1);
    }
    const exists = await ok<{ exists: boolean; id: string | null }>(
      await staff.get(`/api/app/assessments/checkExistCaseNo?caseNo=${made.OT!.caseNo}&serviceType=OT`),
    );
    expect(exists).toMatchObject({ exists: true, id: made.OT!.id });
  });
});
