import {
  BettingClosedEvent,
  buildEvent,
  RoundEvent,
  RoundResultEvent,
  RoundVoidedEvent,
  SettledBet,
} from '@casino/events';
import { Sql } from '@casino/wallet';
import { AccountScope } from '../accounts/account-cache';
import { PostingBatch } from '../accounts/posting.batch';
import { RoundView } from '../bets/bet-decider';
import { loadOpenRoundBets, StoredBet } from '../bets/bet.repository';
import { OutboxBatch } from '../outbox/outbox.writer';
import { settleRoundBets } from '../settlement/settle-round';
import { SettledItem } from '../settlement/settlement.types';
import { profiler } from '../messaging/profiler';
import { bookOutcomes, chunks, publishCredits, publishFinalBets } from './round-book';
import { closeRound, finishRound, insertRound, lockRound, roundKey } from './round.repository';

/** What happened to a round event; logged by the consumer, counted by the tests. */
export type RoundEffect =
  | 'opened'
  | 'closed'
  | 'settled'
  | 'voided'
  | 'disputed'
  | 'ignored-duplicate'
  | 'ignored-unknown-round'
  | 'ignored-finished-round';

export interface RoundHandlerLog {
  warn(message: string): void;
}

/** Applies one round lifecycle event inside the batch's transaction. */
export async function handleRoundEvent(
  sql: Sql,
  event: RoundEvent,
  outbox: OutboxBatch,
  accounts: AccountScope,
  postings: PostingBatch,
  log: RoundHandlerLog,
): Promise<RoundEffect> {
  if (event.type === 'RoundOpened') return (await insertRound(sql, event)) ? 'opened' : 'ignored-duplicate';
  const round = await lockRound(sql, event.tableId, event.roundId);
  if (!round) {
    log.warn(`${event.type} for unknown round ${event.tableId}/${event.roundId} (event ${event.id})`);
    return 'ignored-unknown-round';
  }
  switch (event.type) {
    case 'BettingClosed':
      return onBettingClosed(sql, round, event, outbox);
    case 'RoundResult':
      return onResult(sql, round, event, outbox, accounts, postings, log);
    case 'RoundVoided':
      return onVoided(sql, round, event, outbox, accounts, postings, log);
  }
}

async function onBettingClosed(sql: Sql, round: RoundView, e: BettingClosedEvent, outbox: OutboxBatch) {
  if (round.status !== 'open') return 'ignored-duplicate';
  await close(sql, round, e.occurredAt, e.id, outbox);
  return 'closed';
}

/**
 * The final bets of rounds this process closed, for their settlement: after betting closes nothing can be added
 * to a baccarat or roulette round (blackjack takes additional stakes, so it is not kept). Another instance, or a
 * restart, loads them from the database instead.
 */
const finalBets = new Map<string, StoredBet[]>();
const FINAL_BETS_KEPT = 256;

async function close(sql: Sql, round: RoundView, at: string, cause: string, outbox: OutboxBatch) {
  const bets = await loadOpenRoundBets(sql, round.tableId, round.roundId);
  await closeRound(
    sql,
    round.tableId,
    round.roundId,
    at,
    bets.length,
    bets.reduce((s, b) => s + b.stake, 0n),
  );
  round.status = 'closed';
  publishFinalBets(round, bets, outbox, cause);
  if (round.game !== 'blackjack') {
    if (finalBets.size >= FINAL_BETS_KEPT) finalBets.delete(finalBets.keys().next().value!);
    finalBets.set(roundKey(round.tableId, round.roundId), bets);
  }
}

async function betsToFinish(sql: Sql, round: RoundView): Promise<StoredBet[]> {
  const key = roundKey(round.tableId, round.roundId);
  const kept = finalBets.get(key);
  finalBets.delete(key);
  return kept ?? (await loadOpenRoundBets(sql, round.tableId, round.roundId));
}

async function onResult(
  sql: Sql,
  round: RoundView,
  e: RoundResultEvent,
  outbox: OutboxBatch,
  accounts: AccountScope,
  postings: PostingBatch,
  log: RoundHandlerLog,
): Promise<RoundEffect> {
  if (round.status === 'settled' || round.status === 'voided') return 'ignored-finished-round';
  // A result means no more bets, even if BettingClosed was lost upstream.
  if (round.status === 'open') await close(sql, round, e.occurredAt, e.id, outbox);
  const bets = await profiler.time('settle.loadBets', () => betsToFinish(sql, round));
  const settlement = await profiler.time('settle.engine', async () =>
    settleRoundBets(
      round.config,
      e.result,
      bets.map((b) => ({ betId: b.betId, playerId: b.playerId, stake: b.stake, spec: b.spec })),
    ),
  );
  if (!settlement.ok) {
    // Nothing is paid from a result the engine refuses; the round waits for a corrected result or a void.
    log.warn(`round ${round.tableId}/${round.roundId} disputed: ${settlement.code} ${settlement.message}`);
    await finishRound(sql, round.tableId, round.roundId, {
      status: 'disputed',
      result: e.result,
      problem: `${settlement.code}: ${settlement.message}`,
    });
    return 'disputed';
  }
  await profiler.time('settle.book', () =>
    bookOutcomes(sql, round, bets, settlement.items, 'settled', accounts, postings),
  );
  await finishRound(sql, round.tableId, round.roundId, { status: 'settled', result: e.result });
  publishSettled(round, bets, settlement.items, outbox, e.id);
  postings.afterPost((balances) =>
    publishCredits(round, bets, settlement.items, balances, 'settlement', outbox, e.id),
  );
  return 'settled';
}

async function onVoided(
  sql: Sql,
  round: RoundView,
  e: RoundVoidedEvent,
  outbox: OutboxBatch,
  accounts: AccountScope,
  postings: PostingBatch,
  log: RoundHandlerLog,
): Promise<RoundEffect> {
  if (round.status === 'voided') return 'ignored-duplicate';
  if (round.status === 'settled') {
    log.warn(`RoundVoided for settled round ${round.tableId}/${round.roundId} ignored (event ${e.id})`);
    return 'ignored-finished-round';
  }
  const bets = await betsToFinish(sql, round);
  const items: SettledItem[] = bets.map((b) => ({ betId: b.betId, returned: b.stake, outcome: 'refund' }));
  await bookOutcomes(sql, round, bets, items, 'refunded', accounts, postings);
  const totalRefunded = bets.reduce((s, b) => s + b.stake, 0n);
  await finishRound(sql, round.tableId, round.roundId, {
    status: 'voided',
    voidReason: e.reason,
    // Blackjack's additional stakes may have joined after betting closed: count everything refunded.
    bets:
      round.status === 'open' || round.game === 'blackjack'
        ? { count: bets.length, staked: totalRefunded }
        : undefined,
  });
  const parts = chunks(bets);
  parts.forEach((part, index) =>
    outbox.add(
      buildEvent('RoundRefunded', {
        tableId: round.tableId,
        roundId: round.roundId,
        game: round.game,
        currency: round.currency,
        part: { index, count: parts.length },
        reason: e.reason,
        bets: part.map((b) => ({
          betId: b.betId,
          playerId: b.playerId,
          operatorId: b.operatorId,
          stake: b.stake,
        })),
        betCount: bets.length,
        totalRefunded,
        causationId: e.id,
      }),
    ),
  );
  postings.afterPost((balances) => publishCredits(round, bets, items, balances, 'refund', outbox, e.id));
  return 'voided';
}

function publishSettled(
  round: RoundView,
  bets: readonly StoredBet[],
  items: readonly SettledItem[],
  outbox: OutboxBatch,
  cause: string,
) {
  const byId = new Map(bets.map((b) => [b.betId, b] as const));
  const settled: SettledBet[] = items.map((i) => {
    const b = byId.get(i.betId)!;
    return {
      betId: i.betId,
      playerId: b.playerId,
      operatorId: b.operatorId,
      stake: b.stake,
      returned: i.returned,
      // An unused blackjack additional stake goes back as a push.
      outcome: i.outcome === 'refund' ? 'push' : i.outcome,
    };
  });
  const totalStaked = settled.reduce((s, b) => s + b.stake, 0n);
  const totalReturned = settled.reduce((s, b) => s + b.returned, 0n);
  const parts = chunks(settled);
  parts.forEach((part, index) =>
    outbox.add(
      buildEvent('RoundSettled', {
        tableId: round.tableId,
        roundId: round.roundId,
        game: round.game,
        currency: round.currency,
        part: { index, count: parts.length },
        bets: part,
        betCount: settled.length,
        totalStaked,
        totalReturned,
        causationId: cause,
      }),
    ),
  );
}
