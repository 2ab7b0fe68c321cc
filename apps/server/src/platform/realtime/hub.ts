import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import {
  ActivityLogInput,
  mergeActivityLogs,
  REALTIME_PATH,
  type ActivityLog,
  type NotificationDto,
} from '@casebook/domain';
import type { Database } from '../db/database';
import type { Principal, TokenService } from '../auth/tokens';

type SocketData = { tenantId: string; userId: string; userName: string; viewing: Set<string>; principal: Principal };

// Presence keys name a record the way its detail call does: /api/app/{FromModule}/{ObjectId}.
const RECORD_MODULE = /^[a-z][a-z0-9-]{0,49}$/;
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = { error: 'The record was not found.', status: 404 } as const;
type HubSocket = Socket & { data: SocketData };

const userRoom = (tenantId: string, userId: string) => `user:${tenantId}:${userId}`;
const objectRoom = (tenantId: string, fromModule: string, objectId: string) =>
  `object:${tenantId}:${fromModule}:${objectId}`;

export type RealtimeHub = {
  io: Server;
  /** Sends a new notification to this process's open browsers of its recipient (ReceiveMessage). */
  pushNotification(tenantId: string, notification: NotificationDto): void;
  close(): Promise<void>;
};

/** The channel a trigger announces each committed notification on ("tenant id:notification id"). */
export const NOTIFICATION_CHANNEL = 'casebook_notification';
const ANNOUNCEMENT = /^([0-9a-f-]{36}):([0-9a-f-]{36})$/i;

/**
 * The real-time hub (socket.io at /realtime): bearer-token sign-in, record presence (AddActivityLog,
 * GetActivityLogs → ReceiveActivityLog, ActivityLogsResult) and notification pushes (ReceiveMessage).
 * Presence is the set of sockets in a record's room, so it needs no table; on PostgreSQL the
 * postgres adapter carries rooms and messages across every server process of the database.
 */
export function createRealtimeHub(deps: {
  server: HttpServer;
  tokens: TokenService;
  database: Database;
  /** Whether the user may still connect: active, and the token's security stamp still theirs. */
  isActive: (tenantId: string, userId: string, securityStamp: string | null) => Promise<boolean>;
  /** Whether the caller may open the record (its detail call answers them): presence is only for them. */
  canOpen: (principal: Principal, fromModule: string, objectId: string) => Promise<boolean>;
  /** Reads an announced notification; undefined when it is gone. */
  loadNotification?: (tenantId: string, id: string) => Promise<NotificationDto | undefined>;
}): RealtimeHub {
  const io = new Server(deps.server, { path: REALTIME_PATH, serveClient: false, cors: { origin: false } });
  let pool: pg.Pool | undefined;
  const connection = deps.database.jobsConnection;
  if (connection.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: connection.connectionString, max: 4 });
    pool.on('error', () => undefined);
    io.adapter(createAdapter(pool, { tableName: 'realtime.socket_io_attachments' }));
  }

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const header = socket.handshake.headers.authorization;
    const token =
      typeof auth.token === 'string'
        ? auth.token
        : header?.toLowerCase().startsWith('bearer ')
          ? header.slice(7)
          : undefined;
    if (!token) return next(new Error('unauthorized'));
    void deps.tokens
      .verify(token)
      .then(async (principal) => {
        if (!principal || !(await deps.isActive(principal.tenantId, principal.userId, principal.securityStamp ?? null)))
          return next(new Error('unauthorized'));
        Object.assign(socket.data, {
          tenantId: principal.tenantId,
          userId: principal.userId,
          userName: principal.userName ?? 'A user',
          viewing: new Set<string>(),
          principal,
        });
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  const logOf = (
    s: { data: SocketData },
    fromModule: string,
    objectId: string,
    activityType: ActivityLog['activityType'],
  ) => ({
    fromModule,
    objectId,
    activityType,
    userId: s.data.userId,
    userName: s.data.userName,
  });

  async function viewers(tenantId: string, fromModule: string, objectId: string): Promise<ActivityLog[]> {
    const sockets = await io.in(objectRoom(tenantId, fromModule, objectId)).fetchSockets();
    return mergeActivityLogs(
      sockets.map((s) => logOf(s as unknown as { data: SocketData }, fromModule, objectId, 'ITEM_VIEWING')),
    );
  }

  io.on('connection', (raw) => {
    const socket = raw as unknown as HubSocket;
    const { tenantId, userId } = socket.data;
    void socket.join(userRoom(tenantId, userId));

    const close = (fromModule: string, objectId: string) => {
      const room = objectRoom(tenantId, fromModule, objectId);
      socket.data.viewing.delete(`${fromModule}\u0000${objectId}`);
      void socket.leave(room);
      socket.to(room).emit('ReceiveActivityLog', logOf(socket, fromModule, objectId, 'ITEM_DETAIL_CLOSED'));
    };

    // Who views a record is seen, and told, only by those who may open it; any other record is not found.
    const mayOpen = async (fromModule: string, objectId: string) =>
      RECORD_MODULE.test(fromModule) &&
      RECORD_ID.test(objectId) &&
      (await deps.canOpen(socket.data.principal, fromModule, objectId).catch(() => false));

    socket.on('AddActivityLog', async (input: unknown, ack?: (r: unknown) => void) => {
      const parsed = ActivityLogInput.safeParse(input);
      if (!parsed.success || !parsed.data.ActivityType) return ack?.({ error: 'Your provided data is invalid' });
      const { FromModule, ObjectId, ActivityType } = parsed.data;
      const room = objectRoom(tenantId, FromModule, ObjectId);
      if (ActivityType === 'ITEM_VIEWING') {
        if (!(await mayOpen(FromModule, ObjectId))) return ack?.(NOT_FOUND);
        socket.data.viewing.add(`${FromModule}\u0000${ObjectId}`);
        await socket.join(room);
        socket.to(room).emit('ReceiveActivityLog', logOf(socket, FromModule, ObjectId, 'ITEM_VIEWING'));
      } else {
        close(FromModule, ObjectId);
      }
      ack?.({ ok: true });
    });

    socket.on('GetActivityLogs', async (input: unknown, ack?: (r: unknown) => void) => {
      const parsed = ActivityLogInput.safeParse(input);
      if (!parsed.success) return ack?.({ error: 'Your provided data is invalid' });
      if (!(await mayOpen(parsed.data.FromModule, parsed.data.ObjectId))) return ack?.(NOT_FOUND);
      const logs = await viewers(tenantId, parsed.data.FromModule, parsed.data.ObjectId);
      socket.emit('ActivityLogsResult', logs);
      ack?.(logs);
    });

    socket.on('disconnecting', () => {
      for (const key of [...socket.data.viewing]) {
        const [fromModule, objectId] = key.split('\u0000') as [string, string];
        close(fromModule, objectId);
      }
    });
  });

  // Only this process's sockets: every process hears the announcement and pushes to its own browsers.
  const pushNotification = (tenantId: string, notification: NotificationDto) => {
    io.local.to(userRoom(tenantId, notification.recipientId)).emit('ReceiveMessage', notification);
  };
  const announced = (payload: string | undefined) => {
    const match = ANNOUNCEMENT.exec(payload ?? '');
    if (!match || !deps.loadNotification) return;
    const [, tenantId, id] = match as unknown as [string, string, string];
    void deps
      .loadNotification(tenantId, id)
      .then((dto) => dto && pushNotification(tenantId, dto))
      .catch(() => undefined);
  };
  const stopListening = listen(connection, announced);

  return {
    io,
    pushNotification,
    async close() {
      await stopListening().catch(() => undefined);
      // The HTTP server is Fastify's to close; this only ends the sockets and the adapter.
      io.local.disconnectSockets(true);
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      io.engine.close();
      await pool?.end().catch(() => undefined);
    },
  };
}

/**
 * LISTENs on the notification channel: PGlite's own listener, or one dedicated PostgreSQL connection that
 * reconnects after a drop. Returns the function that stops it.
 */
function listen(
  connection: Database['jobsConnection'],
  onPayload: (payload: string | undefined) => void,
): () => Promise<void> {
  if (connection.kind === 'pglite') {
    const unlisten = connection.client.listen(NOTIFICATION_CHANNEL, onPayload);
    return async () => (await unlisten)();
  }
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: connection.connectionString });
    client = c;
    const again = () => {
      if (stopped || client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      retry = setTimeout(connect, 1000);
    };
    c.on('error', again);
    c.on('end', again);
    c.on('notification', (msg) => {
      if (msg.channel === NOTIFICATION_CHANNEL) onPayload(msg.payload);
    });
    c.connect()
      .then(() => c.query(`LISTEN ${NOTIFICATION_CHANNEL}`))
      .catch(again);
  };
  connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
