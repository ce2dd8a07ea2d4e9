import { accountKey, bonusAccount, freeBetsAccount, lockAccounts, playerAccount } from '@casino/wallet';
import { bookBonusExit } from '../bonus/bonus-books';
import { auditBonus, lockBonuses, updateBonus } from '../bonus/bonus.repository';
import type { BetOutcome } from '../rounds/round-book';
import { RoundView } from '../rounds/round-view';
import { accountIdOf } from '../transaction/account-cache';
import { TransactionContext } from '../transaction/transaction-context';
import {
  endFreeBetUses,
  FreeBetUse,
  freeBetUsesOfRound,
  insertFreeBetUses,
  openFreeBetUses,
  RoundFreeBetUse,
} from './free-bet.repository';

/**
 * A free bet's return (docs/ledger.md#free-bets): the stake was never the player's, so the player is paid only
 * what the return brings above it (the winnings); the rest, at most the stake, goes back to the promotion book.
 * A refund gives the whole stake back to the book (docs/rules/restrictions.md#free-bets).
 */
export function splitFreeBetReturn(
  returned: bigint,
  stake: bigint,
  kind: 'settled' | 'refunded',
): { toPromotion: bigint; winnings: bigint } {
  if (kind === 'refunded') return { toPromotion: stake, winnings: 0n };
  return returned > stake
    ? { toPromotion: stake, winnings: returned - stake }
    : { toPromotion: returned, winnings: 0n };
}

/**
 * Records a bet batch's free-bet uses, and ends those of the bets it cancelled (`cancelledBetIds`: their free bets
 * given back to their grants; the stake went back to the promotion book with the cancel's entry). The players'
 * wallets are locked.
 */
export async function writeFreeBetUses(
  ctx: TransactionContext,
  newUses: readonly FreeBetUse[],
  cancelledBetIds: readonly string[],
): Promise<void> {
  await insertFreeBetUses(ctx.sql, newUses);
  if (cancelledBetIds.length === 0) return;
  const uses = await openFreeBetUses(ctx.sql, cancelledBetIds);
  await endFreeBetUses(
    ctx.sql,
    [...uses.values()].map((use) => ({
      use,
      status: 'cancelled' as const,
      toPromotion: use.stake,
      winnings: 0n,
    })),
  );
}

/** A free bet's return shared between the player (winnings) and the promotion book. */
export interface FreeBetReturn {
  promotionAccountId: string;
  freeBetId: string;
  toPromotion: bigint;
  winnings: bigint;
  /**
   * Winnings paid as bonus money (a grant's winningsAs 'bonus'): the bonus account credited instead of the
   * wallet, and the wallet's balance as locked (this transaction may not move it).
   */
  asBonus?: { accountId: string; walletBalance: bigint };
}

/** A round's open free-bet uses, read once (one indexed read) before its settlement or refund is booked. */
export type RoundFreeBets = ReadonlyMap<string, RoundFreeBetUse>;

export const roundFreeBets = (ctx: TransactionContext, round: RoundView): Promise<RoundFreeBets> =>
  freeBetUsesOfRound(ctx.sql, round.tableId, round.roundId);

/**
 * The bonus accounts a settlement credits with free-bet winnings paid as bonus money: the bonus side locks them
 * with the round's wallets (one statement in ACCOUNT_LOCK_ORDER), so the free side takes no lock out of order.
 */
export function winningsBonusAccounts(
  round: RoundView,
  paired: readonly BetOutcome[],
  uses: RoundFreeBets,
  kind: 'settled' | 'refunded',
): string[] {
  if (kind !== 'settled') return [];
  return paired.flatMap(({ bet, item }) => {
    const use = uses.get(bet.betId);
    return use?.bonusId && item.returned > use.stake
      ? [accountKey(bonusAccount(bet.operatorId, bet.playerId, round.currency))]
      : [];
  });
}

/**
 * The free-bet side of a round's settlement or refund, in its transaction: each free bet's return split between
 * winnings and the promotion book, and its use ended (a refunded free bet given back to its grant). Winnings go to
 * the wallet, or, for a grant paying them as bonus money, to the player's bonus account: its grant's bonus grows by
 * them (amount, and requirement by the wagering multiple) while active; if it ended meanwhile they go where it
 * went (cash if converted, else forfeited), in this transaction. Undefined when no bet of the round used a free
 * bet. Called after the bonus side, which locked the round's wallets with `winningsBonusAccounts`: here the same
 * accounts are locked again (held already, or all taken in one ordered statement when the bonus side had nothing
 * to do), before a grant or bonus row is changed, as a bet batch locks the wallet before the grant.
 */
export async function settleFreeBets(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  kind: 'settled' | 'refunded',
  uses: RoundFreeBets,
): Promise<Map<string, FreeBetReturn> | undefined> {
  if (uses.size === 0) return undefined;
  const mine = paired.flatMap((p) => {
    const use = uses.get(p.bet.betId);
    return use ? [{ ...p, use }] : [];
  });
  if (mine.length === 0) return undefined;
  const bonusKeys = winningsBonusAccounts(round, paired, uses, kind);
  const locked =
    kind === 'refunded' || bonusKeys.length > 0
      ? await lockAccounts(ctx.sql, [
          ...paired.map(({ bet }) => accountKey(playerAccount(bet.operatorId, bet.playerId, round.currency))),
          ...bonusKeys,
        ])
      : undefined;
  const ids = await ctx.accounts.resolve(
    ctx.sql,
    mine.map(({ bet }) => freeBetsAccount(bet.operatorId, round.currency)),
  );
  const bonuses = await lockBonuses(
    ctx.sql,
    bonusKeys.length > 0 ? mine.flatMap(({ use }) => (use.bonusId ? [use.bonusId] : [])) : [],
  );
  const out = new Map<string, FreeBetReturn>();
  const ends: Parameters<typeof endFreeBetUses>[1][number][] = [];
  for (const { bet, item, use } of mine) {
    const split = splitFreeBetReturn(item.returned, use.stake, kind);
    const bonus = use.bonusId && split.winnings > 0n ? bonuses.get(use.bonusId) : undefined;
    let asBonus: FreeBetReturn['asBonus'];
    if (bonus) {
      const account = locked?.get(accountKey(bonusAccount(bet.operatorId, bet.playerId, round.currency)));
      const wallet = locked?.get(accountKey(playerAccount(bet.operatorId, bet.playerId, round.currency)));
      if (!account || !wallet)
        throw new Error(`the accounts of free bet ${bet.betId}'s bonus were not locked`);
      asBonus = { accountId: account.id, walletBalance: wallet.balance };
      await payWinningsBonus(ctx, round, bet.betId, bonus, split.winnings, {
        walletId: wallet.id,
        bonusAccountId: account.id,
      });
    }
    out.set(bet.betId, {
      promotionAccountId: accountIdOf(ids, freeBetsAccount(bet.operatorId, round.currency)),
      freeBetId: use.freeBetId,
      ...split,
      ...(asBonus ? { asBonus } : {}),
    });
    ends.push({ use, status: kind, ...split });
  }
  await endFreeBetUses(ctx.sql, ends);
  return out;
}

/**
 * Free-bet winnings paid as bonus money, once the settlement's entry credits them to the bonus account: the
 * grant's bonus grows by them while it is active (its requirement by its multiple of them); a bonus that ended
 * since sends them where it went (booked now), as a bet of an ended bonus does (bonus-settlement.ts).
 */
async function payWinningsBonus(
  ctx: TransactionContext,
  round: RoundView,
  betId: string,
  bonus: Parameters<typeof bookBonusExit>[1] & { status: string; wageringMultiple: number },
  winnings: bigint,
  accounts: { walletId: string; bonusAccountId: string },
): Promise<void> {
  const active = bonus.status === 'active';
  await updateBonus(ctx.sql, bonus.bonusId, {
    amount: winnings,
    requirement: active ? winnings * BigInt(bonus.wageringMultiple) : 0n,
  });
  await auditBonus(ctx.sql, bonus.bonusId, 'grant', winnings, 'system', `free bet ${betId} won`);
  if (active) return;
  const how = bonus.status === 'converted' ? 'converted' : 'forfeited';
  await bookBonusExit(ctx, bonus, how, winnings, accounts, `free-bet-winnings:${betId}`);
  await updateBonus(
    ctx.sql,
    bonus.bonusId,
    how === 'converted' ? { converted: winnings } : { forfeited: winnings },
  );
  await auditBonus(
    ctx.sql,
    bonus.bonusId,
    'leftover',
    winnings,
    'system',
    `free bet ${betId} of round ${round.tableId}/${round.roundId} won after the bonus was ${bonus.status}`,
  );
}
