import { BaccaratBetType, isBaccaratBetType } from './bet-types';
import { BaccaratError } from './errors';
import { SettlementFacts } from './outcome';
import { PAY_LINES, PAY_TABLES, PayLine, PayTableName, isPayTableName } from './pay-table';

export type BetResult = 'win' | 'lose' | 'push';

export interface BetSettlement {
  result: BetResult;
  /** Total paid back: stake + win on a win, the stake on a push, 0 on a loss. */
  returned: bigint;
  /** The win on top of the returned stake (0 on a push or a loss). */
  win: bigint;
}

/** `classifyBet` verdicts that are not a winning pay line (pay lines are 0..PAY_LINES.length-1). */
export const VERDICT_LOSE = -2;
export const VERDICT_PUSH = -1;

const LINE: Readonly<Record<PayLine, number>> = Object.fromEntries(
  PAY_LINES.map((line, i) => [line, i]),
) as Record<PayLine, number>;

/**
 * How a bet fares: VERDICT_LOSE, VERDICT_PUSH, or the index in PAY_LINES of the ratio it wins at. A number, not an
 * object, so the simulation and the benchmark can call it millions of times without allocating; `settleBet` is
 * built on it so every path settles by the same rules.
 */
export function classifyBet(type: BaccaratBetType, facts: SettlementFacts): number {
  switch (type) {
    case 'player':
      return facts.winner === 'player' ? LINE.player : facts.winner === 'tie' ? VERDICT_PUSH : VERDICT_LOSE;
    case 'banker':
      if (facts.winner === 'tie') return VERDICT_PUSH;
      if (facts.winner !== 'banker') return VERDICT_LOSE;
      return facts.bankerTotal === 6 ? LINE.bankerOnSix : LINE.banker;
    case 'tie':
      return facts.winner === 'tie' ? LINE.tie : VERDICT_LOSE;
    case 'playerPair':
      return facts.playerPair ? LINE.playerPair : VERDICT_LOSE;
    case 'bankerPair':
      return facts.bankerPair ? LINE.bankerPair : VERDICT_LOSE;
    case 'luckySix':
      return facts.luckySix === 'two-cards'
        ? LINE.luckySixTwoCards
        : facts.luckySix === 'three-cards'
          ? LINE.luckySixThreeCards
          : VERDICT_LOSE;
    case 'playerNatural':
      return facts.playerNatural ? LINE.playerNatural : VERDICT_LOSE;
    case 'bankerNatural':
      return facts.bankerNatural ? LINE.bankerNatural : VERDICT_LOSE;
    default:
      throw new BaccaratError('UNKNOWN_BET_TYPE', `unknown baccarat bet type: ${String(type)}`);
  }
}

/**
 * Settles one bet from an outcome. Rounding: the win is `stake × numerator / denominator` rounded DOWN to the
 * minor unit and the house keeps the fraction (e.g. Banker 0.95:1 on 1 cent wins 0, on 25 cents wins 23).
 */
export function settleBet(
  type: BaccaratBetType,
  stake: bigint,
  outcome: SettlementFacts,
  payTable: PayTableName,
): BetSettlement {
  if (!isBaccaratBetType(type)) {
    throw new BaccaratError('UNKNOWN_BET_TYPE', `unknown baccarat bet type: ${String(type)}`);
  }
  assertStake(stake);
  if (!isPayTableName(payTable)) {
    throw new BaccaratError('UNKNOWN_PAY_TABLE', `unknown pay table: ${String(payTable)}`);
  }
  const verdict = classifyBet(type, outcome);
  if (verdict === VERDICT_LOSE) return { result: 'lose', returned: 0n, win: 0n };
  if (verdict === VERDICT_PUSH) return { result: 'push', returned: stake, win: 0n };
  const { numerator, denominator } = PAY_TABLES[payTable][PAY_LINES[verdict]];
  // bigint division truncates toward zero, which for a positive stake is rounding down.
  const win = (stake * numerator) / denominator;
  return { result: 'win', returned: stake + win, win };
}

export function assertStake(stake: unknown): asserts stake is bigint {
  if (typeof stake !== 'bigint' || stake <= 0n) {
    throw new BaccaratError(
      'INVALID_STAKE',
      `a stake must be a positive integer of minor units, got ${String(stake)}`,
    );
  }
}

/**
 * Returned amount per unit staked for every verdict of one pay table, as doubles, indexed by verdict + 2
 * (lose, push, then the pay lines). For the exact math and the simulation, which measure ratios, not money.
 */
export function returnPerUnitTable(payTable: PayTableName): Float64Array {
  const table = new Float64Array(PAY_LINES.length + 2);
  table[VERDICT_LOSE + 2] = 0;
  table[VERDICT_PUSH + 2] = 1;
  PAY_LINES.forEach((line, i) => {
    const { numerator, denominator } = PAY_TABLES[payTable][line];
    table[i + 2] = 1 + Number(numerator) / Number(denominator);
  });
  return table;
}
