import { createContext, useContext } from 'react';
import type { Launch } from '../launch/launch';

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
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside the app');
  return value;
}
