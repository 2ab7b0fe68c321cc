import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Roles, resourceEndpoints, UsersResource } from '@casebook/domain';
import { SessionContext } from '../../app/session/useSession';
import type { Session } from '../../app/session/sessionTypes';
import { fakeApi, renderWithApi } from '../controls/testing/fakeApi';
import { describeFields } from './metadata';
import { ResourceRoute } from './ResourceRoute';
import { limitRoleChoices } from './roleChoices';
import { countriesMetadata, usersMetadata } from './testing/fixtures';

const roleOptions = (caller: { roles: string[]; isHost: boolean } | undefined, resource = 'users') =>
  limitRoleChoices(describeFields(usersMetadata.createInput, usersMetadata), resource, caller).find(
    (f) => f.name === 'roles',
  )?.options;

describe('role choices in the user forms', () => {
  it('offers no role above the signed-in user', () => {
    expect(roleOptions({ roles: ['ADMIN_STAFF'], isHost: false })).toEqual(Roles.filter((r) => r !== 'TENANT_ADMIN'));
    expect(roleOptions({ roles: ['STAFF'], isHost: false })).toEqual([
      'STAFF',
      'ACCOUNTING',
      'CASE_MANAGER',
      'SPECIALIST',
      'CONTRACTOR',
      'INSURER',
    ]);
    expect(roleOptions({ roles: ['TENANT_ADMIN'], isHost: false })).toEqual([...Roles]);
    expect(roleOptions({ roles: ['TENANT_ADMIN'], isHost: true })).toEqual([...Roles]);
    expect(roleOptions({ roles: ['SPECIALIST'], isHost: false })).toEqual([]);
    // Other forms, and forms outside a session, are left alone.
    expect(roleOptions({ roles: ['STAFF'], isHost: false }, 'user-groups')).toEqual([...Roles]);
    expect(roleOptions(undefined)).toEqual([...Roles]);
    const countries = describeFields(countriesMetadata.createInput, countriesMetadata);
    expect(limitRoleChoices(countries, 'countries', { roles: ['STAFF'], isHost: false })).toEqual(countries);
  });

  it('the add-user form of admin staff does not offer the tenant admin role', async () => {
    const api = fakeApi((call) => {
      if (call.path === resourceEndpoints(UsersResource).metadata.path) return usersMetadata;
      throw new Error(`unexpected ${call.method} ${call.path}`);
    });
    const session = { profile: { roles: [{ name: 'ADMIN_STAFF' }], tenantId: 'tenant-1' } } as unknown as Session;
    renderWithApi(
      <SessionContext.Provider value={session}>
        <ResourceRoute resource="users" mode="add" onNavigate={vi.fn()} />
      </SessionContext.Provider>,
      api,
    );
    await userEvent.setup().click(await screen.findByRole('combobox', { name: 'Roles' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toHaveLength(Roles.length - 1);
    expect(offered).toContain('Admin staff');
    expect(offered.filter((title) => /tenant admin/i.test(title ?? ''))).toEqual([]);
  });
});
