import { describe, expect, test } from 'vitest';
import {
  canTransition,
  decideStep,
  illegalTransitionMessage,
  ImeStatuses,
  ImeStatusLabels,
  ImeTransitions,
  isCancelledStatus,
  prefixedStatus,
  statusAfterStep,
  stepperIndex,
  type ImeStatus,
} from './workflow';

/** Statuses reachable from `start` through allowed transitions. */
function reachable(start: ImeStatus): Set<ImeStatus> {
  const seen = new Set<ImeStatus>([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const next of ImeTransitions[queue.shift()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

const ATTENDED_OR_LATER: ImeStatus[] = [
  'ATTENDED_CHARGEABLE',
  'ATTENDED_NO_FEE',
  'DICTATION_RECEIVED',
  'REPORT_DRAFT_SENT',
  'REPORT_RECEIVED',
  'COLLECT_REPORT',
  'FURTHER_MATERIAL_REVIEW',
  'POST_ASSESSMENT_ADMIN',
  'QUALITY_ASSURANCE',
  'REPORT_FINALISATION',
  'REPORT_COMPLETED',
];
const PAID: ImeStatus[] = [
  'CLIENT_PARTIALLY_PAID',
  'CLIENT_FULLY_PAID',
  'SPECIALIST_PARTIALLY_PAID',
  'SPECIALIST_FULLY_PAID',
];

describe('the IME workflow table', () => {
  test('every status has a label and a row, and every target is a status of the family', () => {
    for (const s of ImeStatuses) {
      expect(ImeStatusLabels[s]).toBeTruthy();
      for (const to of ImeTransitions[s]) expect(ImeStatuses).toContain(to);
      expect(ImeTransitions[s]).not.toContain(s);
    }
  });

  test('every status is reachable from a new case, and a new case is never re-entered', () => {
    expect([...reachable('CASE_CREATED')].sort()).toEqual([...ImeStatuses].sort());
    for (const s of ImeStatuses) expect(canTransition(s, 'CASE_CREATED')).toBe(false);
  });

  test('the happy path of the browser test is allowed step by step', () => {
    const path: ImeStatus[] = [
      'CASE_CREATED',
      'APPOINTMENT_REQUESTED',
      'APPOINTMENT_CONFIRMED',
      'PAPERWORK_SENT',
      'ATTENDED_CHARGEABLE',
      'DICTATION_RECEIVED',
      'REPORT_COMPLETED',
      'CLIENT_INVOICED',
      'CLIENT_FULLY_PAID',
    ];
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });

  test('an attended assessment can no longer be cancelled', () => {
    for (const from of ATTENDED_OR_LATER) {
      for (const to of ImeStatuses.filter(isCancelledStatus)) expect(canTransition(from, to)).toBe(false);
    }
  });

  test('payment only follows invoicing, and invoicing only a completed report or a chargeable cancellation', () => {
    for (const from of ImeStatuses) {
      for (const to of PAID) {
        if (canTransition(from, to)) {
          expect([
            'CLIENT_INVOICED',
            'SPECIALIST_INVOICED',
            'CLIENT_PARTIALLY_PAID',
            'SPECIALIST_PARTIALLY_PAID',
            // Back from fully paid to partially paid when a payment is deleted.
            'CLIENT_FULLY_PAID',
          ]).toContain(from);
        }
      }
      for (const to of ['CLIENT_INVOICED', 'SPECIALIST_INVOICED'] as const) {
        if (canTransition(from, to)) {
          expect([
            'REPORT_COMPLETED',
            'CANCELLED_WITH_FEE',
            'CANCELLED_NO_FEE_PAY_SPECIALIST',
            'CLIENT_INVOICED',
            'SPECIALIST_INVOICED',
            'CLIENT_PARTIALLY_PAID',
            'CLIENT_FULLY_PAID',
            'SPECIALIST_PARTIALLY_PAID',
            'SPECIALIST_FULLY_PAID',
          ]).toContain(from);
        }
      }
    }
    expect(canTransition('CANCELLED_NO_FEE_PAY_SPECIALIST', 'CLIENT_INVOICED')).toBe(false);
    expect(ImeTransitions.CANCELLED_NO_FEE).toEqual([]);
  });

  test('a report is never completed before dictation or file review', () => {
    const beforeReport: ImeStatus[] = [
      'CASE_CREATED',
      'APPOINTMENT_REQUESTED',
      'APPOINTMENT_CONFIRMED',
      'PAPERWORK_SENT',
      'FILE_REVIEW',
      'ATTENDED_CHARGEABLE',
      'ATTENDED_NO_FEE',
      'NOT_ATTENDED',
    ];
    for (const from of beforeReport) expect(canTransition(from, 'REPORT_COMPLETED')).toBe(false);
  });

  test('the whole matrix: each pair of statuses is allowed exactly when its row lists it', () => {
    // The server's changecasestatus asks canTransition; its own test follows one allowed and one
    // refused transition from each status over HTTP.
    let allowed = 0;
    for (const from of ImeStatuses) {
      for (const to of ImeStatuses) {
        expect(canTransition(from, to), `${from} → ${to}`).toBe(from !== to && ImeTransitions[from].includes(to));
        if (canTransition(from, to)) allowed++;
        else expect(illegalTransitionMessage(from, to)).toContain(`'${ImeStatusLabels[to]}'`);
      }
    }
    expect(allowed).toBe(ImeStatuses.reduce((sum, from) => sum + ImeTransitions[from].length, 0));
  });

  test('the refusal names both statuses', () => {
    expect(illegalTransitionMessage('REPORT_COMPLETED', 'APPOINTMENT_CONFIRMED')).toBe(
      "A case in status 'Report completed' cannot move to 'Appointment confirmed'.",
    );
  });

  test('statuses have prefixed counterparts', () => {
    expect(prefixedStatus('IME', 'REPORT_COMPLETED')).toBe('IME_REPORT_COMPLETED');
    expect(prefixedStatus('SUPP', 'CASE_CREATED')).toBe('SUPP_CASE_CREATED');
  });
});

describe('step updates', () => {
  test('each step moves the case to its status', () => {
    expect(statusAfterStep({ step: 'booking-detail' })).toBeNull();
    expect(statusAfterStep({ step: 'appointment', confirmed: false, isFileReview: false })).toBe(
      'APPOINTMENT_REQUESTED',
    );
    expect(statusAfterStep({ step: 'appointment', confirmed: true, isFileReview: false })).toBe(
      'APPOINTMENT_CONFIRMED',
    );
    expect(statusAfterStep({ step: 'appointment', confirmed: true, isFileReview: true })).toBe('FILE_REVIEW');
    expect(statusAfterStep({ step: 'reschedule-appointment', confirmed: true })).toBe('APPOINTMENT_CONFIRMED');
    expect(statusAfterStep({ step: 'cancel-appointment' })).toBe('APPOINTMENT_REQUESTED');
    expect(statusAfterStep({ step: 'paperwork', paperworkSent: true })).toBe('PAPERWORK_SENT');
    expect(statusAfterStep({ step: 'paperwork', paperworkSent: false })).toBeNull();
    const attendance = (outcome: 'NONE' | 'CONFIRMED' | 'CANCELLED_NO_FEE' | 'CANCELLED_WITH_FEE', chargeable = true) =>
      statusAfterStep({ step: 'attendance', outcome, chargeable, notAttended: false });
    expect(attendance('NONE')).toBeNull();
    expect(statusAfterStep({ step: 'attendance', outcome: 'NONE', chargeable: true, notAttended: true })).toBe(
      'NOT_ATTENDED',
    );
    expect(attendance('CONFIRMED')).toBe('ATTENDED_CHARGEABLE');
    expect(attendance('CONFIRMED', false)).toBe('ATTENDED_NO_FEE');
    expect(attendance('CANCELLED_NO_FEE')).toBe('CANCELLED_NO_FEE');
    expect(attendance('CANCELLED_WITH_FEE')).toBe('CANCELLED_WITH_FEE');
    expect(statusAfterStep({ step: 'cancellation', cancellationType: 'NO_FEE_PAY_SPECIALIST' })).toBe(
      'CANCELLED_NO_FEE_PAY_SPECIALIST',
    );
    const report = {
      step: 'dictation-report' as const,
      dictationReceived: true,
      draftSent: false,
      reportReceived: false,
    };
    expect(statusAfterStep({ ...report, reportCompleted: false })).toBe('DICTATION_RECEIVED');
    expect(statusAfterStep({ ...report, reportReceived: true, reportCompleted: false })).toBe('REPORT_RECEIVED');
    expect(statusAfterStep({ ...report, reportCompleted: true })).toBe('REPORT_COMPLETED');
  });

  test('a step that leaves the status as it is needs no transition; an illegal one is refused', () => {
    expect(decideStep('APPOINTMENT_CONFIRMED', { step: 'reschedule-appointment', confirmed: true })).toEqual({
      ok: true,
      to: null,
    });
    expect(decideStep('APPOINTMENT_CONFIRMED', { step: 'paperwork', paperworkSent: true })).toEqual({
      ok: true,
      to: 'PAPERWORK_SENT',
    });
    expect(decideStep('REPORT_COMPLETED', { step: 'cancellation', cancellationType: 'NO_FEE' })).toEqual({
      ok: false,
      message: "A case in status 'Report completed' cannot move to 'Cancelled (no fee)'.",
    });
  });

  test('the stepper shows where a cancelled case left the path', () => {
    expect(stepperIndex('CASE_CREATED')).toBe(0);
    expect(stepperIndex('REPORT_COMPLETED')).toBe(7);
    expect(stepperIndex('CANCELLED_NO_FEE', ['CASE_CREATED', 'APPOINTMENT_REQUESTED', 'APPOINTMENT_CONFIRMED'])).toBe(
      2,
    );
  });
});
