import { Empty, Flex, Table, Typography, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorMessages, FormMessages, PAGE_SIZES, type PagedResult } from '@casebook/domain';
import { ApiError } from '../api/api-client';
import { ColumnSettingsButton } from './ColumnSettingsButton';
import { useColumnSettings } from './useColumnSettings';
import { useLoadingHint } from './useLoadingHint';

/** One column: `key` is its name in the user's settings and, when sortable, the field sorted by. */
export type DataColumn<T> = {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  width?: number | string;
  /** Stays in view when the table scrolls sideways, while it is the first column shown. */
  fixedLeft?: boolean;
};

/** The page a table asks for, in the API's paging parameters. */
export type PageRequest = { skipCount: number; maxResultCount: number; sorting?: string };

export type DataTableProps<T> = {
  /** Names the user's column settings (`userTableSettings`). */
  tableKey: string;
  columns: DataColumn<T>[];
  /** What the rows depend on besides the page (search text, filters); a change starts again at page 1. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PagedResult<T>>;
  rowKey: (row: T) => string;
  /** ABP sorting, e.g. "name asc"; shown on its column until the user sorts otherwise. */
  defaultSorting?: string;
  /** A last column that is not part of the settings (row actions). */
  actions?: { title: string; render: (row: T) => ReactNode; width?: number };
  /** Shown left of the Columns button. */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  /** Told when the user sorts, e.g. to export in the same order. */
  onSortingChange?: (sorting: string | undefined) => void;
  /** Opens a row's record: a click anywhere on the row (outside its buttons and links), or Enter on it. */
  onOpenRow?: (row: T) => void;
};

/** The query key prefix of a table's pages, to refresh them after a change. */
export const dataTableKey = (tableKey: string) => ['data-table', tableKey] as const;

type Order = 'ascend' | 'descend';
/** Shown in place of the rows until the first answer. */
export const LOADING_TEXT = 'Loading…';
/** What a click on a row does not open the row through: its own controls. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], .ant-dropdown';
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

function parseSort(sorting: string | undefined): { field: string; order: Order } | undefined {
  const [field, direction] = (sorting ?? '').split(',')[0]?.trim().split(/\s+/) ?? [];
  if (!field) return undefined;
  return { field, order: direction?.toLowerCase() === 'desc' ? 'descend' : 'ascend' };
}

/**
 * A server-paged table: page sizes 20/50/100 (20 first), sorting sent as `sorting`, the user's own
 * column order and visibility, the spec's loading hint after 5 s and 'No Data' when empty.
 */
export function DataTable<T extends object>({
  tableKey,
  columns,
  queryKey,
  fetchPage,
  rowKey,
  defaultSorting,
  actions,
  toolbar,
  label,
  onSortingChange,
  onOpenRow,
}: DataTableProps<T>) {
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number, sorting: defaultSorting });
  // New filters start at the first page (state reset during render, React's pattern for derived state).
  const filtersHash = JSON.stringify(queryKey);
  const [seenFilters, setSeenFilters] = useState(filtersHash);
  if (seenFilters !== filtersHash) {
    setSeenFilters(filtersHash);
    setPaging({ ...paging, page: 1 });
  }
  const page = seenFilters === filtersHash ? paging.page : 1;

  const request: PageRequest = {
    skipCount: (page - 1) * paging.pageSize,
    maxResultCount: paging.pageSize,
    sorting: paging.sorting,
  };
  const rows = useQuery({
    queryKey: [...dataTableKey(tableKey), ...queryKey, request],
    queryFn: ({ signal }) => fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });
  const slow = useLoadingHint(rows.isFetching);

  const settings = useColumnSettings(
    tableKey,
    columns.map((c) => c.key),
  );
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const sort = parseSort(paging.sorting);

  const tableColumns: NonNullable<TableProps<T>['columns']> = settings.columns
    .filter((s) => !s.hidden && byKey.has(s.name))
    .flatMap((s, index) => {
      const column = byKey.get(s.name)!;
      return [
        {
          key: column.key,
          title: column.title,
          width: column.width,
          ...(column.fixedLeft && index === 0 ? { fixed: 'left' as const } : {}),
          render: (_: unknown, row: T) => column.render(row),
          sorter: column.sortable,
          sortOrder: column.sortable && sort?.field === column.key ? sort.order : null,
          sortDirections: ['ascend', 'descend', 'ascend'] as Order[],
        },
      ];
    });
  if (actions) {
    tableColumns.push({
      key: '__actions',
      title: actions.title,
      width: actions.width,
      render: (_: unknown, row: T) => actions.render(row),
    });
  }

  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = typeof s?.columnKey === 'string' ? s.columnKey : undefined;
      const sorting = field && s?.order ? `${field} ${s.order === 'descend' ? 'desc' : 'asc'}` : defaultSorting;
      setPaging({ ...paging, page: 1, sorting });
      onSortingChange?.(sorting);
      return;
    }
    const pageSize = pagination.pageSize ?? paging.pageSize;
    setPaging({ ...paging, pageSize, page: pageSize !== paging.pageSize ? 1 : (pagination.current ?? 1) });
  };

  const forbidden = rows.error instanceof ApiError && rows.error.status === 403;
  // Until the first answer there is nothing to say about the rows: 'No Data' would be wrong for a moment.
  const firstLoad = rows.data === undefined && !rows.isError;
  const onRow: TableProps<T>['onRow'] = onOpenRow
    ? (row) => ({
        tabIndex: 0,
        className: 'data-table-row-opens',
        onClick: (event) => {
          if ((event.target as Element).closest(INTERACTIVE)) return;
          onOpenRow(row);
        },
        onKeyDown: (event) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) onOpenRow(row);
        },
      })
    : undefined;
  return (
    <Flex vertical gap="small">
      <Flex gap="small" align="center" wrap justify="space-between">
        <Flex gap="small" align="center" wrap>
          {toolbar}
        </Flex>
        <ColumnSettingsButton
          columns={settings.columns}
          titles={Object.fromEntries(columns.map((c) => [c.key, c.title]))}
          onChange={settings.change}
          onReset={() => settings.change(columns.map((c) => ({ name: c.key, hidden: false })))}
        />
      </Flex>
      {slow && (
        <Typography.Text type="secondary" role="status">
          {FormMessages.loadingHint}
        </Typography.Text>
      )}
      <Table<T>
        aria-label={label}
        size="middle"
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={rows.data?.items ?? []}
        loading={rows.isFetching}
        onChange={handleChange}
        onRow={onRow}
        locale={{
          emptyText: firstLoad ? (
            <Typography.Text type="secondary" role="status" className="data-table-first-load">
              {LOADING_TEXT}
            </Typography.Text>
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={forbidden ? ErrorMessages.permission : FormMessages.noData}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: paging.pageSize,
          total: rows.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => `${total} ${total === 1 ? 'item' : 'items'}`,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
