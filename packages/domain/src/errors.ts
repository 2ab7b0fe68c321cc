import { z } from 'zod';

/** One field-level problem in a 400 response. */
export const ValidationErrorInfo = z.object({
  message: z.string(),
  members: z.array(z.string()),
});
export type ValidationErrorInfo = z.infer<typeof ValidationErrorInfo>;

/** The ABP error envelope every failed call answers with. */
export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.string().optional(),
    message: z.string(),
    details: z.string().optional(),
    validationErrors: z.array(ValidationErrorInfo).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Error codes the platform itself produces; modules add their own `Casebook:*` codes. */
export type PlatformErrorCode =
  | 'Casebook:Validation'
  | 'Casebook:Unauthorized'
  | 'Casebook:Forbidden'
  | 'Casebook:FeatureNotEnabled'
  | 'Casebook:NotFound'
  | 'Casebook:Concurrency'
  | 'Casebook:ResourceBusy'
  | 'Casebook:Duplicate'
  | 'Casebook:PayloadTooLarge'
  | 'Casebook:UnsupportedMediaType'
  | 'Casebook:BusinessRule'
  | 'Casebook:TooManyRequests'
  | 'Casebook:Internal'
  | 'Casebook:Unavailable';

/** Messages of the spec's error catalogue, word for word. */
export const ErrorMessages = {
  concurrency:
    "The data you're working on has been modified by other user. Please refresh to get latest data and try again.",
  permission:
    'You do not have permission to view this data or have been logged out from the system, please refresh the browser and try again',
  invalidData: 'Your provided data is invalid',
  serverError: 'An error occurred on the server',
  generic: 'An error occurred, please try again',
} as const;
