import {
  CaseEndpoints,
  type BillingStatus,
  type CaseDto,
  type CaseListInput,
  type CaseServiceType,
  type ImeStatus,
} from '@casebook/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';

/** The list screen's filters, as the API takes them. */
export type CaseFilters = {
  serviceType: CaseServiceType;
  filterText?: string | undefined;
  status?: ImeStatus[] | undefined;
  dateFrom?: string | null | undefined;
  dateTo?: string | null | undefined;
  specialistId?: string | null | undefined;
  companyId?: string | null | undefined;
  caseManagerId?: string | null | undefined;
  centreId?: string | null | undefined;
  billingStatus?: BillingStatus | null | undefined;
};

/** True when the user has searched or filtered (the export needs one or the other). */
export function hasFilter(filters: CaseFilters): boolean {
  const { serviceType: _serviceType, status, ...rest } = filters;
  return (status?.length ?? 0) > 0 || Object.values(rest).some((v) => v !== undefined && v !== null && v !== '');
}

export const caseKeys = {
  all: ['cases'] as const,
  one: (id: string) => ['cases', 'one', id] as const,
  logs: (id: string) => ['cases', 'logs', id] as const,
  counts: (filters: CaseFilters) => ['cases', 'counts', filters] as const,
};

/**
 * After a call that answers with the case: the page shows the saved case (and its new stamp) at once,
 * and the other queries that show it are read again, one after the other.
 */
export async function showSavedCase(queryClient: QueryClient, saved: CaseDto, refresh: readonly QueryKey[]) {
  queryClient.setQueryData(caseKeys.one(saved.id), saved);
  for (const queryKey of refresh) await queryClient.invalidateQueries({ queryKey });
}

export const casesApi = {
  list: (api: ApiClient, filters: CaseFilters, page: Record<string, unknown>, signal?: AbortSignal) =>
    callEndpoint(
      api,
      CaseEndpoints.list,
      { query: { ...filters, ...(page as Omit<CaseListInput, keyof CaseFilters>) } },
      signal ? { signal } : {},
    ),
  counts: (api: ApiClient, filters: CaseFilters, signal?: AbortSignal) =>
    callEndpoint(
      api,
      CaseEndpoints.countCaseStatus,
      { query: { ...filters, status: undefined } },
      signal ? { signal } : {},
    ),
  get: (api: ApiClient, id: string) => callEndpoint(api, CaseEndpoints.get, { params: { id } }),
  logs: (api: ApiClient, id: string) => callEndpoint(api, CaseEndpoints.statusLogs, { query: { objectId: id } }),
};
