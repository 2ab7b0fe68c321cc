import { z } from 'zod';

/** What a letter of instruction says about the case: who, the dates, and what the specialist is asked. */
export const LoiData = z.object({
  claimantName: z.string().nullable(),
  /** ISO dates (YYYY-MM-DD). */
  dateOfBirth: z.string().nullable(),
  injuryDate: z.string().nullable(),
  reportDueDate: z.string().nullable(),
  questions: z.array(z.string()),
});
export type LoiData = z.infer<typeof LoiData>;

/** The extraction call's options: `disableCache` reads the letter again instead of the kept result. */
export const ExtractLoiInput = z.strictObject({ disableCache: z.boolean().default(false) });

/** The transcription call's input: the language spoken (ISO 639-1, "en"), or null to let the engine tell. */
export const AudioTranscriptionInput = z.strictObject({
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/i, 'language must be a two-letter ISO 639-1 code such as en')
    .transform((v) => v.toLowerCase())
    .nullable()
    .default(null),
});

export const AudioTranscriptionResult = z.object({ transcript: z.string(), language: z.string().nullable() });
export type AudioTranscriptionResult = z.infer<typeof AudioTranscriptionResult>;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DATE_PATTERNS: [RegExp, (m: RegExpExecArray) => [number, number, number]][] = [
  [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, (m) => [+m[1]!, +m[2]!, +m[3]!]],
  [/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/, (m) => [+m[3]!, +m[2]!, +m[1]!]],
  [
    /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2})\b/,
    (m) => [2000 + +m[3]! > 2040 ? 1900 + +m[3]! : 2000 + +m[3]!, +m[2]!, +m[1]!],
  ],
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?\\s+${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'i'),
    (m) => [+m[3]!, monthOf(m[2]!), +m[1]!],
  ],
  [
    new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'),
    (m) => [+m[3]!, monthOf(m[1]!), +m[2]!],
  ],
];

function monthOf(name: string): number {
  return MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;
}

/** The first date written in the text (Australian day-first order for numeric dates), as YYYY-MM-DD. */
export function firstDateIn(text: string): string | null {
  let best: { at: number; iso: string } | null = null;
  for (const [pattern, parts] of DATE_PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const [y, mo, d] = parts(m);
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) continue;
    const iso = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (!best || m.index < best.at) best = { at: m.index, iso };
  }
  return best?.iso ?? null;
}

const LABELS = {
  dateOfBirth: /\b(date\s+of\s+birth|d\.?\s?o\.?\s?b\.?|born(\s+on)?|birth\s+date)\b/i,
  injuryDate:
    /\b(date\s+of\s+(injury|accident|incident|loss)|(injury|accident|incident)\s+date|d\.?o\.?i\.?|(injured|accident(ally)?|incident\s+occurred|hurt)\s+on|(accident|injury|incident)\s+(on|of))\b/i,
  reportDueDate:
    /\b(report\s+(is\s+)?due(\s+date)?|due\s+date(\s+for\s+(the|your)\s+report)?|report\s+(by|before)|no\s+later\s+than|(provide|send|return|forward|deliver)\s+(us\s+)?(with\s+)?(your|the)\s+report\s+(to\s+us\s+)?(by|before|no\s+later\s+than)|required\s+by|reply\s+by)\b/i,
};

// Named labels first; a letter's "Re:" or "Subject:" line only when no label names the person.
const CLAIMANT_LABELS = [
  /\b(?:claimant|examinee|injured\s+(?:worker|person|party)|plaintiff|patient|participant|worker|our\s+client|client|name\s+of\s+(?:the\s+)?(?:claimant|examinee))\s*(?:name|details)?\s*[:\-–]?\s+(.+)$/i,
  /^\s*(?:re|subject|matter)\s*[:\-–]?\s+(.+)$/i,
];
const TITLE = /^(mr|mrs|ms|miss|mx|dr|master)\.?\s+/i;

function cleanName(raw: string): string | null {
  let name = raw
    .replace(/\s+(v\.?|vs\.?|versus)\s+.*$/i, '')
    .replace(/\s*[-–(,;].*$/, '')
    .replace(/\b(d\.?o\.?b|date\s+of\s+birth|claim\s+(no|number)).*$/i, '')
    .replace(TITLE, '')
    .trim();
  if (!/^[A-Za-z][A-Za-z'’-]+(\s+[A-Za-z][A-Za-z'’.-]*){1,3}$/.test(name)) return null;
  // "JOHN CITIZEN" → "John Citizen".
  if (name === name.toUpperCase()) name = name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
  return name;
}

const QUESTION_START =
  /^\s*(?:q(?:uestion)?\s*)?(\d{1,2}|[a-z]|[ivx]{1,4})\s*[.):]\s+|^\s*\((\d{1,2}|[a-z]|[ivx]{1,4})\)\s+/i;
const CLOSING =
  /^\s*(yours\s+(sincerely|faithfully|truly)|kind\s+regards|regards|thank\s+you|should\s+you\s+have|if\s+you\s+have\s+any|please\s+(contact|call|do\s+not|let)|we\s+look\s+forward|enclosed|enclosures)/i;

/** The questions a letter asks: its numbered or lettered items after a heading naming questions, else sentences ending in '?'. */
function questionsIn(lines: string[]): string[] {
  const heading = lines.findIndex((l) => /\bquestions?\b/i.test(l) && !QUESTION_START.test(l) && !/\?\s*$/.test(l));
  const from = heading >= 0 ? heading + 1 : 0;
  const items: string[] = [];
  let current: string | null = null;
  const flush = () => {
    if (current) items.push(current.replace(/\s+/g, ' ').trim());
    current = null;
  };
  for (const line of lines.slice(from)) {
    if (CLOSING.test(line)) break;
    if (QUESTION_START.test(line)) {
      flush();
      current = line.replace(QUESTION_START, '');
    } else if (current !== null && line.trim() === '') {
      flush();
    } else if (current !== null) {
      current += ` ${line.trim()}`;
    } else if (heading >= 0 && items.length > 0 && line.trim() !== '') {
      break;
    }
  }
  flush();
  const asked = items.filter((q) => q.length > 3);
  if (asked.length > 0) return asked;
  // No numbered list: every sentence that asks something.
  const text = lines.join(' ').replace(/\s+/g, ' ');
  return [...text.matchAll(/[^.?!:]*\?/g)].map((m) => m[0].trim()).filter((q) => q.split(' ').length >= 3);
}

/** A labelled value: the rest of the labelled line, or the next line when the label stands alone. */
function valueAfter(lines: string[], label: RegExp): string | null {
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!);
    if (!m) continue;
    const rest = lines[i]!.slice(m.index + m[0].length);
    const date =
      firstDateIn(rest) ??
      (rest.trim() === '' || /^\s*[:\-–]?\s*$/.test(rest) ? firstDateIn(lines[i + 1] ?? '') : null);
    if (date) return date;
  }
  return null;
}

/**
 * Reads a letter of instruction's text (lines as laid out on the page): the claimant, their date of
 * birth, the injury or accident date, the report's due date, and the questions for the specialist.
 * Labels and wordings vary between senders; what is not found is null (or no questions).
 */
export function extractLoiData(text: string): LoiData {
  const lines = text.split(/\r?\n/).map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trimEnd());
  let claimantName: string | null = null;
  for (const label of CLAIMANT_LABELS) {
    for (const line of lines) {
      const m = label.exec(line.trim());
      claimantName = m ? cleanName(m[1]!) : null;
      if (claimantName) break;
    }
    if (claimantName) break;
  }
  return {
    claimantName,
    dateOfBirth: valueAfter(lines, LABELS.dateOfBirth),
    injuryDate: valueAfter(lines, LABELS.injuryDate),
    reportDueDate: valueAfter(lines, LABELS.reportDueDate),
    questions: questionsIn(lines),
  };
}
