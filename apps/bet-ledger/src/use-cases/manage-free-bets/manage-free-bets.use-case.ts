import { isGameId } from '@casino/games';
import { Injectable } from '@nestjs/common';
import { ensureAccounts, freeBetsAccount, playerAccount } from '@casino/wallet';
import { randomUUID } from 'node:crypto';
import { FreeBetGrantRequest, FreeBetView } from './manage-free-bets.schemas';
import { gameExcludesBonus } from '../../bonus/bonus-split';
import { grantExpiry, grantRequestHash, startPromotionGrant } from '../../bonus/promotion-grant';
import { LedgerError } from '../../errors/ledger.errors';
import {
  findFreeBetByGrant,
  FreeBetRow,
  insertFreeBet,
  listFreeBets,
} from '../../free-bets/free-bet.repository';
import { MAX_LEDGER_AMOUNT, OperatorAccount } from '../../operators/operator-account';
import { TransactionRunner } from '../../transaction/transaction.runner';

/** The advisory lock space of free-bet grant ids. */
const FREE_BET_GRANT_LOCKS = 7140560004;

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
    const expires = grantExpiry(req.expiresAt);
    if (!isGameId(req.game)) throw new LedgerError('INVALID_REQUEST', `${req.game} is not a platform game`);
    // A free bet is promotion money: never at a game whose rules exclude bonus funds (Fan Tan, seed 001 §5.1).
    if (gameExcludesBonus(req.game))
      throw new LedgerError('INVALID_REQUEST', `free bets may never be played at ${req.game}`);
    const tableId = req.tableId ?? null;
    const hash = grantRequestHash([playerId, req.currency, req.game, tableId, req.stake, req.count, expires]);
    return this.transactions.run('tx.freeBet.grant', async (ctx) => {
      const seen = await startPromotionGrant(ctx, op, {
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        requestHash: hash,
        lockSpace: FREE_BET_GRANT_LOCKS,
        findByGrant: findFreeBetByGrant,
      });
      if (seen) return view(seen);
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
