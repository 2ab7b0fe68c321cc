import { Card, Empty } from 'antd';
import { effectiveFeatures } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { NotificationList } from './NotificationList';
import { useOpenNotification } from './NotificationBell';
import { useNotificationList } from './useNotifications';

/** /view/notifications: every notification of the user, 20 at a time (feature RealtimeNotification). */
export function NotificationsPage() {
  const { user, accessTenant } = useSession();
  // Without the feature the server refuses the list: say so instead of asking.
  const enabled = effectiveFeatures(user, accessTenant).has('RealtimeNotification');
  const list = useNotificationList(enabled);
  const onOpen = useOpenNotification(list.setRead);
  return (
    <div className="screen">
      <h1 className="screen-title">Notifications</h1>
      <Card>
        {enabled ? (
          <NotificationList list={list} onOpen={onOpen} />
        ) : (
          <Empty description="Notifications are not enabled for your organisation." />
        )}
      </Card>
    </div>
  );
}
