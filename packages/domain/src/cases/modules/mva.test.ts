import { describe, expect, it } from 'vitest';
import { AustralianStates } from '../../people';
import { checkCaseModule, decideModuleStep } from './define';
import { calculateLimitationDate, mvaLetter, MvaLimitationPeriods, MvaModule } from './mva';

describe('MVA limitation dates', () => {
  // Hand-worked: three years from the accident in every state and territory.
  const expected: Record<(typeof AustralianStates)[number], [string, string]> = {
    NSW: ['2023-03-14', '2026-03-14'],
    VIC: ['2022-07-01', '2025-07-01'],
    QLD: ['2021-12-31', '2024-12-31'],
    WA: ['2024-01-01', '2027-01-01'],
    SA: ['2020-06-15', '2023-06-15'],
    TAS: ['2019-11-30', '2022-11-30'],
    ACT: ['2023-08-09', '2026-08-09'],
    NT: ['2025-02-28', '2028-02-28'],
  };
  it.each(AustralianStates.map((s) => [s] as const))('%s: three years from the accident, its Act named', (s) => {
    const [accident, limitation] = expected[s];
    expect(calculateLimitationDate(s, accident)).toBe(limitation);
    expect(MvaLimitationPeriods[s].years).toBe(3);
    expect(MvaLimitationPeriods[s].source).toMatch(/Act \d{4} \((NSW|Vic|Qld|WA|SA|Tas|ACT|NT)\) s \d/);
  });

  it('every state and territory has its period', () => {
    expect(Object.keys(MvaLimitationPeriods).sort()).toEqual([...AustralianStates].sort());
  });

  it('an accident on 29 February runs out on 28 February three years on', () => {
    expect(calculateLimitationDate('NSW', '2024-02-29')).toBe('2027-02-28');
    expect(calculateLimitationDate('QLD', '2024-02-29')).toBe('2027-02-28');
    expect(calculateLimitationDate('VIC', '2021-02-28')).toBe('2024-02-28');
    expect(calculateLimitationDate('VIC', '2025-03-01')).toBe('2028-03-01');
  });

  it('refuses a text that is not a date', () => {
    expect(() => calculateLimitationDate('NSW', '2024-02-30')).toThrow(RangeError);
  });
});

describe('MVA claim declaration', () => {
  it('is consistent', () => {
    expect(checkCaseModule(MvaModule)).toEqual([]);
  });

  it('lodging moves a new claim on; a settled claim cannot be terminated', () => {
    expect(decideModuleStep(MvaModule, 'claim', 'CASE_CREATED', { claimLodgedDate: '2026-01-05' })).toEqual({
      ok: true,
      to: 'CLAIM_LODGED',
    });
    expect(decideModuleStep(MvaModule, 'termination', 'SETTLED', {})).toEqual({
      ok: false,
      message: "A case in status 'Settled' cannot move to 'Terminated'.",
    });
  });

  it('the demand letter names the insurer, the current offer and the limitation date', () => {
    const letter = mvaLetter('demandLetter', {
      caseNo: 'MVA-000001',
      claimantName: 'Cleo Claimant',
      companyName: 'Firm A',
      insurerName: 'Acme Insurance',
      insurerClaimNo: 'C-77',
      accidentDate: '2024-02-29',
      stateId: 'NSW',
      currentOffer: '$12,000.00',
      settled: null,
      terminationDate: null,
    });
    expect(letter.title).toBe('Demand Letter');
    expect(letter.paragraphs.join(' ')).toContain('Acme Insurance');
    expect(letter.paragraphs.join(' ')).toContain('$12,000.00');
    expect(letter.paragraphs.join(' ')).toContain('2027-02-28');
    expect(mvaLetter('logTemplate', { ...letterBase }).title).toBe('Letter of Guarantee');
    expect(mvaLetter('loaTemplate', { ...letterBase }).title).toBe('Letter of Authorization');
  });
});

const letterBase = {
  caseNo: 'MVA-000001',
  claimantName: 'Cleo Claimant',
  companyName: 'Firm A',
  insurerName: null,
  insurerClaimNo: null,
  accidentDate: null,
  stateId: null,
  currentOffer: null,
  settled: null,
  terminationDate: null,
};
