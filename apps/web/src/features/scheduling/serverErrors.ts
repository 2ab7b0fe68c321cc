import { ErrorMessages } from '@casebook/domain';
import { ApiError } from '../../platform/api/api-client';

/** A failed call as the form shows it: messages on the fields it names, the rest above the results. */
export type ServerErrors = {
  /** Field name → its messages, for the fields the form has. */
  fields: Record<string, string[]>;
  /** Messages that belong to no field of the form (or a failure that names none). */
  other: string[];
};

/** Splits a failed call's validation messages between the form's fields and the rest. */
export function serverErrorsOf(error: unknown, fieldNames: readonly string[]): ServerErrors {
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  if (!(error instanceof ApiError)) {
    return { fields, other: error ? [ErrorMessages.generic] : [] };
  }
  if (error.validationErrors.length === 0) return { fields, other: [error.message || ErrorMessages.generic] };
  for (const { message, members } of error.validationErrors) {
    const known = members.filter((m) => fieldNames.includes(m));
    for (const m of known) fields[m] = [...(fields[m] ?? []), message];
    if (known.length === 0) other.push(message);
  }
  return { fields, other };
}

/** antd Form.Item props showing a field's server messages, if any. */
export function fieldStatus(errors: ServerErrors, name: string): { validateStatus?: 'error'; help?: string } {
  const messages = errors.fields[name];
  return messages?.length ? { validateStatus: 'error', help: messages.join(' ') } : {};
}
