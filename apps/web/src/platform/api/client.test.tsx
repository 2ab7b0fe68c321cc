import { describe, expect, it, vi } from 'vitest';
import { CountriesResource, endpointPath, resourceEndpoints } from '@casebook/domain';
import { ApiError } from './api-client';
import { apiUrl, createApiClient, fileNameOf } from './client';

const countries = resourceEndpoints(CountriesResource);
const oneCountry = endpointPath(countries.get, { id: '1' });

const CONCURRENCY =
  "The data you're working on has been modified by other user. Please refresh to get latest data and try again.";

function clientAnswering(response: () => Response | Promise<Response>) {
  const showError = vi.fn<(message: string) => void>();
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response());
  return { client: createApiClient({ fetch, showError }), showError, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the error catalogue (shell §8)', () => {
  it('409: the concurrency notice', async () => {
    const { client, showError } = clientAnswering(() => json(409, { error: { message: 'stale' } }));
    await expect(client.put(oneCountry, {})).rejects.toMatchObject({ status: 409 });
    expect(showError).toHaveBeenCalledWith(CONCURRENCY);
  });

  it('409 of a room or interpreter already booked: the message naming it', async () => {
    const busy = 'The room Room 1 at Parramatta is already booked at this time.';
    const { client, showError } = clientAnswering(() =>
      json(409, { error: { code: 'Casebook:ResourceBusy', message: busy } }),
    );
    await expect(client.post(oneCountry, {})).rejects.toMatchObject({ status: 409, message: busy });
    expect(showError).toHaveBeenCalledWith(busy);
  });

  it('500: no notice, the error still reaches the caller', async () => {
    const { client, showError } = clientAnswering(() => json(500, { error: { message: 'boom' } }));
    await expect(client.get(countries.list.path)).rejects.toBeInstanceOf(ApiError);
    expect(showError).not.toHaveBeenCalled();
  });

  it('no connection: "Can not connect to the server"', async () => {
    const { client, showError } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get(countries.list.path)).rejects.toMatchObject({ status: 0 });
    expect(showError).toHaveBeenCalledWith('Can not connect to the server');
  });

  it('other failures: response text, else first validation message, else message, else the generic text', async () => {
    const cases: [Response, string][] = [
      [new Response('Gateway says no', { status: 502 }), 'Gateway says no'],
      [
        json(400, {
          error: {
            message: 'Your request is not valid',
            validationErrors: [{ message: 'Name is required', members: ['name'] }],
          },
        }),
        'Name is required',
      ],
      [
        json(422, { error: { message: 'A country with this code already exists.' } }),
        'A country with this code already exists.',
      ],
      [new Response('', { status: 403 }), 'An error occurred, please try again'],
    ];
    for (const [response, expected] of cases) {
      const { client, showError } = clientAnswering(() => response);
      await expect(client.get(countries.list.path)).rejects.toBeInstanceOf(ApiError);
      expect(showError).toHaveBeenCalledWith(expected);
    }
  });

  it('keeps the validation errors on the ApiError, and `silent` shows nothing', async () => {
    const body = {
      error: { code: 'Casebook:Validation', message: 'x', validationErrors: [{ message: 'm', members: ['f'] }] },
    };
    const { client, showError } = clientAnswering(() => json(400, body));
    const error = (await client.get(countries.list.path, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('Casebook:Validation');
    expect(error.validationErrors).toEqual([{ message: 'm', members: ['f'] }]);
    expect(showError).not.toHaveBeenCalled();
  });
});

describe('validation texts in words', () => {
  it('shows "must be a UUID" and other technical texts as words about the field, on the notice and the fields', async () => {
    const body = {
      error: {
        code: 'Casebook:Validation',
        message: 'Your provided data is invalid',
        validationErrors: [
          { message: 'must be a UUID', members: ['centreId'] },
          { message: 'Invalid input: expected string, received undefined', members: ['firstName'] },
        ],
      },
    };
    const { client, showError } = clientAnswering(() => json(400, body));
    const error = (await client.post(countries.list.path, {}).catch((e: unknown) => e)) as ApiError;
    expect(showError).toHaveBeenCalledWith('Please choose a valid centre.');
    expect(error.validationErrors).toEqual([
      { message: 'Please choose a valid centre.', members: ['centreId'] },
      { message: 'First name is required.', members: ['firstName'] },
    ]);
  });
});

describe('requests', () => {
  it('sends JSON and reads JSON, an empty answer as undefined', async () => {
    const { client, fetch } = clientAnswering(() => json(200, { id: 1 }));
    expect(await client.post(countries.list.path, { name: 'A' })).toEqual({ id: 1 });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"A"}');
    const empty = clientAnswering(() => new Response(null, { status: 204 }));
    expect(await empty.client.del(oneCountry)).toBeUndefined();
  });

  it('drops empty, null and undefined query values', () => {
    expect(
      apiUrl(countries.list.path, { filterText: '', skipCount: 0, sorting: null, isActive: true, x: undefined }),
    ).toBe(`${countries.list.path}?skipCount=0&isActive=true`);
    // A path without the leading /api/ is taken as under it.
    expect(apiUrl(countries.list.path.replace(/^\/api\//, ''))).toBe(countries.list.path);
  });

  it('names a download after Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="countries.xlsx"')).toBe('countries.xlsx');
    expect(fileNameOf("attachment; filename=x.zip; filename*=UTF-8''L%C3%A4nder.zip")).toBe('Länder.zip');
    expect(fileNameOf(null, 'export')).toBe('export');
  });
});

describe("the host's tenant choice", () => {
  it('a call made in a picked tenant carries it in the __tenant header; others carry none', async () => {
    const { client, fetch } = clientAnswering(() => json(200, { items: [] }));
    await client.get(countries.list.path, { tenantId: '01890000-0000-7000-8000-000000000001' });
    await client.get(countries.list.path);
    const headers = fetch.mock.calls.map(([, init]) => init.headers as Record<string, string>);
    expect(headers[0]!.__tenant).toBe('01890000-0000-7000-8000-000000000001');
    expect('__tenant' in headers[1]!).toBe(false);
  });
});
