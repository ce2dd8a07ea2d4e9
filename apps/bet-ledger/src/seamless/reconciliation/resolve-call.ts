import { fundingAccount, playerAccount, sqlOf, WalletService } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';

/**
 * Resolves a `failed` seamless call by hand, once the operator's team confirmed it was settled on their side
 * (credited or refunded outside the protocol). In one transaction: the call becomes `manual` with who and why, the
 * books move as a confirmation would (a credit's amount leaves the player's platform wallet for the operator's
 * funding account; a rollback ends its bet's `rolling_back`), and the audit row is written.
 */
/** Who resolves it (the back office's staff principal), as the call and its audit row record them. */
export interface CallResolver {
  staffId: string | null;
  username: string;
  role: string;
}

export async function resolveFailedCall(
  ds: DataSource,
  who: CallResolver,
  operatorId: string,
  transactionId: string,
  reason: string,
): Promise<{ transactionId: string; state: 'manual'; call: string; amount: string }> {
  const wallet = new WalletService(ds);
  return ds.transaction(async (m) => {
    const sql = sqlOf(m);
    const [call] = await sql.rows<{
      call: 'credit' | 'rollback';
      state: string;
      amount: string;
      command_id: string;
      body: Record<string, string>;
      protocol: number;
    }>(
      `SELECT call, state, amount::text AS amount, command_id, body, protocol FROM ledger_seamless_calls
       WHERE transaction_id = $1 AND operator_id = $2 FOR UPDATE`,
      [transactionId, operatorId],
    );
    if (!call) throw new LedgerError('NOT_FOUND', `no seamless call ${transactionId} of ${operatorId}`);
    if (call.state !== 'failed')
      throw new LedgerError('SEAMLESS_CALL_NOT_FAILED', `the call is ${call.state}`);
    await sql.rows(
      `UPDATE ledger_seamless_calls SET state = 'manual', done_at = now(), resolved_by = $2, resolution = $3
       WHERE transaction_id = $1`,
      [transactionId, who.username, reason],
    );
    const amount = BigInt(call.amount);
    if (call.call === 'credit' && amount > 0n) {
      const { playerId, currency } = call.body;
      await wallet.transfer(
        {
          idempotencyKey: `seamless:${transactionId}`,
          kind: 'withdrawal',
          reference: transactionId,
          currency,
          lines: [
            { account: playerAccount(operatorId, playerId, currency), amount: -amount },
            { account: fundingAccount(operatorId, currency), amount },
          ],
        },
        sql,
      );
    }
    if (call.call === 'rollback')
      // A version 2 rollback cancels every bet of its debit call.
      await sql.rows(
        `UPDATE ledger_seamless_bets SET state = 'rejected', updated_at = now()
         WHERE (command_id = $1 OR call_tx = $2) AND state = 'rolling_back'`,
        [call.command_id, call.protocol === 2 ? call.body.debitTransactionId : null],
      );
    await sql.rows(
      `INSERT INTO ledger_backoffice_audit (actor, staff_id, role, action, target, reason, details)
       VALUES ($1, $2, $3, 'seamless.resolve', $4, $5, $6)`,
      [
        who.username,
        who.staffId,
        who.role,
        `${operatorId}/${transactionId}`,
        reason,
        JSON.stringify({ call: call.call, amount: call.amount }),
      ],
    );
    return { transactionId, state: 'manual' as const, call: call.call, amount: call.amount };
  });
}
