import { callOperatorWallet, CreditCall, RollbackCall } from '@casino/operator-protocol';
import { buildEvent } from '@casino/events';
import { fundingAccount, playerAccount } from '@casino/wallet';
import { SeamlessDeps } from './seamless-funding';
import { RetrySchedule, retryDelayMs } from './seamless-policy';
import { SeamlessCallRow } from './seamless.repository';

/**
 * One credit or rollback the platform owes an operator, sent again with its transaction id until the operator
 * answers for sure:
 * - `ok`: confirmed. A credit's amount then leaves the player's platform wallet for the operator's funding
 *   account (the money is the operator's wallet's again); a rollback ends its bet's `rolling_back`. Either way a
 *   BalanceChanged carries the balance the operator answered, the figure the player's client shows.
 * - a coded refusal is final: the call is `failed` with the code, for the back office to resolve by hand.
 * - unknown: tried again after a doubling, capped pause; past the retry window it is `failed` too.
 */
export async function sendSeamlessCall(
  deps: SeamlessDeps,
  schedule: RetrySchedule,
  row: SeamlessCallRow,
): Promise<void> {
  const endpoint = await deps.endpoint(row.operator_id);
  const outcome = !endpoint
    ? ({ kind: 'unknown', reason: 'no wallet URL or active key' } as const)
    : row.call === 'credit'
      ? await callOperatorWallet(endpoint, 'credit', creditCall(row), deps.timeoutMs)
      : await callOperatorWallet(endpoint, 'rollback', row.body as RollbackCall, deps.timeoutMs);
  if (outcome.kind === 'answered' && outcome.answer.status === 'ok') {
    const { operatorTransactionId, balance } = outcome.answer;
    await deps.transactions.run('tx.seamless.confirmed', async (ctx) => {
      const [done] = await ctx.sql.rows(
        `UPDATE ledger_seamless_calls SET state = 'confirmed', done_at = now(), operator_transaction_id = $2
         WHERE transaction_id = $1 AND state = 'pending' RETURNING 1`,
        [row.transaction_id, operatorTransactionId ?? null],
      );
      if (!done) return;
      ctx.outbox.add(
        buildEvent('BalanceChanged', {
          playerId: row.body.playerId,
          operatorId: row.operator_id,
          currency: row.body.currency,
          reason: row.call === 'credit' && row.body.kind !== 'refund' ? 'settlement' : 'refund',
          // A rollback's delta is unknown here (the debit may never have reached the operator); its balance is not.
          delta: row.call === 'credit' ? BigInt(row.amount) : 0n,
          balance,
          roundId: row.body.roundId,
          causationId: row.command_id,
        }),
      );
      if (row.call === 'rollback') {
        await ctx.sql.rows(
          `UPDATE ledger_seamless_bets SET state = 'rejected', updated_at = now()
           WHERE command_id = $1 AND state = 'rolling_back'`,
          [row.command_id],
        );
        return;
      }
      const amount = BigInt(row.amount);
      if (amount === 0n) return;
      const { playerId, currency } = row.body;
      await deps.wallet.transfer(
        {
          idempotencyKey: `seamless:${row.transaction_id}`,
          kind: 'withdrawal',
          reference: row.transaction_id,
          currency,
          lines: [
            { account: playerAccount(row.operator_id, playerId, currency), amount: -amount },
            { account: fundingAccount(row.operator_id, currency), amount },
          ],
        },
        ctx.sql,
      );
    });
    return;
  }
  const refused =
    outcome.kind === 'answered' && outcome.answer.status === 'refused' ? outcome.answer : undefined;
  const reason = refused
    ? `${refused.code}: ${refused.message}`
    : outcome.kind === 'unknown'
      ? outcome.reason
      : 'unexpected answer';
  const final = refused !== undefined || row.expired;
  if (final) deps.log.warn(`seamless ${row.transaction_id} at ${row.operator_id} failed for good: ${reason}`);
  await deps.transactions.run('tx.seamless.retry', async (ctx) => {
    await ctx.sql.rows(
      `UPDATE ledger_seamless_calls SET state = $2, last_error = $3, refusal_code = $4,
         next_attempt_at = now() + $5 * interval '1 millisecond', done_at = CASE WHEN $2 = 'failed' THEN now() END
       WHERE transaction_id = $1 AND state = 'pending'`,
      [
        row.transaction_id,
        final ? 'failed' : 'pending',
        reason.slice(0, 1000),
        refused?.code ?? null,
        retryDelayMs(schedule, row.attempts),
      ],
    );
  });
}

function creditCall(row: SeamlessCallRow): CreditCall {
  const b = row.body;
  return {
    transactionId: b.transactionId,
    playerId: b.playerId,
    currency: b.currency,
    amount: BigInt(b.amount),
    kind: b.kind as CreditCall['kind'],
    debitTransactionId: b.debitTransactionId,
    roundId: b.roundId,
    betId: b.betId,
  };
}
