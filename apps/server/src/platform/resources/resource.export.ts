import type { FastifyReply } from 'fastify';
import { formatInZone } from '@casebook/domain';
import yazl from 'yazl';
import type { RequestContext } from '../access/context';
import { businessRule } from '../http/errors';
import type { ResourceDefinition } from './resource';
import type { ListQuery, ResourceService } from './resource.service';

/** Rows per exported workbook, as the spec's export tooltip says. */
export const EXPORT_ROWS_PER_FILE = 500;
/** Largest export; beyond it the caller is asked to narrow the search. */
export const EXPORT_MAX_ROWS = 100_000;

const exportTooLarge = (rows: number) =>
  businessRule(`The export would have ${rows} rows; narrow the search to at most ${EXPORT_MAX_ROWS} rows.`);

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

/** A spreadsheet column: the row's key, its header, and how a value is written when not as is. */
export type SpreadsheetColumn<T> = { key: keyof T & string; header: string; format?: (value: unknown) => unknown };

/** An instant as the API sends it (ISO 8601 in UTC); a date alone (YYYY-MM-DD) is not one. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A value as a cell: lists joined, an instant written as people of the tenant read it ("25 Nov 2026
 * 13:56 AEDT") rather than as UTC text; everything else as it is.
 */
function cell(value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatInZone(value, timeZone, true);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatInZone(new Date(value), timeZone, true);
  return Array.isArray(value) ? value.join(', ') : value;
}

async function workbook<T>(
  sheetTitle: string,
  columns: readonly SpreadsheetColumn<T>[],
  rows: T[],
  timeZone: string,
): Promise<Buffer> {
  // The spreadsheet library loads with the first export, not with the server.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetTitle.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const value = (row as Record<string, unknown>)[c.key];
          return [c.key, cell(c.format ? c.format(value) : value, timeZone)];
        }),
      ),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type ExportFile = { fileName: string; contentType: string; body: Buffer };

/**
 * Rows as spreadsheets: one workbook `{name}.xlsx` when they fit in 500 rows, otherwise a zip
 * `{name}.zip` of workbooks of 500 rows each (`{name}-1.xlsx`, …), numbered in the rows' order.
 * `forEachPage` hands over the rows a page of at most 500 at a time.
 */
export async function exportSpreadsheets<T>(options: {
  name: string;
  sheetTitle: string;
  columns: readonly SpreadsheetColumn<T>[];
  /** The tenant's zone: instants are written in it. */
  timeZone: string;
  forEachPage: (pageSize: number, onPage: (rows: T[]) => Promise<void>) => Promise<void>;
}): Promise<ExportFile> {
  const files: Buffer[] = [];
  await options.forEachPage(EXPORT_ROWS_PER_FILE, async (rows) => {
    files.push(await workbook(options.sheetTitle, options.columns, rows, options.timeZone));
  });
  // An empty result is still one workbook, with its headers.
  if (files.length === 0) files.push(await workbook(options.sheetTitle, options.columns, [], options.timeZone));
  if (files.length === 1) {
    return {
      fileName: `${options.name}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: files[0]!,
    };
  }
  const zip = new yazl.ZipFile();
  const width = String(files.length).length;
  files.forEach((buf, i) => zip.addBuffer(buf, `${options.name}-${String(i + 1).padStart(width, '0')}.xlsx`));
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return { fileName: `${options.name}.zip`, contentType: 'application/zip', body: Buffer.concat(chunks) };
}

/** Rows already in hand as spreadsheets, 500 to a file. */
export function exportRows<T>(options: {
  name: string;
  sheetTitle: string;
  columns: readonly SpreadsheetColumn<T>[];
  timeZone: string;
  rows: T[];
}): Promise<ExportFile> {
  if (options.rows.length > EXPORT_MAX_ROWS) throw exportTooLarge(options.rows.length);
  return exportSpreadsheets({
    ...options,
    forEachPage: async (size, onPage) => {
      for (let i = 0; i < options.rows.length; i += size) await onPage(options.rows.slice(i, i + size));
    },
  });
}

/** The list as spreadsheets, with the resource's export columns. */
export async function exportResource(
  service: ResourceService,
  ctx: RequestContext,
  query: ListQuery,
): Promise<ExportFile> {
  const def = service.def;
  return exportSpreadsheets<Record<string, unknown>>({
    name: def.name,
    sheetTitle: def.title,
    columns: exportColumns(def),
    timeZone: ctx.tenant.timezone,
    forEachPage: async (size, onPage) => {
      await service.forEachPage(ctx, query, size, EXPORT_MAX_ROWS, onPage);
    },
  });
}

/** Answers with an exported file as a download. */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}
