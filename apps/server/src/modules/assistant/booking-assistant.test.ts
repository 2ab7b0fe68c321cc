import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addDays,
  BookingAssistantEndpoints,
  formatIsoDate,
  parseAvailabilityDate,
  resolveAvailabilityRelativeDate,
  todayIn,
  uuidv7,
  type BookingAssistantAnswer,
  type CalendarDate,
} from '@casebook/domain';
import { callerFor, createTestApp, newTenant, type Caller, type TestApp } from '../../../test/harness';
import { FakeLanguageModel } from './fake-language-model';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ZONE = 'Australia/Brisbane';
const ASK = BookingAssistantEndpoints.ask.path;

let t: TestApp;
let tenantId: string;
let admin: Caller;
let staff: Caller;
let cmA: Caller;
let cmB: Caller;
let sid: Caller;
const S: Record<string, Json> = {};
const C: Record<string, Json> = {};
let today: CalendarDate;
let nextWeek: { from: CalendarDate; to: CalendarDate };
let thursday: CalendarDate;

async function ok(res: { statusCode: number; body: string; json(): unknown }): Promise<Json> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}
const idOf = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>) => (await ok(await res)).id;
const ask = async (caller: Caller, question: string) =>
  (await ok(await caller.post(ASK, { question }))) as BookingAssistantAnswer;
const within = (date: string, range: { from: CalendarDate; to: CalendarDate }) =>
  date >= formatIsoDate(range.from) && date <= formatIsoDate(range.to);

beforeAll(async () => {
  t = await createTestApp();
  tenantId = await newTenant(t.database, {
    timezone: ZONE,
    features: { BookingAgent: 'True', Assessment: 'True' },
  });
  admin = await callerFor(t, tenantId);
  staff = await callerFor(t, tenantId, ['STAFF']);
  cmA = await callerFor(t, tenantId, ['CASE_MANAGER']);
  cmB = await callerFor(t, tenantId, ['CASE_MANAGER']);
  sid = await callerFor(t, tenantId, ['SPECIALIST']);
  today = todayIn(ZONE);
  nextWeek = resolveAvailabilityRelativeDate('NextWeek', today);
  thursday = parseAvailabilityDate('Thursday', today)!.from;

  const lookup = async (label: string) => {
    const res = await admin.get(`/api/app/lookup-configs?isSelectionList=true&type=SPECIALTY&maxResultCount=1000`);
    return (res.json().items as { id: string; displayName: string }[]).find((i) => i.displayName === label)!.id;
  };
  const ortho = await lookup('Orthopaedic Surgery');
  const psych = await lookup('Psychiatry');
  const specialist = (firstName: string, lastName: string, specialtyId: string, extra: Json = {}) =>
    idOf(
      admin.post('/api/app/specialists', {
        firstName,
        lastName,
        specialtyId,
        email: `${firstName.toLowerCase()}.${uuidv7().slice(-6)}@clinic.test`,
        onboardedDate: formatIsoDate(addDays(today, -30)),
        ...extra,
      }),
    );
  const olive = await specialist('Olive', 'Bones', ortho);
  const oscar = await specialist('Oscar', 'Knee', ortho);
  const piper = await specialist('Piper', 'Mind', psych);
  const sidId = await specialist('Sid', 'Self', ortho, { userId: sid.userId });
  const centre = (name: string, state: string, postcode: string) =>
    idOf(admin.post('/api/app/centres', { name, state, postcode }));
  const brisbane = await centre('Brisbane CBD', 'QLD', '4000');
  const sydney = await centre('Sydney CBD', 'NSW', '2000');
  const melbourne = await centre('Melbourne CBD', 'VIC', '3000');

  const nw = nextWeek.from;
  const add = async (key: string, specialistId: string, centreId: string | null, day: CalendarDate, start: string) => {
    const [h, m] = start.split(':').map(Number) as [number, number];
    S[key] = await ok(
      await admin.post('/api/app/appointment-sessions', {
        specialistId,
        centreId,
        date: formatIsoDate(day),
        startTime: start,
        endTime: `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
        appointmentType: centreId ? 'INPERSON' : 'VIDEO',
        ...(centreId ? {} : { timeZone: ZONE }),
      }),
    );
  };
  await add('S0', olive, brisbane, nw, '14:00');
  await add('S1', olive, brisbane, addDays(nw, 1), '09:00');
  await add('S2', oscar, null, nw, '10:00');
  await add('S3', olive, sydney, nw, '09:00');
  await add('S4', piper, melbourne, addDays(nw, 2), '09:00');
  await add('S5', piper, null, addDays(nw, 3), '11:00');
  await add('S6', sidId, brisbane, addDays(nw, 3), '13:00');
  await add('S7', sidId, brisbane, addDays(nw, 4), '09:00');
  await add('T1', olive, sydney, thursday, '15:00');
  await add('T2', olive, sydney, addDays(thursday, 1), '15:00');

  const company = (name: string) => idOf(admin.post('/api/app/companies', { name, businessType: 'LAW_FIRM' }));
  const companyA = await company('Alpha Lawyers');
  const companyB = await company('Beta Insurance');
  const cm = (caller: Caller, lastName: string, companyId: string) =>
    idOf(admin.post('/api/app/case-managers', { firstName: 'Case', lastName, companyId, userId: caller.userId }));
  const cmAId = await cm(cmA, 'Alpha', companyA);
  const cmBId = await cm(cmB, 'Beta', companyB);
  const client = (firstName: string, lastName: string) => idOf(admin.post('/api/app/clients', { firstName, lastName }));
  const kase = async (key: string, body: Json) => {
    C[key] = await ok(await staff.post('/api/app/assessments', body));
  };
  await kase('C1', {
    caseNo: 'IME-1042',
    clientId: await client('John', 'Smith'),
    caseManagerId: cmAId,
    sessionId: S.S0!.id,
  });
  await kase('C2', {
    caseNo: 'IME-2001',
    clientId: await client('Zed', 'Other'),
    caseManagerId: cmBId,
    specialistId: piper,
  });
  await kase('C3', {
    caseNo: 'IME-3003',
    clientId: await client('Mary', 'Jones'),
    caseManagerId: cmAId,
    sessionId: S.S7!.id,
  });
});
afterAll(async () => {
  await t?.close();
});

/** What an answer should hold: its sessions (exactly, or the first of them), its cases, and whether it proposes. */
type Expect = {
  intent: BookingAssistantAnswer['intent'];
  sessions?: () => string[];
  first?: string;
  cases?: string[];
  proposals?: 'book' | 'reschedule' | 'none';
  reply?: RegExp;
};
const keys =
  (...k: string[]) =>
  () =>
    k;
/** The fixture sessions (by key) that fall in a range: those whose day depends on today's weekday. */
const onDays =
  (range: { from: CalendarDate; to: CalendarDate }, ...k: string[]) =>
  () =>
    k.filter((key) => within(S[key]!.date as string, range));
const orNone =
  (range: () => { from: CalendarDate; to: CalendarDate }, ...k: string[]) =>
  () =>
    k.filter((key) => within(S[key]!.date as string, range()));

const questions: [who: () => Caller, question: string, expected: Expect][] = [
  // Availability, asked by the office.
  [
    () => staff,
    'first available orthopaedic surgeon in Brisbane next week for a video IME',
    { intent: 'availability', first: 'S2', proposals: 'book' },
  ],
  [
    () => staff,
    'first available orthopaedic surgeon in Brisbane next week',
    { intent: 'availability', sessions: keys('S1', 'S6'), first: 'S1', proposals: 'book' },
  ],
  [
    () => staff,
    'first available orthopedic surgeon in Queensland next week',
    { intent: 'availability', sessions: keys('S1', 'S6'), first: 'S1' },
  ],
  [() => staff, 'orthopaedic in QLD next week in person', { intent: 'availability', sessions: keys('S1', 'S6') }],
  [
    () => staff,
    'orthopaedic surgeon in Sydney next week',
    { intent: 'availability', sessions: () => ['S3', ...onDays(nextWeek, 'T1', 'T2')()] },
  ],
  [() => staff, 'psychiatrist in Melbourne next week', { intent: 'availability', sessions: keys('S4') }],
  [() => staff, 'psychiatrist next week by video', { intent: 'availability', sessions: keys('S5') }],
  [
    () => staff,
    'any psychiatrist available next week?',
    { intent: 'availability', sessions: keys('S4', 'S5'), first: 'S4' },
  ],
  [() => staff, 'Is Dr Piper Mind free next week?', { intent: 'availability', sessions: keys('S4', 'S5') }],
  [
    () => staff,
    'neurologist in Perth next week',
    { intent: 'availability', sessions: keys(), proposals: 'none', reply: /No available session/ },
  ],
  [
    () => staff,
    'book a video appointment next week',
    { intent: 'availability', sessions: keys('S2', 'S5'), first: 'S2' },
  ],
  // Availability, asked by a case manager: the same search, and they may book.
  [
    () => cmA,
    'orthopaedic surgeon in Brisbane next week',
    { intent: 'availability', sessions: keys('S1', 'S6'), proposals: 'book' },
  ],
  [
    () => cmA,
    'first available orthopaedic surgeon in Brisbane next week for a video IME',
    { intent: 'availability', first: 'S2' },
  ],
  // A specialist: only their own calendar, never another specialist's sessions, and nothing to book.
  [
    () => sid,
    'what sessions do I have available next week',
    { intent: 'availability', sessions: keys('S6'), proposals: 'none' },
  ],
  [
    () => sid,
    'orthopaedic surgeon in Brisbane next week',
    { intent: 'availability', sessions: keys('S6'), proposals: 'none' },
  ],
  [() => sid, 'Is Dr Olive Bones free next week?', { intent: 'availability', sessions: keys(), proposals: 'none' }],
  [() => sid, 'sessions available next week by video', { intent: 'availability', sessions: keys(), proposals: 'none' }],
  // Case status: each asker sees only the cases their role and company may see.
  [() => staff, 'what is outstanding on IME-1042', { intent: 'caseStatus', cases: ['IME-1042'] }],
  [() => cmA, 'what is outstanding on IME-1042', { intent: 'caseStatus', cases: ['IME-1042'] }],
  [
    () => cmA,
    "what's the status of IME-2001",
    { intent: 'caseStatus', cases: [], reply: /could not find a case for IME-2001/ },
  ],
  [() => cmB, 'what is outstanding on IME-2001', { intent: 'caseStatus', cases: ['IME-2001'] }],
  [() => cmB, 'what is outstanding on IME-1042', { intent: 'caseStatus', cases: [], reply: /could not find/ }],
  [() => sid, 'what is outstanding on IME-3003', { intent: 'caseStatus', cases: ['IME-3003'] }],
  [() => sid, 'what is outstanding on IME-1042', { intent: 'caseStatus', cases: [], reply: /could not find/ }],
  [() => staff, "what's the status of John Smith's case", { intent: 'caseStatus', cases: ['IME-1042'] }],
  [() => staff, 'where is Mary Jones up to?', { intent: 'caseStatus', cases: ['IME-3003'] }],
  [() => staff, 'status of IME-9999', { intent: 'caseStatus', cases: [], reply: /could not find/ }],
  [() => cmB, "what's the status of John Smith's case", { intent: 'caseStatus', cases: [], reply: /could not find/ }],
  // Moving an appointment: the case's specialist's free sessions on the day asked; only office roles may.
  [
    () => staff,
    "move John Smith's appointment to Thursday",
    { intent: 'reschedule', cases: ['IME-1042'], sessions: keys('T1'), proposals: 'reschedule' },
  ],
  [
    () => cmA,
    "move John Smith's appointment to Thursday",
    { intent: 'reschedule', cases: ['IME-1042'], sessions: keys(), proposals: 'none', reply: /cannot move/ },
  ],
  [
    () => cmB,
    "move John Smith's appointment to Thursday",
    { intent: 'reschedule', cases: [], proposals: 'none', reply: /could not find/ },
  ],
  [
    () => sid,
    "move Mary Jones's appointment to Thursday",
    { intent: 'reschedule', proposals: 'none', reply: /cannot move/ },
  ],
  [
    () => staff,
    "move Mary Jones's appointment to Thursday",
    { intent: 'reschedule', cases: ['IME-3003'], sessions: orNone(() => ({ from: thursday, to: thursday }), 'S6') },
  ],
  [
    () => staff,
    'reschedule IME-2001 to Thursday',
    { intent: 'reschedule', cases: ['IME-2001'], proposals: 'none', reply: /no appointment to move/ },
  ],
];

describe('the booking assistant', () => {
  test('has more than 30 questions to answer', () => {
    expect(questions.length).toBeGreaterThanOrEqual(30);
  });

  test.each(questions.map((q, i) => [i + 1, q[1], q] as const))('%i. %s', async (_n, question, [who, , e]) => {
    const caller = who();
    const answer = await ask(caller, question);
    expect(answer.intent).toBe(e.intent);
    expect(answer.wordedBy).toBe('rules');
    const keyOf = (id: string) => Object.keys(S).find((k) => S[k]!.id === id) ?? id;
    const got = answer.sessions.map((s) => keyOf(s.id));
    if (e.sessions) expect([...got].sort(), answer.reply).toEqual([...e.sessions()].sort());
    if (e.first) expect(got[0], answer.reply).toBe(e.first);
    if (e.cases) expect(answer.cases.map((c) => c.caseNo)).toEqual(e.cases);
    if (e.reply) expect(answer.reply).toMatch(e.reply);
    if (e.proposals === 'none') expect(answer.proposals).toEqual([]);
    else if (e.proposals) {
      expect(answer.proposals.length).toBeGreaterThan(0);
      expect(answer.proposals.every((p) => p.kind === e.proposals)).toBe(true);
    }
    // Whatever was asked: only sessions and cases the asker can see through their own calls.
    const range = { from: formatIsoDate(addDays(today, -1)), to: formatIsoDate(addDays(today, 40)) };
    const visibleSessions = new Set(
      (await ok(await caller.get(`/api/app/appointment-sessions?fromDate=${range.from}&toDate=${range.to}`))).items.map(
        (s: Json) => s.id,
      ),
    );
    const visibleCases = new Set(
      (await ok(await caller.get('/api/app/assessments?maxResultCount=100'))).items.map((c: Json) => c.id),
    );
    for (const s of answer.sessions) expect(visibleSessions.has(s.id), `session ${keyOf(s.id)}`).toBe(true);
    for (const p of answer.proposals) {
      expect(visibleSessions.has(p.sessionId)).toBe(true);
      if (p.caseId) expect(visibleCases.has(p.caseId)).toBe(true);
    }
    for (const c of answer.cases) expect(visibleCases.has(c.id), `case ${c.caseNo}`).toBe(true);
  });

  test("a case's outstanding steps are its checklist's incomplete ones", async () => {
    const answer = await ask(staff, 'what is outstanding on IME-1042');
    const checklist = await ok(await staff.get(`/api/app/assessments/${C.C1!.id}/AssessmentCheckList`));
    const incomplete = checklist.items.filter((i: Json) => i.status !== 'Complete').map((i: Json) => i.label);
    expect(incomplete.length).toBeGreaterThan(0);
    expect(answer.cases[0]!.outstanding).toEqual(incomplete);
    expect(answer.reply).toContain(incomplete[0]);
  });

  test('a proposal confirmed goes through the booking call; a second confirmation is refused by its rules', async () => {
    const answer = await ask(cmA, 'first available orthopaedic surgeon in Brisbane next week for a video IME');
    const proposal = answer.proposals[0]!;
    expect(proposal).toMatchObject({ kind: 'book', sessionId: S.S2!.id, caseId: null });
    const booked = await ok(await cmA.post(`/api/app/appointment-sessions/${proposal.sessionId}/book`, {}));
    expect(booked).toMatchObject({ id: S.S2!.id, slotStatus: 6, sessionStatus: 'booked' });
    expect((await cmA.post(`/api/app/appointment-sessions/${proposal.sessionId}/book`, {})).statusCode).toBe(422);
    // Booked now: the assistant no longer offers it.
    const again = await ask(cmA, 'first available orthopaedic surgeon in Brisbane next week for a video IME');
    expect(again.sessions.map((s) => s.id)).not.toContain(S.S2!.id);
  });

  test('a reschedule proposal confirmed moves the case through the reschedule call', async () => {
    const answer = await ask(staff, "move John Smith's appointment to Thursday");
    const proposal = answer.proposals[0]!;
    expect(proposal).toMatchObject({ kind: 'reschedule', sessionId: S.T1!.id, caseId: C.C1!.id });
    const moved = await ok(
      await staff.put(`/api/app/assessments/${proposal.caseId}/reschedule-appointment`, {
        concurrencyStamp: proposal.caseConcurrencyStamp,
        sessionId: proposal.sessionId,
      }),
    );
    expect(moved).toMatchObject({ appointmentDate: S.T1!.date, appointmentTime: '15:00' });
    // The stamp of the proposal is spent: confirming it again is a conflict, not a second move.
    const stale = await staff.put(`/api/app/assessments/${proposal.caseId}/reschedule-appointment`, {
      concurrencyStamp: proposal.caseConcurrencyStamp,
      sessionId: S.T2!.id,
    });
    expect(stale.statusCode).toBe(409);
  });

  test('a question is validated: empty is a 400 naming the field; without the feature the call is refused', async () => {
    const empty = await staff.post(ASK, { question: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('question');
    const other = await newTenant(t.database, {
      timezone: ZONE,
      features: { BookingAgent: 'False', Assessment: 'True' },
    });
    const outsider = await callerFor(t, other, ['STAFF']);
    expect((await outsider.post(ASK, { question: 'what is outstanding on IME-1042' })).statusCode).toBe(403);
  });
});

describe('the booking assistant with a language model configured', () => {
  let fake: FakeLanguageModel;
  let withModel: TestApp;

  beforeAll(async () => {
    fake = await new FakeLanguageModel('model-key').start();
    withModel = await createTestApp(t.database, {
      languageModel: { baseUrl: fake.url, apiKey: 'model-key', chatModel: 'fake-chat' },
    });
  });
  afterAll(async () => {
    await withModel?.app.close();
    await fake?.close();
  });

  test('the model words the answer from what the asker may see, and is told nothing else', async () => {
    const b = await callerFor(withModel, tenantId, ['CASE_MANAGER'], { userId: cmB.userId });
    fake.calls.length = 0;
    const answer = (await ok(
      await b.post(ASK, { question: "what's the status of John Smith's case" }),
    )) as BookingAssistantAnswer;
    expect(answer.wordedBy).toBe('model');
    expect(answer.reply).toMatch(/^Here is what I found\. I could not find a case for John Smith\./);
    expect(answer.cases).toEqual([]);
    const sent = JSON.stringify(fake.calls.map((c) => c.body));
    expect(fake.calls).toHaveLength(1);
    // Another company's case: neither its number, its specialist nor its booking reaches the model.
    for (const hidden of ['IME-1042', 'Olive', 'Alpha Lawyers', S.S0!.id]) expect(sent).not.toContain(hidden);

    const specialist = await callerFor(withModel, tenantId, ['SPECIALIST'], { userId: sid.userId });
    fake.calls.length = 0;
    const own = (await ok(
      await specialist.post(ASK, { question: 'orthopaedic surgeon in Brisbane next week' }),
    )) as BookingAssistantAnswer;
    expect(own.sessions.map((s) => s.id)).toEqual([S.S6!.id]);
    const told = JSON.stringify(fake.calls.map((c) => c.body));
    expect(told).toContain('Sid Self');
    for (const hidden of ['Olive', 'Oscar', 'Piper', 'Zed', 'John Smith']) expect(told).not.toContain(hidden);
  });

  test('when the model fails, the built-in wording answers', async () => {
    fake.failures.push(500, 500, 500);
    const s = await callerFor(withModel, tenantId, ['STAFF'], { userId: staff.userId });
    const answer = (await ok(
      await s.post(ASK, { question: 'what is outstanding on IME-3003' }),
    )) as BookingAssistantAnswer;
    expect(answer.wordedBy).toBe('rules');
    expect(answer.cases.map((c) => c.caseNo)).toEqual(['IME-3003']);
    fake.failures.length = 0;
  });
});
