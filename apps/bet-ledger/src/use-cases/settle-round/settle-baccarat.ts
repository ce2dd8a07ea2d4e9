import { BaccaratError, outcomeFromCards, settleBet } from '@casino/baccarat';
import { CardError, parseCards } from '@casino/cards';
import { BaccaratResult, BaccaratTableConfig } from '@casino/events';
import { SettledItem } from '../../rounds/round-book';
import { BetToSettle, RoundSettlement } from './settlement.types';

/** Every payout from the cards in deal order, with @casino/baccarat's outcome and pay table. */
export function settleBaccaratRound(
  config: BaccaratTableConfig,
  result: BaccaratResult,
  bets: readonly BetToSettle[],
): RoundSettlement {
  let outcome;
  try {
    outcome = outcomeFromCards(parseCards(result.cards));
  } catch (err) {
    if (err instanceof BaccaratError || err instanceof CardError) {
      return { ok: false, code: 'INVALID_RESULT', message: `${err.code}: ${err.message}` };
    }
    throw err;
  }
  const items: SettledItem[] = bets.map((bet) => {
    if (bet.spec.game !== 'baccarat') throw new Error(`bet ${bet.betId} is not a baccarat bet`);
    const s = settleBet(bet.spec.type, bet.stake, outcome, config.payTable);
    return { betId: bet.betId, returned: s.returned, outcome: s.result };
  });
  return { ok: true, items };
}
