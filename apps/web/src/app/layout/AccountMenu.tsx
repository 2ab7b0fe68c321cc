import { DownOutlined } from '@ant-design/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REVOKE_MENU_ITEM } from '@casebook/domain';
import { addAccount, switchToAccount } from '../../auth/oidc';
import { savedAccounts, type SavedAccount } from '../../auth/savedAccounts';
import { useSession } from '../session/useSession';
import { useWorkspace } from '../tabs/useWorkspace';

// The menu (antd's dropdown and its icons) loads when first opened: the first screen shows only the button.
const AccountMenuDropdown = lazy(() =>
  import('./AccountMenuDropdown').then((m) => ({ default: m.AccountMenuDropdown })),
);
// The dialogs load when first opened: forms are not part of the shell's first load.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const ThemeSettingsDialog = lazy(() =>
  import('../theme/ThemeSettingsDialog').then((m) => ({ default: m.ThemeSettingsDialog })),
);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * The header's account menu: My Details, Change password, Theme settings, Send feedback, the saved
 * accounts to switch to, REVOKE for an impersonated session, and Sign out.
 */
export function AccountMenu() {
  const { profile, impersonated } = useSession();
  const { open, confirmLeave } = useWorkspace();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'theme'>();
  const [others, setOthers] = useState<SavedAccount[]>([]);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // Keyboard focus stays on the button while the menu's code loads (the button is rendered anew in it).
  const refocus = useRef(false);

  const leave = async (then: () => unknown) => {
    if (await confirmLeave()) await then();
  };

  const onClick = (key: string) => {
    if (key === 'details') open({ path: '/view/login-account' });
    else if (key === 'password') setDialog('password');
    else if (key === 'theme') setDialog('theme');
    else if (key === 'feedback') open({ path: '/view/send-feedback' });
    else if (key === 'add-account') void leave(addAccount);
    else if (key === 'revoke') void leave(() => window.location.assign(REVOKE_MENU_ITEM.path));
    else if (key === 'logout') void leave(() => navigate('/view/logout'));
    else if (key.startsWith('account:')) {
      const account = others.find((a) => `account:${a.key}` === key);
      if (account) void leave(() => switchToAccount(account));
    }
  };

  const onOpenChange = (visible: boolean) => {
    // Saved accounts change in other tabs; read them each time the menu opens.
    if (visible) setOthers(savedAccounts().filter((a) => a.key !== profile.id));
    setMenuOpen(visible);
  };
  const button = (
    <button
      type="button"
      className="account-button"
      aria-label="Account menu"
      ref={(element) => {
        if (element && refocus.current) {
          refocus.current = false;
          element.focus();
        }
      }}
      onClick={
        loaded
          ? undefined
          : (event) => {
              refocus.current = document.activeElement === event.currentTarget;
              setLoaded(true);
              onOpenChange(true);
            }
      }
    >
      <span className="account-avatar" aria-hidden>
        {initialsOf(profile.fullName)}
      </span>
      <span className="account-button-name">{profile.fullName}</span>
      {impersonated && <span className="impersonation-badge">impersonating</span>}
      <DownOutlined aria-hidden />
    </button>
  );

  return (
    <>
      {loaded ? (
        <Suspense fallback={button}>
          <AccountMenuDropdown open={menuOpen} onOpenChange={onOpenChange} onSelect={onClick} others={others}>
            {button}
          </AccountMenuDropdown>
        </Suspense>
      ) : (
        button
      )}
      <Suspense>
        {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(undefined)} />}
        {dialog === 'theme' && <ThemeSettingsDialog open onClose={() => setDialog(undefined)} />}
      </Suspense>
    </>
  );
}
