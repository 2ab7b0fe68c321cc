import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { parseIsoDate } from '@casebook/domain';

/** What an appointment request e-mail says, read from its headers and its body's labelled lines. */
export type ParsedRequest = {
  /** The message's Message-ID, or `sha256:<hash of its bytes>` when it has none. */
  messageKey: string;
  subject: string | null;
  fromEmail: string | null;
  fromName: string | null;
  receivedTime: string | null;
  claimantFirstName: string | null;
  claimantLastName: string | null;
  claimantDateOfBirth: string | null;
  companyName: string | null;
  caseManagerEmail: string | null;
  appointmentDate: string | null;
  appointmentTime: string | null;
  notes: string | null;
  problems: string[];
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as people write it in a request: 2026-12-14, 14/12/2026 (day first, as in Australia and the UK),
 * 14 Dec 2026 or 14 December 2026. Undefined when it is none of these or not a real day.
 */
export function readDate(text: string): string | undefined {
  const s = text.trim();
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = (y: number, m: number, d: number) => {
    const value = `${y}-${pad(m)}-${pad(d)}`;
    return parseIsoDate(value) ? value : undefined;
  };
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(?:[A-Za-z]+,?\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase());
    if (month >= 0) return iso(Number(m[3]), month + 1, Number(m[1]));
  }
  return undefined;
}

/** A time of day as HH:mm from 10:30, 10.30am, 2 pm or 14:05; undefined otherwise. */
export function readTime(text: string): string | undefined {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!m) return undefined;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (!half && m[2] === undefined) return undefined;
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    if (half === 'pm' && hours !== 12) hours += 12;
    if (half === 'am' && hours === 12) hours = 0;
  }
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

type Field =
  'claimant' | 'dateOfBirth' | 'company' | 'caseManagerEmail' | 'appointmentDate' | 'appointmentTime' | 'notes';

/** The labels a request's lines start with, by field (decision 0078). */
const LABELS: [Field, RegExp][] = [
  ['claimant', /^(claimant(?: name)?|patient(?: name)?|examinee|client name)$/],
  ['dateOfBirth', /^(date of birth|dob|d\.o\.b\.?)$/],
  ['company', /^(company|law firm|firm|referrer|referring company|insurer)$/],
  ['caseManagerEmail', /^(case manager e-?mail|contact e-?mail|reply to)$/],
  ['appointmentDate', /^(appointment date|preferred date|requested date|date of appointment|date)$/],
  ['appointmentTime', /^(appointment time|preferred time|requested time|time)$/],
  ['notes', /^(notes|instructions|comments)$/],
];

/** The labelled lines of a body ("Claimant: Jane Citizen"), first one of each field kept. */
export function readFields(body: string): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const raw of body.split(/\r?\n/)) {
    const m = /^\s*[*-]?\s*([A-Za-z][A-Za-z .'-]{0,40}?)\s*[:=]\s*(.+?)\s*$/.exec(raw);
    if (!m) continue;
    const label = m[1]!
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/['’]s\b/g, '');
    const field = LABELS.find(([, re]) => re.test(label))?.[0];
    if (field && found[field] === undefined) found[field] = m[2]!.slice(0, 4000);
  }
  return found;
}

/** "Citizen, Jane" or "Jane Mary Citizen": first names and the family name. */
export function splitName(name: string): { first: string; last: string } | undefined {
  const s = name.replace(/\s+/g, ' ').trim();
  if (!s) return undefined;
  const comma = /^([^,]+),\s*(.+)$/.exec(s);
  if (comma) return { first: comma[2]!.trim(), last: comma[1]!.trim() };
  const parts = s.split(' ');
  if (parts.length < 2) return undefined;
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1)! };
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Reads an appointment request e-mail (the raw .eml bytes). Runs in a worker: the bytes are untrusted. */
export async function parseRequest(bytes: Uint8Array): Promise<ParsedRequest> {
  const mail = await simpleParser(Buffer.from(bytes), { skipHtmlToText: false, skipImageLinks: true });
  const from = mail.from?.value[0];
  const body = mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, '\n') : '');
  const fields = readFields(body);
  const problems: string[] = [];

  const name = fields.claimant ? splitName(fields.claimant) : undefined;
  if (!name) problems.push("The claimant's full name was not found.");
  const dateOfBirth = fields.dateOfBirth ? readDate(fields.dateOfBirth) : undefined;
  if (fields.dateOfBirth && !dateOfBirth) problems.push(`The date of birth '${fields.dateOfBirth}' is not a date.`);
  const appointmentDate = fields.appointmentDate ? readDate(fields.appointmentDate) : undefined;
  if (!fields.appointmentDate) problems.push('The appointment date was not found.');
  else if (!appointmentDate) problems.push(`The appointment date '${fields.appointmentDate}' is not a date.`);
  const appointmentTime = fields.appointmentTime ? readTime(fields.appointmentTime) : undefined;
  if (fields.appointmentTime && !appointmentTime)
    problems.push(`The appointment time '${fields.appointmentTime}' is not a time.`);
  if (!fields.company) problems.push('The company was not found.');
  const cmEmail = fields.caseManagerEmail
    ?.replace(/^.*<([^>]+)>.*$/, '$1')
    .trim()
    .toLowerCase();

  const messageId = mail.messageId?.trim();
  return {
    messageKey: messageId ? messageId.slice(0, 500) : `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    subject: mail.subject?.slice(0, 500) ?? null,
    fromEmail: from?.address?.toLowerCase() ?? null,
    fromName: from?.name || null,
    receivedTime: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
    claimantFirstName: name?.first.slice(0, 100) ?? null,
    claimantLastName: name?.last.slice(0, 100) ?? null,
    claimantDateOfBirth: dateOfBirth ?? null,
    companyName: fields.company?.slice(0, 200) ?? null,
    caseManagerEmail: cmEmail && EMAIL.test(cmEmail) ? cmEmail : null,
    appointmentDate: appointmentDate ?? null,
    appointmentTime: appointmentTime ?? null,
    notes: fields.notes ?? null,
    problems,
  };
}
