import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_RECONNECT_DELAY_MS } from '@casebook/domain';
import { currentUser } from '../../auth/oidc';

const RealtimeContext = createContext<Socket | null>(null);

/**
 * The real-time hub connection of the signed-in user (bearer token). When it fails to start or drops,
 * it tries again every 5 seconds (shell.md §4, §9). socket.io's client is imported once the shell has rendered.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    // socket.io's client loads after the shell has rendered, not with it: the first screen paints first.
    let closed = false;
    let s: Socket | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const hub = io({
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnectionDelay: REALTIME_RECONNECT_DELAY_MS,
        reconnectionDelayMax: REALTIME_RECONNECT_DELAY_MS,
        randomizationFactor: 0,
        // The token is read on every (re)connect, so a refreshed token is used after a drop.
        auth: (cb) => {
          void currentUser().then((user) => cb({ token: user?.access_token ?? '' }));
        },
      });
      // A refused handshake does not retry by itself; the spec retries every 5 seconds.
      hub.on('connect_error', () => {
        if (!hub.active) setTimeout(() => hub.connect(), REALTIME_RECONNECT_DELAY_MS);
      });
      s = hub;
      setSocket(hub);
    });
    return () => {
      closed = true;
      s?.close();
    };
  }, []);
  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}

/** The hub connection (null until it exists). */
export function useRealtime(): Socket | null {
  return useContext(RealtimeContext);
}
