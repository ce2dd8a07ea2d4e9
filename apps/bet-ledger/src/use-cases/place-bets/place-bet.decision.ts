import { DEFAULT_RULES, validateAdditionalStake } from '@casino/blackjack';
import {
  additionalStakeRejectionCode,
  BetRejectionCode,
  betLimitKey,
  betLimitProblem,
  betSpotKey,
  BlackjackBet,
  PlaceBetEvent,
  personalLimitFor,
  vipMaxFor,
} from '@casino/events';
import { checkBet, cutoffProblem } from '@casino/games';
import {
  DecisionContext,
  GamblingLimitsView,
  PlacedBet,
  requireDecidable,
  seatHolder,
} from '../../bets/bet-batch';
import { maxReturnOf } from '../../bets/max-return';
import { evaluateRestrictions } from '../../restrictions/restriction.evaluator';
import { gameRestrictions } from '../../restrictions/restriction-rules';
import { RoundView } from '../../rounds/round-view';
import { roundCurrencies, roundProfile, totalsIn, totalsKey } from '../../tables/currency-profiles';
import { bonusAllowedAt, gameExcludesBonus, splitStake } from '../../bonus/bonus-split';

export type Decision =
  | { accepted: true; key: string; numbers?: readonly number[]; bonusStake?: bigint }
  | { accepted: false; code: BetRejectionCode; message: string };

const reject = (code: BetRejectionCode, message: string): Decision => ({ accepted: false, code, message });

/**
 * Decides one bet command against the state the batch has built so far (pure: no I/O; `applyAccepted` records
 * the effect). Order: round, game, currency, bet validity, limits, restrictions, funds.
 */
export function decideBet(cmd: PlaceBetEvent, ctx: DecisionContext): Decision {
  const { round } = ctx;
  if (!round) return reject('ROUND_UNKNOWN', `round ${cmd.tableId}/${cmd.roundId} is not open at the ledger`);
  if (cmd.game !== round.game || cmd.bet.game !== round.game) {
    return reject('GAME_MISMATCH', `round ${cmd.roundId} is ${round.game}, the bet is ${cmd.bet.game}`);
  }
  // The table takes bets in its own currency and in each one its settings list, each against its own limit
  // profile (docs/ledger.md#currencies-per-table).
  const profile = roundProfile(round, cmd.currency);
  if (!profile) {
    return reject(
      'CURRENCY_MISMATCH',
      `table ${cmd.tableId} does not take ${cmd.currency} (it takes ${roundCurrencies(round).join(', ')})`,
    );
  }
  const bet = cmd.bet;
  // The player's bets of the round in this bet's currency: bets of different currencies never sum.
  const playerBets = round.config.currencies
    ? ctx.playerBets.filter((p) => (p.currency ?? round.currency) === cmd.currency)
    : ctx.playerBets;
  const additional = bet.game === 'blackjack' && bet.kind !== 'main';
  if (additional) {
    if (round.status !== 'closed')
      return reject('ROUND_NOT_IN_PLAY', `round ${cmd.roundId} is ${round.status}`);
  } else if (round.status !== 'open') {
    return reject('LATE_BET', `betting on round ${cmd.roundId} is closed`);
  }

  const key = betLimitKey(bet);
  // The game's own checks of the bet (roulette: the shape on the layout, and the numbers it covers).
  const valid = checkBet(bet);
  if (!valid.ok) return reject('INVALID_BET', valid.message);
  const numbers = valid.numbers;
  if (bet.game === 'blackjack' && bet.kind !== 'main') {
    const problem = additionalStakeProblem(bet, cmd.stake, round, playerBets);
    if (problem) return problem;
  } else {
    // Each chip meets the minimum; the maximum caps the player's total on the spot
    // (docs/rules/restrictions.md#table-limits).
    const spot = betSpotKey(bet);
    const onSpot = playerBets.reduce((sum, p) => (betSpotKey(p.spec) === spot ? sum + p.stake : sum), 0n);
    const personal = personalLimitFor(ctx.personalLimits, round.game, key);
    // An operator's VIP grant lifts the maximum, never above the table's VIP ceiling for the key
    // (docs/rules/restrictions.md#vip-limits); the player's own limit still narrows it.
    const vip = vipMaxFor(ctx.vipLimits ?? [], round.game, key, profile.vipMax);
    const limit =
      betLimitProblem(profile.limits, key, cmd.stake, personal, vip) ??
      (onSpot > 0n ? betLimitProblem(profile.limits, key, onSpot + cmd.stake, personal, vip) : null);
    if (limit) return reject(limit.code, limit.message);
    // The game's cut-offs (baccarat: side bets close late in the shoe, docs/rules/baccarat.md#side-bet-cut-offs).
    const cutoff = cutoffProblem(round.config, key);
    if (cutoff) return reject('SIDE_BET_CUTOFF', cutoff);
    const problem = bet.game === 'blackjack' ? seatProblem(bet, cmd, round) : null;
    if (problem) return problem;
  }

  const verdict = evaluateRestrictions(
    gameRestrictions(round.game),
    { key, stake: cmd.stake, numbers },
    {
      playerBets,
      // The table's totals and maxima of the bet's currency only: currencies never sum.
      tableTotals: totalsIn(round, cmd.currency),
      // A table that sets a maximum difference between two keys (baccarat: Player and Banker).
      maxDifference: profile.maxDifference,
      tableMax: profile.tableMax,
    },
  );
  if (!verdict.ok) return reject(verdict.code, verdict.message);

  const gambling = ctx.gambling ? gamblingLimitProblem(ctx.gambling, cmd.stake) : null;
  if (gambling) return gambling;

  if (!ctx.wallet) return reject('WALLET_UNKNOWN', `player ${cmd.playerId} has no ${cmd.currency} wallet`);
  // Cash first, then bonus (or bonus first, per operator); never bonus where the game or the bonus excludes it.
  const split = splitStake(
    cmd.stake,
    ctx.wallet.balance,
    ctx.bonus,
    bonusAllowedAt(round.game, gameExcludesBonus(round.game), ctx.bonus),
  );
  if (!split.ok) return reject(split.code, split.message);
  const ceiling =
    ctx.balanceCeiling === undefined
      ? null
      : ceilingProblem(cmd, playerBets, ctx.wallet.balance, round, ctx.balanceCeiling);
  if (ceiling) return ceiling;
  return split.bonus > 0n
    ? { accepted: true, key, numbers, bonusStake: split.bonus }
    : { accepted: true, key, numbers };
}

/**
 * The balance ceiling (docs/ledger.md#balance-ceiling): the wallet after this stake, plus the largest return of
 * this bet and of the player's other bets in the round, must stay within it, so that no settlement can take a
 * wallet near the 64-bit limit.
 */
function ceilingProblem(
  cmd: PlaceBetEvent,
  playerBets: readonly PlacedBet[],
  balance: bigint,
  round: RoundView,
  ceiling: bigint,
): Decision | null {
  const others = playerBets.reduce((sum, p) => sum + maxReturnOf(p.spec, p.stake, round.config), 0n);
  const largest = balance - cmd.stake + others + maxReturnOf(cmd.bet, cmd.stake, round.config);
  return largest > ceiling
    ? reject(
        'BALANCE_CEILING_EXCEEDED',
        `a win could take the balance to ${largest}, above the ${cmd.currency} ceiling ${ceiling}`,
      )
    : null;
}

/** Records an accepted bet in the batch state: debit, player's bets, table totals, seat. */
export function applyAccepted(cmd: PlaceBetEvent, ctx: DecisionContext, placed: PlacedBet): void {
  requireDecidable(ctx);
  const { round } = ctx;
  const fromBonus = placed.bonusStake ?? 0n;
  ctx.wallet.balance -= cmd.stake - fromBonus;
  if (ctx.bonus) ctx.bonus.balance -= fromBonus;
  ctx.playerBets.push(placed);
  const total = totalsKey(round, placed.key, cmd.currency);
  round.totals.set(total, (round.totals.get(total) ?? 0n) + cmd.stake);
  round.betCount += 1;
  round.totalStaked += cmd.stake;
  if (ctx.gambling) {
    ctx.gambling.day.wagered += cmd.stake;
    ctx.gambling.week.wagered += cmd.stake;
    ctx.gambling.open += cmd.stake;
  }
  if (cmd.bet.game === 'blackjack' && cmd.bet.kind === 'main')
    round.seats.set(cmd.bet.seat, seatHolder(cmd.operatorId, cmd.playerId));
  round.changed = true;
}

/**
 * The player's cooling-off (docs/rules/restrictions.md#cooling-off): no bet at all while it lasts. The operator-set
 * responsible-gambling limits (docs/rules/restrictions.md#responsible-gambling-limits): the stake
 * limit, then per UTC day and week the wager limit (accepted stakes plus this one) and the loss limit (the
 * period's net loss of settled bets plus the stakes still open and this one, counted as potential losses).
 */
export function gamblingLimitProblem(g: GamblingLimitsView, stake: bigint): Decision | null {
  if (g.coolingOffUntil !== undefined)
    return reject(
      'COOLING_OFF',
      `the player is taking a break until ${new Date(Number(g.coolingOffUntil)).toISOString()}`,
    );
  if (g.maxStake !== undefined && stake > g.maxStake)
    return reject('ABOVE_PERSONAL_LIMIT', `stake ${stake} is above the player's stake limit ${g.maxStake}`);
  for (const [name, p] of [
    ['daily', g.day],
    ['weekly', g.week],
  ] as const) {
    if (p.wagerLimit !== undefined && p.wagered + stake > p.wagerLimit)
      return reject(
        'WAGER_LIMIT_REACHED',
        `${name} wager limit ${p.wagerLimit}: ${p.wagered} wagered, stake ${stake}`,
      );
  }
  for (const [name, p] of [
    ['daily', g.day],
    ['weekly', g.week],
  ] as const) {
    if (p.lossLimit !== undefined && p.netLoss + g.open + stake > p.lossLimit)
      return reject(
        'LOSS_LIMIT_REACHED',
        `${name} loss limit ${p.lossLimit}: net loss ${p.netLoss}, open stakes ${g.open}, stake ${stake}`,
      );
  }
  return null;
}

function seatProblem(bet: BlackjackBet, cmd: PlaceBetEvent, round: RoundView): Decision | null {
  if (bet.hand !== 0) return reject('INVALID_BET', 'a main bet is placed on hand 0');
  const holder = round.seats.get(bet.seat);
  if (holder === undefined) return null;
  return holder === seatHolder(cmd.operatorId, cmd.playerId)
    ? reject('INVALID_BET', `seat ${bet.seat} already holds this player's bet`)
    : reject('SEAT_TAKEN', `seat ${bet.seat} is held by another player`);
}

/** Blackjack's split, double and insurance stakes, by the engine's rule, against the player's stakes on the seat. */
function additionalStakeProblem(
  bet: BlackjackBet,
  stake: bigint,
  round: RoundView,
  playerBets: readonly PlacedBet[],
): Decision | null {
  if (bet.kind === 'main') return null;
  const onSeat = playerBets.flatMap((p) =>
    p.spec.game === 'blackjack' && p.spec.seat === bet.seat
      ? [{ kind: p.spec.kind, hand: p.spec.hand, stake: p.stake }]
      : [],
  );
  const rules = round.config.game === 'blackjack' ? round.config : DEFAULT_RULES;
  const problem = validateAdditionalStake(
    rules,
    { seat: bet.seat, kind: bet.kind, hand: bet.hand, stake },
    onSeat,
  );
  return problem ? reject(additionalStakeRejectionCode(problem.code), problem.message) : null;
}
