import { z } from 'zod';
import { Uuid } from '../ids';
import { PagedListInput, QueryBoolean, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from './endpoint';

/**
 * A server failure the API answered with a 500, kept for the host's administrators: one row per kind of
 * failure (the same error at the same route) while it is unresolved, counting how often it happened.
 */
export const SystemErrorDto = z.object({
  id: Uuid,
  tenantId: Uuid.nullable(),
  tenantName: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  errorType: z.string(),
  message: z.string(),
  stack: z.string(),
  requestId: z.string(),
  userId: Uuid.nullable(),
  occurrences: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  isResolved: z.boolean(),
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
});
export type SystemErrorDto = z.infer<typeof SystemErrorDto>;

/** The list: unresolved, resolved or both (`isResolved` absent), newest last occurrence first. */
export const SystemErrorListInput = PagedListInput.extend({ isResolved: QueryBoolean.optional() });
export type SystemErrorListInput = z.infer<typeof SystemErrorListInput>;

const IdParams = z.object({ id: Uuid });
const tags = ['System errors'];
const read = { permission: Permissions.systemErrors.read, hostOnly: true } as const;
const update = { permission: Permissions.systemErrors.update, hostOnly: true } as const;

/** app/system-error: the host's list of server failures, marked resolved or unresolved. */
export const SystemErrorEndpoints = {
  listSystemErrors: endpoint({
    method: 'GET',
    path: '/api/app/system-error',
    query: SystemErrorListInput,
    response: pagedResult(SystemErrorDto),
    access: read,
    tags,
  }),
  getSystemError: endpoint({
    method: 'GET',
    path: '/api/app/system-error/:id',
    params: IdParams,
    response: SystemErrorDto,
    access: read,
    tags,
  }),
  markAsResolved: endpoint({
    method: 'POST',
    path: '/api/app/system-error/:id/markAsResolved',
    params: IdParams,
    response: SystemErrorDto,
    access: update,
    tags,
  }),
  markAsUnresolved: endpoint({
    method: 'POST',
    path: '/api/app/system-error/:id/markAsUnresolved',
    params: IdParams,
    response: SystemErrorDto,
    access: update,
    tags,
  }),
};
