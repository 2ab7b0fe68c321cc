import { z } from 'zod';
import { IsoDate } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult, QueryBoolean } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from '../endpoints/endpoint';

/** The longest one time entry may be: a working day and night, no more. */
export const MAX_TIME_ENTRY_MINUTES = 24 * 60;

/** Whole minutes between two instants, rounded down (a timer stopped after 59 seconds counts 0). */
export function minutesBetween(start: Date, end: Date): number {
  return Math.max(0, Math.floor((end.getTime() - start.getTime()) / 60_000));
}

/** Minutes as the screens show them: "1 h 05 min", "45 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** Time spent by a user on a case: a running timer (no end yet) or a finished or manual entry. */
export const TimeEntryDto = z.object({
  id: z.string(),
  caseId: z.string(),
  caseNo: z.string(),
  clientName: z.string(),
  userId: z.string(),
  userName: z.string(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  /** Whole minutes; for a running timer, so far. */
  durationMinutes: z.number().int(),
  isRunning: z.boolean(),
  isManual: z.boolean(),
  concurrencyStamp: z.string(),
});
export type TimeEntryDto = z.infer<typeof TimeEntryDto>;

const instant = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be a date and time` });
const description = z.string().trim().max(4000, 'description must be at most 4000 characters').nullable().default(null);

/** The filters of the list and its export. */
export const TimeEntryFilters = z.object({
  filterText: z.string().max(200, 'filterText must be at most 200 characters').optional(),
  caseId: Uuid.optional(),
  userId: Uuid.optional(),
  /** Entries started on or after this day, in the tenant's zone. */
  dateFrom: IsoDate.optional(),
  /** Entries started on or before this day, in the tenant's zone. */
  dateTo: IsoDate.optional(),
  isRunning: QueryBoolean.optional(),
});
export const TimeEntryListQuery = PagedListInput.extend(TimeEntryFilters.shape);
export const TimeEntryExportInput = z.strictObject(TimeEntryFilters.shape);

export const StartTimerInput = z.strictObject({ caseId: Uuid, description });
export const StopTimerInput = z.strictObject({ concurrencyStamp: z.string().min(1) });

const periodShape = { startTime: instant('startTime'), endTime: instant('endTime'), description };
/** endTime after startTime, and at most a day later. */
function checkPeriod(v: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  const minutes = (Date.parse(v.endTime) - Date.parse(v.startTime)) / 60_000;
  if (!(minutes > 0)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  else if (minutes > MAX_TIME_ENTRY_MINUTES)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'A time entry may be at most 24 hours' });
}
export const CreateTimeEntryInput = z.strictObject({ caseId: Uuid, ...periodShape }).superRefine(checkPeriod);
export const UpdateTimeEntryInput = z
  .strictObject({ concurrencyStamp: z.string().min(1), ...periodShape })
  .superRefine(checkPeriod);

const IdParams = z.object({ id: Uuid });
const tags = ['Time tracking'];
const features = ['TimeTracking'] as const;
const BASE = '/api/app/time-tracking';
const P = Permissions.timeTracking;

/** Time tracking (feature TimeTracking): a running timer per user, manual entries, the list and its export. */
export const TimeTrackingEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: TimeEntryListQuery,
    response: pagedResult(TimeEntryDto),
    access: { permission: P.read, features },
    summary: 'Time entries: the caller’s own, or everyone’s for administrators',
    tags,
  }),
  export: endpoint({
    method: 'POST',
    path: `${BASE}/export`,
    body: TimeEntryExportInput,
    access: { permission: P.read, features },
    summary: 'The time entries as a spreadsheet (500 rows a file)',
    tags,
  }),
  running: endpoint({
    method: 'GET',
    path: `${BASE}/running`,
    response: z.object({ entry: TimeEntryDto.nullable() }),
    access: { permission: P.read, features },
    summary: 'The caller’s running timer, if any',
    tags,
  }),
  start: endpoint({
    method: 'POST',
    path: `${BASE}/start`,
    body: StartTimerInput,
    response: TimeEntryDto,
    access: { permission: P.create, features },
    summary: 'Start a timer on a case (one running timer per user)',
    tags,
  }),
  stop: endpoint({
    method: 'POST',
    path: `${BASE}/:id/stop`,
    params: IdParams,
    body: StopTimerInput,
    response: TimeEntryDto,
    access: { permission: P.update, features },
    summary: 'Stop a running timer',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: TimeEntryDto,
    access: { permission: P.read, features },
    summary: 'One time entry',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateTimeEntryInput,
    response: TimeEntryDto,
    access: { permission: P.create, features },
    summary: 'Add a time entry by hand',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    params: IdParams,
    body: UpdateTimeEntryInput,
    response: TimeEntryDto,
    access: { permission: P.update, features },
    summary: 'Change a finished time entry',
    tags,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: IdParams,
    status: 204,
    access: { permission: P.delete, features },
    summary: 'Delete a time entry',
    tags,
  }),
};
