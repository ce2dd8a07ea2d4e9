import { PlaceBetEvent } from '@casino/events';
import { Sql } from '@casino/wallet';
import { observedWalletCall } from '../observability/seamless-metrics';
import { NoFreeBetLeft } from '../bets/free-bet-stake';
import { recordProcessed } from '../transaction/processed-events';
import { betRejected } from './seamless-check';
import type { SeamlessDeps } from './seamless-funding';
import { moveBet } from './seamless.repository';

/**
 * Whether a seamless bet may use a free bet (docs/ledger.md#free-bets): one of its player's grants with bets left
 * at its game (and table), of exactly its stake, not a blackjack additional stake. One indexed statement, unlocked
 * (ledger_free_bets_player): the decision locks the wallet and the grants and decides for sure.
 */
async function mayUseFreeBet(sql: Sql, cmd: PlaceBetEvent): Promise<boolean> {
  if (cmd.bet.game === 'blackjack' && cmd.bet.kind !== 'main') return false;
  const rows = await sql.rows(
    `SELECT 1 FROM ledger_free_bets WHERE operator_id = $1 AND player_id = $2 AND currency = $3 AND used < count
       AND expires_at > now() AND game = $4 AND (table_id IS NULL OR table_id = $5) AND stake = $6 LIMIT 1`,
    [cmd.operatorId, cmd.playerId, cmd.currency, cmd.game, cmd.tableId, cmd.stake.toString()],
  );
  return rows.length > 0;
}

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
  if (!(await deps.read((sql) => mayUseFreeBet(sql, cmd)))) return false;
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
      const mine = await ctx.sql.rows(
        `SELECT 1 FROM ledger_seamless_bets WHERE command_id = $1 AND state = 'debiting' FOR UPDATE`,
        [cmd.id],
      );
      if (mine.length === 0) return;
      await deps.decide(ctx, [cmd], { seamlessFreeBets: true, shownBalances: new Map([[cmd.id, shown]]) });
      const accepted = ctx.outbox.events.find(
        (e) => e.type === 'BetAccepted' && 'commandId' in e && e.commandId === cmd.id,
      );
      const betId = accepted && 'betId' in accepted ? accepted.betId : null;
      await ctx.sql.rows(
        `UPDATE ledger_seamless_bets SET state = CASE WHEN $2::text IS NULL THEN 'rejected' ELSE 'accepted' END,
           reject_code = CASE WHEN $2::text IS NULL THEN 'DECISION' END,
           free_bet_id = (SELECT free_bet_id FROM ledger_free_bet_uses WHERE bet_id = $2::text),
           next_attempt_at = now(), updated_at = now()
         WHERE command_id = $1`,
        [cmd.id, betId],
      );
    });
  } catch (err) {
    if (err instanceof NoFreeBetLeft) return false;
    throw err;
  }
  return true;
}
