import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorEnvelope, ErrorMessages, type PlatformErrorCode, type ValidationErrorInfo } from '@casebook/domain';

/** An expected failure with a code from the error vocabulary; the handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
    readonly validationErrors?: ValidationErrorInfo[],
    readonly details?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'The record') => new AppError('Casebook:NotFound', `${what} was not found.`);
export const forbidden = () => new AppError('Casebook:Forbidden', ErrorMessages.permission);
export const unauthorized = () => new AppError('Casebook:Unauthorized', ErrorMessages.permission);
export const concurrencyConflict = () => new AppError('Casebook:Concurrency', ErrorMessages.concurrency);
export const businessRule = (message: string) => new AppError('Casebook:BusinessRule', message);
export const invalidField = (member: string, message: string) =>
  new AppError('Casebook:Validation', ErrorMessages.invalidData, [{ message, members: [member] }]);

function assertUnreachable(x: never): never {
  throw new Error(`Unhandled error code ${String(x)}`);
}

/** Every code maps to exactly one status; adding a code without a status fails to compile. */
export function statusOf(code: PlatformErrorCode): number {
  switch (code) {
    case 'Casebook:Validation':
      return 400;
    case 'Casebook:Unauthorized':
      return 401;
    case 'Casebook:Forbidden':
    case 'Casebook:FeatureNotEnabled':
      return 403;
    case 'Casebook:NotFound':
      return 404;
    case 'Casebook:Concurrency':
    case 'Casebook:ResourceBusy':
      return 409;
    case 'Casebook:PayloadTooLarge':
      return 413;
    case 'Casebook:UnsupportedMediaType':
      return 415;
    case 'Casebook:Duplicate':
    case 'Casebook:BusinessRule':
      return 422;
    case 'Casebook:TooManyRequests':
      return 429;
    case 'Casebook:Internal':
      return 500;
    case 'Casebook:Unavailable':
      return 503;
    default:
      return assertUnreachable(code);
  }
}

function envelope(e: AppError): ErrorEnvelope {
  return {
    error: {
      code: e.code,
      message: e.message,
      ...(e.details ? { details: e.details } : {}),
      ...(e.validationErrors ? { validationErrors: e.validationErrors } : {}),
    },
  };
}

type SchemaIssue = { instancePath?: string; message?: string; keyword?: string; params?: Record<string, unknown> };

function fromSchemaValidation(issues: SchemaIssue[], context: string | undefined): AppError {
  const validationErrors = issues.map((issue): ValidationErrorInfo => {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      const keys = issue.params.keys.map(String).map((k) => (path ? `${path}.${k}` : k));
      return { message: `Unknown field(s): ${keys.join(', ')}`, members: keys };
    }
    // The message stays verbatim (the spec's messages are requirements); members names the field.
    return { message: issue.message ?? 'The value is invalid', members: [path || context || 'body'] };
  });
  return new AppError('Casebook:Validation', ErrorMessages.invalidData, validationErrors);
}

/** Maps Fastify's own failures (bad JSON, body too large, wrong content type) into the vocabulary. */
function fromFastify(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('Casebook:PayloadTooLarge', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('Casebook:UnsupportedMediaType', 'Unsupported content type; send application/json.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('Casebook:Validation', ErrorMessages.invalidData, [
        { message: 'The request body is not valid JSON.', members: ['body'] },
      ]);
    case 'FST_ERR_RATE_LIMIT':
      return new AppError('Casebook:TooManyRequests', 'Too many requests, please try again shortly.');
    default:
      return undefined;
  }
}

/** Turns a database error caused by the caller's data into the vocabulary; undefined for real faults. */
function fromDatabase(error: unknown): AppError | undefined {
  const pgError = findPgError(error);
  if (!pgError) return undefined;
  switch (pgError.code) {
    case '23505':
      return new AppError('Casebook:Duplicate', 'A record with the same values already exists.');
    case '23503':
      return new AppError('Casebook:BusinessRule', 'A referenced record does not exist.');
    // Two transactions waited for each other (PostgreSQL ended one) or could not both be serialized: the
    // request's work was rolled back whole, and the same request again may well succeed.
    case '40P01':
    case '40001':
      return new AppError('Casebook:Concurrency', ErrorMessages.concurrency);
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new AppError('Casebook:Validation', ErrorMessages.invalidData, [
        { message: 'A value has the wrong format.', members: [pgError.column ?? 'body'] },
      ]);
    default:
      return undefined;
  }
}

type PgErrorLike = { code: string; column?: string; constraint?: string };
function findPgError(error: unknown): PgErrorLike | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgErrorLike;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The one error handler: expected failures get the envelope, anything else a bare 500. A 500's error goes
 * to `onInternal` as well (the app keeps it for the host's System errors screen), after the answer is sent.
 */
export function createErrorHandler(onInternal?: (error: unknown, request: FastifyRequest) => Promise<void>) {
  return function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    let appError: AppError | undefined;
    if (error instanceof AppError) appError = error;
    else if (hasZodFastifySchemaValidationErrors(error))
      appError = fromSchemaValidation(error.validation as SchemaIssue[], error.validationContext);
    else appError = fromFastify(error) ?? fromDatabase(error);

    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('Casebook:Internal', ErrorMessages.serverError);
    } else if (appError.code === 'Casebook:Internal') {
      request.log.error({ err: error }, 'internal error');
    }
    const status = statusOf(appError.code);
    // A deadlock is kept as well, though its answer is a 409: each is a fault to find (two writers taking
    // their locks in different orders).
    const kept = status >= 500 || findPgError(error)?.code === '40P01';
    if (kept && onInternal) void onInternal(error, request).catch(() => undefined);
    return reply.status(status).send(envelope(appError));
  };
}

/** The error handler without anything kept (tests that build a bare Fastify). */
export const errorHandler = createErrorHandler();

/** The envelope for routes that do not exist. */
export function notFoundEnvelope(): ErrorEnvelope {
  return envelope(new AppError('Casebook:NotFound', 'The requested resource was not found.'));
}

/** The error answers every API route documents: the envelope, by status. */
export const errorResponses = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
} as const;
