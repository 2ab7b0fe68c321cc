import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { COLUMN_SETTINGS_DEBOUNCE_MS, SystemConfigEndpoints, type EndpointOutput } from '@casebook/domain';
import { useApi, type ApiClient } from '../api/api-client';
import { callEndpoint, endpointKey, endpointQuery } from '../api/endpoints';

type TableSettings = EndpointOutput<typeof SystemConfigEndpoints.getUserTableSettings>;

/** One column of a user's table setting (spec §3: tableKey, columns (name, hidden)). */
export type ColumnSetting = TableSettings['items'][number]['columns'][number];

const settingsInput = (tableKey: string) => ({ query: { tableKey } });
const settingsKey = (tableKey: string) =>
  endpointKey(SystemConfigEndpoints.getUserTableSettings, settingsInput(tableKey));

/**
 * The saved order and visibility applied to the declared columns: saved columns in saved order, then
 * columns added since in their declared order; saved names no longer declared are dropped.
 */
export function arrangeColumns(declared: readonly string[], saved: readonly ColumnSetting[]): ColumnSetting[] {
  const known = saved.filter((s) => declared.includes(s.name));
  const seen = new Set(known.map((s) => s.name));
  return [...known, ...declared.filter((name) => !seen.has(name)).map((name) => ({ name, hidden: false }))];
}

function save(api: ApiClient, tableKey: string, columns: ColumnSetting[]) {
  const body = { tableKey, columns };
  return callEndpoint(api, SystemConfigEndpoints.updateUserTableSetting, { body }, { silent: true }).catch(() => {
    // A setting that could not be saved only costs the user the layout next time.
  });
}

/**
 * The signed-in user's column order and visibility for one table: loaded from `userTableSettings`,
 * changed at once on screen and saved 1 s after the last change (spec §9).
 */
export function useColumnSettings(tableKey: string, declared: readonly string[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  const loaded = useQuery({
    ...endpointQuery(api, SystemConfigEndpoints.getUserTableSettings, settingsInput(tableKey), { silent: true }),
    select: (data) => data.items.find((item) => item.tableKey === tableKey)?.columns ?? [],
    staleTime: Infinity,
  });
  const [edited, setEdited] = useState<ColumnSetting[] | undefined>(undefined);
  const pending = useRef<ColumnSetting[] | undefined>(undefined);

  const declaredKey = declared.join('\n');
  const columns = useMemo(
    () => arrangeColumns(declaredKey.split('\n'), edited ?? loaded.data ?? []),
    [declaredKey, edited, loaded.data],
  );

  useEffect(() => {
    if (!edited) return;
    pending.current = edited;
    const timer = setTimeout(() => {
      pending.current = undefined;
      queryClient.setQueryData<TableSettings>(settingsKey(tableKey), { items: [{ tableKey, columns: edited }] });
      void save(api, tableKey, edited);
    }, COLUMN_SETTINGS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [edited, api, tableKey, queryClient]);

  // Leaving the screen within the second still keeps the change.
  useEffect(
    () => () => {
      const columns = pending.current;
      if (!columns) return;
      queryClient.setQueryData<TableSettings>(settingsKey(tableKey), { items: [{ tableKey, columns }] });
      void save(api, tableKey, columns);
    },
    [api, tableKey, queryClient],
  );

  const change = useCallback((next: ColumnSetting[]) => setEdited(next), []);
  return { columns, change, ready: !loaded.isPending };
}
