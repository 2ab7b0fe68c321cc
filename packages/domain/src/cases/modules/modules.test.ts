import { describe, expect, it } from 'vitest';
import { moduleOfCaseNo } from '../case-number';
import {
  AttendanceOutcomes,
  CancellationTypes,
  ImeStatuses,
  canTransition,
  decideStep,
  stepperIndex,
  type StepFacts,
} from '../workflow';
import {
  CaseModules,
  ImeDateMessages,
  brokenDateRules,
  FileReviewModule,
  ImeModule,
  MedicalRecordModule,
  MedicalRecordModuleSummary,
  MedicalRecordTurnaroundDays,
  TpdModule,
  tpdStatusByDates,
  medicalRecordDueDate,
  medicalRecordStatusAfterHold,
  SupplementaryModule,
  checkCaseModule,
  decideModuleStep,
  defineCaseModule,
  moduleAllows,
  moduleStepperIndex,
  statusesOfKind,
  type CaseModuleDeclaration,
} from '.';
import { z } from 'zod';
import { MedicalRecordEndpoints } from '../../endpoints/medical-records';
import { MedicalRecordSummaryEndpoints } from '../../endpoints/medical-records-summary';

describe('case module declarations', () => {
  it.each(CaseModules.map((m) => [m.key, m] as const))('%s is consistent', (_key, m) => {
    expect(checkCaseModule(m)).toEqual([]);
  });

  it('module keys, routes and number prefixes are unique across modules', () => {
    const keys = CaseModules.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    const prefixes = CaseModules.flatMap((m) => Object.values(m.numberPrefixes));
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it("each module's number prefixes are read back as its module by the case-number rule", () => {
    for (const prefix of Object.values(ImeModule.numberPrefixes))
      expect(moduleOfCaseNo(`${prefix}-1`)).toBe('assessment');
    for (const m of [SupplementaryModule, FileReviewModule]) {
      for (const prefix of Object.values(m.numberPrefixes)) expect(moduleOfCaseNo(`${prefix}-1`)).toBe('supplementary');
    }
  });
});

describe('IME on the declaration', () => {
  it('allows exactly the transitions of the IME table', () => {
    for (const from of ImeStatuses) {
      for (const to of ImeStatuses) expect(moduleAllows(ImeModule, from, to)).toBe(canTransition(from, to));
    }
  });

  const facts: StepFacts[] = [
    { step: 'booking-detail' },
    ...[true, false].flatMap((confirmed) =>
      [true, false].map((isFileReview): StepFacts => ({ step: 'appointment', confirmed, isFileReview })),
    ),
    { step: 'reschedule-appointment', confirmed: true },
    { step: 'reschedule-appointment', confirmed: false },
    { step: 'cancel-appointment' },
    { step: 'paperwork', paperworkSent: true },
    { step: 'paperwork', paperworkSent: false },
    ...AttendanceOutcomes.flatMap((outcome) =>
      [true, false].flatMap((chargeable) =>
        [true, false].map((notAttended): StepFacts => ({ step: 'attendance', outcome, chargeable, notAttended })),
      ),
    ),
    ...CancellationTypes.map((cancellationType): StepFacts => ({ step: 'cancellation', cancellationType })),
    ...[0, 1, 2, 3, 4].map((n): StepFacts => ({
      step: 'dictation-report',
      dictationReceived: n >= 1,
      draftSent: n >= 2,
      reportReceived: n >= 3,
      reportCompleted: n >= 4,
    })),
  ];

  it('decides every step update from every status as the IME rules do', () => {
    for (const current of ImeStatuses) {
      for (const f of facts) {
        expect(decideModuleStep(ImeModule, f.step, current, f as never)).toEqual(decideStep(current, f));
      }
    }
  });

  it('places every status on the stepper as before', () => {
    for (const s of ImeStatuses) {
      expect(moduleStepperIndex(ImeModule, s, ['DICTATION_RECEIVED'])).toBe(stepperIndex(s, ['DICTATION_RECEIVED']));
    }
  });

  it('names its kinds of status', () => {
    expect(statusesOfKind(ImeModule, 'cancelled')).toEqual([
      'CANCELLED_NO_FEE',
      'CANCELLED_WITH_FEE',
      'CANCELLED_NO_FEE_PAY_SPECIALIST',
    ]);
    expect(statusesOfKind(ImeModule, 'finished')).toEqual(['REPORT_COMPLETED']);
  });
});

describe('supplementary and file review', () => {
  it('moves through requested, paperwork received, dictation, draft and completed', () => {
    const m = SupplementaryModule;
    const stamp = { concurrencyStamp: 'x' };
    const path: [string, unknown, string][] = [
      ['booking-detail', { reportRequestedDate: '2026-03-02' }, 'REPORT_REQUESTED'],
      ['paperwork', { paperworkReceivedDate: '2026-03-03' }, 'PAPERWORK_RECEIVED'],
      [
        'dictation-report',
        m.steps['dictation-report'].input.parse({ ...stamp, dictationDate: '2026-03-09' }),
        'DICTATION',
      ],
      [
        'dictation-report',
        m.steps['dictation-report'].input.parse({ ...stamp, dictationDate: '2026-03-09', draftDate: '2026-03-10' }),
        'DRAFT',
      ],
      [
        'dictation-report',
        m.steps['dictation-report'].input.parse({
          ...stamp,
          dictationDate: '2026-03-09',
          draftDate: '2026-03-10',
          completedDate: '2026-03-12',
        }),
        'COMPLETED',
      ],
    ];
    let status: string = m.initialStatus;
    for (const [step, facts, expected] of path) {
      const d = decideModuleStep(m, step as never, status as never, facts);
      expect(d).toEqual({ ok: true, to: expected });
      status = expected;
    }
    const cancel = decideModuleStep(m, 'cancellation', 'COMPLETED', { cancellationType: 'NO_FEE' } as never);
    expect(cancel).toEqual({ ok: false, message: "A case in status 'Completed' cannot move to 'Cancelled no fee'." });
  });

  it('a completed clarification or amendment is at no fee', () => {
    const d = decideModuleStep(SupplementaryModule, 'dictation-report', 'DRAFT', {
      dictationDate: null,
      draftDate: null,
      returnedDate: null,
      completedDate: '2026-03-12',
      outcome: 'AMENDMENT_NO_FEE',
    } as never);
    expect(d).toEqual({ ok: true, to: 'AMENDMENT_NO_FEE' });
  });

  it('supplementary and file review differ only in what identifies them', () => {
    expect(FileReviewModule.numberPrefixes).toEqual({ FILE_REVIEW: 'FR' });
    expect(SupplementaryModule.numberPrefixes).toEqual({ SUPPLEMENTARY: 'S' });
    expect(FileReviewModule.permissionGroup).toBe('FileReview');
    expect(FileReviewModule.transitions).toBe(SupplementaryModule.transitions);
  });
});

describe('an inconsistent declaration is refused', () => {
  const base = () =>
    ({
      key: 'probe',
      title: 'Probe',
      route: '/view/probe',
      serviceTypes: ['SUPPLEMENTARY'],
      numberPrefixes: { SUPPLEMENTARY: 'P' },
      statusPrefix: 'SUPP',
      templateModule: 'SUPP',
      initialStatus: 'NEW',
      statuses: {
        NEW: { label: 'New', kind: 'open', next: null, overdueDays: null },
        DONE: { label: 'Done', kind: 'finished', next: null, overdueDays: null },
      },
      transitions: { NEW: ['DONE'], DONE: [] },
      steps: {
        finish: {
          label: 'Finish',
          input: z.strictObject({ doneDate: z.string().nullable() }),
          targets: ['DONE'],
          moves: () => 'DONE',
          template: 'PROBE_DONE',
        },
      },
      stepper: [{ key: 'new', label: 'New', statuses: ['NEW'] }],
      emailTemplates: ['PROBE_DONE'],
      checklist: [],
      tabs: [{ key: 'Finish', label: 'Finish', step: 'finish', fields: ['doneDate'] }],
      permissionGroup: 'Probe',
      features: [],
      editions: [],
      addRoles: ['STAFF'],
    }) as unknown as CaseModuleDeclaration & Record<string, unknown>;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a probe changed in ways the types forbid
  type Loose = Record<string, any>;
  const problems = (change: (m: Loose) => void) => {
    const m = base() as Loose;
    change(m);
    return checkCaseModule(m as CaseModuleDeclaration);
  };

  it('accepts the consistent probe', () => {
    expect(checkCaseModule(base())).toEqual([]);
    expect(defineCaseModule(base())).toBeDefined();
  });

  it('e-mails of a family that has no templates', () => {
    expect(problems((m) => (m.templateModule = 'NDIS'))).toContain(
      "probe: it sends e-mails, but 'NDIS' is no template module",
    );
    expect(problems((m) => ((m.templateModule = 'NDIS'), (m.emailTemplates = [])))).not.toContain(
      "probe: it sends e-mails, but 'NDIS' is no template module",
    );
  });

  it('a step moving to an undeclared status', () => {
    expect(problems((m) => (m.steps.finish.targets = ['GONE']))).toContain(
      "probe: step 'finish' names the undeclared status 'GONE'",
    );
  });

  it('a step moving to a status no transition allows', () => {
    expect(problems((m) => (m.steps.finish.targets = ['NEW']))).toContain(
      "probe: step 'finish' moves to 'NEW', which no transition allows",
    );
  });

  it('an unreachable status', () => {
    expect(
      problems((m) => {
        m.statuses.LOST = { label: 'Lost', kind: 'open', next: null, overdueDays: null };
        m.transitions.LOST = ['DONE'];
      }),
    ).toContain("probe: status 'LOST' cannot be reached from 'NEW'");
  });

  it('a transition to an undeclared status, and a status with no transitions entry', () => {
    const p = problems((m) => {
      m.transitions.NEW = ['DONE', 'ELSEWHERE'];
      delete m.transitions.DONE;
    });
    expect(p).toContain("probe: the transition from 'NEW' names the undeclared status 'ELSEWHERE'");
    expect(p).toContain("probe: status 'DONE' has no transitions entry");
  });

  it('a tab naming an unknown step, or a field its step does not have', () => {
    expect(problems((m) => (m.tabs[0].step = 'nowhere'))).toContain(
      "probe: tab 'Finish' names the unknown step 'nowhere'",
    );
    expect(problems((m) => (m.tabs[0].fields = ['doneDate', 'colour']))).toContain(
      "probe: tab 'Finish' shows 'colour', not in step 'finish'",
    );
  });

  it('a stepper naming an undeclared status or placing a status twice', () => {
    const p = problems((m) => {
      m.stepper = [
        { key: 'a', label: 'A', statuses: ['NEW', 'MISSING'] },
        { key: 'b', label: 'B', statuses: ['NEW'] },
      ];
    });
    expect(p).toContain("probe: stepper step 'a' names the undeclared status 'MISSING'");
    expect(p).toContain("probe: status 'NEW' is on stepper steps 'a' and 'b'");
  });

  it('a number prefix for a service type it does not serve, and a template it does not declare', () => {
    const p = problems((m) => {
      m.numberPrefixes = { SUPPLEMENTARY: 'P', IME: 'X' };
      m.steps.finish.template = 'PROBE_OTHER';
    });
    expect(p).toContain("probe: number prefix for 'IME', which it does not serve");
    expect(p).toContain("probe: step 'finish' offers the undeclared template 'PROBE_OTHER'");
  });
});

describe('date rules of the IME steps (decision 0032)', () => {
  const rulesOf = (step: keyof typeof ImeModule.steps) => ImeModule.steps[step].dateRules ?? [];
  const today = '2027-03-10';

  it('asks before an appointment in the past, on booking and on rescheduling, and not for today or later', () => {
    for (const step of ['appointment', 'reschedule-appointment'] as const) {
      const past = brokenDateRules(rulesOf(step), { appointmentDate: '2027-03-09' }, {}, today);
      expect(past.map((r) => [r.outcome, r.message])).toEqual([['confirm', ImeDateMessages.appointmentInPast]]);
      expect(brokenDateRules(rulesOf(step), { appointmentDate: today }, {}, today)).toEqual([]);
      expect(brokenDateRules(rulesOf(step), { appointmentDate: '2027-04-01' }, {}, today)).toEqual([]);
    }
  });

  it('refuses attendance before the appointment and accepts it on or after the day', () => {
    const merged = { appointmentDate: '2027-03-15' };
    const early = brokenDateRules(rulesOf('attendance'), { attendanceDate: '2027-03-14' }, merged, today);
    expect(early.map((r) => [r.outcome, r.message])).toEqual([['refuse', ImeDateMessages.attendanceBeforeAppointment]]);
    expect(brokenDateRules(rulesOf('attendance'), { attendanceDate: '2027-03-15' }, merged, today)).toEqual([]);
    // No appointment date to compare with: nothing to refuse.
    expect(brokenDateRules(rulesOf('attendance'), { attendanceDate: '2027-03-14' }, {}, today)).toEqual([]);
  });

  it('refuses a report completed before the claimant attended', () => {
    const merged = { attendanceDate: '2027-03-15' };
    const early = brokenDateRules(rulesOf('dictation-report'), { reportCompletedDate: '2027-03-01' }, merged, today);
    expect(early.map((r) => [r.outcome, r.message])).toEqual([['refuse', ImeDateMessages.reportBeforeAttendance]]);
    expect(brokenDateRules(rulesOf('dictation-report'), { reportCompletedDate: '2027-03-20' }, merged, today)).toEqual(
      [],
    );
  });

  it('compares only what the save records: a rule over a date it leaves alone is kept', () => {
    expect(
      brokenDateRules(
        rulesOf('attendance'),
        {},
        { appointmentDate: '2027-03-15', attendanceDate: '2027-03-01' },
        today,
      ),
    ).toEqual([]);
  });

  it('reads notAfter as the other way round', () => {
    const rule = { field: 'a', rule: 'notAfter', other: 'b', outcome: 'refuse', message: 'm' } as const;
    expect(brokenDateRules([rule], { a: '2027-01-02' }, { b: '2027-01-01' }, today)).toHaveLength(1);
    expect(brokenDateRules([rule], { a: '2027-01-01' }, { b: '2027-01-01' }, today)).toHaveLength(0);
  });
});

describe('medical records (decision 0040)', () => {
  it('is declared from its summary, and the dashboard counts through the same call as the module (decision 0124)', () => {
    for (const [key, value] of Object.entries(MedicalRecordModuleSummary)) {
      expect(MedicalRecordModule[key as keyof typeof MedicalRecordModuleSummary]).toBe(value);
    }
    expect(MedicalRecordSummaryEndpoints.counts).toBe(MedicalRecordEndpoints.counts);
    expect(MedicalRecordEndpoints.counts).toMatchObject({
      method: 'GET',
      path: '/api/app/clinical-records/countCaseStatus',
      access: { permission: 'Casebook.MedicalRecord', features: ['MedicalRecord'] },
    });
  });

  it('counts each record type’s turnaround in business days after the request', () => {
    // Friday 27 November 2026: clinical notes in 20 business days is four weeks on, a Friday.
    expect(medicalRecordDueDate('CLINICAL_NOTES', '2026-11-27')).toBe('2026-12-25');
    // Saturday counts from the Monday after: 20 business days on is Friday 25 December too.
    expect(medicalRecordDueDate('CLINICAL_NOTES', '2026-11-28')).toBe('2026-12-25');
    expect(medicalRecordDueDate('GP_MEDICAL_FILE', '2026-11-27')).toBe('2027-01-01');
    expect(medicalRecordDueDate('ALL_REPORTING', '2026-11-27')).toBe('2027-02-19');
    expect(medicalRecordDueDate('CLINICAL_NOTES', null)).toBeNull();
    expect(medicalRecordDueDate(null, '2026-11-27')).toBeNull();
    expect(Object.values(MedicalRecordTurnaroundDays)).toEqual([60, 30, 30, 30, 30, 20, 25, 25]);
  });

  it('holds a working request and resumes it where its dates put it', () => {
    expect(medicalRecordStatusAfterHold({ onHoldAction: 'HOLD' }, 'REQUESTED')).toBe('ON_HOLD');
    const resume = { onHoldAction: 'RESUME', requestedDate: '2026-03-02', paperworkReceivedDate: '2026-03-05' };
    expect(medicalRecordStatusAfterHold(resume, 'ON_HOLD')).toBe('PAPERWORK_RECEIVED');
    expect(medicalRecordStatusAfterHold({ onHoldAction: 'RESUME' }, 'ON_HOLD')).toBe('CASE_CREATED');
    expect(medicalRecordStatusAfterHold({ onHoldAction: 'RESUME' }, 'REQUESTED')).toBeNull();
    // Booking detail moves only a new case: a request re-saved later keeps its status.
    const facts = { requestedDate: '2026-03-02' };
    expect(decideModuleStep(MedicalRecordModule, 'booking-detail', 'CASE_CREATED', facts)).toEqual({
      ok: true,
      to: 'REQUESTED',
    });
    expect(decideModuleStep(MedicalRecordModule, 'booking-detail', 'PAPERWORK_RECEIVED', facts)).toEqual({
      ok: true,
      to: null,
    });
  });

  it('refuses a due date over an undeclared status', () => {
    const m = { ...MedicalRecordModule, due: { field: 'dueDate', statuses: ['LATE'] } } as CaseModuleDeclaration;
    expect(checkCaseModule(m)).toEqual(["clinical-records: the due date names the undeclared status 'LATE'"]);
  });
});

describe('TPD claims', () => {
  it('move forward to the furthest stage their dates reach, never back, and not once cancelled', () => {
    expect(tpdStatusByDates({ requestReceivedDate: '2026-01-05' }, 'CASE_CREATED')).toBe('REQUEST_RECEIVED');
    const signed = { requestReceivedDate: '2026-01-05', costAgreementSignedDate: '2026-01-20' };
    expect(tpdStatusByDates(signed, 'REQUEST_RECEIVED')).toBe('AGREEMENT_SIGNED');
    expect(tpdStatusByDates(signed, 'CLIENT_CLAIM')).toBeNull();
    expect(tpdStatusByDates({ ...signed, employerStatementDate: '2026-03-01' }, 'CLIENT_CLAIM')).toBe(
      'EMPLOYER_STATEMENT',
    );
    expect(tpdStatusByDates(signed, 'CANCELLED')).toBeNull();
    expect(moduleAllows(TpdModule, 'LEGAL_SUBMISSION', 'CANCELLED')).toBe(true);
    expect(moduleAllows(TpdModule, 'LEGAL_SUBMISSION', 'CLIENT_CLAIM')).toBe(false);
    expect(moduleAllows(TpdModule, 'EMPLOYER_STATEMENT', 'CANCELLED')).toBe(false);
  });
});
