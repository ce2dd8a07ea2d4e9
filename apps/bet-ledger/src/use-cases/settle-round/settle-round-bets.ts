import { RoundResultPayload, TableConfig } from '@casino/events';
import { settleRound } from '@casino/games';
import { BetToSettle, RoundSettlement } from './settlement.types';

/**
 * Settles every bet of a round from its result with the game's definition (its engine package); a result of
 * another game than the round's is RESULT_MISMATCH.
 */
export function settleRoundBets(
  config: TableConfig,
  result: RoundResultPayload,
  bets: readonly BetToSettle[],
): RoundSettlement {
  return settleRound(config, result, bets);
}
