import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, useApi, type ApiClient } from '../../platform/api/api-client';
import { useSession } from '../session/useSession';
import { documentTitle } from '../tabs/tabTitles';
import { missingParameter, NOT_FOUND_MESSAGE, PRINT_ERROR_TITLE } from './printMessages';
import './print.css';

export type PrintPageProps<T> = {
  /** The page title, or one made from the loaded data (e.g. the invoice number). */
  title: string | ((data: T) => string);
  /** Query parameters the page cannot do without, in order; the first missing one is named. */
  required?: readonly string[];
  /** Loads what to print; nothing (null, undefined, an empty list) is 'Cannot found'. */
  load: (query: URLSearchParams, api: ApiClient) => Promise<T | null | undefined>;
  render: (data: T) => ReactNode;
  /** Opens the print dialog this long after the data has loaded (the medical request: ~500 ms). */
  autoPrintAfterMs?: number;
  /** More buttons for the toolbar (e.g. Email Daysheets). */
  actions?: ReactNode;
  /** The print button's label (e.g. Print Daysheets). */
  printLabel?: string;
};

/** The error page of a print route: titled 'Something Error'. */
export function PrintError({ message }: { message: string }) {
  useEffect(() => {
    document.title = PRINT_ERROR_TITLE;
  }, []);
  return (
    <main className="print-page print-error">
      <h1>{PRINT_ERROR_TITLE}</h1>
      <p role="alert">{message}</p>
    </main>
  );
}

const isEmpty = (data: unknown) => data === null || data === undefined || (Array.isArray(data) && data.length === 0);

/**
 * The frame of every print and view page (/view/…/print…): outside the tab workspace, a toolbar that
 * does not print, the sheet, print CSS. A missing parameter or an empty result is an error page.
 */
export function PrintPage<T>({
  title,
  required = ['id'],
  load,
  render,
  autoPrintAfterMs,
  actions,
  printLabel = 'Print',
}: PrintPageProps<T>) {
  const api = useApi();
  const { tenant } = useSession();
  const [query] = useSearchParams();
  const missing = required.find((name) => !query.get(name));
  const result = useQuery({
    queryKey: ['print', window.location.pathname, query.toString()],
    queryFn: async () => (await load(query, api)) ?? null,
    enabled: missing === undefined,
    retry: false,
    staleTime: 0,
  });
  const data = result.data;
  const ready = !missing && result.isSuccess && !isEmpty(data);
  const heading = ready ? (typeof title === 'function' ? title(data as T) : title) : undefined;

  useEffect(() => {
    if (heading) document.title = documentTitle(heading, tenant.name);
  }, [heading, tenant.name]);
  useEffect(() => {
    if (!ready || autoPrintAfterMs === undefined) return;
    const timer = window.setTimeout(() => window.print(), autoPrintAfterMs);
    return () => window.clearTimeout(timer);
  }, [ready, autoPrintAfterMs]);

  if (missing) return <PrintError message={missingParameter(missing)} />;
  if (result.isPending) return <Spin className="print-loading" size="large" />;
  if (result.isError) {
    const notFound = result.error instanceof ApiError && result.error.status === 404;
    return <PrintError message={notFound ? NOT_FOUND_MESSAGE : result.error.message} />;
  }
  if (!ready) return <PrintError message={NOT_FOUND_MESSAGE} />;
  return (
    <main className="print-page">
      <div className="print-toolbar no-print">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {printLabel}
        </Button>
        {actions}
      </div>
      <article className="print-sheet">{render(data as T)}</article>
    </main>
  );
}
