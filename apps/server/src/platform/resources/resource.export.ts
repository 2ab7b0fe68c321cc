import ExcelJS from 'exceljs';
import yazl from 'yazl';
import type { RequestContext } from '../access/context';
import type { ResourceDefinition } from './resource';
import type { ListQuery, ResourceService } from './resource.service';

/** Rows per exported workbook, as the spec's export tooltip says. */
export const EXPORT_ROWS_PER_FILE = 500;
/** Largest export; beyond it the caller is asked to narrow the search. */
export const EXPORT_MAX_ROWS = 100_000;

const BOOKKEEPING = new Set(['id', 'concurrencyStamp', 'creatorId', 'lastModifierId']);

function humanize(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function exportColumns(def: ResourceDefinition): { key: string; header: string }[] {
  return (
    def.exportColumns?.slice() ??
    Object.keys(def.dto.shape)
      .filter((k) => !BOOKKEEPING.has(k))
      .map((key) => ({ key, header: humanize(key) }))
  );
}

async function workbook(def: ResourceDefinition, rows: Record<string, unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(def.title.slice(0, 31));
  const columns = exportColumns(def);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => [
          c.key,
          Array.isArray(row[c.key]) ? (row[c.key] as unknown[]).join(', ') : (row[c.key] ?? ''),
        ]),
      ),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type ExportFile = { fileName: string; contentType: string; body: Buffer };

/**
 * The list as spreadsheets: one workbook when it fits in 500 rows, otherwise a zip of workbooks of
 * 500 rows each, numbered in list order.
 */
export async function exportResource(
  service: ResourceService,
  ctx: RequestContext,
  query: ListQuery,
): Promise<ExportFile> {
  const def = service.def;
  const files: Buffer[] = [];
  await service.forEachPage(ctx, query, EXPORT_ROWS_PER_FILE, EXPORT_MAX_ROWS, async (rows) => {
    files.push(await workbook(def, rows));
  });
  if (files.length === 1) {
    return {
      fileName: `${def.name}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: files[0]!,
    };
  }
  const zip = new yazl.ZipFile();
  const width = String(files.length).length;
  files.forEach((buf, i) => zip.addBuffer(buf, `${def.name}-${String(i + 1).padStart(width, '0')}.xlsx`));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { fileName: `${def.name}.zip`, contentType: 'application/zip', body: Buffer.concat(chunks) };
}
