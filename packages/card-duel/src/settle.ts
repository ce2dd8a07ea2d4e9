import { CardError } from '@casino/cards';
import { BetToSettle, outcomeOf, Ratio, RoundSettlement, SettledBet } from '@casino/game-kit';
import { duelFromCards } from './duel';
import { DuelGameRules, duelReturn } from './pay-table';

/**
 * Every bet of a round settled from its two cards in deal order, in minor units. Cards that are not two valid
 * cards are INVALID_RESULT (the round is disputed and pays nothing).
 */
export function settleDuelRound<K extends string>(
  rules: DuelGameRules<K>,
  cards: readonly string[],
  bets: readonly BetToSettle<{ game: string; type: K }>[],
): RoundSettlement {
  let round;
  try {
    round = duelFromCards(cards, rules.ace);
  } catch (err) {
    if (err instanceof CardError) {
      return { ok: false, code: 'INVALID_RESULT', message: `${err.code}: ${err.message}` };
    }
    throw err;
  }
  const items: SettledBet[] = bets.map((bet) => {
    if (bet.spec.game !== rules.id) throw new Error(`bet ${bet.betId} is not a ${rules.id} bet`);
    const line = rules.payTable[bet.spec.type];
    if (!line) throw new Error(`bet ${bet.betId}: ${rules.id} has no bet ${String(bet.spec.type)}`);
    const returned = duelReturn(line, bet.stake, round);
    return { betId: bet.betId, returned, outcome: outcomeOf(bet.stake, returned) };
  });
  return { ok: true, items };
}

/** The most a bet returns per unit staked, stake included (its win). */
export function duelMaxReturn<K extends string>(rules: DuelGameRules<K>, key: K): Ratio {
  return { num: rules.payTable[key].pays + 1n, den: 1n };
}
