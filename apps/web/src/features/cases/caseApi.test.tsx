import { describe, expect, it } from 'vitest';
import { CaseEndpoints, CaseListInput } from '@casebook/domain';
import { createApiClient } from '../../platform/api/client';
import { casesApi } from './caseApi';
import { fakeServer, type ServerRequest } from './testing/caseTabHarness';

/** The query string as the server's schema reads it: a repeated name is a list. */
function serverQuery(request: ServerRequest): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(request.query.keys())) {
    const values = request.query.getAll(name);
    query[name] = values.length > 1 ? values : values[0]!;
  }
  return query;
}

const emptyPage = { body: { totalCount: 0, items: [] } };

describe('the case list calls', () => {
  it('send every chosen status and the other filters as the list endpoint reads them', async () => {
    const server = fakeServer(() => emptyPage);
    const api = createApiClient({ fetch: server.fetch, showError: () => undefined });
    await casesApi.list(
      api,
      { serviceType: 'IME', status: ['CASE_CREATED', 'APPOINTMENT_CONFIRMED'], filterText: 'smith', centreId: null },
      { skipCount: 20, maxResultCount: 10 },
    );

    const [request] = server.requests;
    expect(request!.method).toBe(CaseEndpoints.list.method);
    expect(request!.path).toBe(CaseEndpoints.list.path);
    const parsed = CaseListInput.parse(serverQuery(request!));
    expect(parsed.status).toEqual(['CASE_CREATED', 'APPOINTMENT_CONFIRMED']);
    expect(parsed).toMatchObject({ serviceType: 'IME', filterText: 'smith', skipCount: 20, maxResultCount: 10 });
    // An empty filter is left out rather than sent as an empty value the server would refuse.
    expect(request!.query.has('centreId')).toBe(false);
  });

  it('count per status over the other filters, whatever statuses the list shows', async () => {
    const server = fakeServer(() => emptyPage);
    const api = createApiClient({ fetch: server.fetch, showError: () => undefined });
    await casesApi.counts(api, { serviceType: 'IME', status: ['CASE_CREATED'], companyId: 'co-1' });

    const [request] = server.requests;
    expect(request!.path).toBe(CaseEndpoints.countCaseStatus.path);
    expect(request!.query.getAll('status')).toEqual([]);
    expect(request!.query.get('companyId')).toBe('co-1');
  });
});
