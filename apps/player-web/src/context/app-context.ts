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
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the app');
  return value;
}
