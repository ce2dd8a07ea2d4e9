import { buildEvent } from '@casino/events';
import {
  accountKey,
  bonusAccount,
  bonusBookAccount,
  BonusBookKind,
  ensureAccounts,
  fundingAccount,
  lockAccounts,
  playerAccount,
} from '@casino/wallet';
import { accountIdOf } from '../transaction/account-cache';
import { TransactionContext } from '../transaction/transaction-context';
import { randomUUID } from 'node:crypto';
import { auditBonus, BonusRow, latestBonusOf, updateBonus } from './bonus.repository';

/** A player's cash wallet and bonus account in one currency, locked (ACCOUNT_LOCK_ORDER), with their balances. */
export interface PlayerBonusAccounts {
  walletId: string;
  cash: bigint;
  bonusAccountId: string;
  bonus: bigint;
}

/**
 * Creates (if missing) and locks a player's wallet and bonus account: the first locks of every bonus transaction
 * (grant, forfeit, expiry, leftovers), before the bonus row, as in the bet batches and settlements.
 */
export async function lockPlayerBonusAccounts(
  ctx: TransactionContext,
  operatorId: string,
  playerId: string,
  currency: string,
): Promise<PlayerBonusAccounts> {
  const wallet = playerAccount(operatorId, playerId, currency);
  const bonus = bonusAccount(operatorId, playerId, currency);
  await ensureAccounts(ctx.sql, [wallet, bonus]);
  const locked = await lockAccounts(ctx.sql, [accountKey(wallet), accountKey(bonus)]);
  const w = locked.get(accountKey(wallet));
  const b = locked.get(accountKey(bonus));
  if (!w || !b) throw new Error(`accounts of ${operatorId}/${playerId}/${currency} were not created`);
  return { walletId: w.id, cash: w.balance, bonusAccountId: b.id, bonus: b.balance };
}

/** The ids of an operator's bonus books (and funding account) in a currency. */
export async function bonusBookIds(
  ctx: TransactionContext,
  operatorId: string,
  currency: string,
): Promise<Record<BonusBookKind | 'funding', string>> {
  const specs = {
    bonus_granted: bonusBookAccount('bonus_granted', operatorId, currency),
    bonus_converted: bonusBookAccount('bonus_converted', operatorId, currency),
    bonus_forfeited: bonusBookAccount('bonus_forfeited', operatorId, currency),
    funding: fundingAccount(operatorId, currency),
  };
  const ids = await ctx.accounts.resolve(ctx.sql, Object.values(specs));
  return {
    bonus_granted: accountIdOf(ids, specs.bonus_granted),
    bonus_converted: accountIdOf(ids, specs.bonus_converted),
    bonus_forfeited: accountIdOf(ids, specs.bonus_forfeited),
    funding: accountIdOf(ids, specs.funding),
  };
}

export type BonusEnding = 'converted' | 'forfeited' | 'expired';

const EVENT_REASON = {
  converted: 'bonus-conversion',
  forfeited: 'bonus-forfeit',
  expired: 'bonus-expiry',
} as const;
const AUDIT_ACTION = { converted: 'convert', forfeited: 'forfeit', expired: 'expire' } as const;

/**
 * Moves `amount` out of a player's bonus account, booked: a conversion pays it to the cash wallet (bonus −amount,
 * bonus converted +amount; the operator's funding −amount, wallet +amount: converted bonus is the operator's cash),
 * a forfeit or expiry takes it away (bonus −amount, bonus forfeited +amount). `key` names the entry once.
 */
export async function bookBonusExit(
  ctx: TransactionContext,
  bonus: Pick<BonusRow, 'bonusId' | 'operatorId' | 'currency'>,
  how: BonusEnding,
  amount: bigint,
  accounts: Pick<PlayerBonusAccounts, 'walletId' | 'bonusAccountId'>,
  key: string,
): Promise<void> {
  if (amount === 0n) return;
  const books = await bonusBookIds(ctx, bonus.operatorId, bonus.currency);
  ctx.postings.add({
    idempotencyKey: key,
    kind: how === 'converted' ? 'bonus_conversion' : 'bonus_forfeit',
    reference: `bonus ${bonus.bonusId}`,
    currency: bonus.currency,
    lines:
      how === 'converted'
        ? [
            { accountId: accounts.bonusAccountId, amount: -amount },
            { accountId: books.bonus_converted, amount },
            { accountId: books.funding, amount: -amount },
            { accountId: accounts.walletId, amount },
          ]
        : [
            { accountId: accounts.bonusAccountId, amount: -amount },
            { accountId: books.bonus_forfeited, amount },
          ],
  });
}

/**
 * Ends an active bonus (the caller holds its accounts' locks, then its row's): what is left of it (`remaining`,
 * the bonus balance once this transaction's other postings are in) becomes cash or is removed, booked; the bonus
 * row records how it ended, the audit who ended it and why, and BalanceChanged announces both balances.
 */
export async function endBonus(
  ctx: TransactionContext,
  bonus: BonusRow,
  how: BonusEnding,
  remaining: bigint,
  accounts: Pick<PlayerBonusAccounts, 'walletId' | 'bonusAccountId' | 'cash'>,
  actor: string,
  reason: string,
  cause?: { tableId: string; roundId: string; causationId: string },
): Promise<void> {
  await bookBonusExit(ctx, bonus, how, remaining, accounts, `bonus-${how}:${bonus.bonusId}`);
  await updateBonus(ctx.sql, bonus.bonusId, {
    status: how,
    converted: how === 'converted' ? remaining : 0n,
    forfeited: how === 'converted' ? 0n : remaining,
  });
  await auditBonus(ctx.sql, bonus.bonusId, AUDIT_ACTION[how], remaining, actor, reason);
  ctx.postings.afterPost((balances) =>
    ctx.outbox.add(
      buildEvent('BalanceChanged', {
        playerId: bonus.playerId,
        operatorId: bonus.operatorId,
        currency: bonus.currency,
        reason: EVENT_REASON[how],
        delta: how === 'converted' ? remaining : 0n,
        // The wallet's balance after the postings; unmoved by this transaction: as locked.
        balance: balances.get(accounts.walletId) ?? accounts.cash,
        bonusBalance: balances.get(accounts.bonusAccountId) ?? 0n,
        bonusDelta: -remaining,
        ...(cause ?? {}),
      }),
    ),
  );
}

/**
 * A bonus account holding money without an active bonus (a bet of an ended bonus refunded or paid since): that
 * money goes where its bonus went (cash if converted, else forfeited), booked, audited, BalanceChanged. Run before
 * a new bonus is created in the account (what an ended bonus's bets brought back is never the new one's). The
 * caller holds the accounts' locks (lockPlayerBonusAccounts); `accounts` is updated. Returns whether it moved money.
 */
export async function clearBonusLeftover(
  ctx: TransactionContext,
  accounts: PlayerBonusAccounts,
): Promise<boolean> {
  if (accounts.bonus === 0n) return false;
  const last = await latestBonusOf(ctx.sql, accounts.bonusAccountId);
  if (!last || last.status === 'active') return false;
  const how = last.status === 'converted' ? 'converted' : 'forfeited';
  const key = `bonus-leftover:${last.bonusId}:${randomUUID()}`;
  await bookBonusExit(ctx, last, how, accounts.bonus, accounts, key);
  await updateBonus(
    ctx.sql,
    last.bonusId,
    how === 'converted' ? { converted: accounts.bonus } : { forfeited: accounts.bonus },
  );
  await auditBonus(
    ctx.sql,
    last.bonusId,
    'leftover',
    accounts.bonus,
    'system',
    `returned after the bonus was ${last.status}`,
  );
  const moved = accounts.bonus;
  ctx.outbox.add(
    buildEvent('BalanceChanged', {
      playerId: last.playerId,
      operatorId: last.operatorId,
      currency: last.currency,
      reason: how === 'converted' ? 'bonus-conversion' : 'bonus-forfeit',
      delta: how === 'converted' ? moved : 0n,
      balance: how === 'converted' ? accounts.cash + moved : accounts.cash,
      bonusBalance: 0n,
      bonusDelta: -moved,
    }),
  );
  accounts.cash += how === 'converted' ? moved : 0n;
  accounts.bonus = 0n;
  return true;
}
