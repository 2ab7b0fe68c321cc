import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CaseDto } from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type TestApp } from '../../../test/harness';
import { ok, type Json } from '../../../test/responses';
import { fakeIntegrationsConfig } from './fakes';
import { SecretBox } from './secrets';
import { FakeTwilio } from './twilio/fake';

let t: TestApp;
let twilio: FakeTwilio;

beforeAll(async () => {
  twilio = await new FakeTwilio().start();
  t = await createTestApp(undefined, {
    integrations: fakeIntegrationsConfig('http://casebook.test', undefined, undefined, {
      box: SecretBox.derived('sms.test'),
      twilio,
    }),
  });
  // Twilio signs the URL it was given (the public one); here the webhook is handed to the app directly.
  twilio.webhookUrl = 'http://casebook.test/api/app/integrations/twilio/webhook';
  twilio.deliver = async (url, headers, body) =>
    (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

type Res = { statusCode: number; body: string; json(): unknown };
const idOf = async (res: Promise<Res>) => (await ok<{ id: string }>(res)).id;

/** A tenant with a case whose claimant has a mobile, booked for 14 December 2026 at 10:30. */
// Each tenant's claimant has a number of its own: the fake provider's messages are told apart by number.
let nextMobile = 100;
async function textingTenant(name: string, mobile = '0400000' + String(nextMobile++)) {
  const tenantId = await newTenant(t.database, { name });
  const admin = await callerFor(t, tenantId);
  const staff = await callerFor(t, tenantId, ['STAFF']);
  const companyId = await idOf(admin.post('/api/app/companies', { name: `${name} Lawyers`, businessType: 'LAW_FIRM' }));
  const cmId = await idOf(admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }));
  const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant', mobile }));
  const c = await ok<CaseDto>(staff.post('/api/app/assessments', { clientId, caseManagerId: cmId }));
  await ok(
    staff.put(`/api/app/assessments/${c.id}/appointment`, {
      concurrencyStamp: c.concurrencyStamp,
      appointmentDate: '2026-12-14',
      appointmentTime: '10:30',
    }),
  );
  return { tenantId, admin, staff, caseId: c.id, e164: `+61${mobile.slice(1)}` };
}

const sms = (caseId: string) => `/api/app/assessments/${caseId}/sms`;
const to = (number: string) => twilio.messages.filter((m) => m.to === number);

describe('text messages through Twilio', () => {
  test('an appointment reminder is sent once through a 429, and recorded on the case', async () => {
    const w = await textingTenant('Tessel');
    twilio.failNext({ status: 429, retryAfterSeconds: 1 });
    const result = await ok(w.staff.post(sms(w.caseId), { kind: 'APPOINTMENT_REMINDER' }));
    expect(result.message).toBe('SMS has been sent!');
    expect(result.sms).toMatchObject({ status: 'SENT', attempts: 2, to: w.e164 });
    const sent = to(w.e164);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(
      'Hello Claire, a reminder of your appointment on 14 Dec 2026 at 10:30 (case ' +
        (await ok(w.staff.get(`/api/app/assessments/${w.caseId}`))).caseNo +
        '). Reply STOP to opt out.',
    );
    expect(sent[0]!.from).toBe(twilio.fromNumber);
    const list = await ok<{ items: Json[] }>(w.staff.get(sms(w.caseId)));
    expect(list.items).toHaveLength(1);
    const notes = await ok<{ items: Json[] }>(
      w.staff.get(`/api/app/correspondences/notes?fromModule=IME&objectId=${w.caseId}`),
    );
    expect(notes.items.map((n) => n.communicationType)).toEqual(['SMS']);
  });

  test('the video link is texted with its own words', async () => {
    const w = await textingTenant('Vidal');
    const result = await ok(
      w.staff.post(sms(w.caseId), { kind: 'VIDEO_LINK', videoLink: 'https://video.example.com/m/abc' }),
    );
    expect(result.message).toBe('Video link SMS successfully');
    expect(to(w.e164)[0]!.body).toContain('https://video.example.com/m/abc');
    const bad = await w.staff.post(sms(w.caseId), { kind: 'VIDEO_LINK', videoLink: 'not a link' });
    expect(bad.statusCode).toBe(400);
  });

  test("the claimant's own video meeting link is texted from the case's video meeting", async () => {
    const mobile = '0400001' + String(Math.floor(Math.random() * 900) + 100);
    const tenantId = await newTenant(t.database, { name: `Videoton ${mobile}` });
    const admin = await callerFor(t, tenantId);
    const staff = await callerFor(t, tenantId, ['STAFF']);
    const companyId = await idOf(
      admin.post('/api/app/companies', { name: 'Videoton Lawyers', businessType: 'LAW_FIRM' }),
    );
    const cmId = await idOf(
      admin.post('/api/app/case-managers', { firstName: 'Cara', lastName: 'Manager', companyId }),
    );
    const clientId = await idOf(admin.post('/api/app/clients', { firstName: 'Claire', lastName: 'Claimant', mobile }));
    const specialistId = await idOf(
      admin.post('/api/app/specialists', { firstName: 'Doug', lastName: 'Doctor', onboardedDate: '2026-01-01' }),
    );
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const session = await idOf(
      admin.post('/api/app/appointment-sessions', {
        specialistId,
        centreId: null,
        appointmentType: 'VIDEO',
        timeZone: 'Australia/Sydney',
        date,
        startTime: '09:00',
        endTime: '10:00',
      }),
    );
    const c = await ok<CaseDto>(
      staff.post('/api/app/assessments', { clientId, caseManagerId: cmId, sessionId: session, specialistId }),
    );
    const meeting = await ok<{ participants: { role: string; link: string }[] }>(
      staff.post(`/api/app/assessments/${c.id}/generateVideoLink`, {}),
    );
    const claimantLink = meeting.participants.find((p) => p.role === 'CLAIMANT')!.link;
    const sent = await ok(staff.post(`/api/app/assessments/${c.id}/sendVideoLink`, { isSMS: true }));
    expect(sent).toEqual({ message: 'Video link SMS successfully', sentTo: [`+61${mobile.slice(1)}`] });
    const texts = to(`+61${mobile.slice(1)}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(claimantLink);
    for (const p of meeting.participants.filter((x) => x.role !== 'CLAIMANT'))
      expect(texts[0]!.body).not.toContain(p.link);
    const toOthers = await staff.post(`/api/app/assessments/${c.id}/sendVideoLink`, {
      isSMS: true,
      roles: ['SPECIALIST'],
    });
    expect(toOthers.statusCode).toBe(422);
  });

  test('a STOP reply opts the number out: nothing is sent to it afterwards', async () => {
    const w = await textingTenant('Stopford');
    await ok(w.staff.post(sms(w.caseId), { kind: 'APPOINTMENT_REMINDER' }));
    expect(await twilio.reply(w.e164, 'STOP')).toBe(200);
    const calls = twilio.calls.length;
    const refused = await w.staff.post(sms(w.caseId), { kind: 'APPOINTMENT_REMINDER' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { message: "The claimant's mobile number has opted out of text messages (replied STOP)." },
    });
    expect(twilio.calls.length).toBe(calls);
    expect(to(w.e164)).toHaveLength(1);
  });

  test('a webhook with a bad signature is refused and opts nobody out', async () => {
    const w = await textingTenant('Forgery');
    await ok(w.staff.post(sms(w.caseId), { kind: 'APPOINTMENT_REMINDER' }));
    expect(await twilio.reply(w.e164, 'STOP', 'not-the-auth-token')).toBe(403);
    await ok(w.staff.post(sms(w.caseId), { kind: 'APPOINTMENT_REMINDER' }));
    expect(to(w.e164)).toHaveLength(2);
  });

  test("another tenant's case is a 404 and nothing is sent; check-twilio reads the account", async () => {
    const a = await textingTenant('Aspen');
    const b = await textingTenant('Beech');
    const res = await b.staff.post(sms(a.caseId), { kind: 'APPOINTMENT_REMINDER' });
    expect(res.statusCode).toBe(404);
    expect(to(a.e164)).toHaveLength(0);
    const check = await ok(a.admin.post('/api/app/health-status/check-twilio', {}));
    expect(check).toMatchObject({ status: 'Healthy', detail: expect.stringContaining('Twilio account') });
  });
});
