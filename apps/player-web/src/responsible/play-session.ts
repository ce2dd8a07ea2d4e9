/**
 * The player's play session as the client keeps it (docs/player-client.md#responsible-gambling): when it started
 * (the launch token's `iat`), the net result of the rounds settled since (each round counted once, whether its
 * `round:settled` came live or was fetched after a reconnection), and how many reality checks the player has seen.
 * Pure functions over plain data; the hook keeps it in sessionStorage so a reload keeps the clock and the figures.
 */
export interface PlaySession {
  startedAt: number;
  /** Returned minus staked of the rounds settled in the session, minor units (decimal string). */
  net: string;
  /** `tableId/roundId` of the rounds counted (the last MAX_COUNTED). */
  counted: string[];
  /** Reality checks the player answered with "continue". */
  checksSeen: number;
}

const MAX_COUNTED = 500;

export function newPlaySession(startedAt: number): PlaySession {
  return { startedAt, net: '0', counted: [], checksSeen: 0 };
}

/** The session with a settled round's net added; null when the round was counted already. */
export function withSettledRound(s: PlaySession, roundKey: string, net: bigint): PlaySession | null {
  if (s.counted.includes(roundKey)) return null;
  return {
    ...s,
    net: (BigInt(s.net) + net).toString(),
    counted: [...s.counted, roundKey].slice(-MAX_COUNTED),
  };
}

/** Whether a reality check is due: a whole interval more has passed than the checks the player answered. */
export function realityCheckDue(s: PlaySession, intervalMs: number | null, now: number): boolean {
  if (!intervalMs || intervalMs <= 0) return false;
  return Math.floor((now - s.startedAt) / intervalMs) > s.checksSeen;
}

/** Answers every check due now: the next comes one interval after the last one due. */
export function acknowledgeCheck(s: PlaySession, intervalMs: number, now: number): PlaySession {
  return { ...s, checksSeen: Math.max(s.checksSeen, Math.floor((now - s.startedAt) / intervalMs)) };
}

/** Whether the player's own session-time limit (minutes) is reached. */
export function sessionTimeReached(s: PlaySession, limitMinutes: number | null, now: number): boolean {
  return limitMinutes !== null && limitMinutes > 0 && now - s.startedAt >= limitMinutes * 60_000;
}

/** `h:mm:ss` in the locale's digits. */
export function formatElapsed(ms: number, locale: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  return `${one.format(Math.floor(total / 3600))}:${two.format(Math.floor(total / 60) % 60)}:${two.format(total % 60)}`;
}

/** A stored session, checked field by field (anything else starts a new one). */
export function parsePlaySession(text: string | null, startedAt: number): PlaySession {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<PlaySession> | null;
    if (
      v &&
      v.startedAt === startedAt &&
      typeof v.net === 'string' &&
      /^-?(0|[1-9][0-9]*)$/.test(v.net) &&
      Array.isArray(v.counted) &&
      v.counted.every((k) => typeof k === 'string') &&
      typeof v.checksSeen === 'number'
    )
      return { startedAt, net: v.net, counted: v.counted, checksSeen: v.checksSeen };
  } catch {
    // a new session
  }
  return newPlaySession(startedAt);
}

/** A round of the player's history the client did not count: settled since the session started, not yet counted. */
export interface HistoryItem {
  tableId: string;
  roundId: string;
  status: string;
  finishedAt: string | null;
  staked: string;
  returned: string;
}

/**
 * The player's settled rounds at the table, finished since the session started, oldest first: after a
 * (re)connection the session counts those it has not counted (docs/websocket-api.md#after-a-reconnection); each is
 * a settlement the socket did not deliver.
 */
export function settledSince(
  items: readonly HistoryItem[],
  tableId: string,
  startedAt: number,
): HistoryItem[] {
  return items
    .filter(
      (r) =>
        r.tableId === tableId &&
        r.status === 'settled' &&
        r.finishedAt !== null &&
        Date.parse(r.finishedAt) >= startedAt - 1000,
    )
    .reverse();
}
