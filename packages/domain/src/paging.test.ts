import { describe, expect, test } from 'vitest';
import { PagedListInput, parseSorting } from './paging';

describe('parseSorting', () => {
  const allowed = ['name', 'code', 'creationTime'];

  test('reads fields with optional directions, case-insensitively', () => {
    expect(parseSorting('Name desc, code', allowed)).toEqual({
      ok: true,
      terms: [
        { field: 'name', direction: 'desc' },
        { field: 'code', direction: 'asc' },
      ],
    });
    expect(parseSorting('creationtime ASC', allowed)).toEqual({
      ok: true,
      terms: [{ field: 'creationTime', direction: 'asc' }],
    });
  });

  test('an empty string means the default order', () => {
    expect(parseSorting(undefined, allowed)).toEqual({ ok: true, terms: [] });
    expect(parseSorting('  ', allowed)).toEqual({ ok: true, terms: [] });
  });

  test.each([
    'password',
    'name; drop table x',
    'name asc nulls first',
    'name sideways',
    '(select 1)',
    'name,',
    'name asc, ',
  ])('refuses %j', (sorting) => {
    expect(parseSorting(sorting, allowed).ok).toBe(false);
  });
});

describe('PagedListInput', () => {
  test('defaults to the first 20 rows', () => {
    expect(PagedListInput.parse({})).toMatchObject({ skipCount: 0, maxResultCount: 20 });
  });

  test('reads query-string numbers and booleans', () => {
    expect(
      PagedListInput.parse({ skipCount: '40', maxResultCount: '1000', isSelectionList: 'true', isActive: 'False' }),
    ).toMatchObject({
      skipCount: 40,
      maxResultCount: 1000,
      isSelectionList: true,
      isActive: false,
    });
  });

  test.each([
    [{ maxResultCount: '0' }, 'maxResultCount'],
    [{ maxResultCount: '1001' }, 'maxResultCount'],
    [{ maxResultCount: '-5' }, 'maxResultCount'],
    [{ maxResultCount: '2.5' }, 'maxResultCount'],
    [{ skipCount: '-1' }, 'skipCount'],
    [{ skipCount: 'ten' }, 'skipCount'],
    [{ filterText: 'x'.repeat(201) }, 'filterText'],
    [{ isActive: 'maybe' }, 'isActive'],
  ])('refuses %j naming %s', (input, field) => {
    const result = PagedListInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
