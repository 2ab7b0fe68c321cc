import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { TabBar } from '../tabs/TabBar';
import { TabPanes } from '../tabs/TabPanes';
import { effectiveFeatures, Permissions } from '@casebook/domain';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { BookingAssistantLauncher } from '../../features/scheduling/BookingAssistantLauncher';
import { RealtimeProvider } from '../../features/notifications/RealtimeProvider';
import { useSession } from '../session/useSession';
import { AccountMenu } from './AccountMenu';
import { Sidebar } from './Sidebar';
import { useSidebarCollapsed } from './useSidebarCollapsed';

/** The shell every screen lives in: sidebar, header with the tab strip and account menu, tab panes. */
export function ShellLayout() {
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const { user, accessTenant, permissions } = useSession();
  const features = effectiveFeatures(user, accessTenant);
  // The bell needs feature RealtimeNotification (shell.md §6).
  const bell = features.has('RealtimeNotification');
  // The booking-assistant chat (shell.md §2): feature BookingAgent and the assistant's permission.
  const assistant = features.has('BookingAgent') && permissions.has(Permissions.bookingAssistant.use);
  return (
    <RealtimeProvider>
      <Layout className="shell" hasSider>
        <Sidebar collapsed={collapsed} />
        <Layout className="shell-main">
          <header className="shell-header">
            <Button
              type="text"
              className="sider-toggle"
              aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <TabBar />
            {assistant && <BookingAssistantLauncher />}
            {bell && <NotificationBell />}
            <AccountMenu />
          </header>
          <main className="shell-content">
            <TabPanes />
          </main>
        </Layout>
      </Layout>
    </RealtimeProvider>
  );
}
