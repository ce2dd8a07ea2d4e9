import { createContext, useContext } from 'react';
import type { Launch } from '../launch/launch';
import type { Cue } from '../sound/cues';

export interface Toast {
  id: number;
  kind: 'error' | 'info' | 'win';
  text: string;
}

export interface AppContextValue {
  launch: Launch;
  locale: string;
  balance: string | null;
  setBalance(balance: string | null): void;
  notify(kind: Toast['kind'], text: string): void;
  /** The player's sound switch (kept in the browser per operator and player). */
  muted: boolean;
  setMuted(muted: boolean): void;
  /** Plays a dealer cue unless muted. */
  cue(cue: Cue): void;
  /**
   * Counts a settled round (`tableId/roundId`, its net in minor units) in the play session's net result, once;
   * false when it was counted already (docs/player-client.md#responsible-gambling).
   */
  settleRound(roundKey: string, net: bigint): boolean;
  /** When the play session started (ms): a reconnection's missed settlements are those settled since. */
  sessionStartedAt: number;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the app');
  return value;
}
