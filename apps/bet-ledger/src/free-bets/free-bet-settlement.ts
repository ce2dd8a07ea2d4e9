import { accountKey, freeBetsAccount, lockAccounts, playerAccount } from '@casino/wallet';
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

/** A free bet's return shared between the player's wallet and the promotion book. */
export interface FreeBetReturn {
  promotionAccountId: string;
  freeBetId: string;
  toPromotion: bigint;
  winnings: bigint;
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

/**
 * The free-bet side of a round's settlement or refund, in its transaction: each free bet's return split between
 * winnings (the player's wallet) and the promotion book, and its use ended (a refunded free bet given back to its
 * grant). Undefined when no bet of the round used a free bet (one indexed read). Called after the bonus side: the
 * round's players' wallets are locked here in ACCOUNT_LOCK_ORDER (already held when that side locked them) before
 * a grant row is changed, as a bet batch locks the wallet before the grant.
 */
export async function settleFreeBets(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  kind: 'settled' | 'refunded',
): Promise<Map<string, FreeBetReturn> | undefined> {
  const uses = await freeBetUsesOfRound(ctx.sql, round.tableId, round.roundId);
  if (uses.size === 0) return undefined;
  const mine = paired.flatMap((p) => {
    const use = uses.get(p.bet.betId);
    return use ? [{ ...p, use }] : [];
  });
  if (mine.length === 0) return undefined;
  if (kind === 'refunded')
    await lockAccounts(
      ctx.sql,
      paired.map(({ bet }) => accountKey(playerAccount(bet.operatorId, bet.playerId, round.currency))),
    );
  const ids = await ctx.accounts.resolve(
    ctx.sql,
    mine.map(({ bet }) => freeBetsAccount(bet.operatorId, round.currency)),
  );
  const out = new Map<string, FreeBetReturn>();
  const ends = mine.map(({ bet, item, use }) => {
    const split = splitFreeBetReturn(item.returned, use.stake, kind);
    out.set(bet.betId, {
      promotionAccountId: accountIdOf(ids, freeBetsAccount(bet.operatorId, round.currency)),
      freeBetId: use.freeBetId,
      ...split,
    });
    return { use, status: kind, ...split };
  });
  await endFreeBetUses(ctx.sql, ends);
  return out;
}
