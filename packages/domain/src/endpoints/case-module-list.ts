import { z } from 'zod';
import type { CaseModuleDeclaration } from '../cases/modules/define';
import { PagedListInput } from '../paging';

/** What the list's filter needs of a module: a summary (`MedicalRecordModuleSummary`) or the whole declaration. */
export type CaseModuleSummary = Pick<CaseModuleDeclaration, 'title' | 'permissionGroup' | 'features' | 'statuses'>;

/** A module's cases per status (`counts`). */
export const ModuleStatusCountsDto = z.object({
  totalCount: z.number(),
  items: z.array(z.object({ status: z.string(), count: z.number() })),
  /** For a module that keeps a due date: the cases past it under the filter. */
  overdueCount: z.number().optional(),
});

const statusFilter = (m: CaseModuleSummary) => {
  const one = z.enum(Object.keys(m.statuses) as [string, ...string[]]);
  // A query string repeats `status` for several; one value arrives as a string.
  return z.union([one.transform((s) => [s]), z.array(one)]).optional();
};

/** The list's filter of a module: a page, the text and the statuses (one or several). */
export const caseModuleListInput = (m: CaseModuleSummary) =>
  PagedListInput.pick({ skipCount: true, maxResultCount: true, filterText: true }).extend({
    status: statusFilter(m),
  });
