import type { FastifyRequest } from 'fastify';
import { ErrorMessages } from '@casebook/domain';
import { AppError } from './errors';

export const INVALID_TEXT_MESSAGE = 'The value contains characters that are not allowed in text.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL character, or UTF-16 that is not well formed (a lone surrogate): neither can be stored as text. */
export function isInvalidText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

const MAX_DEPTH = 64;

/** The path (a.b.0.c) of the first string, or object key, in the value that is not valid text. */
export function findInvalidText(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return isInvalidText(value) ? path : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // Parsed JSON, form fields or query strings only (the query parser's objects have a prototype of
  // their own with no parent); Buffers, streams and class instances are not walked.
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    // The key itself is the bad text: named by its position, as it cannot be shown.
    if (isInvalidText(key)) return [...path, `(field name ${Object.keys(value).indexOf(key) + 1})`];
    const found = findInvalidText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Rejects a request whose body, query or path parameters hold text that cannot be stored (a NUL, a
 * lone surrogate) with a 400 naming the field, before any route sees it; without it the database
 * refuses the value mid-request and the caller gets a 500.
 */
export async function rejectInvalidText(req: FastifyRequest): Promise<void> {
  const sources: [string, unknown][] = [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ];
  for (const [source, value] of sources) {
    const path = findInvalidText(value);
    if (path) {
      const member = path.length ? path.join('.') : source;
      throw new AppError('Casebook:Validation', ErrorMessages.invalidData, [
        { message: INVALID_TEXT_MESSAGE, members: [member] },
      ]);
    }
  }
}
