import { caseModuleListInput, ModuleStatusCountsDto, type CaseModuleSummary } from './case-module-list';
import { endpoint } from './endpoint';

/**
 * A module's cases per status, `GET {base}/countCaseStatus` (one of `caseModuleEndpoints`). Declared from the
 * module's summary alone, so a screen that shows only the counts (the dashboard) does not load the module's
 * steps and their input schemas. The schemas are in `case-module-list.ts`: the browser's build leaves the
 * query and response out of a declaration, and then this file needs nothing of zod.
 */
export const caseModuleCountsEndpoint = (m: CaseModuleSummary, base: string) =>
  endpoint({
    method: 'GET',
    path: `${base}/countCaseStatus`,
    query: caseModuleListInput(m),
    response: ModuleStatusCountsDto,
    access: { permission: `Casebook.${m.permissionGroup}`, features: m.features },
    summary: 'Cases per status under the filter (the status filter left out)',
    tags: [m.title],
  });
