import { CreditCall, RollbackCall, WalletOutcome } from '@casino/operator-protocol';
import { observedWalletCall } from '../observability/seamless-metrics';
import { buildEvent } from '@casino/events';
import { fundingAccount, playerAccount } from '@casino/wallet';
import { ensureAccountIds } from './seamless-accounts';
import { SeamlessDeps } from './seamless-deps';
import { AnsweredCall, SeamlessBatchPort } from './seamless-funding';
import { RetrySchedule, retryDelayMs } from './seamless-policy';
import { SeamlessCallRow } from './seamless.repository';
import { creditV2Call, observedWalletV2Call, rollbackV2Call, StoredV2Call } from './seamless-v2-calls';

/**
 * One credit or rollback the platform owes an operator, sent again with its transaction id until the operator
 * answers for sure:
 * - `ok`: confirmed (confirmCalls, in a transaction shared with the other calls answered meanwhile).
 * - a coded refusal is final: the call is `failed` with the code, for the back office to resolve by hand.
 * - unknown: tried again after a doubling, capped pause; past the retry window it is `failed` too.
 */
export async function sendSeamlessCall(
  deps: SeamlessDeps,
  batches: SeamlessBatchPort,
  schedule: RetrySchedule,
  row: SeamlessCallRow,
): Promise<void> {
  const endpoint = await deps.endpoint(row.operator_id);
  const outcome = !endpoint
    ? ({ kind: 'unknown', reason: 'no wallet URL or active key' } as const)
    : row.protocol === 2
      ? await v2Call(deps, row, endpoint)
      : row.call === 'credit'
        ? await observedWalletCall(row.operator_id, endpoint, 'credit', creditCall(row), deps.timeoutMs)
        : await observedWalletCall(
            row.operator_id,
            endpoint,
            'rollback',
            row.body as RollbackCall,
            deps.timeoutMs,
          );
  if (outcome.kind === 'answered' && outcome.answer.status === 'ok') {
    const { operatorTransactionId, balance } = outcome.answer;
    await batches.confirm({ row, operatorTransactionId, balance });
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

/** A version 2 credit or rollback, built from its stored body as at its first try. */
async function v2Call(
  deps: SeamlessDeps,
  row: SeamlessCallRow,
  endpoint: NonNullable<Awaited<ReturnType<SeamlessDeps['endpoint']>>>,
): Promise<WalletOutcome> {
  const body = row.body as unknown as StoredV2Call;
  return row.call === 'credit'
    ? observedWalletV2Call(
        row.operator_id,
        endpoint,
        'credit',
        creditV2Call(row.operator_id, body, deps.roundLink, Number(row.created_ms)),
        deps.timeoutMs,
      )
    : observedWalletV2Call(row.operator_id, endpoint, 'rollback', rollbackV2Call(body), deps.timeoutMs);
}

function creditCall(row: SeamlessCallRow): CreditCall {
  const b = row.body;
  return {
    transactionId: b.transactionId,
    playerId: b.playerId,
    currency: b.currency,
    amount: BigInt(b.amount),
    kind: b.kind as CreditCall['kind'],
    // A free bet's credit names its promotion instead of a debit (docs/operator-integration.md#free-bets).
    ...(b.promotionId === undefined
      ? { debitTransactionId: b.debitTransactionId }
      : { promotionId: b.promotionId }),
    roundId: b.roundId,
    betId: b.betId,
  };
}

/**
 * Confirms answered calls in one transaction (a call another worker confirmed meanwhile is left alone). A
 * credit's amount leaves the player's platform wallet for the operator's funding account (the money is the
 * operator's wallet's again); a rollback ends its bet's `rolling_back`. Either way a BalanceChanged carries the
 * balance the operator answered, the figure the player's client shows.
 */
export async function confirmCalls(deps: SeamlessDeps, answered: AnsweredCall[]): Promise<void[]> {
  const byId = new Map(answered.map((a) => [a.row.transaction_id, a] as const));
  await deps.transactions.run('tx.seamless.confirmed', async (ctx) => {
    const ids = [...byId.keys()].sort();
    const done = await ctx.sql.rows<{ transaction_id: string }>(
      `UPDATE ledger_seamless_calls c SET state = 'confirmed', done_at = now(), operator_transaction_id = a.operator_tx
       FROM unnest($1::text[], $2::text[]) AS a(transaction_id, operator_tx)
       WHERE c.transaction_id = a.transaction_id AND c.state = 'pending'
       RETURNING c.transaction_id`,
      [ids, ids.map((id) => byId.get(id)?.operatorTransactionId ?? null)],
    );
    const confirmed = done.map((d) => byId.get(d.transaction_id)).filter((a) => a !== undefined);
    for (const { row, balance } of confirmed) ctx.outbox.add(balanceChanged(row, balance));
    const rollbacks = confirmed.filter((a) => a.row.call === 'rollback').map((a) => a.row);
    if (rollbacks.length > 0)
      // A version 2 rollback cancels every bet of its debit call.
      await ctx.sql.rows(
        `UPDATE ledger_seamless_bets SET state = 'rejected', updated_at = now()
         WHERE (command_id = ANY($1::text[]) OR call_tx = ANY($2::text[])) AND state = 'rolling_back'`,
        [
          rollbacks.map((r) => r.command_id),
          rollbacks.filter((r) => r.protocol === 2).map((r) => r.body.debitTransactionId),
        ],
      );
    const paid = confirmed.map((a) => a.row).filter((r) => r.call === 'credit' && BigInt(r.amount) > 0n);
    if (paid.length === 0) return;
    const walletOf = (r: SeamlessCallRow) => playerAccount(r.operator_id, r.body.playerId, r.body.currency);
    const floatOf = (r: SeamlessCallRow) => fundingAccount(r.operator_id, r.body.currency);
    const idOf = await ensureAccountIds(ctx.sql, [...paid.map(walletOf), ...paid.map(floatOf)]);
    for (const r of paid) {
      const amount = BigInt(r.amount);
      ctx.postings.add({
        idempotencyKey: `seamless:${r.transaction_id}`,
        kind: 'withdrawal',
        reference: r.transaction_id,
        currency: r.body.currency,
        lines: [
          { accountId: idOf(walletOf(r)), amount: -amount },
          { accountId: idOf(floatOf(r)), amount },
        ],
      });
    }
  });
  return answered.map(() => undefined);
}

function balanceChanged(row: SeamlessCallRow, balance: bigint) {
  return buildEvent('BalanceChanged', {
    playerId: row.body.playerId,
    operatorId: row.operator_id,
    currency: row.body.currency,
    reason: row.call === 'credit' && !isRefund(row) ? 'settlement' : 'refund',
    // A rollback's delta is unknown here (the debit may never have reached the operator); its balance is not.
    delta: row.call === 'credit' ? BigInt(row.amount) : 0n,
    balance,
    roundId: row.body.roundId,
    causationId: row.command_id,
  });
}

/** A refund credit: v1's kind, or every credit of a v2 call a refund. */
function isRefund(row: SeamlessCallRow): boolean {
  if (row.protocol !== 2) return row.body.kind === 'refund';
  const credits = (row.body as unknown as StoredV2Call).credits ?? [];
  return credits.every((c) => c.kind === 'refund');
}
