import { createContext, useContext } from 'react';
import type { Session } from './sessionTypes';

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside SessionProvider, which renders nothing until it has one. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
