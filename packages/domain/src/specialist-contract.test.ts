import { describe, expect, test } from 'vitest';
import { parseIsoDate, todayIn } from './calendar';
import {
  hasSpecialistContract,
  SPECIALIST_NO_CONTRACT_MESSAGE,
  specialistContractCheck,
  type SpecialistContractDates,
} from './specialist-contract';

const day = (s: string) => parseIsoDate(s)!;
const contract: SpecialistContractDates = { onboardedDate: '2026-01-01', onboardedEndDate: '2026-12-31' };

describe('hasSpecialistContract', () => {
  test.each([
    ['2025-12-31', false], // the day before the onboarded date
    ['2026-01-01', true], // the onboarded date itself
    ['2026-06-30', true],
    ['2026-12-31', true], // the end date itself
    ['2027-01-01', false], // the day after the end date
  ])('onboarded 1 Jan to 31 Dec 2026, on %s → %s', (today, expected) => {
    expect(hasSpecialistContract(contract, day(today))).toBe(expected);
  });

  test('no onboarded date means no contract, whatever the end date', () => {
    expect(hasSpecialistContract({ onboardedDate: null, onboardedEndDate: null }, day('2026-06-30'))).toBe(false);
    expect(hasSpecialistContract({ onboardedDate: null, onboardedEndDate: '2030-01-01' }, day('2026-06-30'))).toBe(
      false,
    );
  });

  test('without an end date the contract runs on from the onboarded date', () => {
    const open = { onboardedDate: '2026-01-01', onboardedEndDate: null };
    expect(hasSpecialistContract(open, day('2025-12-31'))).toBe(false);
    expect(hasSpecialistContract(open, day('2040-01-01'))).toBe(true);
  });

  // "Today" is the tenant's calendar date: the contract ends at midnight where the tenant is.
  test.each([
    ['2026-12-31T12:59:00Z', 'Australia/Sydney', true], // 23:59 AEDT on the end date
    ['2026-12-31T13:00:00Z', 'Australia/Sydney', false], // 00:00 AEDT on 1 Jan 2027
    ['2026-12-31T13:59:00Z', 'Australia/Brisbane', true],
    ['2026-12-31T14:00:00Z', 'Australia/Brisbane', false],
    ['2026-12-31T12:59:00Z', 'Australia/Lord_Howe', true], // 23:59 +11
    ['2026-12-31T13:00:00Z', 'Australia/Lord_Howe', false],
    ['2025-12-31T13:00:00Z', 'Australia/Sydney', true], // 00:00 AEDT on the onboarded date
    ['2025-12-31T12:59:00Z', 'Australia/Sydney', false],
  ])('at %s in %s → %s', (instant, zone, expected) => {
    expect(hasSpecialistContract(contract, todayIn(zone, new Date(instant)))).toBe(expected);
  });
});

describe('specialistContractCheck', () => {
  const ended = { onboardedDate: '2024-01-01', onboardedEndDate: '2025-06-30' };

  test('a current contract needs no question', () => {
    expect(specialistContractCheck(contract, day('2026-05-01'), ['CASE_MANAGER'])).toEqual({ outcome: 'ok' });
  });

  test('admin and staff are asked whether to continue, in the words of the spec', () => {
    for (const roles of [['TENANT_ADMIN'], ['ADMIN_STAFF'], ['STAFF'], ['ACCOUNTING']]) {
      expect(specialistContractCheck(ended, day('2026-05-01'), roles)).toEqual({
        outcome: 'confirm',
        message: 'This specialist does not have a contract with us. Do you want to continue?',
      });
    }
  });

  test('everyone else follows the cancel path', () => {
    for (const roles of [['CASE_MANAGER'], ['SPECIALIST'], ['CONTRACTOR']]) {
      expect(specialistContractCheck(ended, day('2026-05-01'), roles)).toEqual({
        outcome: 'cancel',
        message: SPECIALIST_NO_CONTRACT_MESSAGE,
      });
    }
  });
});
