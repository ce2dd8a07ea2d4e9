import { CancelBetEvent, CancelRejectionCode } from '@casino/events';
import { CancellableBet, DecisionContext, requireDecidable, seatHolder } from '../../bets/bet-batch';
import { evaluateWithdrawal } from '../../restrictions/restriction.evaluator';
import { gameRestrictions } from '../../restrictions/restriction-rules';
import { roundProfile, totalsIn, totalsKey } from '../../tables/currency-profiles';

export type CancelDecision =
  { ok: true; bet: CancellableBet } | { ok: false; code: CancelRejectionCode; message: string };

const reject = (code: CancelRejectionCode, message: string): CancelDecision => ({ ok: false, code, message });

/**
 * Decides one cancel against the batch's state (pure). Ownership is checked before the bet's state, so a cancel
 * tells nothing about another player's bet.
 */
export function decideCancel(
  cmd: CancelBetEvent,
  ctx: DecisionContext,
  bet: CancellableBet | undefined,
): CancelDecision {
  const { round } = ctx;
  if (!round)
    return reject('ROUND_UNKNOWN', `round ${cmd.tableId}/${cmd.roundId} is not known at the ledger`);
  if (!bet || bet.tableId !== cmd.tableId || bet.roundId !== cmd.roundId) {
    return reject('BET_UNKNOWN', `no accepted bet ${JSON.stringify(cmd.target)} in round ${cmd.roundId}`);
  }
  if (bet.playerId !== cmd.playerId || bet.operatorId !== cmd.operatorId || bet.currency !== cmd.currency) {
    return reject(
      bet.playerId === cmd.playerId && bet.operatorId === cmd.operatorId
        ? 'CURRENCY_MISMATCH'
        : 'NOT_YOUR_BET',
      `bet ${bet.betId} is not this player's ${cmd.currency} bet`,
    );
  }
  if (bet.cancelled) return reject('ALREADY_CANCELLED', `bet ${bet.betId} is already cancelled`);
  if (bet.spec.game === 'blackjack' && bet.spec.kind !== 'main') {
    return reject('NOT_CANCELLABLE', `a blackjack ${bet.spec.kind} stake cannot be withdrawn`);
  }
  if (round.status !== 'open') return reject('LATE_CANCEL', `betting on round ${cmd.roundId} is closed`);
  if (ctx.wallet?.accountId !== bet.accountId) {
    return reject('CURRENCY_MISMATCH', `bet ${bet.betId} was not paid from the ${cmd.currency} wallet`);
  }
  // The maximum difference of the bet's currency, over that currency's totals (docs/ledger.md#currencies-per-table).
  const verdict = evaluateWithdrawal(gameRestrictions(round.game), bet, {
    tableTotals: totalsIn(round, bet.currency),
    maxDifference: roundProfile(round, bet.currency)?.maxDifference,
  });
  if (!verdict.ok) return reject('MAX_DIFFERENCE_EXCEEDED', verdict.message);
  return { ok: true, bet };
}

/** Records a cancel in the batch state: refund, the player's live bets, table totals, seat. */
export function applyCancel(ctx: DecisionContext, bet: CancellableBet): void {
  requireDecidable(ctx);
  const { round } = ctx;
  // Each part goes back where it came from (docs/ledger.md#bonus-funds).
  const fromBonus = bet.bonus?.stake ?? 0n;
  ctx.wallet.balance += bet.stake - fromBonus;
  if (ctx.bonus && bet.bonus && ctx.bonus.accountId === bet.bonus.accountId) ctx.bonus.balance += fromBonus;
  const i = ctx.playerBets.findIndex((p) => p.betId === bet.betId);
  if (i >= 0) ctx.playerBets.splice(i, 1);
  const key = totalsKey(round, bet.key, bet.currency);
  const total = (round.totals.get(key) ?? 0n) - bet.stake;
  if (total > 0n) round.totals.set(key, total);
  else round.totals.delete(key);
  round.betCount -= 1;
  round.totalStaked -= bet.stake;
  if (
    bet.spec.game === 'blackjack' &&
    round.seats.get(bet.spec.seat) === seatHolder(bet.operatorId, bet.playerId)
  ) {
    round.seats.delete(bet.spec.seat);
  }
  round.changed = true;
  bet.cancelled = true;
}
