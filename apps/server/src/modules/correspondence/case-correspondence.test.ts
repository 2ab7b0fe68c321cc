import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrespondenceNoteDto, EmailPreviewDto, EmailTrackingDto, PagedResult } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';

let t: TestApp;
let staff: Caller;
let other: Caller;
let caseId: string;
let caseNo: string;

async function id(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await newTenant(t.database, { name: `Correspondence ${Date.now()}`, timezone: 'Australia/Perth' });
  const admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  other = await callerFor(t, await newTenant(t.database), ['STAFF']);
  const companyId = await id(admin.post('/api/app/companies', { name: 'Smith Lawyers', businessType: 'LAW_FIRM' }));
  const caseManagerId = await id(
    admin.post('/api/app/case-managers', { firstName: 'Erin', lastName: 'Email', email: 'erin@law.test', companyId }),
  );
  const clientId = await id(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'O<Brien>' }));
  const specialistId = await id(
    admin.post('/api/app/specialists', {
      firstName: 'Doug',
      lastName: 'Doctor',
      email: 'doug@clinic.test',
      onboardedDate: '2020-01-01',
    }),
  );
  const booked = await staff.post('/api/app/assessments', { clientId, caseManagerId, specialistId });
  expect(booked.statusCode, booked.body).toBe(200);
  const c = booked.json() as { id: string; caseNo: string; concurrencyStamp: string };
  caseId = c.id;
  caseNo = c.caseNo;
  const appointment = await staff.put(`/api/app/assessments/${c.id}/appointment`, {
    concurrencyStamp: c.concurrencyStamp,
    appointmentDate: '2027-03-15',
    appointmentTime: '10:30',
    confirmed: true,
  });
  expect(appointment.statusCode, appointment.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('template preview for a case', () => {
  it("renders the case's values, addressed to whom the template is for", async () => {
    const cm = await staff.post('/api/app/email-templates/preview', {
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
      fromModule: 'IME',
      objectId: caseId,
    });
    expect(cm.statusCode, cm.body).toBe(200);
    const preview = cm.json() as EmailPreviewDto;
    expect(preview.destination).toBe('erin@law.test');
    expect(preview.subject).toBe(`Appointment confirmation - ${caseNo} - Claire O<Brien>`);
    expect(preview.body).toContain('Dear Erin Email');
    expect(preview.body).toContain('Claire O&lt;Brien&gt;');
    expect(preview.body).toContain('10:30');
    expect(preview.body).toContain('Australia/Perth');

    const specialist = await staff.post('/api/app/email-templates/preview', {
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_SPECIALIST',
      fromModule: 'IME',
      objectId: caseId,
    });
    expect(specialist.statusCode, specialist.body).toBe(200);
    expect((specialist.json() as EmailPreviewDto).destination).toBe('doug@clinic.test');
    expect((specialist.json() as EmailPreviewDto).body).toContain('Dear Doug Doctor');
  });

  it("sends to the chosen recipient and the case's correspondence lists it", async () => {
    const sent = await staff.post('/api/app/email-templates/send', {
      templateKey: 'IME_APPOINTMENT_REMINDER',
      fromModule: 'IME',
      objectId: caseId,
      email: 'someone@else.test',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await staff.get(`/api/app/correspondences/emails?fromModule=IME&objectId=${caseId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as PagedResult<EmailTrackingDto>;
    expect(items.map((i) => [i.templateKey, i.recipient, i.objectReference])).toContainEqual([
      'IME_APPOINTMENT_REMINDER',
      'someone@else.test',
      caseNo,
    ]);
  });

  it("is a 404 for another tenant's case", async () => {
    const res = await other.post('/api/app/email-templates/preview', {
      templateKey: 'IME_APPOINTMENT_CONFIRMATION_CM',
      fromModule: 'IME',
      objectId: caseId,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('correspondence notes', () => {
  it('adds notes by communication type and category and lists them newest first, filtered', async () => {
    const call = await staff.post('/api/app/correspondences/notes', {
      fromModule: 'IME',
      objectId: caseId,
      communicationType: 'PHONE',
      category: 'APPOINTMENT_CONFIRMATION_RESCHEDULE',
      contactName: 'Erin Email',
      content: 'Confirmed the appointment time by phone.',
      contactTime: '2027-03-01T09:00:00+08:00',
    });
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json()).toMatchObject({ communicationType: 'PHONE', contactTime: '2027-03-01T01:00:00.000Z' });
    const sms = await staff.post('/api/app/correspondences/notes', {
      fromModule: 'IME',
      objectId: caseId,
      communicationType: 'SMS',
      category: 'PAPERWORK',
      content: 'Reminded the specialist about the paperwork.',
      contactTime: '2027-03-02T09:00:00+08:00',
    });
    expect(sms.statusCode, sms.body).toBe(200);

    const all = await staff.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}`);
    expect(all.statusCode, all.body).toBe(200);
    const listed = all.json() as PagedResult<CorrespondenceNoteDto>;
    expect(listed.totalCount).toBe(2);
    expect(listed.items.map((n) => n.communicationType)).toEqual(['SMS', 'PHONE']);
    expect(listed.items[0]!.creatorName).not.toBeNull();

    const phones = await staff.get(
      `/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}&communicationType=PHONE`,
    );
    expect((phones.json() as PagedResult<CorrespondenceNoteDto>).items.map((n) => n.content)).toEqual([
      'Confirmed the appointment time by phone.',
    ]);
    const paperwork = await staff.get(
      `/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}&category=PAPERWORK`,
    );
    expect((paperwork.json() as PagedResult<CorrespondenceNoteDto>).items.map((n) => n.communicationType)).toEqual([
      'SMS',
    ]);

    const history = await staff.get(`/api/app/entity-changes?entityId=${(call.json() as { id: string }).id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('CorrespondenceNote');
  });

  it('answers 400 naming the field and writes nothing', async () => {
    for (const [body, field] of [
      [{ fromModule: 'IME', objectId: caseId, communicationType: 'PIGEON', content: 'x' }, 'communicationType'],
      [{ fromModule: 'IME', objectId: caseId, communicationType: 'PHONE', content: '  ' }, 'content'],
      [
        { fromModule: 'IME', objectId: caseId, communicationType: 'PHONE', category: 'GOSSIP', content: 'x' },
        'category',
      ],
      [{ fromModule: 'IME', objectId: 'nope', communicationType: 'PHONE', content: 'x' }, 'objectId'],
      [{ fromModule: 'NO_SUCH_MODULE', objectId: caseId, communicationType: 'PHONE', content: 'x' }, 'fromModule'],
    ] as const) {
      const res = await staff.post('/api/app/correspondences/notes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
    // Another module's key with an IME case: that module has no such case.
    const wrongModule = await staff.post('/api/app/correspondences/notes', {
      fromModule: 'MVA',
      objectId: caseId,
      communicationType: 'PHONE',
      content: 'x',
    });
    expect(wrongModule.statusCode, wrongModule.body).toBe(404);
    const after = await staff.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}`);
    expect((after.json() as PagedResult<CorrespondenceNoteDto>).totalCount).toBe(2);
  });

  it("keeps another tenant's case a 404 and is closed to case managers", async () => {
    const add = await other.post('/api/app/correspondences/notes', {
      fromModule: 'IME',
      objectId: caseId,
      communicationType: 'PHONE',
      content: 'Not mine.',
    });
    expect(add.statusCode).toBe(404);
    const list = await other.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}`);
    expect(list.statusCode).toBe(404);
    const emails = await other.get(`/api/app/correspondences/emails?fromModule=IME&objectId=${caseId}`);
    expect(emails.statusCode).toBe(404);
    const cm = await callerFor(t, staff.tenantId, ['CASE_MANAGER']);
    const closed = await cm.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${caseId}`);
    expect(closed.statusCode).toBe(403);
  });
});
