import {
  BgColorsOutlined,
  DownOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MessageOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { REVOKE_MENU_ITEM } from '@casebook/domain';
import { addAccount, switchToAccount } from '../../auth/oidc';
import { savedAccounts, type SavedAccount } from '../../auth/savedAccounts';
import { useSession } from '../session/useSession';
import { useWorkspace } from '../tabs/useWorkspace';

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

function expiryOf(account: SavedAccount): string {
  if (!account.oidcUser || !account.expireAt) return 'signed out';
  const at = new Date(account.expireAt * 1000);
  return at.getTime() > Date.now()
    ? `session until ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`
    : 'session expired';
}

function accountLabel(account: SavedAccount) {
  return (
    <span className="saved-account">
      <span className="saved-account-name">{account.displayName}</span>
      <span className="saved-account-detail">
        {account.userName} · {account.tenantName || 'Host'} · {account.email}
      </span>
      <span className="saved-account-detail">{expiryOf(account)}</span>
    </span>
  );
}

/**
 * The header's account menu: My Details, Change password, Theme settings, Send feedback, the saved
 * accounts to switch to, REVOKE for an impersonated session, and Sign out.
 */
export function AccountMenu() {
  const { profile, tenant, impersonated } = useSession();
  const { open, confirmLeave } = useWorkspace();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'theme'>();
  const [others, setOthers] = useState<SavedAccount[]>([]);

  const leave = async (then: () => unknown) => {
    if (await confirmLeave()) await then();
  };

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      className: 'account-menu-who',
      label: (
        <span className="saved-account">
          <span className="saved-account-name">{profile.fullName}</span>
          <span className="saved-account-detail">
            {profile.email} · {tenant.name}
          </span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'details', icon: <IdcardOutlined aria-hidden />, label: 'My Details' },
    { key: 'password', icon: <KeyOutlined aria-hidden />, label: 'Change password' },
    { key: 'theme', icon: <BgColorsOutlined aria-hidden />, label: 'Theme settings' },
    { key: 'feedback', icon: <MessageOutlined aria-hidden />, label: 'Send feedback' },
    { type: 'divider' },
    {
      key: 'switch',
      icon: <SwapOutlined aria-hidden />,
      label: 'Switch account',
      children: [
        ...others.map((account) => ({ key: `account:${account.key}`, label: accountLabel(account) })),
        { key: 'add-account', icon: <UserAddOutlined aria-hidden />, label: 'Add another account' },
      ],
    },
    ...(impersonated
      ? [{ key: 'revoke', icon: <RollbackOutlined aria-hidden />, label: REVOKE_MENU_ITEM.label, danger: true }]
      : []),
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Sign out' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
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

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick }}
        // Saved accounts change in other tabs; read them each time the menu opens.
        onOpenChange={(visible) => visible && setOthers(savedAccounts().filter((a) => a.key !== profile.id))}
      >
        <button type="button" className="account-button" aria-label="Account menu">
          <span className="account-avatar" aria-hidden>
            {initialsOf(profile.fullName)}
          </span>
          <span className="account-button-name">{profile.fullName}</span>
          {impersonated && <span className="impersonation-badge">impersonating</span>}
          <DownOutlined aria-hidden />
        </button>
      </Dropdown>
      <Suspense>
        {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(undefined)} />}
        {dialog === 'theme' && <ThemeSettingsDialog open onClose={() => setDialog(undefined)} />}
      </Suspense>
    </>
  );
}
