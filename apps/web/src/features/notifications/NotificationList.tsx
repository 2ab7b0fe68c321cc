import { Button, Checkbox, Empty, List, Space, Tag, Typography } from 'antd';
import {
  htmlToText,
  NOTIFICATION_LIST_CONTENT_LENGTH,
  NotificationTypes,
  truncateText,
  type NotificationDto,
  type NotificationType,
} from '@casebook/domain';
import { useInstantText } from '../../platform/time';
import type { useNotificationList } from './useNotifications';

/** The notification list of the bell's dropdown and of /view/notifications. */
export function NotificationList({
  list,
  onOpen,
}: {
  list: ReturnType<typeof useNotificationList>;
  onOpen: (n: NotificationDto) => void;
}) {
  const when = useInstantText();
  return (
    <div className="notification-list">
      <Space className="notification-list-bar" wrap>
        <Checkbox.Group<NotificationType>
          aria-label="Notification types"
          options={NotificationTypes.map((t) => ({ label: t, value: t }))}
          value={list.types}
          onChange={(v) => list.changeTypes(v)}
        />
        <Button size="small" onClick={() => void list.markAllRead()}>
          Mark all as read
        </Button>
      </Space>
      <List<NotificationDto>
        loading={list.loading}
        dataSource={list.items}
        locale={{ emptyText: <Empty description="No Data" /> }}
        renderItem={(n) => (
          <List.Item
            className={n.isRead ? 'notification read' : 'notification unread'}
            data-notification={n.title}
            actions={[
              <Button key="toggle" type="link" size="small" onClick={() => void list.setRead(n.id, !n.isRead)}>
                {n.isRead ? 'Mark as unread' : 'Mark as read'}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Typography.Link strong={!n.isRead} onClick={() => onOpen(n)}>
                    {n.title}
                  </Typography.Link>
                  <Tag>{n.type}</Tag>
                </Space>
              }
              description={
                <>
                  <div>{truncateText(htmlToText(n.content), NOTIFICATION_LIST_CONTENT_LENGTH)}</div>
                  <Typography.Text type="secondary">
                    {when(n.sentTime)}
                    {n.creator.name ? ` · ${n.creator.name}` : ''}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
      {list.hasMore && (
        <Button block onClick={() => void list.loadMore()}>
          Load more
        </Button>
      )}
    </div>
  );
}
