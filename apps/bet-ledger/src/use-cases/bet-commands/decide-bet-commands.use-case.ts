import { BetCommand } from '@casino/events';
import { performance } from 'node:perf_hooks';
import { BetBatchStats } from '../../bets/bet-batch';
import { loadBetBatch, SeamlessStakes } from '../../bets/bet-batch.repository';
import { writeBetBatch } from '../../bets/bet-batch.writer';
import { divertSeamlessBets, refundCancelledSeamlessBets } from '../../seamless/seamless-intake';
import { TransactionContext } from '../../transaction/transaction-context';
import { cancelBet } from '../cancel-bets/cancel-bets.use-case';
import { placeBet } from '../place-bets/place-bets.use-case';
import { loadFreeBets, requireFreeBets } from '../../bets/free-bet-stake';

/**
 * Decides a batch of bet commands (PlaceBet and CancelBet, several partitions' worth) in one transaction:
 * lock/load what they touch (bets/), decide each in message order with the place-bets and cancel-bets use cases
 * (a cancel may name a bet accepted earlier in the batch), then queue the batch's writes. Bets of seamless
 * operators' players are set aside (seamless/) after a dry run of this decision (`seamlessStakes` `assumed`), and
 * decided here again by the seamless worker once their stakes are funded (`funded`), with the operator's balance
 * after each debit in `shownBalances`, by command id, or as free bets (`seamlessFreeBets`: never debited); the
 * refunds of the seamless bets it cancels are queued with it.
 */
export async function decideBetCommands(
  ctx: TransactionContext,
  commands: readonly BetCommand[],
  opts: {
    seamlessStakes?: SeamlessStakes;
    shownBalances?: ReadonlyMap<string, bigint>;
    seamlessFreeBets?: boolean;
  } = {},
): Promise<BetBatchStats> {
  const received =
    opts.seamlessStakes || opts.seamlessFreeBets
      ? commands
      : await divertSeamlessBets(ctx, commands, decideBetCommands);
  if (received.length === 0)
    return { accepted: 0, rejected: 0, cancelled: 0, cancelRejected: 0, duplicates: 0 };
  const { batch, fresh } = await loadBetBatch(ctx, received, opts.seamlessStakes);
  // A funded seamless stake is the player's: it uses no free bet. A seamless bet that is to use one
  // (`seamlessFreeBets`, seamless/seamless-free-bets.ts) is dropped unless one is left (NoFreeBetLeft).
  if (!opts.seamlessStakes) await loadFreeBets(ctx, batch, fresh);
  if (opts.seamlessFreeBets) requireFreeBets(batch, fresh);
  const { stats } = batch;
  const decideStart = performance.now();
  for (const cmd of fresh) {
    if (cmd.type === 'CancelBet') {
      if (cancelBet(ctx, batch, cmd) === 'cancelled') stats.cancelled++;
      else stats.cancelRejected++;
    } else if (placeBet(ctx, batch, cmd, opts.shownBalances?.get(cmd.id)) === 'accepted') stats.accepted++;
    else stats.rejected++;
  }
  ctx.profiler.add('bets.decide', performance.now() - decideStart);
  await writeBetBatch(ctx, batch);
  if (stats.cancelled > 0) await refundCancelledSeamlessBets(ctx);
  return stats;
}
