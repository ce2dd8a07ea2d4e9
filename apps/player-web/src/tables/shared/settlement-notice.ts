/** A bet of a `round:settled` message as the client reads it (amounts in minor units). */
export interface SettledBet {
  stake: bigint;
  returned: bigint;
  outcome: string;
}

export type SettlementNotice =
  { kind: 'win'; amount: bigint } | { kind: 'pushed' } | { kind: 'returned'; amount: bigint } | null;

/**
 * The toast after a round settles. A win names the whole amount paid back (stakes of winning bets included, as
 * live casinos show it), even when other bets lost more; without a win, a round whose every stake came back is a
 * push, and one that paid back part (a surrender, a half-lost bet) names what came back. A lost round shows nothing:
 * the result on the table says it.
 */
export function settlementNotice(bets: readonly SettledBet[]): SettlementNotice {
  const returned = bets.reduce((sum, b) => sum + b.returned, 0n);
  const staked = bets.reduce((sum, b) => sum + b.stake, 0n);
  if (bets.some((b) => b.outcome === 'win')) return { kind: 'win', amount: returned };
  if (returned === 0n) return null;
  return returned === staked ? { kind: 'pushed' } : { kind: 'returned', amount: returned };
}
