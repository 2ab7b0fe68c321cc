import { describe, expect, test } from 'vitest';
import { decideIndependence, independenceBlockKinds } from './independence';

const doug = { id: 'd', name: 'Doug Doctor' };

describe('independence rule', () => {
  test('nothing found is clear; an earlier case warns; a blocking kind blocks', () => {
    expect(decideIndependence(doug, [], ['TREATING']).outcome).toBe('CLEAR');
    const earlier = {
      kind: 'EARLIER_CASE' as const,
      caseNo: 'IME-000123',
      companyName: 'Jones Law',
      sameCompany: false,
      appointmentDate: '2026-03-12',
    };
    const warned = decideIndependence(doug, [earlier], ['TREATING']);
    expect(warned).toMatchObject({ outcome: 'WARNING' });
    expect(warned.reasons[0]!.message).toBe(
      'Doug Doctor has seen this claimant before for another company, Jones Law: case IME-000123 (appointment 12 Mar 2026).',
    );
    expect(decideIndependence(doug, [earlier], ['EARLIER_CASE_OTHER_COMPANY']).outcome).toBe('BLOCKED');
    // The same company's earlier case is its own kind: blocking other companies' does not block it.
    expect(decideIndependence(doug, [{ ...earlier, sameCompany: true }], ['EARLIER_CASE_OTHER_COMPANY']).outcome).toBe(
      'WARNING',
    );
    const treating = decideIndependence(doug, [{ kind: 'TREATING', note: null }, earlier], ['TREATING']);
    expect(treating.outcome).toBe('BLOCKED');
    expect(treating.summary).toContain('treating practitioner');
    expect(treating.summary).not.toContain('IME-000123');
  });

  test("the tenant's setting names the blocking kinds; without it a treating relationship blocks", () => {
    expect(independenceBlockKinds(undefined)).toEqual(['TREATING']);
    expect(independenceBlockKinds('')).toEqual([]);
    expect(independenceBlockKinds(' other_party, treating ,nonsense')).toEqual(['TREATING', 'OTHER_PARTY']);
  });
});
