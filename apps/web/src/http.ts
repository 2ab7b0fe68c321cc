import { CONNECTION_MESSAGE } from './health';
import { plainMessage } from './platform/api/plainMessages';

/** Texts of the spec the pages show themselves (the server sends its own for what it checks). */
export const Messages = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email',
  passwordRule:
    'The password must be at least 8 characters long and contain an uppercase letter, a lowercase letter, a digit and a special character',
  passwordsDiffer: 'The passwords do not match',
  linkInvalid: 'The link you followed is invalid or expired',
  generic: 'An error occurred, please try again',
} as const;

/** The password rule the server enforces, checked before sending so the user sees it at once. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/** A simple {text}@{text}.{text} shape; the server has the final word. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

type ErrorBody = { error?: { message?: unknown; validationErrors?: { message?: unknown; members?: unknown }[] } };

/** What a failed call says: its first validation message, else its error message, else a generic text. */
export async function errorMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as ErrorBody;
    const first = body.error?.validationErrors?.[0];
    if (typeof first?.message === 'string' && first.message) {
      const members = Array.isArray(first.members) ? first.members.filter((m) => typeof m === 'string') : [];
      return plainMessage(first.message, members);
    }
    const message = body.error?.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // Not the JSON error envelope (a proxy page, an empty body): fall through.
  }
  return Messages.generic;
}

export type PostResult<T> = { ok: true; body: T } | { ok: false; message: string };

/** POSTs JSON to an anonymous endpoint; failures come back as the message to show. */
export async function postJson<T>(url: string, body: unknown): Promise<PostResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: CONNECTION_MESSAGE };
  }
  if (!response.ok) return { ok: false, message: await errorMessageOf(response) };
  return { ok: true, body: (await response.json()) as T };
}
