import { createContext, useContext } from 'react';
import type { CurrentUser, Side } from '@herald/contract';

export type Session = CurrentUser & { side: Side; refetch: () => Promise<unknown> };

export const SessionContext = createContext<Session | null>(null);

/** The signed-in user (GET /users/current); only available inside the signed-in shell. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the signed-in shell');
  return s;
}

export const sideOf = (selectedRole: CurrentUser['selectedRole']): Side => (selectedRole === 'herald.op' ? 'op' : 'ac');
