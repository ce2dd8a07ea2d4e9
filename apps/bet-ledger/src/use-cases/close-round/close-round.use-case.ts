import { BettingClosedEvent } from '@casino/events';
import { closeBetting } from '../../rounds/round-closing';
import { RoundEffect, unknownRound } from '../../rounds/round-effect';
import { lockRound } from '../../rounds/round.repository';
import { TransactionContext } from '../../transaction/transaction-context';

/** No more bets: the round's final bet list is fixed and published (BetsFinalized). */
export async function closeRound(ctx: TransactionContext, event: BettingClosedEvent): Promise<RoundEffect> {
  const round = await lockRound(ctx.sql, event.tableId, event.roundId);
  if (!round) return unknownRound(ctx.log, event);
  if (round.status !== 'open') return 'ignored-duplicate';
  await closeBetting(ctx, round, event.occurredAt, event.id);
  return 'closed';
}
