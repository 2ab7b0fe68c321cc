import { z } from 'zod';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { Permissions } from '../permissions';
import { endpoint } from '../endpoints/endpoint';

/** A checklist item's status, and a task checklist's as a whole (case-modules.md §3). */
export const ChecklistStatuses = ['Incomplete', 'Complete', 'Not Required'] as const;
export type ChecklistStatus = (typeof ChecklistStatuses)[number];

/**
 * A task checklist's status from its items: Not Required when every item is, Complete when every item is
 * complete or not required, otherwise (and when it has no items) Incomplete.
 */
export function taskChecklistStatus(items: readonly { status: ChecklistStatus }[]): ChecklistStatus {
  if (items.length === 0) return 'Incomplete';
  if (items.every((i) => i.status === 'Not Required')) return 'Not Required';
  return items.every((i) => i.status !== 'Incomplete') ? 'Complete' : 'Incomplete';
}

export const ChecklistCriterion = z.object({ id: z.string(), text: z.string(), itemIndex: z.number().int() });
export type ChecklistCriterion = z.infer<typeof ChecklistCriterion>;

export const ChecklistDto = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  criteria: z.array(ChecklistCriterion),
  /** The criteria differ from the checklist's default set (reset to default brings them back). */
  isModified: z.boolean(),
  concurrencyStamp: z.string(),
});
export type ChecklistDto = z.infer<typeof ChecklistDto>;

const criterionText = z
  .string()
  .trim()
  .min(1, 'A criterion must not be empty')
  .max(500, 'A criterion may be at most 500 characters');
const criteriaList = z
  .array(criterionText)
  .min(1, 'A checklist needs at least one criterion')
  .max(100, 'A checklist may have at most 100 criteria');
const name = z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters');
const description = z.string().max(4000, 'description must be at most 4000 characters').nullable().default(null);

export const ChecklistListQuery = PagedListInput;
export const CreateChecklistInput = z.strictObject({ name, description, criteria: criteriaList });
export const UpdateChecklistInput = z.strictObject({ name, description, concurrencyStamp: z.string().min(1) });
export const UpdateCriteriaInput = z.strictObject({ criteria: criteriaList, concurrencyStamp: z.string().min(1) });
export const ChecklistStampInput = z.strictObject({ concurrencyStamp: z.string().min(1) });

export const TaskChecklistItem = z.object({
  criterionId: z.string(),
  text: z.string(),
  status: z.enum(ChecklistStatuses),
});
export const TaskChecklistDto = z.object({
  id: z.string(),
  caseId: z.string(),
  checklistId: z.string(),
  name: z.string(),
  items: z.array(TaskChecklistItem),
  status: z.enum(ChecklistStatuses),
  concurrencyStamp: z.string(),
});
export type TaskChecklistDto = z.infer<typeof TaskChecklistDto>;

export const TaskChecklistListQuery = z.object({ caseId: Uuid });
export const CreateTaskChecklistInput = z.strictObject({ caseId: Uuid, checklistId: Uuid });
export const UpdateTaskCriteriaInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        criterionId: z.string().min(1),
        status: z.enum(ChecklistStatuses, { error: 'status must be Incomplete, Complete or Not Required' }),
      }),
    )
    .max(100),
  concurrencyStamp: z.string().min(1),
});
export const CountLmqStatusQuery = z.object({ caseId: Uuid.optional() });
export const LmqStatusCount = z.object({
  incomplete: z.number().int(),
  complete: z.number().int(),
  notRequired: z.number().int(),
  total: z.number().int(),
});

const IdParams = z.object({ id: Uuid });
const tags = ['LMQ checklists'];
const features = ['LMQ'] as const;
const P = Permissions.lmq;
const BASE = '/api/app/check-lists';
const TASKS = '/api/app/task-checklists';
const read = { permission: P.read, features } as const;
const write = { permission: P.update, features } as const;

/** LMQ checklists and the task checklists applied to cases (case-modules.md §7). */
export const ChecklistEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    query: ChecklistListQuery,
    response: pagedResult(ChecklistDto),
    access: read,
    summary: 'Checklists (also the selection list)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    params: IdParams,
    response: ChecklistDto,
    access: read,
    summary: 'One checklist',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    body: CreateChecklistInput,
    response: ChecklistDto,
    access: { permission: P.create, features },
    summary: 'Add a checklist; its criteria are its default set',
    tags,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    params: IdParams,
    body: UpdateChecklistInput,
    response: ChecklistDto,
    access: write,
    summary: 'Rename or describe a checklist',
    tags,
  }),
  copy: endpoint({
    method: 'POST',
    path: `${BASE}/:id/copy`,
    params: IdParams,
    response: ChecklistDto,
    access: { permission: P.create, features },
    summary: 'Copy a checklist with its criteria',
    tags,
  }),
  resetToDefault: endpoint({
    method: 'POST',
    path: `${BASE}/:id/resetToDefault`,
    params: IdParams,
    body: ChecklistStampInput,
    response: ChecklistDto,
    access: write,
    summary: 'Bring back the default criteria',
    tags,
  }),
  enable: endpoint({
    method: 'POST',
    path: `${BASE}/:id/enable`,
    params: IdParams,
    response: ChecklistDto,
    access: write,
    summary: 'Offer the checklist again',
    tags,
  }),
  disable: endpoint({
    method: 'POST',
    path: `${BASE}/:id/disable`,
    params: IdParams,
    response: ChecklistDto,
    access: write,
    summary: 'Stop offering the checklist',
    tags,
  }),
  criterias: endpoint({
    method: 'GET',
    path: `${BASE}/:id/criterias`,
    params: IdParams,
    response: z.object({ items: z.array(ChecklistCriterion) }),
    access: read,
    summary: 'A checklist’s criteria in order',
    tags,
  }),
  updateCriterias: endpoint({
    method: 'PUT',
    path: `${BASE}/:id/criterias`,
    params: IdParams,
    body: UpdateCriteriaInput,
    response: ChecklistDto,
    access: write,
    summary: 'Replace a checklist’s criteria',
    tags,
  }),
  taskList: endpoint({
    method: 'GET',
    path: TASKS,
    query: TaskChecklistListQuery,
    response: z.object({ items: z.array(TaskChecklistDto), totalCount: z.number().int() }),
    access: read,
    summary: 'The task checklists of a case',
    tags,
  }),
  countLmqStatus: endpoint({
    method: 'GET',
    path: `${TASKS}/countLmqStatus`,
    query: CountLmqStatusQuery,
    response: LmqStatusCount,
    access: read,
    summary: 'Task checklists by status (of one case, or of every case the caller sees)',
    tags,
  }),
  taskCreate: endpoint({
    method: 'POST',
    path: TASKS,
    body: CreateTaskChecklistInput,
    response: TaskChecklistDto,
    access: write,
    summary: 'Apply a checklist to a case',
    tags,
  }),
  taskUpdateCriterias: endpoint({
    method: 'PUT',
    path: `${TASKS}/:id/criterias`,
    params: IdParams,
    body: UpdateTaskCriteriaInput,
    response: TaskChecklistDto,
    access: write,
    summary: 'Set the status of a task checklist’s items',
    tags,
  }),
  taskResetCriterias: endpoint({
    method: 'POST',
    path: `${TASKS}/:id/reset-criterias`,
    params: IdParams,
    body: ChecklistStampInput,
    response: TaskChecklistDto,
    access: write,
    summary: 'Start the task checklist again from its checklist’s criteria',
    tags,
  }),
};
