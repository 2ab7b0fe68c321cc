import {
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  RiseOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { editionCode, matchRoute, type MenuGroup, type MenuItem } from '@casebook/domain';
import { useSession } from '../session/useSession';
import { SidebarPalettes } from '../theme/sidebarColors';
import { useTheme } from '../theme/useTheme';
import { useWorkspace } from '../tabs/useWorkspace';

const GroupIcons: Record<MenuGroup, ReactNode> = {
  Dashboard: <DashboardOutlined aria-hidden />,
  Cases: <FolderOpenOutlined aria-hidden />,
  Scheduling: <CalendarOutlined aria-hidden />,
  Documents: <FileTextOutlined aria-hidden />,
  Billing: <DollarOutlined aria-hidden />,
  Funding: <BankOutlined aria-hidden />,
  'Master data': <DatabaseOutlined aria-hidden />,
  Marketing: <RiseOutlined aria-hidden />,
  Reports: <BarChartOutlined aria-hidden />,
  Administration: <SettingOutlined aria-hidden />,
  Account: <UserOutlined aria-hidden />,
};

function linkOf(item: MenuItem) {
  // Server pages (REVOKE) load in full; the rest open as tabs.
  return item.external ? (
    <a href={item.path} data-menu-path={item.path}>
      {item.label}
    </a>
  ) : (
    <Link to={item.path} data-menu-path={item.path}>
      {item.label}
    </Link>
  );
}

/** The menu entry a path belongs to: itself, or its resource's list for add and detail screens. */
function menuKeyOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const route = matchRoute(path);
  if (!route) return undefined;
  return route.kind === 'add' || route.kind === 'detail' ? `/view/${route.resource}` : route.path;
}

/** The sidebar: edition code and tenant name, then the user's menu (menuFor, already access-filtered). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { menu, tenant } = useSession();
  const { sidebarColor } = useTheme();
  const { tabs, activeId } = useWorkspace();
  const palette = SidebarPalettes[sidebarColor];
  const activePath = tabs.find((t) => t.id === activeId)?.path;
  const selected = menuKeyOf(activePath);
  const groupOf = (key: string | undefined) => menu.sections.find((s) => s.items.some((i) => i.path === key))?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = groupOf(selected);
    return group ? [group] : [];
  });

  // Opening a section elsewhere (a link, browser back) opens its group here too.
  useEffect(() => {
    const group = menu.sections.find((s) => s.items.some((i) => i.path === selected))?.group;
    if (group) setOpenKeys((keys) => (keys.includes(group) ? keys : [...keys, group]));
  }, [selected, menu]);

  const items = useMemo<MenuProps['items']>(
    () =>
      menu.sections.map((section) =>
        // A group of one entry is the entry itself.
        section.items.length === 1
          ? { key: section.items[0]!.path, icon: GroupIcons[section.group], label: linkOf(section.items[0]!) }
          : {
              key: section.group,
              icon: GroupIcons[section.group],
              label: section.group,
              children: section.items.map((item) => ({ key: item.path, label: linkOf(item) })),
            },
      ),
    [menu],
  );

  const code = editionCode(tenant.editionName, tenant.isHost);
  return (
    <Layout.Sider
      className={`shell-sider sider-${sidebarColor}`}
      data-sidebar-color={sidebarColor}
      width={248}
      collapsedWidth={72}
      collapsed={collapsed}
      trigger={null}
      theme={palette.dark ? 'dark' : 'light'}
    >
      <div className="sider-brand" title={`${code} · ${tenant.name}`}>
        <span className="edition-code" data-testid="edition-code">
          {code}
        </span>
        {!collapsed && (
          <span className="tenant-name" data-testid="tenant-name">
            {tenant.name}
          </span>
        )}
      </div>
      <nav aria-label="Main menu" className="sider-nav">
        <Menu
          mode="inline"
          theme={palette.dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={selected ? [selected] : []}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          // Every label is in the page even in closed groups (assistive technology, search in page).
          forceSubMenuRender
        />
      </nav>
    </Layout.Sider>
  );
}
