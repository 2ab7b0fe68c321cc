import { z } from 'zod';
import { Uuid } from '../ids';
import type { CalendarDate } from '../calendar';
import { parseAvailabilityDate, type AvailabilityRelativeDate } from './date-input';
import type { AustralianState } from './places';
import { parseAvailabilityText } from './query-text';

/** What the booking assistant understood a question to ask. */
export type AssistantIntent =
  | {
      kind: 'availability';
      /** A specialty's name or the start of it ("orthop"). */
      specialty?: string;
      /** The words the specialty was asked with ("orthopaedic surgeon"). */
      specialtyText?: string;
      specialistName?: string;
      state?: AustralianState;
      postcode?: string;
      relativeDate?: AvailabilityRelativeDate;
      date?: string;
      isVideoAppointment?: boolean;
    }
  | { kind: 'reschedule'; caseRef: AssistantCaseRef; date?: string; relativeDate?: AvailabilityRelativeDate }
  | { kind: 'caseStatus'; caseRef: AssistantCaseRef }
  | { kind: 'unknown' };

/** A case named in a question: by its number or by its claimant's name. */
export type AssistantCaseRef = { caseNo: string } | { claimantName: string };

/** Cities people name instead of a state, with the state and the postcode of their centre. */
const CITIES: Record<string, { state: AustralianState; postcode: string }> = {
  brisbane: { state: 'QLD', postcode: '4000' },
  'gold coast': { state: 'QLD', postcode: '4217' },
  townsville: { state: 'QLD', postcode: '4810' },
  cairns: { state: 'QLD', postcode: '4870' },
  sydney: { state: 'NSW', postcode: '2000' },
  parramatta: { state: 'NSW', postcode: '2150' },
  newcastle: { state: 'NSW', postcode: '2300' },
  wollongong: { state: 'NSW', postcode: '2500' },
  melbourne: { state: 'VIC', postcode: '3000' },
  geelong: { state: 'VIC', postcode: '3220' },
  adelaide: { state: 'SA', postcode: '5000' },
  perth: { state: 'WA', postcode: '6000' },
  hobart: { state: 'TAS', postcode: '7000' },
  launceston: { state: 'TAS', postcode: '7250' },
  darwin: { state: 'NT', postcode: '0800' },
  canberra: { state: 'ACT', postcode: '2600' },
};

/** The words people use for a kind of doctor, and the start of the specialty's name they mean. */
const SPECIALISTS: [RegExp, string][] = [
  [/\borthop(a)?edic(s)?(\s+surgeon(s)?|\s+surgery|\s+specialist(s)?)?\b/i, 'Orthop'],
  [/\bneuro\s*surgeon(s)?\b|\bneurosurgery\b/i, 'Neurosurg'],
  [/\bplastic\s+surgeon(s)?\b|\bplastic\s+surgery\b/i, 'Plastic'],
  [/\bhand\s+surgeon(s)?\b|\bhand\s+surgery\b/i, 'Hand'],
  [/\bvascular\s+surgeon(s)?\b|\bvascular\s+surgery\b/i, 'Vascular'],
  [/\bgeneral\s+surgeon(s)?\b|\bgeneral\s+surgery\b/i, 'General Surg'],
  [/\bgeneral\s+practitioner(s)?\b|\bGPs?\b/, 'General Pract'],
  [/\boccupational\s+therapist(s)?\b|\boccupational\s+therapy\b/i, 'Occupational Therap'],
  [/\boccupational\s+physician(s)?\b|\boccupational\s+medicine\b/i, 'Occupational'],
  [/\brespiratory\s+physician(s)?\b/i, 'Respiratory'],
  [/\bpain\s+(specialist|physician|medicine)(s)?\b/i, 'Pain'],
  [/\bpsychiatrist(s)?\b|\bpsychiatry\b/i, 'Psychiatr'],
  [/\bpsychologist(s)?\b|\bpsychology\b/i, 'Psycholog'],
  [/\bENT\b|\bear,?\s+nose\s+and\s+throat\b/, 'Ear'],
  // Any other "-ologist" or "-ology": its stem ("neurologist" → "Neurolog").
  [/\b([a-z]+olog)(ist|ists|y)\b/i, '$1'],
];

const FILLER = new Set(
  (
    'first earliest soonest next nearest available availability appointment appointments session sessions slot slots ' +
    'book booking a an the for in on at with near by find search show me please who what whats is are there any ' +
    'can i we get give list have has do does of to ime imes assessment assessments examination exam doctor doctors ' +
    'dr specialist specialists surgeon surgeons physician physicians someone somebody one when free open time times ' +
    'week month day days earliest? available? soon asap possible'
  ).split(' '),
);

const CASE_NO = /\b([A-Za-z]{1,4}-?\d{2,}(?:-[A-Za-z0-9]+)?)\b/;

/** A case number or claimant named in the text, if any. */
function caseRefOf(text: string): AssistantCaseRef | undefined {
  const no = CASE_NO.exec(text);
  if (no && /\d/.test(no[1]!)) return { caseNo: no[1]!.toUpperCase() };
  const possessive = /\b([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){1,2})['’]s\b/.exec(text);
  if (possessive) return { claimantName: possessive[1]! };
  const named =
    /\b(?:for|of|on|move|reschedule|shift|rebook|is|about|with)\s+(?:claimant\s+)?([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){1,2})\b/.exec(
      text,
    );
  if (named) return { claimantName: named[1]! };
  return undefined;
}

/**
 * Reads a question to the booking assistant into what it asks, without any model: availability
 * ("first available orthopaedic surgeon in Brisbane next week for a video IME"), moving a case's
 * appointment ("move John Smith's appointment to Thursday") or a case's state ("what is outstanding on
 * IME-1042"). `today` is the tenant's date, for weekday names.
 */
export function parseAssistantQuestion(question: string, today: CalendarDate): AssistantIntent {
  const text = question.replace(/\s+/g, ' ').trim();
  if (!text) return { kind: 'unknown' };

  if (
    /\b(move|reschedule|re-schedule|shift|push|bring\s+forward|change)\b/i.test(text) &&
    /\bto\b|\bon\b/i.test(text)
  ) {
    const caseRef = caseRefOf(text);
    const target = /\b(?:to|until|on)\s+(.+?)[?.!]*$/i.exec(text)?.[1] ?? '';
    const when = parseAvailabilityText(target, today);
    const date = when.date ?? (parseAvailabilityDate(target.trim(), today) ? target.trim() : undefined);
    if (caseRef) {
      return {
        kind: 'reschedule',
        caseRef,
        ...(date ? { date } : {}),
        ...(when.relativeDate ? { relativeDate: when.relativeDate } : {}),
      };
    }
  }

  if (
    /\b(outstanding|status|state|progress|pending|missing|left\s+to\s+do|to\s+do|up\s+to|where\s+is|what'?s\s+happening|next\s+step|checklist)\b/i.test(
      text,
    )
  ) {
    const caseRef = caseRefOf(text);
    if (caseRef) return { kind: 'caseStatus', caseRef };
  }

  let rest = ` ${text.replace(/[?!.]+$/, '')} `;
  const out: Extract<AssistantIntent, { kind: 'availability' }> = { kind: 'availability' };
  for (const [pattern, stem] of SPECIALISTS) {
    const m = pattern.exec(rest);
    if (m) {
      out.specialty = stem.includes('$1') ? capitalise(m[1]!) : stem;
      out.specialtyText = m[0].trim().toLowerCase();
      rest = rest.replace(pattern, ' ');
      break;
    }
  }
  for (const [city, place] of Object.entries(CITIES)) {
    const re = new RegExp(`\\b${city}\\b`, 'i');
    if (re.test(rest)) {
      out.state = place.state;
      out.postcode = place.postcode;
      rest = rest.replace(re, ' ');
      break;
    }
  }
  // "video IME", "by video", "telehealth"; "face to face" is in person.
  if (/\b(tele\s*health|video\s*call|video\s*link|online|remote(ly)?)\b/i.test(rest)) {
    out.isVideoAppointment = true;
    rest = rest.replace(/\b(tele\s*health|video\s*call|video\s*link|online|remote(ly)?)\b/gi, ' ');
  }
  if (/\bface[\s-]to[\s-]face\b/i.test(rest)) {
    out.isVideoAppointment = false;
    rest = rest.replace(/\bface[\s-]to[\s-]face\b/gi, ' ');
  }
  const typed = parseAvailabilityText(rest, today);
  if (typed.relativeDate) out.relativeDate = typed.relativeDate;
  if (typed.date) out.date = typed.date;
  if (typed.state && !out.state) out.state = typed.state;
  if (typed.postcode && !out.postcode) out.postcode = typed.postcode;
  if (typed.isVideoAppointment !== undefined && out.isVideoAppointment === undefined)
    out.isVideoAppointment = typed.isVideoAppointment;
  const words = (typed.text ?? '')
    .split(/\s+/)
    .map((w) => w.replace(/['’]s$/i, '').replace(/[^A-Za-z'-]/g, ''))
    .filter((w) => w && !FILLER.has(w.toLowerCase()));
  const names = words.filter((w) => /^[A-Z]/.test(w));
  if (names.length > 0) out.specialistName = names.join(' ');
  const asked =
    out.specialty ||
    out.specialistName ||
    out.state ||
    out.relativeDate ||
    out.date ||
    out.isVideoAppointment !== undefined ||
    /\b(availab|book|free|session|slot|appointment)/i.test(text);
  return asked ? out : { kind: 'unknown' };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** A question to the booking assistant. */
export const BookingAssistantAskInput = z.strictObject({
  question: z.string().trim().min(1, 'Ask a question.').max(500),
});
export type BookingAssistantAskInput = z.infer<typeof BookingAssistantAskInput>;

/** A session the assistant offers: one the asking user may see. */
export const AssistantSession = z.object({
  id: Uuid,
  specialistId: Uuid,
  specialistName: z.string(),
  specialty: z.string().nullable(),
  centreName: z.string().nullable(),
  state: z.string().nullable(),
  displayFrom: z.string(),
  dateFrom: z.string(),
  isVideoAppointment: z.boolean(),
});
export type AssistantSession = z.infer<typeof AssistantSession>;

/** A case the assistant talks about: one the asking user may see. */
export const AssistantCase = z.object({
  id: Uuid,
  caseNo: z.string(),
  claimantName: z.string().nullable(),
  status: z.string(),
  specialistName: z.string().nullable(),
  appointmentDate: z.string().nullable(),
  appointmentTime: z.string().nullable(),
  /** The checklist's steps not yet done. */
  outstanding: z.array(z.string()),
});
export type AssistantCase = z.infer<typeof AssistantCase>;

/** An action the user confirms with a button; it runs through the booking or reschedule call. */
export const AssistantProposal = z.object({
  kind: z.enum(['book', 'reschedule']),
  label: z.string(),
  sessionId: Uuid,
  caseId: Uuid.nullable(),
  /** The case's stamp when the proposal was made: a case changed since is a 409 on confirming. */
  caseConcurrencyStamp: z.string().nullable(),
});
export type AssistantProposal = z.infer<typeof AssistantProposal>;

/** The assistant's answer: its text, what it found, and what it proposes. */
export const BookingAssistantAnswer = z.object({
  intent: z.enum(['availability', 'reschedule', 'caseStatus', 'unknown']),
  reply: z.string(),
  sessions: z.array(AssistantSession),
  cases: z.array(AssistantCase),
  proposals: z.array(AssistantProposal),
  /** Who worded the reply: the built-in rules, or the configured language model. */
  wordedBy: z.enum(['rules', 'model']),
});
export type BookingAssistantAnswer = z.infer<typeof BookingAssistantAnswer>;
