import { describe, expect, it } from 'vitest';
import { fieldWords, stepFieldKinds, SupplementaryModule } from '.';

describe("a step's form fields, read from its input", () => {
  it('shows parties as pickers, dates, notes and choices, never the stamp', () => {
    expect(stepFieldKinds(SupplementaryModule.steps['booking-detail'])).toEqual([
      { name: 'clientId', kind: 'party', resource: 'clients', required: true },
      { name: 'caseManagerId', kind: 'party', resource: 'case-managers', required: true },
      { name: 'specialistId', kind: 'party', resource: 'specialists', required: false },
      { name: 'bookingNotes', kind: 'notes' },
      { name: 'reportRequestedDate', kind: 'date' },
    ]);
    expect(stepFieldKinds(SupplementaryModule.steps.cancellation)).toEqual([
      { name: 'cancellationType', kind: 'choice', options: ['NO_FEE', 'WITH_FEE'], required: true },
      { name: 'cancellationDate', kind: 'date' },
      { name: 'cancellationReason', kind: 'notes' },
    ]);
    const outcome = stepFieldKinds(SupplementaryModule.steps['dictation-report']).find((f) => f.name === 'outcome');
    expect(outcome).toEqual({
      name: 'outcome',
      kind: 'choice',
      options: ['REPORT', 'CLARIFICATION_NO_FEE', 'AMENDMENT_NO_FEE'],
      required: false,
    });
  });

  it('names fields and codes in words', () => {
    expect(fieldWords('reportRequestedDate')).toBe('Report requested date');
    expect(fieldWords('caseManagerId')).toBe('Case manager');
    expect(fieldWords('CLARIFICATION_NO_FEE')).toBe('Clarification no fee');
    expect(fieldWords('NSW')).toBe('NSW');
    // A one-word code too, not spelled out letter by letter.
    expect(fieldWords('REPORT')).toBe('Report');
  });
});
