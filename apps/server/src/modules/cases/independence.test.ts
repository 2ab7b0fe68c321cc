import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addDays,
  formatIsoDate,
  INDEPENDENCE_BLOCKED_MESSAGE,
  INDEPENDENCE_OVERRIDE_REQUIRED,
  todayIn,
  type CaseDto,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { ok, type Json } from '../../../test/responses';

let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmUser: Caller;
let w: { cmId: string; otherCmId: string; clientId: string; specialistId: string; otherSpecialistId: string };

const iso = (days: number) => formatIsoDate(addDays(todayIn('Australia/Sydney'), days));
const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) =>
  (await ok<{ id: string }>(await res)).id;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, { timezone: 'Australia/Sydney' });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF'], { userName: 'Sam Staff' });
  cmUser = await callerFor(t, tenantId, ['CASE_MANAGER'], { userName: 'Cara Manager' });
  const companyId = await idOf(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const otherCompanyId = await idOf(
    admin.post('/api/app/companies', { name: 'Jones Insurance Law', businessType: 'LAW_FIRM' }),
  );
  const cmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId, userId: cmUser.userId }),
  );
  const otherCmId = await idOf(
    admin.post('/api/app/case-managers', { firstName: 'Olly', lastName: 'Other', companyId: otherCompanyId }),
  );
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant' }));
  const specialistId = await idOf(
    admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: iso(-30) }),
  );
  const otherSpecialistId = await idOf(
    admin.post('/api/app/specialists', { firstName: 'Sue', lastName: 'Surgeon', onboardedDate: iso(-30) }),
  );
  w = { cmId, otherCmId, clientId, specialistId, otherSpecialistId };
});
afterAll(async () => {
  await t?.close();
});

const booked = async (body: Json) =>
  ok<CaseDto>(
    await staff.post('/api/app/assessments', { clientId: w.clientId, specialistId: w.specialistId, ...body }),
  );

describe('independence check before a booking', () => {
  test('a specialist who saw the claimant for another company: a warning naming the earlier case; an override is recorded with its reason and shown in View changes', async () => {
    const earlier = await booked({ caseManagerId: w.otherCmId });
    // Saving the booking is refused until it says why it goes ahead: the check's words, nothing written.
    const casesBefore = (await ok(await staff.get('/api/app/assessments?maxResultCount=1'))).totalCount;
    const asked = await staff.post('/api/app/assessments', {
      clientId: w.clientId,
      specialistId: w.specialistId,
      caseManagerId: w.cmId,
    });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error.details).toBe(INDEPENDENCE_OVERRIDE_REQUIRED);
    expect(asked.json().error.message).toBe(
      `Doug Doctor may not be independent of this claimant: Doug Doctor has seen this claimant before for another company, Jones Insurance Law: case ${earlier.caseNo}.`,
    );
    expect((await ok(await staff.get('/api/app/assessments?maxResultCount=1'))).totalCount).toBe(casesBefore);
    const blank = await staff.post('/api/app/assessments', {
      clientId: w.clientId,
      specialistId: w.specialistId,
      caseManagerId: w.cmId,
      independenceOverrideReason: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.validationErrors[0].members).toEqual(['independenceOverrideReason']);
    const atSave = 'The claimant asked for Dr Doctor; the other side agreed in writing.';
    const kase = await booked({ caseManagerId: w.cmId, independenceOverrideReason: atSave });
    // Recorded with the booking, in its transaction: on the case and in View changes.
    const savedWith = await ok(await staff.get(`/api/app/assessments/${kase.id}/independence`));
    expect(savedWith.recorded).toMatchObject({
      outcome: 'WARNING',
      specialistId: w.specialistId,
      overriddenBy: 'Sam Staff',
      overrideReason: atSave,
    });
    expect(savedWith.recorded.summary).toContain(earlier.caseNo);
    const createdChanges = await ok(await staff.get(`/api/app/entity-changes?entityId=${kase.id}&maxResultCount=100`));
    expect(createdChanges.items.map((c: Json) => [c.propertyName, c.newValue])).toEqual(
      expect.arrayContaining([
        ['independenceOverrideReason', atSave],
        ['independenceOverriddenBy', 'Sam Staff'],
      ]),
    );

    // Before Save (a new booking): the check by claimant and specialist.
    const before = await ok(
      await staff.get(`/api/app/independence-check?clientId=${w.clientId}&specialistId=${w.specialistId}`),
    );
    expect(before.outcome).toBe('WARNING');
    expect(before.reasons.map((r: Json) => r.caseNo)).toContain(earlier.caseNo);

    const check = await ok(await staff.get(`/api/app/assessments/${kase.id}/independence`));
    expect(check.recorded).toMatchObject({ overrideReason: atSave });
    expect(check.current).toMatchObject({ outcome: 'WARNING', specialistName: 'Doug Doctor' });
    expect(check.current.reasons).toEqual([
      {
        kind: 'EARLIER_CASE_OTHER_COMPANY',
        caseNo: earlier.caseNo,
        blocks: false,
        message: `Doug Doctor has seen this claimant before for another company, Jones Insurance Law: case ${earlier.caseNo}.`,
      },
    ]);
    expect(check.current.summary).toContain(earlier.caseNo);

    // Another specialist is clear.
    const other = await ok(
      await staff.get(`/api/app/assessments/${kase.id}/independence?specialistId=${w.otherSpecialistId}`),
    );
    expect(other.current).toMatchObject({ outcome: 'CLEAR', reasons: [] });
    const clearOverride = await staff.post(`/api/app/assessments/${kase.id}/independenceOverride`, {
      specialistId: w.otherSpecialistId,
      reason: 'n/a',
    });
    expect(clearOverride.statusCode).toBe(422);

    // An override needs a reason.
    const noReason = await staff.post(`/api/app/assessments/${kase.id}/independenceOverride`, {
      specialistId: w.specialistId,
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.validationErrors[0].members).toEqual(['reason']);

    const reason = 'Earlier report was on a different injury; both parties agreed to Dr Doctor.';
    const recorded = await ok(
      await staff.post(`/api/app/assessments/${kase.id}/independenceOverride`, {
        specialistId: w.specialistId,
        reason,
      }),
    );
    expect(recorded).toMatchObject({ outcome: 'WARNING', overriddenBy: 'Sam Staff', overrideReason: reason });

    // The case manager sees the recorded result in words; the earlier case is another firm's, so its
    // number is not given to them.
    const asCm = await ok(await cmUser.get(`/api/app/assessments/${kase.id}/independence`));
    expect(asCm.recorded).toMatchObject({ overriddenBy: 'Sam Staff', overrideReason: reason });
    expect(asCm.current.reasons).toEqual([
      {
        kind: 'EARLIER_CASE_OTHER_COMPANY',
        caseNo: null,
        blocks: false,
        message: 'Doug Doctor has seen this claimant before for another company.',
      },
    ]);

    // View changes: the case's change history has the override, who gave it and why.
    const changes = await ok(await staff.get(`/api/app/entity-changes?entityId=${kase.id}&maxResultCount=100`));
    const overrides = changes.items.filter((c: Json) => c.propertyName === 'independenceOverrideReason');
    expect(overrides.find((c: Json) => c.newValue === reason)).toMatchObject({
      originalValue: atSave,
      user: { displayName: 'Sam Staff' },
    });
    const checks = changes.items.filter((c: Json) => c.propertyName === 'independenceCheck');
    expect(checks.every((c: Json) => String(c.newValue).includes(earlier.caseNo))).toBe(true);
  });

  test('a treating relationship recorded on the claimant blocks under the default rule, and cannot be overridden', async () => {
    const kase = await booked({ caseManagerId: w.cmId, specialistId: w.otherSpecialistId });
    const rel = await ok(
      await staff.post(`/api/app/clients/${w.clientId}/relationships`, {
        specialistId: w.otherSpecialistId,
        kind: 'TREATING',
        note: 'GP since 2019',
      }),
    );
    expect(rel).toMatchObject({ kind: 'TREATING', specialistName: 'Sue Surgeon', note: 'GP since 2019' });
    const listed = await ok(await staff.get(`/api/app/clients/${w.clientId}/relationships`));
    expect(listed.items).toHaveLength(1);
    const check = await ok(await staff.get(`/api/app/assessments/${kase.id}/independence`));
    expect(check.current.outcome).toBe('BLOCKED');
    expect(check.current.reasons[0]).toMatchObject({
      kind: 'TREATING',
      blocks: true,
      message: 'Sue Surgeon is recorded on the claimant as a treating practitioner (GP since 2019).',
    });
    const refused = await staff.post(`/api/app/assessments/${kase.id}/independenceOverride`, {
      specialistId: w.otherSpecialistId,
      reason: 'Urgent',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(INDEPENDENCE_BLOCKED_MESSAGE);
    // Saving a booking with the blocked specialist is refused too, a new case or a changed one.
    const blockedNew = await staff.post('/api/app/assessments', {
      clientId: w.clientId,
      caseManagerId: w.cmId,
      specialistId: w.otherSpecialistId,
    });
    expect(blockedNew.statusCode).toBe(422);
    expect(blockedNew.json().error.message).toBe(INDEPENDENCE_BLOCKED_MESSAGE);
    const withDoug = await booked({ caseManagerId: w.cmId, independenceOverrideReason: 'Agreed by both parties' });
    const blockedChange = await staff.put(`/api/app/assessments/${withDoug.id}/booking-detail`, {
      clientId: w.clientId,
      concurrencyStamp: withDoug.concurrencyStamp,
      caseManagerId: w.cmId,
      specialistId: w.otherSpecialistId,
    });
    expect(blockedChange.statusCode).toBe(422);
    expect(blockedChange.json().error.message).toBe(INDEPENDENCE_BLOCKED_MESSAGE);
    // Unknown inputs are 400s naming the field; another tenant's case is a 404.
    const bad = await staff.post(`/api/app/clients/${w.clientId}/relationships`, {
      specialistId: w.specialistId,
      kind: 'FRIEND',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].members).toEqual(['kind']);
    const stranger = await callerFor(t, await newTenant(t.database));
    expect((await stranger.get(`/api/app/assessments/${kase.id}/independence`)).statusCode).toBe(404);
  });

  test('changing the specialist on a booking to one who saw the claimant for another company asks for the reason; the same company asking again does not', async () => {
    const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Rita', lastName: 'Repeat' }));
    const first = await booked({ clientId, caseManagerId: w.cmId });
    // The same company books the same specialist again: a warning shown, nothing asked.
    const again = await booked({ clientId, caseManagerId: w.cmId });
    const shown = await ok(await staff.get(`/api/app/assessments/${again.id}/independence`));
    expect(shown.current).toMatchObject({
      outcome: 'WARNING',
      reasons: [{ kind: 'EARLIER_CASE', caseNo: first.caseNo }],
    });
    expect(shown.recorded).toBeNull();
    // Another company's case with another specialist moves to Doug: asked, then saved with the reason.
    const other = await booked({ clientId, caseManagerId: w.otherCmId, specialistId: w.otherSpecialistId });
    const body = {
      clientId,
      concurrencyStamp: other.concurrencyStamp,
      caseManagerId: w.otherCmId,
      specialistId: w.specialistId,
    };
    const asked = await staff.put(`/api/app/assessments/${other.id}/booking-detail`, body);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error.details).toBe(INDEPENDENCE_OVERRIDE_REQUIRED);
    expect(asked.json().error.message).toContain(first.caseNo);
    const unchanged = await ok<CaseDto>(await staff.get(`/api/app/assessments/${other.id}`));
    expect(unchanged.specialistId).toBe(w.otherSpecialistId);
    const reason = 'Only orthopaedic surgeon available before the hearing.';
    const saved = await ok<CaseDto>(
      await staff.put(`/api/app/assessments/${other.id}/booking-detail`, {
        ...body,
        independenceOverrideReason: reason,
      }),
    );
    expect(saved.specialistId).toBe(w.specialistId);
    const recorded = await ok(await staff.get(`/api/app/assessments/${other.id}/independence`));
    expect(recorded.recorded).toMatchObject({ overriddenBy: 'Sam Staff', overrideReason: reason });
    const changes = await ok(await staff.get(`/api/app/entity-changes?entityId=${other.id}&maxResultCount=100`));
    const props = changes.items.map((c: Json) => c.propertyName);
    expect(props).toEqual(expect.arrayContaining(['specialistId', 'independenceOverrideReason', 'independenceCheck']));
  });
});
