import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acknowledgeCheck,
  parsePlaySession,
  PlaySession,
  realityCheckDue,
  sessionTimeReached,
  withSettledRound,
} from './play-session';

export interface PlaySessionState {
  session: PlaySession;
  now: number;
  /** A reality check is due (the operator's interval), or the player's own session time is up. */
  checkDue: boolean;
  timeUp: boolean;
  /** Counts a settled round once; false when it was counted already. */
  settle(roundKey: string, net: bigint): boolean;
  acknowledge(): void;
  sessionLimitMinutes: number | null;
  setSessionLimit(minutes: number | null): void;
}

const storageKey = (playerKey: string | null, startedAt: number) =>
  `casino.session:${playerKey ?? 'anonymous'}:${startedAt}`;
const limitKey = (playerKey: string | null) => `casino.sessionLimit:${playerKey ?? 'anonymous'}`;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // private mode: kept in memory only
  }
}

/**
 * The play session of this launch (started at the token's `iat`): its clock, its net result, the reality checks
 * at `realityCheckMinutes` (the operator's interval for the player's jurisdiction, from the launch URL) and the
 * player's own session-time limit (kept in this browser per player). Kept in sessionStorage, so a reload keeps it.
 */
export function usePlaySession(
  playerKey: string | null,
  startedAt: number,
  realityCheckMinutes: number | null,
): PlaySessionState {
  const key = storageKey(playerKey, startedAt);
  const [session, setSession] = useState(() =>
    parsePlaySession(
      read(() => window.sessionStorage, key),
      startedAt,
    ),
  );
  const current = useRef(session);
  const [now, setNow] = useState(Date.now());
  const [sessionLimitMinutes, setLimit] = useState<number | null>(() => {
    const v = Number(read(() => window.localStorage, limitKey(playerKey)));
    return Number.isFinite(v) && v > 0 ? v : null;
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const store = useCallback(
    (next: PlaySession) => {
      current.current = next;
      setSession(next);
      write(() => window.sessionStorage, key, JSON.stringify(next));
    },
    [key],
  );

  const settle = useCallback(
    (roundKey: string, net: bigint) => {
      const next = withSettledRound(current.current, roundKey, net);
      if (next) store(next);
      return next !== null;
    },
    [store],
  );

  const intervalMs = realityCheckMinutes ? realityCheckMinutes * 60_000 : null;
  const acknowledge = useCallback(() => {
    if (intervalMs) store(acknowledgeCheck(current.current, intervalMs, Date.now()));
  }, [intervalMs, store]);

  const setSessionLimit = useCallback(
    (minutes: number | null) => {
      setLimit(minutes);
      write(() => window.localStorage, limitKey(playerKey), minutes === null ? null : String(minutes));
    },
    [playerKey],
  );

  return {
    session,
    now,
    checkDue: realityCheckDue(session, intervalMs, now),
    timeUp: sessionTimeReached(session, sessionLimitMinutes, now),
    settle,
    acknowledge,
    sessionLimitMinutes,
    setSessionLimit,
  };
}
