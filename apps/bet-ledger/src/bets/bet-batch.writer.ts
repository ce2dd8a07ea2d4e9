import { buildEvent } from '@casino/events';
import { roundTotalsStatement } from '../rounds/round.repository';
import { TransactionContext } from '../transaction/transaction-context';
import { BetBatch } from './bet-batch';
import { insertBonusPartsStatement } from '../bonus/bonus.repository';
import { insertBetsStatement } from './bet-batch.repository';
import { markCancelled } from './cancel-target.repository';
import { GAMBLING_USAGE } from '../responsible-gambling/gambling-usage';
import { writeFreeBetUses } from '../free-bets/free-bet-settlement';

/**
 * Queues what a decided batch leaves: one debit entry per bets-in-play account, a BalanceChanged per refunded
 * wallet and round, the new bets, the cancelled marks, the rounds' running totals and the players' gambling
 * usage. They go out with the transaction's other writes, after the postings.
 */
export async function writeBetBatch(ctx: TransactionContext, batch: BetBatch): Promise<void> {
  for (const [inPlay, d] of batch.debits) {
    let total = 0n;
    for (const v of d.stakes.values()) total += v;
    ctx.postings.add({
      // Each command is decided once, so the first command id of the group names the entry uniquely.
      idempotencyKey: `bets:${d.first}`,
      kind: 'bet',
      reference: `commands from ${d.first}`,
      currency: d.currency,
      lines: [
        ...[...d.stakes].map(([accountId, stake]) => ({ accountId, amount: -stake })),
        { accountId: inPlay, amount: total },
      ],
    });
  }
  // The wallet's balance at the end of the batch.
  for (const { cmd, wallet, delta } of batch.refunds.values()) {
    ctx.outbox.add(
      buildEvent('BalanceChanged', {
        playerId: cmd.playerId,
        operatorId: cmd.operatorId,
        currency: cmd.currency,
        reason: 'refund',
        delta,
        balance: wallet.balance,
        tableId: cmd.tableId,
        roundId: cmd.roundId,
        causationId: cmd.id,
      }),
    );
  }
  ctx.writes.add(insertBetsStatement(batch.newBets));
  ctx.writes.add(insertBonusPartsStatement(batch.bonusParts));
  // Accepted stakes (less cancelled ones) join the period's wager and the open stakes; written at the end.
  const gambling = ctx.final.of(GAMBLING_USAGE);
  for (const [accountId, amount] of batch.wageredDelta) gambling.add(accountId, amount, 0n, amount);
  if (batch.cancelled.length > 0) {
    // A cancel may name a bet inserted by this batch: the insert must be done before the update sees it.
    await ctx.writes.flush(ctx.sql);
    await markCancelled(ctx.sql, batch.cancelled, batch.acceptedAt);
  }
  ctx.writes.add(roundTotalsStatement([...batch.rounds]));
  await writeFreeBetUses(
    ctx,
    batch.freeBetUses,
    batch.cancelled.map((c) => c.betId),
  );
}
