import { TransactionContext } from '../transaction/transaction-context';
import { publishFinalBets } from './round-book';
import { loadOpenRoundBets, StoredBet } from './round-bets.repository';
import { recordBettingClosed } from './round.repository';
import { roundKey, RoundView } from './round-view';

/**
 * The final bets of rounds this process closed, for their settlement: after betting closes nothing can be added
 * to a baccarat or roulette round (blackjack takes additional stakes, so it is not kept). Another instance, or a
 * restart, loads them from the database instead.
 */
const finalBets = new Map<string, StoredBet[]>();
const FINAL_BETS_KEPT = 256;

/** Closes betting on a locked round: records its final count and stake and publishes its final bets. */
export async function closeBetting(
  ctx: TransactionContext,
  round: RoundView,
  at: string,
  cause: string,
): Promise<void> {
  const bets = await loadOpenRoundBets(ctx.sql, round.tableId, round.roundId);
  await recordBettingClosed(
    ctx.sql,
    round.tableId,
    round.roundId,
    at,
    bets.length,
    bets.reduce((s, b) => s + b.stake, 0n),
  );
  round.status = 'closed';
  publishFinalBets(round, bets, ctx.outbox, cause);
  if (round.game !== 'blackjack') {
    const oldest = finalBets.keys().next();
    if (finalBets.size >= FINAL_BETS_KEPT && !oldest.done) finalBets.delete(oldest.value);
    finalBets.set(roundKey(round.tableId, round.roundId), bets);
  }
}

/** The live bets of a closed round about to be settled or refunded (kept since closing, or loaded). */
export async function betsToFinish(ctx: TransactionContext, round: RoundView): Promise<StoredBet[]> {
  const key = roundKey(round.tableId, round.roundId);
  const kept = finalBets.get(key);
  finalBets.delete(key);
  return kept ?? (await loadOpenRoundBets(ctx.sql, round.tableId, round.roundId));
}
