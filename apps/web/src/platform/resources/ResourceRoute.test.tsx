import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AllPermissionNames,
  ErrorMessages,
  FormMessages,
  Permissions,
  AuditEndpoints,
  CountriesResource,
  endpointPath,
  resourceEndpoints,
  SystemConfigEndpoints,
} from '@casebook/domain';
import { ApiError } from '../api/api-client';
import { fakeApi, renderWithApi, type Call } from '../controls/testing/fakeApi';
import { ResourceRoute } from './ResourceRoute';
import { countriesMetadata } from './testing/fixtures';

const countryEndpoints = resourceEndpoints(CountriesResource);

const AU = {
  id: 'au',
  name: 'Australia',
  code: 'AU',
  isActive: true,
  creationTime: '2026-11-01T00:00:00Z',
  lastModificationTime: null,
  concurrencyStamp: 's1',
};

/** The countries API; `override` answers a call first (return undefined to fall through). */
function countriesApi(override: (call: Call) => unknown = () => undefined) {
  return fakeApi((call) => {
    const answer = override(call);
    if (answer !== undefined) return answer;
    if (call.path === countryEndpoints.metadata.path) return countriesMetadata;
    if (call.path === SystemConfigEndpoints.getUserTableSettings.path) return { items: [] };
    if (call.method === 'GET' && call.path === countryEndpoints.list.path) return { totalCount: 1, items: [AU] };
    if (call.method === 'GET' && call.path === endpointPath(countryEndpoints.get, { id: 'au' })) return AU;
    if (call.method === 'PUT' && call.path === endpointPath(countryEndpoints.get, { id: 'au' }))
      return { ...AU, ...(call.body as object), concurrencyStamp: 's2' };
    if (call.method === 'POST' && call.path === countryEndpoints.list.path) return { ...AU, id: 'new-id' };
    if (call.method === 'DELETE') return undefined;
    if (call.method === 'DOWNLOAD') return { blob: new Blob(['x']), fileName: 'countries.xlsx' };
    throw new Error(`unexpected ${call.method} ${call.path}`);
  });
}

function renderRoute(
  api: ReturnType<typeof countriesApi>,
  mode: 'list' | 'add' | 'detail',
  id?: string,
  permissions: readonly string[] = AllPermissionNames,
) {
  const onNavigate = vi.fn();
  renderWithApi(<ResourceRoute resource="countries" mode={mode} id={id} onNavigate={onNavigate} />, api, {
    permissions,
  });
  return { onNavigate, user: userEvent.setup() };
}

const notice = (text: string) => screen.findByText(text, { selector: '.ant-notification-notice-description' });

describe('list', () => {
  // The longest screen test here (two notices, typing, two exports): more time on a busy machine.
  it('refuses to export without a search text or filter, and exports with one', { timeout: 30_000 }, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const api = countriesApi();
    const { user } = renderRoute(api, 'list');
    await screen.findByText('Australia');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await notice(FormMessages.exportNeedsFilter)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DOWNLOAD')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'aus');
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'DOWNLOAD')).toBeDefined());
    expect(api.calls.find((c) => c.method === 'DOWNLOAD')).toMatchObject({
      path: countryEndpoints.export.path,
      query: { filterText: 'aus', sorting: 'name asc' },
    });
  });

  it('opens a record from its first column and the add screen from Add', async () => {
    const { user, onNavigate } = renderRoute(countriesApi(), 'list');
    await user.click(await screen.findByRole('link', { name: 'Australia' }));
    expect(onNavigate).toHaveBeenCalledWith('/view/countries/detail/au');
    await user.click(screen.getByRole('button', { name: /Add/ }));
    expect(onNavigate).toHaveBeenCalledWith('/view/countries/add');
  });

  it('opens a record whose first column is empty from anywhere on its row, by click or Enter', async () => {
    const untitled = { ...AU, id: 'nameless', name: '' };
    const api = countriesApi((call) =>
      call.method === 'GET' && call.path === countryEndpoints.list.path
        ? { totalCount: 1, items: [untitled] }
        : undefined,
    );
    const { user, onNavigate } = renderRoute(api, 'list');
    const row = (await screen.findByText('AU')).closest('tr')!;
    // The row's own buttons do their own thing.
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(onNavigate).not.toHaveBeenCalled();
    await user.click(within(row).getByText('AU'));
    expect(onNavigate).toHaveBeenCalledWith('/view/countries/detail/nameless');
    onNavigate.mockClear();
    row.focus();
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledWith('/view/countries/detail/nameless');
  });

  it('deletes after the confirm', async () => {
    const api = countriesApi();
    const { user } = renderRoute(api, 'list');
    await screen.findByText('Australia');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Do you want to delete this record?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await notice('Data has been deleted successfully.')).toBeTruthy();
    expect(
      api.calls.some((c) => c.method === 'DELETE' && c.path === endpointPath(countryEndpoints.get, { id: 'au' })),
    ).toBe(true);
  });

  it('shows only the actions the user holds the permission for', async () => {
    const readOnly = AllPermissionNames.filter(
      (p) => p !== Permissions.countries.update && p !== Permissions.countries.create,
    );
    renderRoute(countriesApi(), 'list', undefined, readOnly);
    await screen.findByText('Australia');
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('detail and add', () => {
  it('offers no Save, Delete or View changes to a user without those permissions', async () => {
    const reader = AllPermissionNames.filter(
      (p) =>
        p !== Permissions.countries.update &&
        p !== Permissions.countries.delete &&
        p !== Permissions.entityChanges.read,
    );
    renderRoute(countriesApi(), 'detail', 'au', reader);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /View changes/ })).toBeNull();
  });

  it('saves the schema fields with the concurrency stamp', async () => {
    const api = countriesApi();
    const { user } = renderRoute(api, 'detail', 'au');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Australia Edited');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await notice('Data has been saved successfully.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Australia Edited',
      code: 'AU',
      isActive: true,
      concurrencyStamp: 's1',
    });
  });

  it('keeps the form as it is when the record changed meanwhile (409)', async () => {
    const api = countriesApi((call) => {
      if (call.method === 'PUT') throw new ApiError(409, 'Casebook:Concurrency', ErrorMessages.concurrency);
      return undefined;
    });
    const { user } = renderRoute(api, 'detail', 'au');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' X');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((name as HTMLInputElement).value).toBe('Australia X');
    expect(screen.queryByText('Data has been saved successfully.')).toBeNull();
  });

  it('puts the server’s validation messages on their fields', async () => {
    const api = countriesApi((call) => {
      if (call.method === 'PUT') {
        throw new ApiError(400, 'Casebook:Duplicate', 'A country with this code already exists.', [
          { message: 'A country with this code already exists.', members: ['code'] },
        ]);
      }
      return undefined;
    });
    const { user } = renderRoute(api, 'detail', 'au');
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('A country with this code already exists.')).toBeTruthy();
  });

  it('shows the history of the record in "View changes"', async () => {
    const api = countriesApi((call) =>
      call.path === AuditEndpoints.listEntityChanges.path
        ? {
            totalCount: 1,
            items: [
              {
                id: 'h1',
                changeType: 'Updated',
                propertyName: 'name',
                originalValue: 'Australia',
                newValue: 'Australia Edited',
                user: { id: 'u1', displayName: 'Avery Adminstaff' },
                changeTime: '2026-11-20T03:00:00Z',
              },
            ],
          }
        : undefined,
    );
    const { user } = renderRoute(api, 'detail', 'au');
    await user.click(await screen.findByRole('button', { name: /View changes/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Australia Edited');
    expect(within(dialog).getByText('Avery Adminstaff')).toBeTruthy();
    expect(api.calls.find((c) => c.path === AuditEndpoints.listEntityChanges.path)?.query).toEqual({
      entityId: 'au',
      maxResultCount: 100,
    });
  });

  it('tells the shell about unsaved changes and saves them when asked', async () => {
    const api = countriesApi();
    const onUnsavedChange = vi.fn();
    const onRecordName = vi.fn();
    renderWithApi(
      <ResourceRoute
        resource="countries"
        mode="detail"
        id="au"
        onNavigate={vi.fn()}
        onUnsavedChange={onUnsavedChange}
        onRecordName={onRecordName}
      />,
      api,
    );
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(onRecordName).toHaveBeenCalledWith('Australia');
    await userEvent.setup().type(name, ' Edited');
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(true, expect.any(Function)));
    const save = onUnsavedChange.mock.lastCall?.[1] as () => Promise<boolean>;
    await expect(save()).resolves.toBe(true);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ name: 'Australia Edited' });
    await waitFor(() => expect(onUnsavedChange).toHaveBeenLastCalledWith(false, undefined));
  });

  it('adds a record and opens its detail in the add form’s place', async () => {
    const api = countriesApi();
    const { user, onNavigate } = renderRoute(api, 'add');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Testland');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'tl');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await notice('Data has been added successfully')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Testland', code: 'tl', isActive: true });
    expect(onNavigate).toHaveBeenCalledWith('/view/countries/detail/new-id', { replace: true });
  });

  it('says which fields are required before calling the server', async () => {
    const api = countriesApi();
    const { user } = renderRoute(api, 'add');
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(screen.getAllByText(FormMessages.required)).toHaveLength(2));
    expect(await notice(FormMessages.incomplete)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
