import { RoundOpenedEvent } from '@casino/events';
import { RoundEffect } from '../../rounds/round-effect';
import { insertRound } from '../../rounds/round.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/** Records a new round with its table settings; a second RoundOpened for the same round changes nothing. */
export async function openRound(ctx: TransactionContext, event: RoundOpenedEvent): Promise<RoundEffect> {
  return (await insertRound(ctx.sql, event)) ? 'opened' : 'ignored-duplicate';
}
