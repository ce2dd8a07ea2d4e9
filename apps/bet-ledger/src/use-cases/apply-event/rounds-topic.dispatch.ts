import { RoundsTopicEvent } from '@casino/events';
import { RoundEffect } from '../../rounds/round-effect';
import { TransactionContext } from '../../transaction/transaction-context';
import { closeRound } from '../close-round/close-round.use-case';
import { openRound } from '../open-round/open-round.use-case';
import { revealShoe } from '../reveal-shoe/reveal-shoe.use-case';
import { settleRound } from '../settle-round/settle-round.use-case';
import { voidRound } from '../void-round/void-round.use-case';

/**
 * The use case of an event of the rounds topic, inside the caller's transaction (its id already recorded).
 * `loggedBeforeClose`: a RoundVoided that came in the same fetch as the BettingClosed its round was closed by.
 */
export async function dispatchRoundsTopicEvent(
  ctx: TransactionContext,
  event: RoundsTopicEvent,
  loggedBeforeClose = false,
): Promise<RoundEffect | 'recorded'> {
  switch (event.type) {
    case 'RoundOpened':
      return openRound(ctx, event);
    case 'BettingClosed':
      return closeRound(ctx, event);
    case 'RoundResult':
      return settleRound(ctx, event);
    case 'RoundVoided':
      return voidRound(ctx, event, 'game-service', loggedBeforeClose);
    case 'ShoeRevealed':
      await revealShoe(ctx, event);
      return 'recorded';
  }
}
