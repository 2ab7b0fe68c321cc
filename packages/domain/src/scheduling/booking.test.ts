import { describe, expect, test } from 'vitest';
import { ImeStatuses } from '../cases/workflow';
import { caseTypesOfSession, slotHoldOfStatus } from './booking';

describe('the slot a case holds', () => {
  test('unconfirmed while requested, confirmed from the confirmation on, freed when cancelled', () => {
    const held = Object.fromEntries(ImeStatuses.map((s) => [s, slotHoldOfStatus(s)]));
    expect(held).toMatchObject({
      CASE_CREATED: 6,
      APPOINTMENT_REQUESTED: 6,
      APPOINTMENT_CONFIRMED: 5,
      PAPERWORK_SENT: 5,
      ATTENDED_CHARGEABLE: 5,
      REPORT_COMPLETED: 5,
      CANCELLED_NO_FEE: null,
      CANCELLED_WITH_FEE: null,
      CANCELLED_NO_FEE_PAY_SPECIALIST: null,
    });
  });

  test('a case takes the type of its session; ALL and BOTH sessions offer a choice', () => {
    expect(caseTypesOfSession('INPERSON')).toEqual(['INPERSON']);
    expect(caseTypesOfSession('BOTH')).toEqual(['BOTH', 'INPERSON', 'VIDEO']);
    expect(caseTypesOfSession('ALL')[0]).toBe('BOTH');
  });
});
