import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { defaultPermissionsFor, type CaseDto } from '@casebook/domain';
import { SessionContext } from '../../../app/session/useSession';
import type { Session } from '../../../app/session/sessionTypes';
import { ApiContext, useApi } from '../../../platform/api/api-client';
import { createApiClient } from '../../../platform/api/client';
import { createNotices, NoticesContext } from '../../../platform/notices/notices';
import { caseKeys, casesApi } from '../caseApi';

/** One request as the server received it: method, path, query and JSON body. */
export type ServerRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
/** The server's answer: an HTTP status (200 unless given) and a JSON body. */
export type ServerAnswer = { status?: number; body?: unknown };

/** The ABP error envelope the server answers a failed call with. */
export const failure = (
  status: number,
  code: string,
  message: string,
  validationErrors?: { message: string; members: string[] }[],
): ServerAnswer => ({ status, body: { error: { code, message, ...(validationErrors ? { validationErrors } : {}) } } });

/**
 * A stand-in for the HTTP server behind the real API client: it records each request and answers from
 * `route`, so a screen runs through the same client, error catalogue and notices as in the browser.
 */
export function fakeServer(route: (request: ServerRequest) => ServerAnswer) {
  const requests: ServerRequest[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const parsed = new URL(url, 'http://casebook.test');
    const request: ServerRequest = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    await Promise.resolve();
    const answer = route(request);
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetch,
    requests,
    /** The requests that change something, in order. */
    writes: () => requests.filter((r) => r.method !== 'GET'),
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;

/** The signed-in shell's API client and notices (antd's), wired to the fake server. */
function SignedIn({ server, children }: { server: FakeServer; children: ReactNode }) {
  const { notification } = App.useApp();
  const notices = useMemo(() => createNotices(notification), [notification]);
  const api = useMemo(() => createApiClient({ fetch: server.fetch, showError: notices.error }), [server, notices]);
  return (
    <NoticesContext.Provider value={notices}>
      <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
    </NoticesContext.Provider>
  );
}

/** The case as the detail page reads it; the tab gets the case in the cache, as on the page. */
function CaseFromServer({ id, tab }: { id: string; tab: (c: CaseDto) => ReactElement }) {
  const api = useApi();
  const query = useQuery({ queryKey: caseKeys.one(id), queryFn: () => casesApi.get(api, id), staleTime: 0 });
  return query.data ? tab(query.data) : null;
}

/** Renders a tab of the case detail page for a signed-in user of the given roles. */
export function renderCaseTab(
  server: FakeServer,
  caseId: string,
  tab: (c: CaseDto) => ReactElement,
  { roles = ['STAFF'], timezone = 'Australia/Sydney' }: { roles?: string[]; timezone?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const session = {
    user: { isAuthenticated: true, isHost: false, roles },
    tenant: { timezone },
    permissions: defaultPermissionsFor(roles),
  } as unknown as Session;
  const result = render(
    <App>
      <SessionContext.Provider value={session}>
        <QueryClientProvider client={queryClient}>
          <SignedIn server={server}>
            <CaseFromServer id={caseId} tab={tab} />
          </SignedIn>
        </QueryClientProvider>
      </SessionContext.Provider>
    </App>,
  );
  return { ...result, queryClient, user: userEvent.setup() };
}

/** Waits for a notice (Success, Error, Warning) with the text, as the shell shows it. */
export async function findNotice(title: 'Success' | 'Error' | 'Warning', text: string): Promise<Element> {
  let found: Element | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll('.ant-notification-notice')].find(
      (n) => n.textContent?.includes(title) && n.textContent.includes(text),
    );
    if (!found) throw new Error(`No ${title} notice "${text}"`);
  });
  return found!;
}

/** The options of the open drop-down. */
export const dropdownOption = (text: string) =>
  [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === text);

/** The field's shown value (an antd Select's chosen label, an input's text). */
export function shownValue(field: HTMLElement): string {
  if (field instanceof HTMLInputElement && !field.closest('.ant-select')) return field.value;
  return field.closest('.ant-select')?.textContent ?? '';
}

/** The error messages shown under the field. */
export function fieldErrors(field: HTMLElement): string[] {
  const item = field.closest('.ant-form-item');
  return [...(item?.querySelectorAll('.ant-form-item-explain-error') ?? [])]
    .filter((e) => !e.className.includes('leave'))
    .map((e) => e.textContent ?? '');
}

/** A case as the server answers it, with the given values. */
export function caseOf(values: Partial<CaseDto> = {}): CaseDto {
  return {
    id: '01900000-0000-7000-8000-0000000000c1',
    caseNo: 'IME-000042',
    serviceType: 'IME',
    status: 'APPOINTMENT_CONFIRMED',
    statusDate: '2027-02-20T01:00:00.000Z',
    clientId: '01900000-0000-7000-8000-0000000000b1',
    clientName: 'Claire Claimant',
    companyId: '01900000-0000-7000-8000-0000000000e1',
    companyName: 'Harbour Law',
    caseManagerId: '01900000-0000-7000-8000-0000000000f1',
    caseManagerName: 'Morgan Booker',
    specialistId: '01900000-0000-7000-8000-0000000000a1',
    specialistName: 'Doug Doctor',
    billingStatus: 'NOT_READY',
    visibility: 'EVERYONE',
    visibilityGroupId: null,
    bookingNotes: 'Left knee',
    privateNotes: 'Pays late',
    isHighRisk: false,
    highRiskReason: null,
    specialistWithoutContract: false,
    appointmentDate: '2027-03-02',
    appointmentTime: '09:30',
    appointmentType: 'INPERSON',
    centreId: null,
    centreName: null,
    isFileReview: false,
    paperworkSentDate: null,
    paperworkNotes: null,
    attendance: 'NONE',
    attendanceDate: null,
    attendanceNotes: null,
    cancellationType: null,
    cancellationDate: null,
    cancellationReason: null,
    dictationReceivedDate: null,
    reportDraftSentDate: null,
    reportReceivedDate: null,
    reportCompletedDate: null,
    reportSentDate: null,
    rebookedFromId: null,
    openActionCount: 0,
    creationTime: '2027-02-20T01:00:00.000Z',
    creatorId: null,
    lastModificationTime: null,
    concurrencyStamp: 'stamp-1',
    ...values,
  };
}
