import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { editionOf, isAdminOrStaff, type Endpoint } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useApi } from '../../platform/api/api-client';
import { callEndpoint } from '../../platform/api/endpoints';
import { saveFile } from '../../platform/resources/saveFile';

/** Export files hold 500 records each (money-integrations-admin.md §9). */
export const EXPORT_FILE_RECORDS = 500;

export type ExportColumn<T> = { title: string; value: (row: T) => string | number | null | undefined };

const cell = (value: string | number | null | undefined) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as CSV: a heading line, then a line a row (quoted where a value needs it). */
export function csvOf<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  return [columns.map((c) => cell(c.title)), ...rows.map((row) => columns.map((c) => cell(c.value(row))))]
    .map((line) => line.join(','))
    .join('\r\n');
}

/**
 * 'Download Search Results' (§2 "List screens"): for the FUNDING PROVIDER and MLP editions, to admin and
 * staff users only. After 'Do you want to download search results?' it fetches the list as filtered, 500
 * records a request, and saves each 500 as one CSV file (`name-1.csv`, `name-2.csv`, ...).
 */
export function DownloadSearchResults<T>({
  endpoint,
  query,
  name,
  columns,
}: {
  /** A paged list endpoint (skipCount, maxResultCount) whose items are T. */
  endpoint: Endpoint;
  query: Record<string, unknown>;
  name: string;
  columns: readonly ExportColumn<T>[];
}) {
  const { tenant, user } = useSession();
  const { modal } = App.useApp();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const edition = editionOf(tenant.editionName);
  if ((edition !== 'FUNDING PROVIDER' && edition !== 'MLP') || !isAdminOrStaff(user)) return null;

  async function download() {
    setBusy(true);
    try {
      for (let part = 1, skipCount = 0; ; part += 1, skipCount += EXPORT_FILE_RECORDS) {
        const input = { query: { ...query, skipCount, maxResultCount: EXPORT_FILE_RECORDS } };
        const page = (await callEndpoint(api, endpoint, input as never)) as unknown as {
          totalCount: number;
          items: T[];
        };
        if (page.items.length > 0 || part === 1) {
          const blob = new Blob([csvOf(columns, page.items)], { type: 'text/csv;charset=utf-8' });
          saveFile(blob, `${name}-${part}.csv`);
        }
        if (skipCount + EXPORT_FILE_RECORDS >= page.totalCount) break;
      }
    } catch {
      // The notice has said why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip title={`The export is split into files of ${EXPORT_FILE_RECORDS} records.`}>
      <Button
        loading={busy}
        onClick={() =>
          modal.confirm({
            title: 'Do you want to download search results?',
            okText: 'Yes',
            cancelText: 'No',
            onOk: () => void download(),
          })
        }
      >
        Download Search Results
      </Button>
    </Tooltip>
  );
}
