import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthMessages, endpointPath, Permissions, UserEndpoints } from '@casebook/domain';
import { fakeApi, renderWithApi } from '../../platform/controls/testing/fakeApi';
import { ScreenProvider } from '../../platform/resources/ScreenContext';
import { UserPasswordActions } from './UserPasswordActions';

const notice = (text: string) => screen.findByText(text, { selector: '.ant-notification-notice-description' });

function render(permissions: readonly string[]) {
  const api = fakeApi((call) => (call.method === 'POST' ? { message: AuthMessages.resendPassword } : { id: 'u1' }));
  renderWithApi(
    <ScreenProvider navigate={vi.fn()}>
      <UserPasswordActions id="u1" />
    </ScreenProvider>,
    api,
    { permissions },
  );
  return { api, user: userEvent.setup() };
}

describe("a user's password actions", () => {
  it('resets the password after the spec question, and says the login information was sent', async () => {
    const { api, user } = render([Permissions.users.managePasswords]);
    await user.click(screen.getByRole('button', { name: /Reset password/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Do you want to reset password? New password will be sent to the user automatically.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await notice('Resend login Information successfully!')).toBeTruthy();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: endpointPath(UserEndpoints.resendPassword, { id: 'u1' }),
      query: undefined,
      body: undefined,
    });
  });

  it('sets a password typed by hand only when it meets the rule', { timeout: 20_000 }, async () => {
    const { api, user } = render([Permissions.users.managePasswords]);
    await user.click(screen.getByRole('button', { name: /Set password/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('New password'), 'weak');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(AuthMessages.passwordRule)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Strong!2026pw');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        path: endpointPath(UserEndpoints.setPassword, { id: 'u1' }),
        query: undefined,
        body: { password: 'Strong!2026pw' },
      }),
    );
    expect(await notice('Data has been saved successfully.')).toBeTruthy();
  });

  it('shows nothing to someone who may not manage passwords', () => {
    render([Permissions.users.read, Permissions.users.update]);
    expect(screen.queryByRole('button', { name: /Reset password/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Set password/ })).toBeNull();
  });
});
