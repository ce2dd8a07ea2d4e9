import { BetCommand, buildEvent, CancelBetEvent } from '@casino/events';
import { accountKey, betsInPlayAccount, playerAccount, Sql } from '@casino/wallet';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AccountScope } from '../accounts/account-cache';
import { PostingBatch } from '../accounts/posting.batch';
import { profiler } from '../messaging/profiler';
import { OutboxBatch } from '../outbox/outbox.writer';
import { WriteBatch } from '../database/write.batch';
import { roundKey, roundLockClasses, roundTotalsStatement } from '../rounds/round.repository';
import { applyAccepted, decideBet, DecisionContext, PlacedBet } from './bet-decider';
import { insertBetsStatement, lockBetContext, NewBetRow, playerKey, playerRoundKey } from './bet.repository';
import { CancelBatch } from './cancel.batch';
import { loadCancelTargets, markCancelled } from './cancel.repository';

export interface DecideStats {
  accepted: number;
  rejected: number;
  cancelled: number;
  cancelRejected: number;
  duplicates: number;
}

const uniqueBy = <T>(items: readonly T[], key: (t: T) => string) => [
  ...new Map(items.map((i) => [key(i), i])).values(),
];

const walletKeyOf = (c: BetCommand) => accountKey(playerAccount(c.operatorId, c.playerId, c.currency));

/**
 * Decides a batch of bet commands (PlaceBet and CancelBet) in one transaction with set-based SQL: one query
 * locks the rounds, records the commands as processed (skipping redeliveries) and loads and locks the accounts,
 * existing bets and limits the batch touches; each command is decided in memory in message order; the accepted
 * bets and round totals are queued on `writes`, to go out in one statement with the decisions (outbox), after
 * the debits and refunds are posted.
 */
export async function decideBets(
  sql: Sql,
  received: readonly BetCommand[],
  outbox: OutboxBatch,
  accounts: AccountScope,
  postings: PostingBatch,
  writes: WriteBatch,
): Promise<DecideStats> {
  const stats: DecideStats = { accepted: 0, rejected: 0, cancelled: 0, cancelRejected: 0, duplicates: 0 };
  if (received.length === 0) return stats;

  const roundKeys = uniqueBy(received, (c) => roundKey(c.tableId, c.roundId));
  const classes = await roundLockClasses(sql, roundKeys);
  const known = new Set([...classes.exclusive, ...classes.shared].map((k) => roundKey(k.tableId, k.roundId)));
  const isKnown = (c: BetCommand) => known.has(roundKey(c.tableId, c.roundId));
  const inPlaySpecs = uniqueBy(
    received.filter(isKnown).map((c) => betsInPlayAccount(c.operatorId, c.tableId, c.currency)),
    accountKey,
  );
  const inPlayIds = await profiler.time('bets.inPlay', () => accounts.resolve(sql, inPlaySpecs));
  // Lock order, the same in every ledger transaction: rounds (by key), then accounts (players, then the rest).
  const context = await profiler.time('bets.context', () =>
    lockBetContext(sql, {
      rounds: classes,
      commandIds: received.map((c) => c.id),
      accountKeys: [...received.map(walletKeyOf), ...inPlayIds.keys()],
      playerRounds: uniqueBy(received.filter(isKnown), (c) =>
        playerRoundKey(c.tableId, c.roundId, c.playerId),
      ),
      players: uniqueBy(received, (c) => playerKey(c.operatorId, c.playerId)),
    }),
  );
  const rounds = context.rounds;
  const isLive = (c: BetCommand) => rounds.has(roundKey(c.tableId, c.roundId));
  // Every account the debits and refunds touch is locked above, in order: posting need not lock them again.
  postings.accountsLockedInOrder();
  const { playerBets, personalLimits } = context;
  const commands = received.filter((c) => context.fresh.has(c.id));
  stats.duplicates = received.length - commands.length;
  const live = commands.filter(isLive);
  const cancels = live.filter((c): c is CancelBetEvent => c.type === 'CancelBet');
  const targets =
    cancels.length === 0
      ? []
      : await profiler.time('bets.cancelTargets', () =>
          loadCancelTargets(
            sql,
            cancels.flatMap((c) => ('betId' in c.target ? [c.target.betId] : [])),
            cancels.flatMap((c) => ('betCommandId' in c.target ? [c.target.betCommandId] : [])),
          ),
        );
  const cancelBatch = new CancelBatch(targets, inPlayIds);
  const decideStart = performance.now();

  const wallets = new Map<string, { accountId: string; balance: bigint }>();
  for (const [key, row] of context.accounts) {
    if (row.kind !== 'player') continue;
    wallets.set(key, { accountId: row.id, balance: row.balance });
  }

  const newBets: NewBetRow[] = [];
  const acceptedAt = new Date().toISOString();
  // One journal entry per table's bets-in-play account per batch: each player's stakes out, their sum in.
  const debits = new Map<string, { first: string; currency: string; stakes: Map<string, bigint> }>();

  commands.forEach((cmd) => {
    const walletKey = walletKeyOf(cmd);
    const prKey = playerRoundKey(cmd.tableId, cmd.roundId, cmd.playerId);
    let bets = playerBets.get(prKey);
    if (!bets) playerBets.set(prKey, (bets = []));
    const ctx: DecisionContext = {
      round: rounds.get(roundKey(cmd.tableId, cmd.roundId)),
      wallet: wallets.get(walletKey),
      playerBets: bets,
      personalLimits: personalLimits.get(playerKey(cmd.operatorId, cmd.playerId)) ?? [],
    };
    if (cmd.type === 'CancelBet') {
      cancelBatch.decide(cmd, ctx, outbox, postings);
      return;
    }
    const decision = decideBet(cmd, ctx);
    const ids = {
      tableId: cmd.tableId,
      roundId: cmd.roundId,
      game: cmd.game,
      playerId: cmd.playerId,
      operatorId: cmd.operatorId,
      currency: cmd.currency,
      commandId: cmd.id,
      stake: cmd.stake,
      bet: cmd.bet,
      causationId: cmd.id,
    };
    if (!decision.accepted) {
      stats.rejected++;
      outbox.add(buildEvent('BetRejected', { ...ids, code: decision.code, message: decision.message }));
      return;
    }
    stats.accepted++;
    const betId = randomUUID();
    const placed: PlacedBet = {
      betId,
      key: decision.key,
      stake: cmd.stake,
      spec: cmd.bet,
      numbers: decision.numbers,
    };
    applyAccepted(cmd, ctx, placed);
    const wallet = ctx.wallet!;
    const inPlay = inPlayIds.get(accountKey(betsInPlayAccount(cmd.operatorId, cmd.tableId, cmd.currency)))!;
    const row: NewBetRow = {
      betId,
      commandId: cmd.id,
      tableId: cmd.tableId,
      roundId: cmd.roundId,
      game: cmd.game,
      playerId: cmd.playerId,
      operatorId: cmd.operatorId,
      currency: cmd.currency,
      accountId: wallet.accountId,
      stake: cmd.stake,
      limitKey: decision.key,
      spec: cmd.bet,
      acceptedAt,
    };
    newBets.push(row);
    if (cancels.length > 0) cancelBatch.rememberNew(row);
    const debit = debits.get(inPlay) ?? {
      first: cmd.id,
      currency: cmd.currency,
      stakes: new Map<string, bigint>(),
    };
    debit.stakes.set(wallet.accountId, (debit.stakes.get(wallet.accountId) ?? 0n) + cmd.stake);
    debits.set(inPlay, debit);
    outbox.add(buildEvent('BetAccepted', { ...ids, betId, balance: wallet.balance }));
  });

  for (const [inPlay, d] of debits) {
    let total = 0n;
    for (const v of d.stakes.values()) total += v;
    postings.add({
      // Each command is decided once, so the first command id of the group names the entry uniquely.
      idempotencyKey: `bets:${d.first}`,
      kind: 'bet',
      reference: `commands from ${d.first}`,
      currency: d.currency,
      lines: [
        ...[...d.stakes].map(([accountId, stake]) => ({ accountId, amount: -stake })),
        { accountId: inPlay, amount: total },
      ],
    });
  }
  cancelBatch.publishCredits(outbox);
  stats.cancelled = cancelBatch.stats.cancelled;
  stats.cancelRejected = cancelBatch.stats.rejected;
  profiler.add('bets.decide', performance.now() - decideStart);
  writes.add(insertBetsStatement(newBets));
  if (cancelBatch.cancelled.length > 0) {
    // A cancel may name a bet inserted by this batch: the insert must be done before the update sees it.
    await writes.flush(sql);
    await markCancelled(sql, cancelBatch.cancelled, acceptedAt);
  }
  writes.add(roundTotalsStatement([...rounds.values()]));
  return stats;
}
