import { AustralianStates } from '../people';

export type AustralianState = (typeof AustralianStates)[number];

const STATE_NAMES: Record<string, AustralianState> = {
  'new south wales': 'NSW',
  'australian capital territory': 'ACT',
  victoria: 'VIC',
  queensland: 'QLD',
  'south australia': 'SA',
  'western australia': 'WA',
  tasmania: 'TAS',
  'northern territory': 'NT',
};

/** A state from its code or name, any case ("nsw", "Victoria"), or undefined. */
export function stateOf(text: string | null | undefined): AustralianState | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase();
  const code = t.toUpperCase();
  if ((AustralianStates as readonly string[]).includes(code)) return code as AustralianState;
  return STATE_NAMES[t];
}

/** Australia Post's postcode ranges: the state a postcode belongs to, or undefined. */
export function stateOfPostcode(postcode: string | null | undefined): AustralianState | undefined {
  if (!postcode || !/^\d{4}$/.test(postcode.trim())) return undefined;
  const n = Number(postcode.trim());
  if ((n >= 2600 && n <= 2618) || (n >= 2900 && n <= 2920) || (n >= 200 && n <= 299)) return 'ACT';
  if ((n >= 1000 && n <= 2599) || (n >= 2619 && n <= 2899) || (n >= 2921 && n <= 2999)) return 'NSW';
  if ((n >= 3000 && n <= 3999) || (n >= 8000 && n <= 8999)) return 'VIC';
  if ((n >= 4000 && n <= 4999) || (n >= 9000 && n <= 9999)) return 'QLD';
  if (n >= 5000 && n <= 5999) return 'SA';
  if (n >= 6000 && n <= 6999) return 'WA';
  if (n >= 7000 && n <= 7999) return 'TAS';
  if (n >= 800 && n <= 999) return 'NT';
  return undefined;
}

/**
 * How far a centre is from a searched postcode, for ordering nearest first without coordinates:
 * the same postcode 0, then the numeric distance within the same state, then other states after all
 * of those; a centre without a postcode comes last.
 */
export function postcodeDistance(searched: string, centrePostcode: string | null | undefined): number {
  if (!centrePostcode || !/^\d{4}$/.test(centrePostcode.trim())) return 1_000_000;
  const a = Number(searched);
  const b = Number(centrePostcode.trim());
  const sameState = stateOfPostcode(searched) === stateOfPostcode(centrePostcode);
  return Math.abs(a - b) + (sameState ? 0 : 100_000);
}
