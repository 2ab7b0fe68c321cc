import { z } from 'zod';
import type { CaseModuleDeclaration, StepDeclaration } from '../cases/modules/define';
import { CaseVisibilities } from '../cases/dto';
import { optionalId, optionalTextArea } from '../fields';
import { Uuid } from '../ids';
import { PagedListInput, pagedResult } from '../paging';
import { endpoint, type Endpoint } from './endpoint';

/**
 * The calls every declared case module answers, made from its declaration: list and counts by status, get,
 * create, status log, and one PUT per declared step with the step's own input. Module-only calls are declared
 * beside these in the module's own endpoints file.
 */

const IdParams = z.object({ id: Uuid });

/** A case of a declared module: the shared core and the module's own fields by name. */
export const ModuleCaseDto = z.object({
  id: z.string(),
  caseNo: z.string(),
  serviceType: z.string(),
  status: z.string(),
  statusDate: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  caseManagerId: z.string(),
  caseManagerName: z.string(),
  specialistId: z.string().nullable(),
  specialistName: z.string().nullable(),
  bookingNotes: z.string().nullable(),
  visibility: z.enum(CaseVisibilities),
  /** The module's own fields (dates as YYYY-MM-DD), as its details table holds them. */
  fields: z.record(z.string(), z.string().nullable()),
  creationTime: z.string(),
  concurrencyStamp: z.string(),
});
export type ModuleCaseDto = z.infer<typeof ModuleCaseDto>;

export const ModuleCaseListItemDto = ModuleCaseDto.pick({
  id: true,
  caseNo: true,
  serviceType: true,
  status: true,
  statusDate: true,
  clientName: true,
  companyName: true,
  caseManagerName: true,
  specialistName: true,
  creationTime: true,
}).extend({
  /** For a module that keeps a due date: the date, and whether the case is past it in a status that counts. */
  dueDate: z.string().nullable().optional(),
  overdue: z.boolean().optional(),
});
export type ModuleCaseListItemDto = z.infer<typeof ModuleCaseListItemDto>;

export const ModuleStatusCountsDto = z.object({
  totalCount: z.number(),
  items: z.array(z.object({ status: z.string(), count: z.number() })),
  /** For a module that keeps a due date: the cases past it under the filter. */
  overdueCount: z.number().optional(),
});

export const ModuleStatusLogDto = z.object({
  id: z.string(),
  statusFrom: z.string().nullable(),
  statusName: z.string(),
  prefixedStatusName: z.string(),
  statusDate: z.string(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type ModuleStatusLogDto = z.infer<typeof ModuleStatusLogDto>;

/** A new case of a module: its parties; the number comes from the module's prefix. */
export const CreateModuleCaseInput = z.strictObject({
  clientId: Uuid,
  caseManagerId: Uuid,
  specialistId: optionalId,
  bookingNotes: optionalTextArea,
});
export type CreateModuleCaseInput = z.infer<typeof CreateModuleCaseInput>;

const statusFilter = (m: CaseModuleDeclaration) => {
  const one = z.enum(Object.keys(m.statuses) as [string, ...string[]]);
  // A query string repeats `status` for several; one value arrives as a string.
  return z.union([one.transform((s) => [s]), z.array(one)]).optional();
};

/** The body of a step's call: the declared input, plus `confirmed` when a date rule of the step asks for it. */
export function stepBody(step: StepDeclaration<string, never>): z.ZodType {
  const asks = step.dateRules?.some((r) => r.outcome === 'confirm');
  return asks && step.input instanceof z.ZodObject
    ? step.input.extend({ confirmed: z.boolean().default(false) })
    : step.input;
}

/** The step calls of a module, keyed by step: `PUT {base}/:id/{step}`. */
export type ModuleStepEndpoints = Record<
  string,
  Endpoint<'PUT', string, typeof IdParams, undefined, z.ZodType, typeof ModuleCaseDto>
>;

/** Every shared call of one declared module under its base path. */
export function caseModuleEndpoints(m: CaseModuleDeclaration, base: string) {
  const group = `Casebook.${m.permissionGroup}`;
  const features = m.features;
  const read = { permission: group, features } as const;
  const update = { permission: `${group}.Update`, features } as const;
  const create = { permission: `${group}.Create`, features } as const;
  const tags = [m.title];
  const ListInput = PagedListInput.pick({ skipCount: true, maxResultCount: true, filterText: true }).extend({
    status: statusFilter(m),
  });
  const steps: ModuleStepEndpoints = Object.fromEntries(
    Object.entries<StepDeclaration<string, never>>(m.steps).map(([key, step]) => [
      key,
      endpoint({
        method: 'PUT',
        path: `${base}/:id/${key}`,
        params: IdParams,
        body: stepBody(step),
        response: ModuleCaseDto,
        access: update,
        summary: `${step.label}: saves the step and moves the status as the module declares`,
        tags,
      }),
    ]),
  );
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      query: ListInput,
      response: pagedResult(ModuleCaseListItemDto),
      access: read,
      tags,
    }),
    counts: endpoint({
      method: 'GET',
      path: `${base}/countCaseStatus`,
      query: ListInput,
      response: ModuleStatusCountsDto,
      access: read,
      summary: 'Cases per status under the filter (the status filter left out)',
      tags,
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      params: IdParams,
      response: ModuleCaseDto,
      access: read,
      tags,
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      body: CreateModuleCaseInput,
      response: ModuleCaseDto,
      access: create,
      tags,
    }),
    statusLogs: endpoint({
      method: 'GET',
      path: `${base}/:id/statusLogs`,
      params: IdParams,
      response: pagedResult(ModuleStatusLogDto),
      access: read,
      tags,
    }),
    steps,
  };
}

export type CaseModuleEndpoints = ReturnType<typeof caseModuleEndpoints>;

/** The flat list of a module's calls, for the catalogue. */
export function moduleEndpointList(e: CaseModuleEndpoints): Endpoint[] {
  const { steps, ...rest } = e;
  return [...Object.values(rest), ...Object.values(steps)];
}
