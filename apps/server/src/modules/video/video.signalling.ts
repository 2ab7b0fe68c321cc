import type { Server, Socket } from 'socket.io';
import { VIDEO_NAMESPACE, VideoEvents, VideoMessages, VideoSignal, type VideoPeer } from '@casebook/domain';
import type { VideoService, VideoTicket } from './video.service';

type VideoSocket = Socket & { data: { ticket: VideoTicket; joined?: boolean } };

const roomOf = (tenantId: string, meetingId: string) => `meeting:${tenantId}:${meetingId}`;
const peerOf = (s: { id: string; data: { ticket: VideoTicket } }): VideoPeer => ({
  peerId: s.id,
  role: s.data.ticket.role,
  name: s.data.ticket.name,
});

/**
 * WebRTC signalling of video meetings on the real-time hub's /video namespace. A socket signs in with its
 * participant's link (no user account); it reaches only the peers of its own meeting. The meeting's end
 * (its time limit, or staff closing it) is told to everyone in it, and their sockets are disconnected.
 * On PostgreSQL the hub's adapter carries rooms and messages across server processes.
 */
export function attachVideoSignalling(io: Server, service: VideoService): { close(): Promise<void> } {
  const nsp = io.of(VIDEO_NAMESPACE);
  const timers = new Map<string, NodeJS.Timeout>();

  const end = async (tenantId: string, meetingId: string) => {
    const room = roomOf(tenantId, meetingId);
    nsp.to(room).emit(VideoEvents.ended, { message: VideoMessages.ended });
    // After the message has gone out: the pages show the end, then their sockets are closed.
    setTimeout(() => nsp.in(room).disconnectSockets(true), 200).unref();
    const timer = timers.get(room);
    if (timer) clearTimeout(timer);
    timers.delete(room);
  };

  const schedule = (tenantId: string, meetingId: string, closesAt: Date) => {
    const room = roomOf(tenantId, meetingId);
    if (timers.has(room)) return;
    const fire = () => {
      timers.delete(room);
      void service
        .closeIfDue(tenantId, meetingId)
        .then((closed) =>
          closed ? end(tenantId, meetingId) : schedule(tenantId, meetingId, new Date(Date.now() + 1000)),
        )
        .catch(() => schedule(tenantId, meetingId, new Date(Date.now() + 5000)));
    };
    const timer = setTimeout(fire, Math.max(0, Math.min(closesAt.getTime() - Date.now(), 2 ** 31 - 1)));
    timer.unref();
    timers.set(room, timer);
  };

  service.presence = {
    async present(tenantId, meetingId) {
      const sockets = await nsp.in(roomOf(tenantId, meetingId)).fetchSockets();
      return new Set(sockets.map((s) => (s.data as { ticket: VideoTicket }).ticket.participantId));
    },
    end,
  };

  nsp.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    void service
      .resolve(token)
      .then((r) => {
        if (!r.ok) return next(new Error(r.error));
        (socket as VideoSocket).data.ticket = r.ticket;
        next();
      })
      .catch(() => next(new Error(VideoMessages.invalidToken)));
  });

  nsp.on('connection', (raw) => {
    const socket = raw as VideoSocket;
    const { ticket } = socket.data;
    const room = roomOf(ticket.tenantId, ticket.meetingId);

    socket.on(VideoEvents.join, async (_input: unknown, ack?: (r: unknown) => void) => {
      if (typeof ack !== 'function') return;
      if (socket.data.joined) return ack({ ok: false, error: 'Already joined.' });
      const closesAt = await service.joined(ticket).catch(() => undefined);
      if (!closesAt) {
        ack({ ok: false, error: VideoMessages.ended });
        socket.disconnect(true);
        return;
      }
      const peers = (await nsp.in(room).fetchSockets()).map((s) =>
        peerOf(s as unknown as { id: string; data: { ticket: VideoTicket } }),
      );
      socket.data.joined = true;
      await socket.join(room);
      socket.to(room).emit(VideoEvents.peerJoined, peerOf(socket));
      schedule(ticket.tenantId, ticket.meetingId, closesAt);
      ack({ ok: true, self: peerOf(socket), peers, closesAt: closesAt.toISOString() });
    });

    // An offer, answer or ICE candidate for one peer of the same meeting; anyone else is not reached.
    socket.on(VideoEvents.signal, async (input: unknown) => {
      const parsed = VideoSignal.safeParse(input);
      if (!parsed.success || !socket.data.joined) return;
      const { to, ...data } = parsed.data;
      const local = nsp.sockets.get(to) as VideoSocket | undefined;
      const inMeeting = local ? local.rooms.has(room) : (await nsp.in(room).fetchSockets()).some((s) => s.id === to);
      if (!inMeeting) return;
      nsp.to(to).emit(VideoEvents.signal, { from: socket.id, ...data });
    });

    socket.on('disconnecting', () => {
      if (socket.data.joined) socket.to(room).emit(VideoEvents.peerLeft, { peerId: socket.id });
    });
  });

  return {
    /** Before the hub closes: the namespace's own adapter (on PostgreSQL, a listening connection) ends too. */
    async close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      nsp.local.disconnectSockets(true);
      await Promise.resolve(nsp.adapter.close()).catch(() => undefined);
    },
  };
}
