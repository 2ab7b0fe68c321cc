import { BellOutlined } from '@ant-design/icons';
import { App, Button, Popover } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  htmlToText,
  NOTIFICATION_TOAST_CONTENT_LENGTH,
  SHOW_POPUP_SETTING,
  truncateText,
  type NotificationDto,
  NotificationEndpoints,
} from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';
import { useSession } from '../../app/session/useSession';
import { useWorkspace } from '../../app/tabs/useWorkspace';
import { useRealtime } from './RealtimeProvider';
import { useNotificationList } from './useNotifications';

// The list (antd List, paging, filters) loads when the dropdown first opens, not with the header.
const NotificationList = lazy(() => import('./NotificationList').then((m) => ({ default: m.NotificationList })));

const TOAST_SECONDS = 5;
/** Beyond this the count reads '99+'. */
const MAX_SHOWN_COUNT = 99;

/** Where a notification's record opens: the module's detail screen. */
export function linkOf(n: NotificationDto): string | undefined {
  if (!n.fromModule || !n.objectId) return undefined;
  return `/view/${n.fromModule.toLowerCase()}/detail/${n.objectId}`;
}

/** Opening a notification marks it read and opens its record when it has one. */
export function useOpenNotification(setRead: (id: string, isRead: boolean) => Promise<void>) {
  const { open } = useWorkspace();
  return useCallback(
    (n: NotificationDto) => {
      if (!n.isRead) void setRead(n.id, true);
      const path = linkOf(n);
      if (path) open({ path });
    },
    [open, setRead],
  );
}

/** The header bell (feature RealtimeNotification): unread count, a dropdown loaded on first open. */
export function NotificationBell() {
  const call = useCall();
  const socket = useRealtime();
  const { tenant, profile } = useSession();
  const { notification } = App.useApp();
  const [unread, setUnread] = useState(0);
  const [opened, setOpened] = useState(false);
  const [visible, setVisible] = useState(false);
  const list = useNotificationList(opened);

  const refreshSummary = useCallback(async () => {
    const s = await call(NotificationEndpoints.summary, {}, { silent: true });
    setUnread(s.totalUnreadCount);
  }, [call]);

  useEffect(() => {
    void refreshSummary().catch(() => undefined);
  }, [refreshSummary]);

  const { prepend } = list;
  useEffect(() => {
    if (!socket) return;
    const onMessage = (n: NotificationDto) => {
      setUnread((u) => u + 1);
      prepend(n);
      // The popup shows when the user's or the tenant's setting asks for it.
      if (profile.settings[SHOW_POPUP_SETTING] === 'true' || tenant.settings[SHOW_POPUP_SETTING] === 'true') {
        notification.info({
          title: n.title,
          description: truncateText(htmlToText(n.content), NOTIFICATION_TOAST_CONTENT_LENGTH),
          duration: TOAST_SECONDS,
        });
      }
    };
    socket.on('ReceiveMessage', onMessage);
    return () => {
      socket.off('ReceiveMessage', onMessage);
    };
  }, [socket, prepend, tenant.settings, profile.settings, notification]);

  const setRead = useCallback(
    async (id: string, isRead: boolean) => {
      await list.setRead(id, isRead);
      await refreshSummary();
    },
    [list, refreshSummary],
  );
  const onOpen = useOpenNotification(setRead);
  const withSummary = {
    ...list,
    setRead,
    markAllRead: async () => {
      await list.markAllRead();
      setUnread(0);
    },
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={visible}
      onOpenChange={(v) => {
        setVisible(v);
        if (v) setOpened(true);
      }}
      title="Notifications"
      content={
        <div className="notification-dropdown">
          <Suspense fallback={<p className="muted-text">Loading…</p>}>
            <NotificationList
              list={withSummary}
              onOpen={(n) => {
                setVisible(false);
                onOpen(n);
              }}
            />
          </Suspense>
        </div>
      }
    >
      <Button type="text" aria-label={`Notifications, ${unread} unread`} className="notification-bell">
        <span className="notification-bell-icon">
          <BellOutlined aria-hidden style={{ fontSize: 18 }} />
          {unread > 0 && (
            <span className="notification-count" data-testid="unread-count" aria-hidden>
              {unread > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : unread}
            </span>
          )}
        </span>
      </Button>
    </Popover>
  );
}
