import { parseAvailabilityDate, relativeDateOfText, type AvailabilityRelativeDate } from './date-input';
import { stateOf, type AustralianState } from './places';
import type { CalendarDate } from '../calendar';

/** What a typed availability request asks for; `text` is what is left: a specialty or a specialist's name. */
export type AvailabilityTextQuery = {
  text?: string;
  specialistEmail?: string;
  relativeDate?: AvailabilityRelativeDate;
  date?: string;
  state?: AustralianState;
  postcode?: string;
  isVideoAppointment?: boolean;
};

const RELATIVE_PHRASES: [RegExp, AvailabilityRelativeDate][] = [
  [/\bnext\s+3\s+days\b/i, 'Next3Days'],
  [/\bnext\s+(7\s+days|seven\s+days)\b/i, 'Next7Days'],
  [/\bnext\s+week\b/i, 'NextWeek'],
  [/\bnext\s+month\b/i, 'NextMonth'],
  [/\bnext\s+year\b/i, 'NextYear'],
  [/\bthis\s+week\b/i, 'ThisWeek'],
  [/\bthis\s+month\b/i, 'ThisMonth'],
  [/\bthis\s+year\b/i, 'ThisYear'],
  [/\btomorrow\b/i, 'Tomorrow'],
  [/\btoday\b/i, 'Today'],
];

const FILLER = new Set([
  'in',
  'on',
  'at',
  'for',
  'a',
  'an',
  'the',
  'with',
  'near',
  'by',
  'available',
  'availability',
  'appointment',
  'appointments',
  'session',
  'sessions',
  'slot',
  'slots',
  'specialist',
  'find',
  'search',
]);

/**
 * Splits a typed request ("orthopaedic next week in NSW", "Dr Smith 12/2026 video 2000") into the
 * availability search's parameters. Dates follow `parseAvailabilityDate`; `today` is only used to
 * tell a weekday name from other words.
 */
export function parseAvailabilityText(input: string, today: CalendarDate): AvailabilityTextQuery {
  const out: AvailabilityTextQuery = {};
  let rest = ` ${input.trim()} `;
  for (const [pattern, value] of RELATIVE_PHRASES) {
    if (pattern.test(rest)) {
      out.relativeDate = value;
      rest = rest.replace(pattern, ' ');
      break;
    }
  }
  if (/\bin[\s-]?person\b/i.test(rest)) {
    out.isVideoAppointment = false;
    rest = rest.replace(/\bin[\s-]?person\b/i, ' ');
  }
  for (const multi of [
    'new south wales',
    'australian capital territory',
    'south australia',
    'western australia',
    'northern territory',
  ]) {
    const re = new RegExp(`\\b${multi}\\b`, 'i');
    if (!out.state && re.test(rest)) {
      out.state = stateOf(multi);
      rest = rest.replace(re, ' ');
    }
  }
  // Month and year written as two words.
  const monthYear = /\b([A-Za-z]{3,9})[\s-]+(\d{4})\b/.exec(rest);
  if (monthYear && !out.relativeDate && parseAvailabilityDate(monthYear[0], today)) {
    out.date = monthYear[0].trim();
    rest = rest.replace(monthYear[0], ' ');
  }
  const words: string[] = [];
  for (const word of rest.split(/\s+/).filter(Boolean)) {
    const bare = word.replace(/[,;]+$/, '');
    if (!out.specialistEmail && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(bare)) out.specialistEmail = bare;
    else if (!out.postcode && /^\d{4}$/.test(bare)) out.postcode = bare;
    else if (/^video$/i.test(bare)) out.isVideoAppointment = true;
    else if (!out.state && stateOf(bare) && bare.length <= 3) out.state = stateOf(bare);
    else if (!out.state && stateOf(bare)) out.state = stateOf(bare);
    else if (!out.date && !out.relativeDate && /\d/.test(bare) && parseAvailabilityDate(bare, today)) out.date = bare;
    else if (!out.date && !out.relativeDate && /^[a-z]+$/i.test(bare) && relativeDateOfText(bare))
      out.relativeDate = relativeDateOfText(bare);
    else if (
      !out.date &&
      !out.relativeDate &&
      /^[a-z]{3,}$/i.test(bare) &&
      isWeekdayWord(bare) &&
      parseAvailabilityDate(bare, today)
    ) {
      out.date = bare;
    } else if (!FILLER.has(bare.toLowerCase())) words.push(bare);
  }
  if (words.length) out.text = words.join(' ');
  return out;
}

function isWeekdayWord(word: string): boolean {
  return /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day)?$/i.test(word) || /^(wednes|satur)day$/i.test(word);
}
