import { PlayerBetView, PlayerRoundDetails, PlayerRoundSummary } from '@casino/player-protocol';
import { PlayedRoundRow, PlayerBetRow, ShoeRevealRow } from './player-history.repository';

export type { PlayerBetView, PlayerRoundDetails, PlayerRoundSummary };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * The result as this player may see it: another player's id never leaves the ledger (a blackjack result names
 * the player of each seat; other operators' players sit at the same table), so each `playerId` becomes `mine`.
 */
export function resultFor(result: unknown, playerId: string): unknown {
  if (Array.isArray(result)) return result.map((v) => resultFor(v, playerId));
  if (result === null || typeof result !== 'object') return result;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result as Record<string, unknown>)) {
    if (k === 'playerId') out.mine = v === playerId;
    else out[k] = resultFor(v, playerId);
  }
  return out;
}

export function betView(b: PlayerBetRow): PlayerBetView {
  return {
    betId: b.bet_id,
    bet: b.spec,
    stake: String(b.stake),
    status: b.cancelled_at ? 'cancelled' : (b.kind ?? 'open'),
    returned: b.cancelled_at || b.returned === null ? null : String(b.returned),
    outcome: b.cancelled_at ? null : b.outcome,
    acceptedAt: new Date(b.accepted_at).toISOString(),
  };
}

/**
 * A round for the player who bet `bets` in it. The result is shown only once the round is settled: a disputed
 * round's result may still be corrected by the back office.
 */
export function summaryOf(
  r: PlayedRoundRow,
  bets: readonly PlayerBetView[],
  playerId: string,
): PlayerRoundSummary {
  const live = bets.filter((b) => b.status !== 'cancelled');
  return {
    tableId: r.table_id,
    roundId: r.round_id,
    game: r.game,
    currency: r.currency.trim(),
    status: r.status,
    openedAt: new Date(r.opened_at).toISOString(),
    finishedAt: iso(r.finished_at),
    staked: live.reduce((s, b) => s + BigInt(b.stake), 0n).toString(),
    returned: live.reduce((s, b) => s + BigInt(b.returned ?? '0'), 0n).toString(),
    result: r.status === 'settled' ? (resultFor(r.result, playerId) as Record<string, unknown>) : null,
  };
}

export function detailsOf(
  r: PlayedRoundRow,
  bets: readonly PlayerBetView[],
  playerId: string,
  reveal: ShoeRevealRow | undefined,
): PlayerRoundDetails {
  return {
    ...summaryOf(r, bets, playerId),
    closedAt: iso(r.closed_at),
    voidReason: r.void_reason,
    bets: [...bets],
    shoe: r.shoe_id
      ? {
          shoeId: r.shoe_id,
          hash: r.shoe_hash,
          reveal: reveal
            ? {
                commitment: reveal.commitment,
                order: reveal.reveal.order,
                salt: reveal.reveal.salt,
                roundsDealt: reveal.rounds_dealt,
                verified: reveal.problem_code === null,
                problemCode: reveal.problem_code,
                revealedAt: new Date(reveal.revealed_at).toISOString(),
              }
            : null,
        }
      : null,
  };
}
