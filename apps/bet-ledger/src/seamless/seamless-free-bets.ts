import { PlaceBetEvent } from '@casino/events';
import { observedWalletCall } from '../observability/seamless-metrics';
import { NoFreeBetLeft } from '../bets/free-bet-stake';
import { recordProcessed } from '../transaction/processed-events';
import { betRejected } from './seamless-check';
import type { SeamlessDeps } from './seamless-deps';
import { hasUsableFreeBet, lockDebitingBet, moveBet, recordFreeBetDecision } from './seamless.repository';

/**
 * A seamless bet that may use a free bet, before any debit (docs/ledger.md#free-bets): the free bet's stake is the
 * operator's promotion, so nothing is debited from the player's wallet at the operator. The operator's wallet is
 * asked the player's balance (what BetAccepted shows; no sure answer rejects the bet WALLET_UNAVAILABLE, nothing
 * having moved), then one transaction decides the bet with the Kafka path's code, its stake from the promotion
 * book, and moves it to `accepted` naming its free bet (its winnings are credited with the promotion id once its
 * round ends) or to `rejected`. Returns false when it is no free bet after all (none matched, or another bet took
 * the last one meanwhile: the transaction is rolled back), and the bet is debited as any.
 */
export async function decideSeamlessFreeBet(deps: SeamlessDeps, cmd: PlaceBetEvent): Promise<boolean> {
  if (!(await deps.read((sql) => hasUsableFreeBet(sql, cmd)))) return false;
  const endpoint = await deps.endpoint(cmd.operatorId);
  const outcome = endpoint
    ? await observedWalletCall(
        cmd.operatorId,
        endpoint,
        'balance',
        { playerId: cmd.playerId, currency: cmd.currency },
        deps.timeoutMs,
      )
    : ({ kind: 'unknown', reason: 'no wallet URL or active key' } as const);
  if (outcome.kind !== 'answered' || outcome.answer.status !== 'ok') {
    const reason =
      outcome.kind === 'unknown'
        ? outcome.reason
        : outcome.answer.status === 'refused'
          ? `${outcome.answer.code}: ${outcome.answer.message}`
          : 'unexpected answer';
    await deps.transactions.run('tx.seamless.freeBetUnknown', async (ctx) => {
      if (!(await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: 'WALLET_UNAVAILABLE' })))
        return;
      await recordProcessed(ctx.sql, cmd.id);
      ctx.outbox.add(
        betRejected(
          cmd,
          'WALLET_UNAVAILABLE',
          `the operator's wallet gave no balance for a free bet (${reason})`,
        ),
      );
    });
    return true;
  }
  const shown = outcome.answer.balance;
  try {
    await deps.transactions.run('tx.seamless.freeBet', async (ctx) => {
      if (!(await lockDebitingBet(ctx.sql, cmd.id))) return;
      await deps.decide(ctx, [cmd], { seamlessFreeBets: true, shownBalances: new Map([[cmd.id, shown]]) });
      const accepted = ctx.outbox.events.find(
        (e) => e.type === 'BetAccepted' && 'commandId' in e && e.commandId === cmd.id,
      );
      const betId = accepted && 'betId' in accepted ? accepted.betId : null;
      await recordFreeBetDecision(ctx.sql, cmd.id, betId);
    });
  } catch (err) {
    if (err instanceof NoFreeBetLeft) return false;
    throw err;
  }
  return true;
}
