import { createContext, useContext } from 'react';
import { LedgerApi } from '../api/ledger';

/** A signed-in staff member: the session token of the back-office API, the role and what it permits. */
export interface Session {
  token: string;
  user: string;
  role: string;
  operatorId: string | null;
  permissions: string[];
  expiresAt: string;
}

const KEY = 'casino.back-office.session';

// Kept in sessionStorage: gone with the tab, never shared with other tabs or written to disk by the page.
export function loadSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return typeof s.token === 'string' && Array.isArray(s.permissions) && Date.parse(s.expiresAt) > Date.now()
      ? s
      : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}

export interface AppContextValue {
  session: Session;
  ledger: LedgerApi;
  navigate(hash: string): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside AppContext');
  return value;
}
