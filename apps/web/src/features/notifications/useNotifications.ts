import { useCallback, useEffect, useState } from 'react';
import {
  NOTIFICATION_FILTER_KEY,
  NOTIFICATION_PAGE_SIZE,
  NotificationEndpoints,
  NotificationTypes,
  type NotificationDto,
  type NotificationType,
} from '@casebook/domain';
import { useCall } from '../../platform/api/endpoints';

/** The saved type filter; a value that does not parse falls back to no type filter (shell.md §8). */
export function loadFilter(): NotificationType[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(NOTIFICATION_FILTER_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((t): t is NotificationType => NotificationTypes.includes(t as never))
      : [];
  } catch {
    return [];
  }
}

export function saveFilter(types: NotificationType[]): void {
  localStorage.setItem(NOTIFICATION_FILTER_KEY, JSON.stringify(types));
}

/** A notification list with its filter, paging by 20 ('Load more'), read/unread and mark all read. */
export function useNotificationList(enabled: boolean) {
  const call = useCall();
  const [types, setTypes] = useState<NotificationType[]>(loadFilter);
  const [items, setItems] = useState<NotificationDto[]>([]);
  const [totalCount, setTotalCount] = useState(0);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (skipCount: number) => {
      setLoading(true);
      try {
        const page = await call(NotificationEndpoints.list, {
          query: {
            skipCount,
            maxResultCount: NOTIFICATION_PAGE_SIZE,
            ...(types.length === 1 ? { notificationTypes: types[0] } : {}),
          },
        });
        setItems((prev) => (skipCount === 0 ? page.items : [...prev, ...page.items]));
        setTotalCount(page.totalCount);
      } finally {
        setLoading(false);
      }
    },
    [call, types],
  );

  useEffect(() => {
    // A failed load has had its notice from the client; it must not also surface as an uncaught error.
    if (enabled) load(0).catch(() => undefined);
  }, [enabled, load]);

  const setRead = useCallback(
    async (id: string, isRead: boolean) => {
      const e = isRead ? NotificationEndpoints.markAsRead : NotificationEndpoints.markAsUnread;
      const updated = await call(e, { params: { id } });
      setItems((prev) => prev.map((n) => (n.id === id ? updated : n)));
    },
    [call],
  );
  const markAllRead = useCallback(async () => {
    await call(NotificationEndpoints.markAllAsRead);
    setItems((prev) => prev.map((n) => ({ ...n, isRead: true })));
  }, [call]);
  const changeTypes = useCallback((next: NotificationType[]) => {
    saveFilter(next);
    setTypes(next);
  }, []);
  const prepend = useCallback((n: NotificationDto) => {
    setItems((prev) => [n, ...prev.filter((p) => p.id !== n.id)]);
    setTotalCount((c) => c + 1);
  }, []);

  return {
    items,
    totalCount,
    loading,
    types,
    changeTypes,
    loadMore: () => load(items.length),
    reload: () => load(0),
    setRead,
    markAllRead,
    prepend,
    hasMore: items.length >= NOTIFICATION_PAGE_SIZE && items.length < totalCount,
  };
}
