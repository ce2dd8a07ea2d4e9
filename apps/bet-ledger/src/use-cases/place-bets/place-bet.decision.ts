import { DEFAULT_SIDE_BET_LAST_ROUND } from '@casino/baccarat';
import { BetRejectionCode, betLimitKey, BlackjackBet, PlaceBetEvent } from '@casino/events';
import { validateBet as validateRouletteBet } from '@casino/roulette';
import { DecisionContext, PersonalLimit, PlacedBet, requireDecidable } from '../../bets/bet-batch';
import { evaluateRestrictions } from '../../restrictions/restriction.evaluator';
import { RESTRICTION_RULES, RestrictionRule, rulesForGame } from '../../restrictions/restriction-rules';
import { RoundView } from '../../rounds/round-view';

export type Decision =
  | { accepted: true; key: string; numbers?: readonly number[] }
  | { accepted: false; code: BetRejectionCode; message: string };

const reject = (code: BetRejectionCode, message: string): Decision => ({ accepted: false, code, message });

const RULES_BY_GAME = new Map<string, RestrictionRule[]>();
function gameRules(game: string): RestrictionRule[] {
  let rules = RULES_BY_GAME.get(game);
  if (!rules) RULES_BY_GAME.set(game, (rules = rulesForGame(game, RESTRICTION_RULES)));
  return rules;
}

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
  if (cmd.currency !== round.currency) {
    return reject(
      'CURRENCY_MISMATCH',
      `round ${cmd.roundId} plays in ${round.currency}, not ${cmd.currency}`,
    );
  }
  const bet = cmd.bet;
  const additional = bet.game === 'blackjack' && bet.kind !== 'main';
  if (additional) {
    if (round.status !== 'closed')
      return reject('ROUND_NOT_IN_PLAY', `round ${cmd.roundId} is ${round.status}`);
  } else if (round.status !== 'open') {
    return reject('LATE_BET', `betting on round ${cmd.roundId} is closed`);
  }

  const key = betLimitKey(bet);
  let numbers: readonly number[] | undefined;
  if (bet.game === 'roulette') {
    const valid = validateRouletteBet(bet.spec);
    if (!valid.ok) return reject('INVALID_BET', valid.message);
    numbers = valid.numbers;
  }
  if (bet.game === 'blackjack' && bet.kind !== 'main') {
    const problem = additionalStakeProblem(bet, cmd.stake, round, ctx.playerBets);
    if (problem) return problem;
  } else {
    const problem =
      limitProblem(round, key, cmd.stake, ctx.personalLimits) ??
      (bet.game === 'baccarat' ? sideBetCutoff(round, key) : null) ??
      (bet.game === 'blackjack' ? seatProblem(bet, cmd.playerId, round) : null);
    if (problem) return problem;
  }

  const verdict = evaluateRestrictions(
    gameRules(round.game),
    { key, stake: cmd.stake, numbers },
    {
      playerBets: ctx.playerBets,
      tableTotals: round.totals,
      maxDifference: round.config.game === 'baccarat' ? round.config.maxDifference : undefined,
      tableMax: round.config.tableMax,
    },
  );
  if (!verdict.ok) return reject(verdict.code, verdict.message);

  if (!ctx.wallet) return reject('WALLET_UNKNOWN', `player ${cmd.playerId} has no ${cmd.currency} wallet`);
  if (ctx.wallet.balance < cmd.stake) {
    return reject('INSUFFICIENT_FUNDS', `balance ${ctx.wallet.balance} does not cover stake ${cmd.stake}`);
  }
  return { accepted: true, key, numbers };
}

/** Records an accepted bet in the batch state: debit, player's bets, table totals, seat. */
export function applyAccepted(cmd: PlaceBetEvent, ctx: DecisionContext, placed: PlacedBet): void {
  requireDecidable(ctx);
  const { round } = ctx;
  ctx.wallet.balance -= cmd.stake;
  ctx.playerBets.push(placed);
  round.totals.set(placed.key, (round.totals.get(placed.key) ?? 0n) + cmd.stake);
  round.betCount += 1;
  round.totalStaked += cmd.stake;
  if (cmd.bet.game === 'blackjack' && cmd.bet.kind === 'main') round.seats.set(cmd.bet.seat, cmd.playerId);
  round.changed = true;
}

function limitProblem(
  round: RoundView,
  key: string,
  stake: bigint,
  personal: readonly PersonalLimit[],
): Decision | null {
  const mine =
    personal.find((l) => l.game === round.game && l.key === key) ??
    personal.find((l) => l.game === round.game && l.key === '*');
  if (mine) {
    if (stake < mine.min) return reject('BELOW_PERSONAL_LIMIT', `${key} personal minimum is ${mine.min}`);
    if (stake > mine.max) return reject('ABOVE_PERSONAL_LIMIT', `${key} personal maximum is ${mine.max}`);
    if (!round.config.limits[key]) return reject('BET_NOT_OFFERED', `${key} is not offered at this table`);
    return null;
  }
  const limit = round.config.limits[key];
  if (!limit) return reject('BET_NOT_OFFERED', `${key} is not offered at this table`);
  if (stake < limit.min) return reject('BELOW_TABLE_MIN', `${key} minimum is ${limit.min}, got ${stake}`);
  if (stake > limit.max) return reject('ABOVE_TABLE_MAX', `${key} maximum is ${limit.max}, got ${stake}`);
  return null;
}

function sideBetCutoff(round: RoundView, key: string): Decision | null {
  if (round.config.game !== 'baccarat') return null;
  const cutoffs: Readonly<Record<string, number | undefined>> =
    round.config.sideBetLastRound ?? DEFAULT_SIDE_BET_LAST_ROUND;
  const last = cutoffs[key];
  return last !== undefined && round.config.roundInShoe > last
    ? reject('SIDE_BET_CUTOFF', `${key} is not accepted after round ${last} of the shoe`)
    : null;
}

function seatProblem(bet: BlackjackBet, playerId: string, round: RoundView): Decision | null {
  if (bet.hand !== 0) return reject('INVALID_BET', 'a main bet is placed on hand 0');
  const holder = round.seats.get(bet.seat);
  if (holder === undefined) return null;
  return holder === playerId
    ? reject('INVALID_BET', `seat ${bet.seat} already holds this player's bet`)
    : reject('SEAT_TAKEN', `seat ${bet.seat} is held by another player`);
}

/** Blackjack's split, double and insurance stakes, checked against the player's accepted stakes on the seat. */
function additionalStakeProblem(
  bet: BlackjackBet,
  stake: bigint,
  round: RoundView,
  playerBets: readonly PlacedBet[],
): Decision | null {
  const onSeat = playerBets.filter((p) => p.spec.game === 'blackjack' && p.spec.seat === bet.seat);
  const find = (kind: string, hand?: number) =>
    onSeat.find(
      (p) =>
        p.spec.game === 'blackjack' && p.spec.kind === kind && (hand === undefined || p.spec.hand === hand),
    );
  const main = find('main');
  if (!main) return reject('NO_MAIN_BET', `no accepted bet of this player on seat ${bet.seat}`);
  const rules = round.config.game === 'blackjack' ? round.config : undefined;
  const bad = (why: string) => reject('INVALID_ADDITIONAL_STAKE', why);
  switch (bet.kind) {
    case 'split': {
      const maxHands = rules?.maxSplitHands ?? 2;
      if (bet.hand < 1 || bet.hand >= maxHands) return bad(`a split makes hand 1..${maxHands - 1}`);
      if (find('split', bet.hand)) return bad(`hand ${bet.hand} of seat ${bet.seat} is already split`);
      if (bet.hand > 1 && !find('split', bet.hand - 1)) return bad('splits make hands in order');
      return stake === main.stake ? null : bad(`a split stake equals the main stake ${main.stake}`);
    }
    case 'double': {
      const handStake = bet.hand === 0 ? main.stake : find('split', bet.hand)?.stake;
      if (handStake === undefined) return bad(`seat ${bet.seat} has no hand ${bet.hand}`);
      if (bet.hand > 0 && rules && !rules.doubleAfterSplit)
        return bad('no doubling after a split at this table');
      if (find('double', bet.hand)) return bad(`hand ${bet.hand} of seat ${bet.seat} is already doubled`);
      return stake <= handStake ? null : bad(`a double may not exceed the hand's stake ${handStake}`);
    }
    case 'insurance': {
      if (rules && !rules.insurance) return bad('no insurance at this table');
      if (find('insurance')) return bad(`seat ${bet.seat} is already insured`);
      const cost = main.stake / 2n;
      return stake === cost && cost > 0n ? null : bad(`insurance costs half the main stake: ${cost}`);
    }
    default:
      return bad(`unexpected stake kind ${bet.kind}`);
  }
}
