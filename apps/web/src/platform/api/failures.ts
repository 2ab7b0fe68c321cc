import { ErrorMessages } from '@casebook/domain';
import { plainMessage } from './plainMessages';

/** The spec's text for a server that cannot be reached (shell §8 "Cannot connect"). */
export const CONNECTION_FAILED = 'Can not connect to the server';

type Envelope = { error?: { code?: unknown; message?: unknown; details?: unknown; validationErrors?: unknown } };

/** What a failed answer's body says, whether or not it is the JSON error envelope. */
export type FailureBody = {
  code: string | undefined;
  message: string | undefined;
  /** What the refusal asks of the caller, e.g. `confirm:independenceOverrideReason`. */
  details?: string | undefined;
  validationErrors: { message: string; members: string[] }[];
  /** The body itself when it is plain text (a proxy page, a bare message), trimmed; else undefined. */
  text: string | undefined;
};

export function parseFailureBody(body: string): FailureBody {
  const trimmed = body.trim();
  try {
    const parsed = JSON.parse(trimmed) as Envelope;
    const error = parsed && typeof parsed === 'object' ? parsed.error : undefined;
    const validation = Array.isArray(error?.validationErrors) ? (error.validationErrors as unknown[]) : [];
    return {
      code: typeof error?.code === 'string' ? error.code : undefined,
      message: typeof error?.message === 'string' && error.message ? error.message : undefined,
      details: typeof error?.details === 'string' ? error.details : undefined,
      validationErrors: validation.flatMap((v) => {
        const item = v as { message?: unknown; members?: unknown };
        if (typeof item?.message !== 'string') return [];
        const members = Array.isArray(item.members)
          ? item.members.filter((m): m is string => typeof m === 'string')
          : [];
        return [{ message: plainMessage(item.message, members), members }];
      }),
      text: undefined,
    };
  } catch {
    // An HTML error page says nothing useful to a user; other text is shown as it is.
    const text = trimmed && !/^<(!doctype|html)/i.test(trimmed) ? trimmed.slice(0, 500) : undefined;
    return { code: undefined, message: undefined, validationErrors: [], text };
  }
}

/** The 409 of a room or an interpreter another booking holds: its message names the resource. */
export const RESOURCE_BUSY = 'Casebook:ResourceBusy';

/**
 * The notice a failed call shows (shell §8), or undefined for none: 409 → the concurrency message (a
 * room or interpreter already booked: the server's message, which names it); 500 → nothing; anything
 * else → the response text, else the first validation message, else the error message, else 'An error
 * occurred, please try again'.
 */
export function failureNotice(status: number, body: FailureBody): string | undefined {
  if (status === 409) return body.code === RESOURCE_BUSY && body.message ? body.message : ErrorMessages.concurrency;
  if (status === 500) return undefined;
  return body.text ?? body.validationErrors[0]?.message ?? body.message ?? ErrorMessages.generic;
}
