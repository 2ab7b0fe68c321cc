import { describe, expect, it } from 'vitest';
import { parseIsoDate, type CalendarDate } from '@casebook/domain';
import { selectionFlags } from './selectionFlags';

const day = (iso: string): CalendarDate => parseIsoDate(iso)!;
const labels = (item: Record<string, unknown>, today: string) => selectionFlags(item, day(today)).map((f) => f.label);

describe('selection list marks', () => {
  const company = { id: 'c', displayName: 'Harbour', isActive: true, highRiskApplied: true };

  it('marks a company whose high-risk flag applies today, from and to days included', () => {
    const flagged = { ...company, highRiskAppliedFrom: '2026-11-01', highRiskAppliedTo: '2026-11-30' };
    expect(labels(flagged, '2026-11-01')).toEqual(['High risk']);
    expect(labels(flagged, '2026-11-30')).toEqual(['High risk']);
    expect(labels(flagged, '2026-10-31')).toEqual([]);
    expect(labels(flagged, '2026-12-01')).toEqual([]);
    expect(labels({ ...flagged, highRiskApplied: false }, '2026-11-15')).toEqual([]);
  });

  it('marks a specialist without a contract today', () => {
    const specialist = { id: 's', displayName: 'Dr A', isActive: true, onboardedDate: '2025-01-01' };
    expect(labels({ ...specialist, onboardedEndDate: '2026-06-30' }, '2026-06-30')).toEqual([]);
    expect(labels({ ...specialist, onboardedEndDate: '2026-06-30' }, '2026-07-01')).toEqual(['No contract']);
    expect(labels({ ...specialist, onboardedEndDate: null }, '2026-07-01')).toEqual([]);
    expect(labels({ ...specialist, onboardedDate: null, onboardedEndDate: null }, '2026-07-01')).toEqual([
      'No contract',
    ]);
  });

  it('leaves items of other lists unmarked', () => {
    expect(labels({ id: 'x', displayName: 'Australia', isActive: true }, '2026-07-01')).toEqual([]);
  });
});
