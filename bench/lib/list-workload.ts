/**
 * The mix of list requests, shared by the HTTP load (in a worker thread) and the raw-driver loops so
 * both send the database the same work.
 */

export type ListVariant = 'page' | 'filter';

export type ListPick = { tenant: number; skip: number; filterText: string | undefined };

export const PAGE_SIZE = 20;
export const SORTING = 'name asc';

/** Search fragments that match a few per cent of the generated cities (names, states or postcodes). */
export const FILTER_TEXTS = ['bool', 'glen', 'port', 'dale', '41', 'yarra'] as const;

/**
 * One request: a uniformly chosen tenant; for 'page' a page of the whole list, skewed toward the
 * first pages (quadratic) but reaching the last; for 'filter' the first page of a search.
 */
export function pickListRequest(
  variant: ListVariant,
  tenants: number,
  rowsPerTenant: number,
  rand: () => number,
): ListPick {
  const tenant = Math.floor(rand() * tenants);
  if (variant === 'filter') {
    return { tenant, skip: 0, filterText: FILTER_TEXTS[Math.floor(rand() * FILTER_TEXTS.length)]! };
  }
  const pages = Math.max(1, Math.ceil(rowsPerTenant / PAGE_SIZE));
  const r = rand();
  return { tenant, skip: PAGE_SIZE * Math.floor(r * r * pages), filterText: undefined };
}

/** The API path of a pick. */
export function listPath(pick: ListPick): string {
  const q = new URLSearchParams({ maxResultCount: String(PAGE_SIZE), skipCount: String(pick.skip), sorting: SORTING });
  if (pick.filterText !== undefined) q.set('filterText', pick.filterText);
  return `/api/app/cities?${q.toString()}`;
}
