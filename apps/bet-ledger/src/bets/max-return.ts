import { BaccaratBetType, PAY_TABLES, PayLine } from '@casino/baccarat';
import { BetSpec, TableConfig } from '@casino/events';
import { PAYOUT_RATIO } from '@casino/roulette';

/** A return per unit staked, stake included: num/den. */
type Ratio = { num: bigint; den: bigint };

/** The pay lines each baccarat bet can win on (docs/rules/baccarat.md#bets-and-payouts). */
const BACCARAT_LINES: Readonly<Record<BaccaratBetType, readonly PayLine[]>> = {
  player: ['player'],
  banker: ['banker', 'bankerOnSix'],
  tie: ['tie'],
  playerPair: ['playerPair'],
  bankerPair: ['bankerPair'],
  luckySix: ['luckySixTwoCards', 'luckySixThreeCards'],
  playerNatural: ['playerNatural'],
  bankerNatural: ['bankerNatural'],
};

/** Insurance pays 2:1; a double or split stake wins even money (docs/rules/blackjack.md#settlement). */
const BLACKJACK_ADDITIONAL: Readonly<Record<'double' | 'split' | 'insurance', Ratio>> = {
  double: { num: 2n, den: 1n },
  split: { num: 2n, den: 1n },
  insurance: { num: 3n, den: 1n },
};

function largestReturn(spec: BetSpec, config: TableConfig): Ratio {
  switch (spec.game) {
    case 'roulette':
      return { num: BigInt(PAYOUT_RATIO[spec.spec.type] + 1), den: 1n };
    case 'baccarat': {
      // The largest line of either pay table: a table's pay table may change between shoes.
      let best: Ratio = { num: 1n, den: 1n };
      for (const table of Object.values(PAY_TABLES))
        for (const line of BACCARAT_LINES[spec.type]) {
          const r = { num: table[line].numerator + table[line].denominator, den: table[line].denominator };
          if (r.num * best.den > best.num * r.den) best = r;
        }
      return best;
    }
    case 'blackjack': {
      if (spec.kind !== 'main') return BLACKJACK_ADDITIONAL[spec.kind];
      const pays = config.game === 'blackjack' ? config.blackjackPays : { num: 3, den: 2 };
      const blackjack = { num: BigInt(pays.num + pays.den), den: BigInt(pays.den) };
      // A natural pays the table's blackjack payout; any other win even money.
      return blackjack.num > 2n * blackjack.den ? blackjack : { num: 2n, den: 1n };
    }
  }
}

/**
 * The most a bet can return (stake included) by the rules of its game at its table, rounded up: what the ledger
 * checks against the wallet's balance ceiling when the bet is placed (docs/ledger.md#balance-ceiling).
 */
export function maxReturnOf(spec: BetSpec, stake: bigint, config: TableConfig): bigint {
  const r = largestReturn(spec, config);
  return (stake * r.num + r.den - 1n) / r.den;
}
