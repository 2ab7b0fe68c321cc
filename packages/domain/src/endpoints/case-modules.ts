import { z } from 'zod';
import type { CaseModuleDeclaration, StepDeclaration } from '../cases/modules/define';
import {
  ActionItemDto,
  CaseVisibilities,
  CheckExistCaseNoDto,
  CheckExistCaseNoInput,
  CreateActionItemInput,
  SendReportStatusInput,
  UpdateActionItemInput,
} from '../cases/dto';
import { Permissions } from '../permissions';
import { EmailPreviewDto, EmailTrackingDto } from '../correspondence';
import { optionalId, optionalTextArea } from '../fields';
import { Uuid } from '../ids';
import { pagedResult } from '../paging';
import { caseModuleCountsEndpoint } from './case-module-counts';
import { caseModuleListInput, ModuleStatusCountsDto } from './case-module-list';
import { endpoint, type Endpoint } from './endpoint';

export { caseModuleCountsEndpoint } from './case-module-counts';
export { caseModuleListInput, ModuleStatusCountsDto, type CaseModuleSummary } from './case-module-list';

/**
 * The calls every declared case module answers, made from its declaration: list, counts by status and overdue
 * counts, export, get, create, `checkExistCaseNo`, rebook, status log, one PUT per declared step with the step's
 * own input, and — where the declaration has the part — `sendReportStatus` (`reportSent`) and the e-mails of its
 * templates (`emailTemplates`: preview, send, resend). Module-only calls are declared beside these in the
 * module's own endpoints file.
 */

const IdParams = z.object({ id: Uuid });
const EmailParams = z.object({ id: Uuid, emailId: Uuid });

/** Is this number a case of the module (under the caller's access)? */
export const ModuleCaseNoQuery = CheckExistCaseNoInput.pick({ caseNo: true }).meta({ id: 'ModuleCaseNoQuery' });

/** A rebook that may tell the booking case manager the claimant did not attend (the module's notice). */
export const ModuleRebookInput = z
  .strictObject({ notifyCaseDNA: z.boolean().default(false) })
  .meta({ id: 'ModuleRebookInput' });
/** A rebook of a module that sends no non-attendance notice. */
export const ModuleRebookQuietInput = z
  .strictObject({
    notifyCaseDNA: z.literal(false, { error: 'This kind of case sends no non-attendance notice.' }).optional(),
  })
  .meta({ id: 'ModuleRebookQuietInput' });

/** Values an e-mail of the case is rendered with besides the case's own, and an edited text to render instead. */
const EmailExtras = {
  extraParams: z.record(z.string(), z.string().max(4000)).optional(),
  subject: z.string().max(500).optional(),
  templateContent: z.string().max(200_000).optional(),
};

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

/** The e-mail calls of a module that has templates: preview, send and resend, each on one of its cases. */
function emailEndpoints(
  m: CaseModuleDeclaration,
  base: string,
  access: { permission: string; features: readonly string[] },
) {
  const templateKey = z.enum(m.emailTemplates as [string, ...string[]], {
    error: `templateKey must be one of ${m.emailTemplates.join(', ')}`,
  });
  const tags = [m.title];
  const Preview = z.strictObject({ templateKey, ...EmailExtras });
  return {
    emailPreview: endpoint({
      method: 'POST',
      path: `${base}/:id/emails/preview`,
      params: IdParams,
      body: Preview,
      response: EmailPreviewDto,
      access,
      summary: "One of the module's e-mails filled with the case's values and addressed to whom it is for",
      tags,
    }),
    emailSend: endpoint({
      method: 'POST',
      path: `${base}/:id/emails`,
      params: IdParams,
      body: Preview.extend({ email: z.email({ error: 'The Email field is not a valid e-mail address.' }) }),
      response: EmailTrackingDto,
      access,
      summary: "Render one of the module's e-mails for the case and send it (the case's correspondence lists it)",
      tags,
    }),
    emailResend: endpoint({
      method: 'POST',
      path: `${base}/:id/emails/:emailId/resend`,
      params: EmailParams,
      response: EmailTrackingDto,
      access,
      summary: 'Send an e-mail of the case again (as a new message)',
      tags,
    }),
  };
}

const ItemParams = z.object({ id: Uuid, itemId: Uuid });

/**
 * The action items of a module's cases (present when the module declares the `ActionRequired` tab): listed,
 * added, changed and cleared on the case, with the action-item permissions and the module's features.
 */
function actionItemEndpoints(m: CaseModuleDeclaration, base: string) {
  const tags = [m.title];
  const access = (permission: string) => ({ permission, features: m.features }) as const;
  return {
    actionItems: endpoint({
      method: 'GET',
      path: `${base}/:id/action-required`,
      params: IdParams,
      response: pagedResult(ActionItemDto),
      access: access(Permissions.actionItems.read),
      tags,
    }),
    createActionItem: endpoint({
      method: 'POST',
      path: `${base}/:id/action-required`,
      params: IdParams,
      body: CreateActionItemInput.omit({ objectId: true }),
      response: ActionItemDto,
      access: access(Permissions.actionItems.create),
      tags,
    }),
    updateActionItem: endpoint({
      method: 'PUT',
      path: `${base}/:id/action-required/:itemId`,
      params: ItemParams,
      body: UpdateActionItemInput,
      response: ActionItemDto,
      access: access(Permissions.actionItems.update),
      tags,
    }),
    deleteActionItem: endpoint({
      method: 'DELETE',
      path: `${base}/:id/action-required/:itemId`,
      params: ItemParams,
      response: z.void().describe('Deleted'),
      status: 204,
      access: access(Permissions.actionItems.delete),
      summary: 'Clear an action item from its case',
      tags,
    }),
  };
}

/** Every shared call of one declared module under its base path. */
export function caseModuleEndpoints(m: CaseModuleDeclaration, base: string) {
  const group = `Casebook.${m.permissionGroup}`;
  const features = m.features;
  const read = { permission: group, features } as const;
  const update = { permission: `${group}.Update`, features } as const;
  const create = { permission: `${group}.Create`, features } as const;
  const tags = [m.title];
  const ListInput = caseModuleListInput(m);
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
  const ExportInput = ListInput.omit({ skipCount: true, maxResultCount: true });
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      query: ListInput,
      response: pagedResult(ModuleCaseListItemDto),
      access: read,
      tags,
    }),
    export: endpoint({
      method: 'GET',
      path: `${base}/export`,
      query: ExportInput,
      access: read,
      summary: 'Download Search Results: the filtered list as xlsx (a zip of 500-row files when longer)',
      tags,
    }),
    countOverdue: endpoint({
      method: 'GET',
      path: `${base}/countOverdueCaseStatus`,
      query: ListInput,
      response: ModuleStatusCountsDto,
      access: read,
      summary: 'Cases per status that have waited in it longer than the module allows',
      tags,
    }),
    checkExistCaseNo: m.ownCalls?.includes('checkExistCaseNo')
      ? undefined
      : endpoint({
          method: 'GET',
          path: `${base}/checkExistCaseNo`,
          query: ModuleCaseNoQuery,
          response: CheckExistCaseNoDto,
          access: read,
          tags,
        }),
    rebook: endpoint({
      method: 'POST',
      path: `${base}/:id/rebook`,
      params: IdParams,
      body: m.nonAttendanceTemplate ? ModuleRebookInput : ModuleRebookQuietInput,
      response: ModuleCaseDto,
      access: create,
      summary: 'A new case for the same parties in the first status, linked to this one',
      tags,
    }),
    sendReportStatus: m.reportSent
      ? endpoint({
          method: 'POST',
          path: `${base}/:id/sendReportStatus`,
          params: IdParams,
          body: SendReportStatusInput,
          response: ModuleCaseDto,
          access: update,
          summary: 'Record the report sent on a date and send it to the case manager',
          tags,
        })
      : undefined,
    ...(m.tabs.some((t) => t.key === 'ActionRequired')
      ? actionItemEndpoints(m, base)
      : {
          actionItems: undefined,
          createActionItem: undefined,
          updateActionItem: undefined,
          deleteActionItem: undefined,
        }),
    ...(m.emailTemplates.length > 0
      ? emailEndpoints(m, base, update)
      : { emailPreview: undefined, emailSend: undefined, emailResend: undefined }),
    counts: caseModuleCountsEndpoint(m, base),
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
  return [...Object.values(rest).filter((x): x is NonNullable<typeof x> => x !== undefined), ...Object.values(steps)];
}
