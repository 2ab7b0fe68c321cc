import { z } from 'zod';

/** Largest page a list endpoint returns; larger requests are refused, not silently cut. */
export const MAX_RESULT_COUNT = 1000;
/** Page size when the caller does not say. */
export const DEFAULT_RESULT_COUNT = 20;
/** Longest free-text search accepted. */
export const MAX_FILTER_TEXT_LENGTH = 200;

const booleanFromQuery = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .transform((v) => (typeof v === 'boolean' ? v : v.toLowerCase() === 'true'));

/** The ABP paged-list query: skipCount, maxResultCount, sorting, filterText. */
export const PagedListInput = z.object({
  skipCount: z.coerce
    .number({ error: 'skipCount must be a whole number' })
    .int('skipCount must be a whole number')
    .min(0, 'skipCount must not be negative')
    .max(2_000_000_000, 'skipCount is too large')
    .default(0),
  maxResultCount: z.coerce
    .number({ error: 'maxResultCount must be a whole number' })
    .int('maxResultCount must be a whole number')
    .min(1, `maxResultCount must be between 1 and ${MAX_RESULT_COUNT}`)
    .max(MAX_RESULT_COUNT, `maxResultCount must be between 1 and ${MAX_RESULT_COUNT}`)
    .default(DEFAULT_RESULT_COUNT),
  sorting: z.string().max(200, 'sorting is too long').optional(),
  filterText: z
    .string()
    .max(MAX_FILTER_TEXT_LENGTH, `filterText must be at most ${MAX_FILTER_TEXT_LENGTH} characters`)
    .optional(),
  isSelectionList: booleanFromQuery.optional(),
  isActive: booleanFromQuery.optional(),
});
export type PagedListInput = z.infer<typeof PagedListInput>;

/** Parses a query-string boolean ('true'/'false'). */
export const QueryBoolean = booleanFromQuery;

/** `{ totalCount, items }`, the wire shape of every list. */
export const pagedResult = <T extends z.ZodType>(item: T) =>
  z.object({ totalCount: z.number().int(), items: z.array(item) });
export type PagedResult<T> = { totalCount: number; items: T[] };

/** One row of a selection list (drop-downs and pickers). */
export const SelectionListItem = z.object({
  id: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
});
export type SelectionListItem = z.infer<typeof SelectionListItem>;

export type SortDirection = 'asc' | 'desc';
export type SortTerm = { field: string; direction: SortDirection };

/**
 * Parses an ABP `sorting` string ("name asc, code desc") against the fields a list allows.
 * Field names compare case-insensitively. Returns the terms, or the reason the string is refused.
 */
export function parseSorting(
  sorting: string | undefined,
  allowed: readonly string[],
): { ok: true; terms: SortTerm[] } | { ok: false; message: string } {
  if (sorting === undefined || sorting.trim() === '') return { ok: true, terms: [] };
  const byLower = new Map(allowed.map((f) => [f.toLowerCase(), f]));
  const terms: SortTerm[] = [];
  for (const part of sorting.split(',')) {
    const words = part.trim().split(/\s+/);
    const [rawField, rawDirection, ...rest] = words;
    const field = rawField ? byLower.get(rawField.toLowerCase()) : undefined;
    const direction = (rawDirection ?? 'asc').toLowerCase();
    if (!field || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
      return {
        ok: false,
        message: `sorting must be a comma-separated list of "field asc|desc" with fields from: ${allowed.join(', ')}`,
      };
    }
    terms.push({ field, direction });
  }
  return { ok: true, terms };
}
