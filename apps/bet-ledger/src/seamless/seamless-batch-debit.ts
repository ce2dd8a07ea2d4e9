import { WalletOutcome } from '@casino/operator-protocol';
import { profiler } from '../observability/profiler';
import { SeamlessDeps } from './seamless-deps';
import { rejectSeamlessBet, SeamlessBatchPort } from './seamless-funding';
import { decideSeamlessFreeBet } from './seamless-free-bets';
import { storedCommand } from './seamless-intake';
import { rejectionOfRefusal } from './seamless-policy';
import { debitV2Call, GroupBet, observedWalletV2Call, StoredV2Call } from './seamless-v2-calls';
import { debitGroup } from './seamless-v2.repository';
import { moveBet, queueCall } from './seamless.repository';

/**
 * The version 2 debit of one player's bets of one round (docs/operator-integration.md#seamless-wallet-versions):
 * the bets sharing a `call_tx`, still `debiting`, are debited in ONE call, all or nothing, with v1's guarantees per
 * call: `ok` funds and decides each bet as v1 does (each with its own funding entry, debit:<commandId>); a coded
 * refusal rejects every bet with that code and moves nothing; anything else is unknown: every bet is rejected
 * WALLET_UNAVAILABLE and ONE rollback of the call is queued, retried until the operator acknowledges it. A bet that
 * may use a free bet is tried as one first, and is then no bet of the call.
 */
export async function advanceSeamlessGroup(
  deps: SeamlessDeps,
  batches: SeamlessBatchPort,
  callTx: string,
): Promise<void> {
  const rows = await deps.read((sql) => debitGroup(sql, callTx));
  if (rows.length === 0) return;
  const bets: GroupBet[] = [];
  for (const row of rows) {
    const cmd = storedCommand(row.command);
    if (!(await decideSeamlessFreeBet(deps, cmd))) bets.push({ cmd, debitTx: row.debit_tx });
  }
  if (bets.length === 0) return;
  const first = bets[0].cmd;
  // The rows share one created_at (one intake statement): the link, and so the call, is the same at every try.
  const call = debitV2Call(callTx, bets, deps.roundLink, Number(rows[0].created_ms));
  const endpoint = await deps.endpoint(first.operatorId);
  const outcome: WalletOutcome = endpoint
    ? await profiler.time('seamless.debit-call', () =>
        observedWalletV2Call(first.operatorId, endpoint, 'debit', call, deps.timeoutMs),
      )
    : { kind: 'unknown', reason: 'no wallet URL or active key' };
  if (outcome.kind === 'answered' && outcome.answer.status === 'ok') {
    const shown = outcome.answer.balance;
    await Promise.all(bets.map((b) => batches.decide({ cmd: b.cmd, debitTx: b.debitTx, shown, callTx })));
    return;
  }
  if (outcome.kind === 'answered' && outcome.answer.status === 'refused') {
    const { code, message } = outcome.answer;
    await deps.transactions.run('tx.seamless.refused', async (ctx) => {
      for (const { cmd } of bets)
        if (await moveBet(ctx.sql, cmd.id, 'debiting', 'rejected', { rejectCode: code }))
          await rejectSeamlessBet(ctx, cmd, rejectionOfRefusal(code), `${code}: ${message}`);
    });
    return;
  }
  const reason = outcome.kind === 'unknown' ? outcome.reason : 'unexpected answer';
  deps.log.warn(`seamless debit ${callTx} at ${first.operatorId}: ${reason}; rejected, rolling back`);
  await deps.transactions.run('tx.seamless.unknown', async (ctx) => {
    const moved = [];
    for (const { cmd } of bets)
      if (await moveBet(ctx.sql, cmd.id, 'debiting', 'rolling_back', { lastError: reason })) moved.push(cmd);
    if (moved.length === 0) return;
    // The rollback names every bet of the call as sent, whichever this pass moved.
    const body: StoredV2Call = {
      transactionId: `rollback:${callTx}`,
      playerId: first.playerId,
      currency: first.currency,
      roundId: first.roundId,
      tableId: first.tableId,
      game: first.game,
      debitTransactionId: callTx,
      betIds: bets.map((b) => b.cmd.id),
    };
    await queueCall(ctx.sql, {
      transactionId: body.transactionId,
      operatorId: first.operatorId,
      commandId: first.id,
      call: 'rollback',
      body,
      amount: 0n,
      protocol: 2,
    });
    for (const cmd of moved)
      await rejectSeamlessBet(
        ctx,
        cmd,
        'WALLET_UNAVAILABLE',
        `the operator's wallet did not answer for sure (${reason})`,
      );
  });
}
