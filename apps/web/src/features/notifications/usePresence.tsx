import { useEffect, useState } from 'react';
import { App } from 'antd';
import type { ActivityLog } from '@casebook/domain';
import { useSession } from '../../app/session/useSession';
import { useRealtime } from './RealtimeProvider';

/**
 * Presence on a record: logs ITEM_VIEWING while the screen is open and ITEM_DETAIL_CLOSED when it
 * closes; returns the other users viewing it; tells the user with a 'User Editing Item' notice when
 * someone else opens it.
 */
export function usePresence(fromModule: string, objectId: string | undefined): ActivityLog[] {
  const socket = useRealtime();
  const { profile } = useSession();
  const { notification } = App.useApp();
  const [viewers, setViewers] = useState<ActivityLog[]>([]);

  useEffect(() => {
    if (!socket || !objectId) return;
    const key = { FromModule: fromModule, ObjectId: objectId };
    const refresh = () => {
      socket.emit('GetActivityLogs', key);
    };
    const onResult = (logs: ActivityLog[]) => {
      if (logs[0] && (logs[0].fromModule !== fromModule || logs[0].objectId !== objectId)) return;
      setViewers(logs.filter((l) => l.userId !== profile.id));
    };
    const onLog = (log: ActivityLog) => {
      if (log.fromModule !== fromModule || log.objectId !== objectId || log.userId === profile.id) return;
      if (log.activityType === 'ITEM_VIEWING') {
        notification.info({
          key: `viewing:${fromModule}:${objectId}:${log.userId}`,
          title: 'User Editing Item',
          description: `${log.userName} is viewing this record.`,
        });
      }
      refresh();
    };
    const announce = () => {
      socket.emit('AddActivityLog', { ...key, ActivityType: 'ITEM_VIEWING' });
      refresh();
    };
    socket.on('ActivityLogsResult', onResult);
    socket.on('ReceiveActivityLog', onLog);
    socket.on('connect', announce);
    if (socket.connected) announce();
    return () => {
      socket.off('ActivityLogsResult', onResult);
      socket.off('ReceiveActivityLog', onLog);
      socket.off('connect', announce);
      socket.emit('AddActivityLog', { ...key, ActivityType: 'ITEM_DETAIL_CLOSED' });
    };
  }, [socket, fromModule, objectId, profile.id, notification]);

  return viewers;
}
