import type { PinoLoggerOptions } from 'fastify/types/logger';

const SENSITIVE_QUERY = /([?&](?:access_token|token|code|refresh_token|password)=)[^&]*/gi;

/**
 * Error fields that can carry the values of a query: its parameters (password hashes, tokens, personal
 * data), PostgreSQL's detail ("Key (email)=(…)", "Failing row contains (…)") and context.
 */
const SECRET_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery', 'hint']);

/** Drizzle writes a failed query's parameters into the message after a "params:" line. */
const PARAMS_LINE = /\nparams: .*?(?=\n {4}at |$)/gs;

/** An error's message or stack without the values of a failed query (names, tokens, health data). */
export function withoutQueryValues(text: string): string {
  return text.replace(PARAMS_LINE, '\nparams: [redacted]');
}

const MAX_CAUSES = 4;

/**
 * An error for the log: its type, message and stack, its own fields except those that can hold query
 * values, and its causes the same way.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: withoutQueryValues(error.message),
    ...(error.stack ? { stack: withoutQueryValues(error.stack) } : {}),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack' || SECRET_FIELDS.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Method and path only: no bodies, no tokens in query strings. */
function serializeRequest(req: { method: string; url: string }) {
  return { method: req.method, url: req.url.replace(SENSITIVE_QUERY, '$1[redacted]') };
}

/** The server's logger: credentials, request bodies and query values never reach the log. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): PinoLoggerOptions & { stream?: { write(line: string): void } } {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}
