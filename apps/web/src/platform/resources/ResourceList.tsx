import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormMessages, SEARCH_DEBOUNCE_MS } from '@casebook/domain';
import { useApi } from '../api/api-client';
import { resourceCalls } from './resourceCalls';
import { DataTable, dataTableKey, useDebouncedValue, type DataColumn } from '../controls';
import { CellValue } from './cells';
import { useResourceActions } from './resourceActions';
import { filterQuery, hasFilter, ListFilters, type FilterValues } from './ListFilters';
import { humanize, referenceCandidates, type ResourceMetadata } from './metadata';
import { DELETE_PROMPT, SuccessMessages, useScreen } from './ScreenContext';
import { saveFile } from './saveFile';
import { resourceKeys } from './useResourceMetadata';

type Row = Record<string, unknown> & { id: string; isActive?: boolean };

/** Audit times go last: the resource's own fields say more. */
const AUDIT_COLUMNS = ['creationTime', 'lastModificationTime', 'lastLoginTime'];

/**
 * The list's columns: the export columns, in their order with audit times last; references are
 * named after what they refer to ('Country', not 'Country Id').
 */
function listColumns(metadata: ResourceMetadata) {
  const own = metadata.exportColumns.filter((c) => !AUDIT_COLUMNS.includes(c.key));
  const audit = metadata.exportColumns.filter((c) => AUDIT_COLUMNS.includes(c.key));
  return [...own, ...audit].map((c) =>
    /Ids?$/.test(c.key) && referenceCandidates(c.key, metadata.references).length
      ? { ...c, header: humanize(c.key) }
      : c,
  );
}

/** The exports' rule (spec): a search text or a filter first, and files of 500 rows. */
export const exportTooltip = (rows: number) => `Exports are split into files of ${rows} rows each`;

/**
 * The generic list of a resource: search (500 ms), its filters and Active/Inactive, sorting and
 * paging by the server, export, and per row enable/disable and delete.
 */
export function ResourceList({ metadata }: { metadata: ResourceMetadata }) {
  const api = useApi();
  const screen = useScreen();
  const queryClient = useQueryClient();
  const may = useResourceActions(metadata);
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<FilterValues>({});
  const [sorting, setSorting] = useState<string | undefined>(metadata.defaultSorting);
  const [exporting, setExporting] = useState(false);
  // One debounce for the search box and the filters, compared as text so re-renders do not restart it.
  const applied = useDebouncedValue(JSON.stringify({ search: search.trim(), filters }), SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => {
    const { search: filterText, filters: values } = JSON.parse(applied) as { search: string; filters: FilterValues };
    return { filterText: filterText || undefined, ...filterQuery(values) };
  }, [applied]);

  const calls = resourceCalls(api, metadata.name);
  const tableKey = resourceKeys.table(metadata.name);
  const detailPath = (id: string) => `/view/${metadata.name}/detail/${id}`;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dataTableKey(tableKey) }),
      queryClient.invalidateQueries({ queryKey: ['selection-list', metadata.name] }),
    ]);

  /** Runs a row action; a failure has had its notice from the client. */
  const act = async (run: () => Promise<unknown>, success: string) => {
    try {
      await run();
      screen.success(success);
      await refresh();
    } catch {
      // The client has shown the server's notice.
    }
  };

  const remove = async (row: Row) => {
    if (!(await screen.confirm({ title: DELETE_PROMPT, danger: true }))) return;
    await act(() => calls.delete(row.id), SuccessMessages.deleted);
  };

  const exportRows = async () => {
    if (!search.trim() && !hasFilter(filters)) {
      screen.warning(FormMessages.exportNeedsFilter);
      return;
    }
    setExporting(true);
    try {
      const file = await calls.export({ filterText: search.trim() || undefined, ...filterQuery(filters), sorting });
      saveFile(file.blob, file.fileName);
    } catch {
      // The client has shown why.
    } finally {
      setExporting(false);
    }
  };

  // The input schema first: it states enums the DTO does not (roles).
  const schemaOf = (key: string) => metadata.createInput.properties?.[key] ?? metadata.dto.properties?.[key];
  const shown = listColumns(metadata);
  const columns: DataColumn<Row>[] = shown.map((column, index) => ({
    key: column.key,
    title: column.header,
    sortable: metadata.sorting.includes(column.key),
    render: (row) => {
      const value = (
        <CellValue
          field={column.key}
          value={row[column.key]}
          schema={schemaOf(column.key)}
          references={metadata.references}
          labels={metadata.choiceLabels?.[column.key]}
        />
      );
      // The first column links to the record (a new browser tab with Ctrl); a click anywhere on the row opens it.
      if (index > 0) return value;
      return (
        <a
          href={detailPath(row.id)}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            screen.navigate(detailPath(row.id));
          }}
        >
          {value}
        </a>
      );
    },
  }));

  const canChange = may.update && metadata.hasIsActive;
  const canDelete = may.delete;
  const actions =
    canChange || canDelete
      ? {
          title: 'Actions',
          render: (row: Row) => (
            <Space size={0}>
              {canChange && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => act(() => calls.setActive(row.id, !row.isActive), SuccessMessages.saved)}
                >
                  {row.isActive ? 'Disable' : 'Enable'}
                </Button>
              )}
              {canDelete && (
                <Button type="link" size="small" danger onClick={() => remove(row)}>
                  Delete
                </Button>
              )}
            </Space>
          ),
        }
      : undefined;

  const fetchPage = (request: { skipCount: number; maxResultCount: number; sorting?: string }, signal: AbortSignal) =>
    calls.list<Row>({ ...query, ...request }, { signal });

  return (
    <Flex vertical gap="middle" className="screen">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {metadata.title}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={exportTooltip(metadata.exportRowsPerFile)}>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportRows}>
              Export
            </Button>
          </Tooltip>
          {may.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => screen.navigate(`/view/${metadata.name}/add`)}
            >
              Add
            </Button>
          )}
        </Space>
      </Flex>
      <DataTable<Row>
        tableKey={tableKey}
        label={metadata.title}
        columns={columns}
        queryKey={[query]}
        fetchPage={fetchPage}
        rowKey={(row) => row.id}
        defaultSorting={metadata.defaultSorting}
        onSortingChange={setSorting}
        onOpenRow={(row) => screen.navigate(detailPath(row.id))}
        actions={actions}
        toolbar={
          <>
            <Input
              aria-label="Search"
              placeholder="Search"
              prefix={<SearchOutlined />}
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ width: 240 }}
            />
            <ListFilters metadata={metadata} values={filters} onChange={setFilters} />
          </>
        }
      />
    </Flex>
  );
}
