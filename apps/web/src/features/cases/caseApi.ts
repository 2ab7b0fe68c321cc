import type {
  CaseDto,
  CaseListItemDto,
  CaseServiceType,
  CaseStatusLogDto,
  ImeStatus,
  PagedResult,
} from '@casebook/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../platform/api/api-client';

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
  billingStatus?: string | null | undefined;
};

/** The path with repeated status parameters; the other filters go in the query. */
export function filterQuery(filters: CaseFilters) {
  const { status = [], ...rest } = filters;
  const search = status.map((s) => `status=${encodeURIComponent(s)}`).join('&');
  return { search: search ? `?${search}` : '', query: rest };
}

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
  list: (api: ApiClient, filters: CaseFilters, page: Record<string, unknown>, signal?: AbortSignal) => {
    const { search, query } = filterQuery(filters);
    return api.get<PagedResult<CaseListItemDto>>(`/api/app/assessments${search}`, {
      query: { ...query, ...(page as Record<string, string | number>) },
      ...(signal ? { signal } : {}),
    });
  },
  counts: (api: ApiClient, filters: CaseFilters, signal?: AbortSignal) => {
    const { search, query } = filterQuery({ ...filters, status: [] });
    return api.get<{ totalCount: number; items: { status: ImeStatus; count: number }[] }>(
      `/api/app/case-status-logs/countCaseStatus${search}`,
      { query, ...(signal ? { signal } : {}) },
    );
  },
  get: (api: ApiClient, id: string) => api.get<CaseDto>(`/api/app/assessments/${id}`),
  logs: (api: ApiClient, id: string) =>
    api.get<PagedResult<CaseStatusLogDto>>('/api/app/case-status-logs', { query: { objectId: id } }),
};
