import { describe, expect, test } from 'vitest';
import { existenceCheckModule, moduleOfCaseNo, normaliseCaseNo } from './case-number';

describe('the case number prefix rule', () => {
  test.each([
    ['F-1001', 'supplementary'],
    ['S-1', 'supplementary'],
    ['FR-20', 'supplementary'],
    ['SR-7', 'supplementary'],
    ['sr-7', 'supplementary'],
    ['OT-5', 'assessment'],
    ['IME-000123', 'assessment'],
    ['IM-9', 'assessment'],
    ['CT-3', 'assessment'],
    ['A-44', 'assessment'],
    ['  ime-12  ', 'assessment'],
    ['MN-100', 'MN'],
    ['NDIS-2026-01', 'NDIS'],
    ['TPD', 'TPD'],
    ['FRX-1', 'FRX'],
    ['IMEX-1', 'IMEX'],
  ])('%s belongs to %s', (caseNo, module) => {
    expect(moduleOfCaseNo(caseNo)).toBe(module);
  });

  test('a number without a dash is its own prefix', () => {
    expect(moduleOfCaseNo('A')).toBe('assessment');
    expect(moduleOfCaseNo('12345')).toBe('12345');
  });

  test('the medical negligence existence check always uses the assessment module', () => {
    expect(existenceCheckModule('F-1', 'medneg')).toBe('assessment');
    expect(existenceCheckModule('MN-1', 'MedNeg')).toBe('assessment');
    expect(existenceCheckModule('F-1', 'assessment')).toBe('supplementary');
    expect(existenceCheckModule('F-1')).toBe('supplementary');
  });

  test('case numbers are trimmed', () => {
    expect(normaliseCaseNo('  IME-1 \t')).toBe('IME-1');
  });
});
