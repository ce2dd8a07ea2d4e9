import { isGameId } from '@casino/games';
import { Injectable } from '@nestjs/common';
import { ensureAccounts, freeBetsAccount, playerAccount } from '@casino/wallet';
import { createHash, randomUUID } from 'node:crypto';
import { FreeBetGrantRequest, FreeBetView } from './manage-free-bets.schemas';
import { gameExcludesBonus } from '../../bonus/bonus-split';
import { LedgerError } from '../../errors/ledger.errors';
import {
  findFreeBetByGrant,
  FreeBetRow,
  insertFreeBet,
  listFreeBets,
} from '../../free-bets/free-bet.repository';
import { MAX_LEDGER_AMOUNT, OperatorAccount } from '../../operators/operator-account';
import { TransactionRunner } from '../../transaction/transaction.runner';

/** The latest expiry a grant may set: a year ahead. */
const MAX_FREE_BET_DAYS = 366;

/**
 * Free bets an operator grants its players (docs/ledger.md#free-bets, docs/operator-integration.md#free-bets):
 * grant (idempotent by the operator's grant id) and list. Nothing is booked at the grant: each free bet's stake
 * comes from the operator's promotion book when a bet uses it.
 */
@Injectable()
export class ManageFreeBetsUseCase {
  constructor(private readonly transactions: TransactionRunner) {}

  async grant(op: OperatorAccount, playerId: string, req: FreeBetGrantRequest): Promise<FreeBetView> {
    if (!/^[1-9][0-9]{0,18}$/.test(req.stake) || BigInt(req.stake) * BigInt(req.count) > MAX_LEDGER_AMOUNT)
      throw new LedgerError(
        'INVALID_AMOUNT',
        'stake must be a positive integer of minor units, stake × count below 2^63',
      );
    const expires = Date.parse(req.expiresAt);
    if (!(expires > Date.now()) || expires > Date.now() + MAX_FREE_BET_DAYS * 86_400_000)
      throw new LedgerError(
        'INVALID_REQUEST',
        `expiresAt must be in the future, within ${MAX_FREE_BET_DAYS} days`,
      );
    if (!isGameId(req.game)) throw new LedgerError('INVALID_REQUEST', `${req.game} is not a platform game`);
    // A free bet is promotion money: never at a game whose rules exclude bonus funds (Fan Tan, seed 001 §5.1).
    if (gameExcludesBonus(req.game))
      throw new LedgerError('INVALID_REQUEST', `free bets may never be played at ${req.game}`);
    const tableId = req.tableId ?? null;
    const hash = createHash('sha256')
      .update(JSON.stringify([playerId, req.currency, req.game, tableId, req.stake, req.count, expires]))
      .digest('hex');
    return this.transactions.run('tx.freeBet.grant', async (ctx) => {
      await ctx.sql.rows(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7140560004))`, [
        JSON.stringify([op.operatorId, req.grantId]),
      ]);
      const seen = await findFreeBetByGrant(ctx.sql, op.operatorId, req.grantId);
      if (seen) {
        if (seen.requestHash !== hash)
          throw new LedgerError(
            'IDEMPOTENCY_KEY_REUSED',
            `grant ${req.grantId} was used with a different request`,
          );
        return view(seen);
      }
      if (!op.currencies.includes(req.currency))
        throw new LedgerError('CURRENCY_NOT_SUPPORTED', `${op.operatorId} does not offer ${req.currency}`);
      // A seamless operator's wallet keeps its own promotions.
      if (op.walletMode !== 'transfer') throw new LedgerError('BONUS_NOT_SUPPORTED');
      const [player] = await ctx.sql.rows<{ status: string }>(
        `INSERT INTO ledger_players (operator_id, player_id) VALUES ($1, $2)
         ON CONFLICT (operator_id, player_id) DO UPDATE SET updated_at = ledger_players.updated_at
         RETURNING status`,
        [op.operatorId, playerId],
      );
      if (player.status !== 'active') throw new LedgerError('PLAYER_SUSPENDED');
      // The player needs a wallet for a bet to be decided (the winnings are paid there), even an empty one.
      await ensureAccounts(ctx.sql, [
        playerAccount(op.operatorId, playerId, req.currency),
        freeBetsAccount(op.operatorId, req.currency),
      ]);
      const row = await insertFreeBet(ctx.sql, {
        freeBetId: randomUUID(),
        operatorId: op.operatorId,
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        game: req.game,
        tableId,
        stake: BigInt(req.stake),
        count: req.count,
        expiresAt: new Date(expires).toISOString(),
        requestHash: hash,
      });
      return view(row);
    });
  }

  async list(op: OperatorAccount, playerId: string): Promise<{ items: FreeBetView[] }> {
    return this.transactions.run('tx.freeBet.list', async (ctx) => ({
      items: (await listFreeBets(ctx.sql, op.operatorId, playerId)).map(view),
    }));
  }
}

function view(f: FreeBetRow): FreeBetView {
  return {
    freeBetId: f.freeBetId,
    grantId: f.grantId,
    playerId: f.playerId,
    currency: f.currency,
    game: f.game,
    tableId: f.tableId,
    stake: f.stake.toString(),
    count: f.count,
    used: f.used,
    expiresAt: f.expiresAt,
    createdAt: f.createdAt,
  };
}
