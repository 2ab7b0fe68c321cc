import {
  BgColorsOutlined,
  IdcardOutlined,
  KeyOutlined,
  LogoutOutlined,
  MessageOutlined,
  RollbackOutlined,
  SwapOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { REVOKE_MENU_ITEM } from '@casebook/domain';
import type { SavedAccount } from '../../auth/savedAccounts';
import { useSession } from '../session/useSession';

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
 * The account menu's dropdown (`AccountMenu`): who is signed in, My Details, Change password, Theme settings,
 * Send feedback, the saved accounts to switch to, REVOKE for an impersonated session, and Sign out. Loaded
 * when the menu is first opened.
 */
export function AccountMenuDropdown({
  open,
  onOpenChange,
  onSelect,
  others,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (key: string) => void;
  others: SavedAccount[];
  children: ReactElement;
}) {
  const { profile, tenant, impersonated } = useSession();
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

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{ items, onClick: ({ key }) => onSelect(key) }}
    >
      {children}
    </Dropdown>
  );
}
