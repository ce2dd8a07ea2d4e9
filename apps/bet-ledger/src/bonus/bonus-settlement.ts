import { accountKey, bonusAccount, lockAccounts, playerAccount } from '@casino/wallet';
import type { BetOutcome, BonusReturn } from '../rounds/round-book';
import { RoundView } from '../rounds/round-view';
import { TransactionContext } from '../transaction/transaction-context';
import { bookBonusExit, endBonus } from './bonus-books';
import { auditBonus, bonusPartsOfRound, lockBonuses, updateBonus } from './bonus.repository';
import { splitReturn } from './bonus-split';

/**
 * The bonus side of a round's settlement or refund, in its transaction (docs/ledger.md#bonus-funds): each bet's
 * return shared in proportion to its stake's parts (a refund gives each part back), settled turnover at eligible
 * games added to the active bonus it was staked under, and a bonus whose requirement is met converted to cash
 * (what its account holds once this transaction's credits are in). The round's players' wallets and the bonus
 * accounts are locked here, before the bonus rows, in ACCOUNT_LOCK_ORDER. Undefined when no bet of the round was
 * staked under a bonus (one indexed read).
 */
export async function settleBonusParts(
  ctx: TransactionContext,
  round: RoundView,
  paired: readonly BetOutcome[],
  kind: 'settled' | 'refunded',
  cause: string,
  alsoLock: readonly string[] = [],
): Promise<Map<string, BonusReturn> | undefined> {
  const parts = await bonusPartsOfRound(ctx.sql, round.tableId, round.roundId);
  if (parts.size === 0) return undefined;
  const mine = paired.flatMap((p) => {
    const part = parts.get(p.bet.betId);
    return part ? [{ ...p, part }] : [];
  });
  if (mine.length === 0) return undefined;
  // Every wallet the settlement credits is locked here with the bonus accounts, in one statement in
  // ACCOUNT_LOCK_ORDER: locking only the bonus players' wallets now and the others' at the posting would take
  // wallets out of order (a deadlock with a bet batch holding another of them). `alsoLock`: the bonus accounts the
  // free side credits with winnings (free-bet-settlement.ts), for the same reason.
  const keys = [
    ...paired.map(({ bet }) => accountKey(playerAccount(bet.operatorId, bet.playerId, round.currency))),
    ...mine.map(({ bet }) => accountKey(bonusAccount(bet.operatorId, bet.playerId, round.currency))),
    ...alsoLock,
  ];
  const locked = await lockAccounts(ctx.sql, keys);
  const bonuses = await lockBonuses(
    ctx.sql,
    mine.map((p) => p.part.bonusId),
  );
  const now = Date.now();
  const out = new Map<string, BonusReturn>();
  const credited = new Map<string, bigint>();
  /** What bets of bonuses already ended bring back (their bonus shares), by bonus. */
  const ended = new Map<string, bigint>();
  const turnover = new Map<string, bigint>();
  for (const { bet, item, part } of mine) {
    const account = locked.get(accountKey(bonusAccount(bet.operatorId, bet.playerId, round.currency)));
    if (!account) throw new Error(`bet ${bet.betId} has a bonus part but its player has no bonus account`);
    const split =
      kind === 'refunded'
        ? { cash: item.returned - part.bonusStake, bonus: part.bonusStake }
        : splitReturn(item.returned, bet.stake, part.bonusStake);
    out.set(bet.betId, { bonusAccountId: account.id, ...split });
    const bonus = bonuses.get(part.bonusId);
    if (bonus?.status === 'active') credited.set(account.id, (credited.get(account.id) ?? 0n) + split.bonus);
    else ended.set(part.bonusId, (ended.get(part.bonusId) ?? 0n) + split.bonus);
    // Only settled bets at eligible games count, and only toward a bonus still active, not past its expiry, and
    // holding a grant (a free-bet grant's bonus counts from the first winnings it is paid: docs/ledger.md#free-bets).
    if (
      kind === 'settled' &&
      part.counts &&
      bonus?.status === 'active' &&
      Date.parse(bonus.expiresAt) > now &&
      bonus.amount > 0n
    )
      turnover.set(part.bonusId, (turnover.get(part.bonusId) ?? 0n) + bet.stake);
  }
  // A bonus that ended while its bets were in play: their bonus shares go where it went (cash once converted,
  // else forfeited) in this transaction, never into a later bonus of the same account.
  for (const [bonusId, amount] of ended) {
    const bonus = bonuses.get(bonusId);
    if (!bonus || amount === 0n) continue;
    const account = locked.get(accountKey(bonusAccount(bonus.operatorId, bonus.playerId, bonus.currency)));
    const wallet = locked.get(accountKey(playerAccount(bonus.operatorId, bonus.playerId, bonus.currency)));
    if (!account || !wallet) throw new Error(`the accounts of bonus ${bonusId} were not locked`);
    const how = bonus.status === 'converted' ? 'converted' : 'forfeited';
    await bookBonusExit(
      ctx,
      bonus,
      how,
      amount,
      { walletId: wallet.id, bonusAccountId: account.id },
      `bonus-leftover:${bonusId}:${round.tableId}/${round.roundId}:${kind}`,
    );
    await updateBonus(ctx.sql, bonusId, how === 'converted' ? { converted: amount } : { forfeited: amount });
    await auditBonus(
      ctx.sql,
      bonusId,
      'leftover',
      amount,
      'system',
      `round ${round.tableId}/${round.roundId} ${kind}`,
    );
  }
  for (const [bonusId, amount] of turnover) {
    const bonus = bonuses.get(bonusId);
    if (!bonus) continue;
    await updateBonus(ctx.sql, bonusId, { wagered: amount });
    if (bonus.wagered + amount < bonus.requirement) continue;
    const account = locked.get(accountKey(bonusAccount(bonus.operatorId, bonus.playerId, bonus.currency)));
    const wallet = locked.get(accountKey(playerAccount(bonus.operatorId, bonus.playerId, bonus.currency)));
    if (!account || !wallet) throw new Error(`the accounts of bonus ${bonusId} were not locked`);
    const remaining = account.balance + (credited.get(account.id) ?? 0n);
    await endBonus(
      ctx,
      { ...bonus, wagered: bonus.wagered + amount },
      'converted',
      remaining,
      { walletId: wallet.id, bonusAccountId: account.id, cash: wallet.balance },
      'system',
      `wagering requirement ${bonus.requirement} met`,
      { tableId: round.tableId, roundId: round.roundId, causationId: cause },
    );
  }
  return out;
}
