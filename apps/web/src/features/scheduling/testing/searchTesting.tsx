import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { defaultPermissionsFor, ResourceEndpoints, type Role } from '@casebook/domain';
import { SessionContext } from '../../../app/session/useSession';
import type { Session } from '../../../app/session/sessionTypes';
import { WorkspaceContext, type Workspace } from '../../../app/tabs/useWorkspace';
import type { ApiClient } from '../../../platform/api/api-client';
import { createApiClient } from '../../../platform/api/client';
import { renderWithApi } from '../../../platform/controls/testing/fakeApi';
import { NoticesContext, type Notices } from '../../../platform/notices/notices';

/** A request the screen sent over HTTP, as the stubbed fetch saw it. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
/** The stub's answer: a JSON body with a status (200 unless given), or a promise of one. */
export type StubAnswer = { status?: number; body: unknown };

/**
 * The real API client over a stubbed fetch: the screen's requests go through the same URL building,
 * JSON encoding and error-envelope parsing as in the browser, and `answer` plays the server.
 */
export function stubbedServer(answer: (request: SentRequest) => StubAnswer | Promise<StubAnswer>) {
  const requests: SentRequest[] = [];
  const showError = vi.fn<(message: string) => void>();
  const api = createApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, 'http://casebook.test');
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      // The selection lists of the filters (specialty, accreditation) start empty.
      const reply =
        request.path === ResourceEndpoints['lookup-configs'].list.path
          ? { body: { totalCount: 0, items: [] } }
          : await answer(request);
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    },
    showError,
  });
  return { api, requests, showError };
}

/** The ABP error envelope of a 400 naming one field. */
export const invalid = (field: string, message: string): StubAnswer => ({
  status: 400,
  body: {
    error: {
      code: 'Casebook:Validation',
      message: 'Your request is not valid!',
      validationErrors: [{ message, members: [field] }],
    },
  },
});

/** A promise and the function that settles it, to hold an answer while the screen shows it is loading. */
export function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

/** Renders a screen as a user with these roles would see it: their default permissions unless given. */
export function renderAs(
  roles: Role[],
  ui: ReactElement,
  api: ApiClient,
  permissions: ReadonlySet<string> = defaultPermissionsFor(roles),
) {
  const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
  const workspace = { open: vi.fn() } as unknown as Workspace;
  const session = {
    profile: { roles: roles.map((name) => ({ name })) },
    tenant: { timezone: 'Australia/Sydney' },
    permissions,
  } as unknown as Session;
  const rendered = renderWithApi(
    <SessionContext.Provider value={session}>
      <NoticesContext.Provider value={notices}>
        <WorkspaceContext.Provider value={workspace}>{ui}</WorkspaceContext.Provider>
      </NoticesContext.Provider>
    </SessionContext.Provider>,
    api,
  );
  return { ...rendered, notices, workspace, user: userEvent.setup() };
}
