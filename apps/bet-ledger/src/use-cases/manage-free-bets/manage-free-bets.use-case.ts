import { isGameId } from '@casino/games';
import { Injectable } from '@nestjs/common';
import { ensureAccounts, freeBetsAccount, playerAccount } from '@casino/wallet';
import { randomUUID } from 'node:crypto';
import { FreeBetGrantRequest, FreeBetView } from './manage-free-bets.schemas';
import { gameExcludesBonus } from '../../bonus/bonus-split';
import { grantExpiry, grantRequestHash, startPromotionGrant } from '../../bonus/promotion-grant';
import { clearBonusLeftover, lockPlayerBonusAccounts } from '../../bonus/bonus-books';
import { auditBonus, findBonusByGrant, insertBonus, lockActiveBonus } from '../../bonus/bonus.repository';
import { TransactionContext } from '../../transaction/transaction-context';
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
 * comes from the operator's promotion book when a bet uses it, and its winnings from the settlement (cash, or bonus
 * money held by the grant's bonus).
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
    const terms = bonusTerms(req, expires);
    // A grant paying cash hashes as grants did before winnings could be bonus money (their replays still match).
    const hash = grantRequestHash([
      playerId,
      req.currency,
      req.game,
      tableId,
      req.stake,
      req.count,
      expires,
      ...(terms ? [terms.wageringMultiple, terms.expires, terms.games] : []),
    ]);
    return this.transactions.run('tx.freeBet.grant', async (ctx) => {
      const seen = await startPromotionGrant(ctx, op, {
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        requestHash: hash,
        lockSpace: FREE_BET_GRANT_LOCKS,
        // A seamless operator's free bets are never debited, their winnings credited with the grant id.
        seamless: !terms,
        findByGrant: findFreeBetByGrant,
      });
      if (seen) return view(seen);
      // The player needs a wallet for a bet to be decided (the winnings are paid there), even an empty one.
      await ensureAccounts(ctx.sql, [
        playerAccount(op.operatorId, playerId, req.currency),
        freeBetsAccount(op.operatorId, req.currency),
      ]);
      const freeBetId = randomUUID();
      const bonusId = terms
        ? await this.createWinningsBonus(ctx, op, playerId, req, terms, freeBetId, hash)
        : null;
      const row = await insertFreeBet(ctx.sql, {
        freeBetId,
        operatorId: op.operatorId,
        grantId: req.grantId,
        playerId,
        currency: req.currency,
        game: req.game,
        tableId,
        stake: BigInt(req.stake),
        count: req.count,
        expiresAt: new Date(expires).toISOString(),
        winningsAs: terms ? 'bonus' : 'cash',
        bonusId,
        requestHash: hash,
      });
      return view(row);
    });
  }

  /**
   * The bonus that will hold a grant's winnings (docs/ledger.md#free-bets): created now at 0, so it is the
   * player's one active bonus in the currency from the grant on (BONUS_ACTIVE if another is), and grown by each
   * free bet's winnings at its settlement. Nothing is booked: the winnings come from the settlement.
   */
  private async createWinningsBonus(
    ctx: TransactionContext,
    op: OperatorAccount,
    playerId: string,
    req: FreeBetGrantRequest,
    terms: WinningsBonusTerms,
    freeBetId: string,
    hash: string,
  ): Promise<string> {
    const grantId = winningsBonusGrantId(req.grantId);
    if (await findBonusByGrant(ctx.sql, op.operatorId, grantId))
      throw new LedgerError('IDEMPOTENCY_KEY_REUSED', `bonus grant ${grantId} exists already`);
    const accounts = await lockPlayerBonusAccounts(ctx, op.operatorId, playerId, req.currency);
    if (await lockActiveBonus(ctx.sql, accounts.bonusAccountId))
      throw new LedgerError('BONUS_ACTIVE', `player ${playerId} has an active ${req.currency} bonus`);
    await clearBonusLeftover(ctx, accounts);
    const bonus = await insertBonus(ctx.sql, {
      bonusId: randomUUID(),
      operatorId: op.operatorId,
      grantId,
      playerId,
      currency: req.currency,
      accountId: accounts.bonusAccountId,
      amount: 0n,
      wageringMultiple: terms.wageringMultiple,
      requirement: 0n,
      games: terms.games,
      expiresAt: new Date(terms.expires).toISOString(),
      requestHash: hash,
    });
    await auditBonus(
      ctx.sql,
      bonus.bonusId,
      'grant',
      0n,
      `operator:${op.operatorId}`,
      `free bets ${freeBetId}`,
    );
    return bonus.bonusId;
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
    winningsAs: f.winningsAs,
    bonusGrantId: f.winningsAs === 'bonus' ? winningsBonusGrantId(f.grantId) : null,
    createdAt: f.createdAt,
  };
}

/** The grant id of the bonus holding a free-bet grant's winnings: listed and forfeited with the bonuses. */
export const winningsBonusGrantId = (grantId: string) => `free-bets:${grantId}`;

interface WinningsBonusTerms {
  wageringMultiple: number;
  expires: number;
  games: string[] | null;
}

/** The terms of a grant's winnings bonus (winningsAs 'bonus'), checked as a bonus grant's; undefined for cash. */
function bonusTerms(req: FreeBetGrantRequest, freeBetsExpire: number): WinningsBonusTerms | undefined {
  if ((req.winningsAs ?? 'cash') === 'cash') {
    if (req.bonus) throw new LedgerError('INVALID_REQUEST', "bonus terms need winningsAs 'bonus'");
    return undefined;
  }
  if (!req.bonus) throw new LedgerError('INVALID_REQUEST', "winningsAs 'bonus' needs the bonus's terms");
  const expires = grantExpiry(req.bonus.expiresAt);
  if (expires < freeBetsExpire)
    throw new LedgerError('INVALID_REQUEST', 'the bonus may not expire before the free bets');
  const games = req.bonus.games === undefined ? null : [...new Set(req.bonus.games)].sort();
  const refused = games?.filter((g) => !isGameId(g) || gameExcludesBonus(g)) ?? [];
  if (refused.length > 0)
    throw new LedgerError('INVALID_REQUEST', `bonus funds may not be staked at ${refused.join(', ')}`);
  return { wageringMultiple: req.bonus.wageringMultiple, expires, games };
}
