import { BetCommand, PlaceBetEvent } from '@casino/events';
import { accountKey, freeBetsAccount, playerAccount } from '@casino/wallet';
import { BetBatch, DecisionContext, FreeBetState, walletKeyOf } from './bet-batch';
import { accountIdOf } from '../transaction/account-cache';
import { TransactionContext } from '../transaction/transaction-context';
import { lockUsableFreeBets, openFreeBetUses } from '../free-bets/free-bet.repository';

/**
 * Loads the free bets of a bet batch's players (after their wallets are locked: docs/ledger.md#free-bets) by wallet
 * key, and routes a cancel of a bet that used one back to the promotion book (the bet's "bonus part" is its whole
 * stake, credited to the book's account). Nothing is read when the batch has no PlaceBet.
 */
export async function loadFreeBets(
  ctx: TransactionContext,
  batch: BetBatch,
  fresh: readonly BetCommand[],
): Promise<void> {
  const places = fresh.filter((c) => c.type === 'PlaceBet' && batch.loaded.wallets.has(walletKeyOf(c)));
  const players = new Map(places.map((c) => [walletKeyOf(c), c] as const));
  const grants = await lockUsableFreeBets(ctx.sql, [...players.values()], batch.acceptedAt);
  const targets = batch.loaded.cancelTargets;
  const uses = await openFreeBetUses(
    ctx.sql,
    targets.map((t) => t.betId),
  );
  const books = [
    ...grants.map((g) => freeBetsAccount(g.operatorId, g.currency)),
    ...targets.filter((t) => uses.has(t.betId)).map((t) => freeBetsAccount(t.operatorId, t.currency)),
  ];
  if (books.length === 0) return;
  const ids = await ctx.accounts.resolve(ctx.sql, books);
  for (const t of targets)
    if (uses.has(t.betId))
      t.bonus = { accountId: accountIdOf(ids, freeBetsAccount(t.operatorId, t.currency)), stake: t.stake };
  const states = new Map<string, FreeBetState[]>();
  for (const g of grants) {
    const key = accountKey(playerAccount(g.operatorId, g.playerId, g.currency));
    const list = states.get(key) ?? [];
    list.push({
      grant: g,
      left: g.count - g.used,
      promotionAccountId: accountIdOf(ids, freeBetsAccount(g.operatorId, g.currency)),
    });
    states.set(key, list);
  }
  batch.freeBets = states;
}

/**
 * The free bet a PlaceBet uses, if any: the player's oldest grant with bets left at the bet's game (and table, when
 * the grant names one) whose stake is exactly the bet's. Blackjack's additional stakes (double, split, insurance)
 * never use one (docs/rules/restrictions.md#free-bets).
 */
export function freeBetFor(batch: BetBatch, cmd: PlaceBetEvent): FreeBetState | undefined {
  if (cmd.bet.game === 'blackjack' && cmd.bet.kind !== 'main') return undefined;
  return batch.freeBets
    ?.get(walletKeyOf(cmd))
    ?.find(
      (s) =>
        s.left > 0 &&
        s.grant.game === cmd.game &&
        (s.grant.tableId === null || s.grant.tableId === cmd.tableId) &&
        s.grant.stake === cmd.stake,
    );
}

/**
 * What deciding a free bet sees: the promotion book pays the stake, so the wallet (a copy: it is not debited) is
 * seen as holding the stake more, and no bonus money is staked.
 */
export function freeBetContext(ctx: DecisionContext, stake: bigint): DecisionContext {
  return {
    ...ctx,
    wallet: ctx.wallet && { accountId: ctx.wallet.accountId, balance: ctx.wallet.balance + stake },
    bonus: undefined,
  };
}

/** Thrown where a seamless bet was to use a free bet and none is left: its transaction is rolled back. */
export class NoFreeBetLeft extends Error {
  constructor(commandId: string) {
    super(`no free bet is left for ${commandId}`);
  }
}

/**
 * A seamless operator's bets decided as free bets (seamless/seamless-free-bets.ts): each PlaceBet must find one,
 * its grants locked after the wallet, or the whole decision is dropped (NoFreeBetLeft) and the bet is debited as any.
 */
export function requireFreeBets(batch: BetBatch, fresh: readonly BetCommand[]): void {
  const left = new Map<FreeBetState, number>();
  for (const cmd of fresh) {
    if (cmd.type !== 'PlaceBet') continue;
    const state = batch.freeBets
      ?.get(walletKeyOf(cmd))
      ?.find(
        (s) =>
          (left.get(s) ?? s.left) > 0 &&
          s.grant.game === cmd.game &&
          (s.grant.tableId === null || s.grant.tableId === cmd.tableId) &&
          s.grant.stake === cmd.stake,
      );
    if (!state || (cmd.bet.game === 'blackjack' && cmd.bet.kind !== 'main')) throw new NoFreeBetLeft(cmd.id);
    left.set(state, (left.get(state) ?? state.left) - 1);
  }
}
