import { num, str } from '../../net/game-connection';

/** What every live table's state takes from `round:opened`, whatever its game. */
export interface OpenedRound {
  phase: 'betting';
  roundId: string;
  /** When betting closes, on this browser's clock (null when the message has no valid time). */
  closesAt: number | null;
}

/**
 * The shared step of the live tables' reducers on `round:opened`: betting is open for the new round until its
 * `closesAt`, moved onto this browser's clock by the snapshot's skew. Each game's reducer adds its own fields
 * (the player's bets cleared, the last result taken off the table, the shoe, …).
 */
export function openedRound(payload: { roundId?: unknown; closesAt?: unknown }, skewMs: number): OpenedRound {
  const closesAt = num(payload.closesAt, NaN);
  return {
    phase: 'betting',
    roundId: str(payload.roundId),
    closesAt: Number.isFinite(closesAt) ? closesAt + skewMs : null,
  };
}
