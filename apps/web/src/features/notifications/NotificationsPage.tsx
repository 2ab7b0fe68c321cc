import { Card } from 'antd';
import { NotificationList } from './NotificationList';
import { useOpenNotification } from './NotificationBell';
import { useNotificationList } from './useNotifications';

/** /view/notifications: every notification of the user, 20 at a time. */
export function NotificationsPage() {
  const list = useNotificationList(true);
  const onOpen = useOpenNotification(list.setRead);
  return (
    <div className="screen">
      <h1 className="screen-title">Notifications</h1>
      <Card>
        <NotificationList list={list} onOpen={onOpen} />
      </Card>
    </div>
  );
}
