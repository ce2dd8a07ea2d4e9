import { BaccaratBetType } from './bet-types';
import { SettlementFacts } from './outcome';
import { PAY_LINES, PAY_TABLES, PayTableName } from './pay-table';
import { VERDICT_LOSE, VERDICT_PUSH, classifyBet } from './settle';

/**
 * Settlement in plain numbers for the simulation and the benchmark: the same verdicts and the same round-down
 * rule as `settleBet`, without allocating a bigint per bet. Exact while stake × numerator stays below 2^53, far
 * above any real stake; `settleBet` (bigint) is what moves money.
 */
export class FastSettler {
  private readonly numerators: Float64Array;
  private readonly denominators: Float64Array;

  constructor(readonly payTable: PayTableName) {
    this.numerators = Float64Array.from(PAY_LINES, (line) => Number(PAY_TABLES[payTable][line].numerator));
    this.denominators = Float64Array.from(PAY_LINES, (line) =>
      Number(PAY_TABLES[payTable][line].denominator),
    );
  }

  /** Total paid back for `stake` minor units (stake + win, stake on a push, 0 on a loss). */
  returned(type: BaccaratBetType, facts: SettlementFacts, stake: number): number {
    const verdict = classifyBet(type, facts);
    if (verdict === VERDICT_LOSE) return 0;
    if (verdict === VERDICT_PUSH) return stake;
    return stake + Math.floor((stake * this.numerators[verdict]) / this.denominators[verdict]);
  }
}
