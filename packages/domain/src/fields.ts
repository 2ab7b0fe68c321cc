import { z } from 'zod';
import { parseIsoDate } from './calendar';
import { FormMessages, NUMBER_MAX, TEXT_AREA_MAX, isEmail, phoneDigits } from './forms';
import { Uuid } from './ids';

/** Field schemas shared by the master-data inputs; messages are the spec's where it quotes one. */

/** Required text: trimmed, not empty. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, FormMessages.required).max(max, `must be at most ${max} characters`);

/** Optional text: trimmed; empty means none. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .default(null);

/** A text area: at most 4000 characters. */
export const optionalTextArea = optionalText(TEXT_AREA_MAX);

/** An optional e-mail address, kept in lower case. */
export const optionalEmail = z
  .string()
  .trim()
  .max(256)
  .refine((s) => s === '' || isEmail(s), FormMessages.email)
  .transform((s) => (s === '' ? null : s.toLowerCase()))
  .nullable()
  .default(null);

/** An optional phone number: ten digits, no country code; spaces and brackets typed with it are dropped. */
export const optionalPhone = z
  .string()
  .trim()
  .max(32)
  .refine((s) => s === '' || (/^[\d\s()-]+$/.test(s) && /^\d{10}$/.test(phoneDigits(s))), FormMessages.phone)
  .transform((s) => (s === '' ? null : phoneDigits(s)))
  .nullable()
  .default(null);

const isoDateMessage = 'must be a date as YYYY-MM-DD';

/** A calendar date as ISO text YYYY-MM-DD. */
export const IsoDate = z.string().refine((s) => parseIsoDate(s) !== undefined, isoDateMessage);

/** An optional calendar date. */
export const optionalIsoDate = IsoDate.nullable().default(null);

/** An optional reference to another record. */
export const optionalId = Uuid.nullable().default(null);

/** Money in integer cents of the tenant's currency; never negative, at most the spec's 1e10. */
export const Cents = z
  .number()
  .int('amounts are whole cents')
  .min(0, 'The value must be at least 0')
  .max(NUMBER_MAX * 100, `The value must be at most ${NUMBER_MAX.toLocaleString('en-AU')}`);

/** An Australian-style postcode (or a zipcode): 3 to 10 letters, digits, spaces or dashes. */
export const optionalPostcode = z
  .string()
  .trim()
  .refine((s) => s === '' || /^[A-Za-z0-9 -]{3,10}$/.test(s), 'postcode must be 3 to 10 letters or digits')
  .transform((s) => (s === '' ? null : s))
  .nullable()
  .default(null);

/** The concurrency stamp every update carries. */
export const ConcurrencyStamp = z.string().min(1);

/** The end of a date range must not come before its start. */
export const DATE_RANGE_MESSAGE = 'The end date must not be before the start date';
