import { RoundResultPayload, TableConfig } from '@casino/events';
import { settleBaccaratRound } from './settle-baccarat';
import { settleBlackjackRound } from './settle-blackjack';
import { settleRouletteRound } from './settle-roulette';
import { BetToSettle, RoundSettlement } from './settlement.types';

/** Settles every bet of a round from its result with the game's engine package. */
export function settleRoundBets(
  config: TableConfig,
  result: RoundResultPayload,
  bets: readonly BetToSettle[],
): RoundSettlement {
  if (config.game === 'baccarat' && result.game === 'baccarat')
    return settleBaccaratRound(config, result, bets);
  if (config.game === 'roulette' && result.game === 'roulette') return settleRouletteRound(result, bets);
  if (config.game === 'blackjack' && result.game === 'blackjack')
    return settleBlackjackRound(config, result, bets);
  return {
    ok: false,
    code: 'RESULT_MISMATCH',
    message: `a ${result.game} result for a ${config.game} round`,
  };
}
