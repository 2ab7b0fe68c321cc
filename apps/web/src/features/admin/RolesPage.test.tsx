import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { Permissions, RoleEndpoints } from '@casebook/domain';
import { answering, fakeApi, isCallOf, on, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { NoticesContext, SAVED_MESSAGE, type Notices } from '../../platform/notices/notices';
import { Explanation, RolesPage } from './RolesPage';

const A = 'Casebook.Alpha';
const B = 'Casebook.Beta';
const C = 'Casebook.Gamma';

function render(permissions: string[]) {
  const api = fakeApi(
    answering(
      [
        on(RoleEndpoints.listRoles, () => ({
          totalCount: 2,
          items: [
            { name: 'STAFF', permissions: [A, B] },
            { name: 'TENANT_ADMIN', permissions: [A, B, C] },
          ],
        })),
        on(RoleEndpoints.listPermissions, () => ({
          items: [
            { name: A, defaultRoles: ['STAFF', 'TENANT_ADMIN'] },
            { name: B, defaultRoles: ['TENANT_ADMIN'] },
            { name: C, defaultRoles: ['TENANT_ADMIN'] },
          ],
        })),
        on(RoleEndpoints.setRolePermissions, (call) => ({
          name: 'STAFF',
          ...(call.body as { permissions: string[] }),
        })),
      ],
      // The why panel's user picker.
      () => ({ totalCount: 0, items: [] }),
    ),
  );
  const notices = { success: vi.fn(), error: vi.fn(), warning: vi.fn() } satisfies Notices;
  renderWithApi(
    <App>
      <NoticesContext.Provider value={notices}>
        <RolesPage />
      </NoticesContext.Provider>
    </App>,
    api,
    { permissions },
  );
  return Object.assign(api, { notices });
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Roles', () => {
  it("ticks Staff's permissions, marks those not at their default, and Save sends the ticked ones", async () => {
    const api = render([Permissions.roles.read, Permissions.roles.update]);
    await waitFor(() => expect(box(A).checked).toBe(true));
    expect(box(B).checked).toBe(true);
    expect(box(C).checked).toBe(false);
    // Beta is granted to Staff in this tenant, though not by default.
    const beta = screen.getByRole('row', { name: new RegExp(B) });
    expect(within(beta).getByText('Not the default')).toBeTruthy();

    fireEvent.click(box(A));
    expect(box(A).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save (1 changed)' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => isCallOf(c, RoleEndpoints.setRolePermissions))).toMatchObject({
      path: expect.stringContaining('/STAFF/'),
      body: { permissions: [B] },
    });
    await waitFor(() => expect(api.notices.success).toHaveBeenCalledWith(SAVED_MESSAGE));
  });

  it('shows the ticks without Save or reset to someone who may not change grants', async () => {
    render([Permissions.roles.read]);
    await waitFor(() => expect(box(A).checked).toBe(true));
    expect(box(A).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to defaults' })).toBeNull();
  });

  it('shows the verdict and each reason, marked as allowing or refusing', () => {
    renderWithApi(
      <Explanation
        answer={{
          userId: 'u',
          userName: 'Sam Staff',
          subject: 'IME Assessments (/view/assessments)',
          allowed: false,
          verdict: 'Sam Staff cannot open IME Assessments.',
          reasons: [
            { rule: 'role', allows: true, text: 'The screen is open to role Staff.' },
            { rule: 'role', allows: false, text: 'Casebook.Assessment was revoked from role Staff.' },
          ],
        }}
      />,
      fakeApi(() => undefined),
    );
    expect(screen.getByRole('alert').textContent).toContain('Refused');
    expect(screen.getByRole('alert').textContent).toContain('Sam Staff cannot open IME Assessments.');
    const items = within(screen.getByRole('list', { name: 'Reasons' })).getAllByRole('listitem');
    expect(items.map((i) => [within(i).getByRole('img').getAttribute('aria-label'), i.textContent])).toEqual([
      ['allows', 'The screen is open to role Staff.'],
      ['refuses', 'Casebook.Assessment was revoked from role Staff.'],
    ]);
  });
});
