import {
  BetCommand,
  CasinoEvent,
  decodeEvent,
  PlaceBetsEvent,
  RoundsTopicEvent,
  Topics,
} from '@casino/events';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { CommittedOutbox } from '../outbox/outbox.writer';
import { QuarantineParker } from '../quarantine/quarantine.parker';
import { QuarantineRegistry } from '../quarantine/quarantine.registry';
import { MessageOrigin } from '../quarantine/quarantine.types';
import { DEFAULT_RETRY_OPTIONS, RetryControls, RetryPolicy } from '../quarantine/retry.policy';
import { RoundEffect } from '../rounds/round-effect';
import { CommandRefusal, rejectRefusedCommands } from '../bets/refused-commands';
import { sessionProofRefusals } from '../session-proofs/session-proof.check';
import { SessionProofKeys, VerifiedTokens } from '../session-proofs/session-proof';
import { foreignProducerCommands } from '../tables/producer-check';
import { TransactionRunner } from '../transaction/transaction.runner';
import { EventApplier } from '../use-cases/apply-event/event.applier';
import { holdOf, HoldCode, rejectHeldCommands } from '../use-cases/apply-event/held-commands';
import { decideBetCommands } from '../use-cases/bet-commands/decide-bet-commands.use-case';
import { registerLedgerEndWriters } from './ledger-end-writers';
import { foldSlipAnswers, slipCommands, SlipMember, slipsOf, slipsProcessedStatement } from './bet-slips';

export interface BatchStats {
  messages: number;
  invalid: number;
  duplicates: number;
  accepted: number;
  rejected: number;
  cancelled: number;
  cancelRejected: number;
  /** Commands rejected because their round or player is held by a parked message. */
  held: number;
  /** Messages parked (quarantine + dead letter). */
  parked: number;
  /** Round events kept until their round opens. */
  pending: number;
  rounds: Partial<Record<RoundEffect, number>>;
}

export interface IncomingMessage {
  value: Buffer | null;
  offset: string;
  key?: Buffer | null;
}

/** Consecutive messages of one topic partition. */
export interface IncomingBatch {
  topic: string;
  /** Default 0 (callers outside Kafka, e.g. tests). */
  partition?: number;
  messages: readonly IncomingMessage[];
}

/** A decoded message with where it came from (kept for parking it). */
export interface Received<E extends CasinoEvent = CasinoEvent> extends SlipMember {
  event: E;
  origin: MessageOrigin;
  payload: Buffer;
}

export const emptyStats = (): BatchStats => ({
  messages: 0,
  invalid: 0,
  duplicates: 0,
  accepted: 0,
  rejected: 0,
  cancelled: 0,
  cancelRejected: 0,
  held: 0,
  parked: 0,
  pending: 0,
  rounds: {},
});

/** Adds `b` into `a`. */
export function addStats(a: BatchStats, b: BatchStats): BatchStats {
  for (const k of [
    'messages',
    'invalid',
    'duplicates',
    'accepted',
    'rejected',
    'cancelled',
    'cancelRejected',
    'held',
    'parked',
    'pending',
  ] as const)
    a[k] += b[k];
  for (const [effect, n] of Object.entries(b.rounds) as [RoundEffect, number][])
    a.rounds[effect] = (a.rounds[effect] ?? 0) + n;
  return a;
}

/**
 * The ledger's exactly-once core, free of Kafka: decodes messages at the edge (one that does not decode is
 * parked), drops repeated and parked event ids, decides bet commands in one transaction (those of a held round or
 * player rejected with their code), and applies round events one transaction each through the EventApplier,
 * which keeps early ones and parks poison ones. `decideCommands` throws when its transaction fails: the caller
 * (PoisonIsolator) retries, splits and parks.
 */
export class LedgerProcessor {
  readonly applier: EventApplier;
  private readonly transactions: TransactionRunner;
  private readonly verifiedTokens = new VerifiedTokens();

  constructor(
    dataSource: DataSource,
    topics: Topics,
    /** What bet commands' player tokens are checked with (PLAYER_TOKEN_SECRET, the longest lifetime). */
    private readonly sessionKeys: SessionProofKeys,
    private readonly logger: LedgerLog,
    onCommitted?: CommittedOutbox,
    applier?: EventApplier,
  ) {
    this.transactions =
      applier?.transactions ?? new TransactionRunner(dataSource, topics, logger, onCommitted);
    registerLedgerEndWriters(this.transactions);
    this.applier = applier ?? defaultApplier(dataSource, topics, logger, this.transactions, onCommitted);
  }

  get registry(): QuarantineRegistry {
    return this.applier.parker.registry;
  }

  /** Without isolation: decode, decide the commands (throws on failure), apply the round events. */
  async processBatch(
    topic: string,
    messages: readonly IncomingMessage[],
    partition = 0,
  ): Promise<BatchStats> {
    return this.processBatches([{ topic, partition, messages }]);
  }

  async processBatches(batches: readonly IncomingBatch[], controls: RetryControls = {}): Promise<BatchStats> {
    const stats = emptyStats();
    const { commands, roundEvents } = await this.decode(batches, stats, controls);
    const { openings, others } = openingsFirst(roundEvents);
    await this.applyRoundEvents(openings, stats, controls);
    if (commands.length > 0) addStats(stats, await this.decideCommands(commands));
    await this.applyRoundEvents(others, stats, controls);
    return stats;
  }

  /**
   * Decodes every message; one that does not decode is parked (it may decode after an upgrade: a back-office
   * retry). Drops repeated ids within the batches and ids already parked (a redelivery of a parked message).
   */
  async decode(
    batches: readonly IncomingBatch[],
    stats: BatchStats,
    controls: RetryControls = {},
  ): Promise<{ commands: Received<BetCommand>[]; roundEvents: Received<RoundsTopicEvent>[] }> {
    const decodeStart = performance.now();
    const received: Received[] = [];
    for (const { topic, partition = 0, messages } of batches) {
      stats.messages += messages.length;
      for (const m of messages) {
        const origin = { topic, partition, offset: m.offset, key: m.key?.toString('utf8') ?? null };
        const payload = m.value ?? Buffer.alloc(0);
        const decoded = decodeEvent(topic, m.value);
        if (decoded.ok) {
          received.push({ event: decoded.event, origin, payload });
          continue;
        }
        stats.invalid++;
        this.logger.warn(`invalid message at ${topic}@${m.offset}: ${decoded.code} ${decoded.message}`);
        const failure = { transient: false, code: decoded.code, message: decoded.message };
        await this.applier.parker.park(
          { origin, payload, failure, attempts: 1, firstFailedAt: new Date() },
          controls,
        );
        stats.parked++;
      }
    }
    profiler.add('decode', performance.now() - decodeStart);
    const registry = this.registry;
    const unique = new Map<string, Received>();
    for (const r of received) {
      if (unique.has(r.event.id) || registry.isParked(r.event.id)) stats.duplicates++;
      else unique.set(r.event.id, r);
    }
    const commands: Received<BetCommand>[] = [];
    const roundEvents: Received<RoundsTopicEvent>[] = [];
    const slipBets = new Set<string>();
    for (const r of unique.values()) {
      if (isBetSlip(r)) {
        // A slip's bets join the commands in its place; a bet id seen already (or parked) is a duplicate.
        for (const bet of slipCommands(r)) {
          const seen = unique.has(bet.event.id) || slipBets.has(bet.event.id);
          if (seen || registry.isParked(bet.event.id)) stats.duplicates++;
          else commands.push(bet);
          slipBets.add(bet.event.id);
        }
      } else if (isBetCommand(r)) commands.push(r);
      else if (isRoundsTopicEvent(r)) roundEvents.push(r);
      else this.logger.warn(`ignoring ${r.event.type} ${r.event.id} (not a message the ledger consumes)`);
    }
    return { commands, roundEvents };
  }

  /**
   * One transaction for the commands of several batches, in message order within each: commands from another
   * game's service than their table's are rejected PRODUCER_NOT_TABLE_SERVICE, those without a live launch
   * session of their player PLAYER_SESSION_INVALID (both alerted), those of a round or player held by a parked
   * message ROUND_QUARANTINED / PLAYER_QUARANTINED, the rest decided. The decisions of a bet slip's bets
   * (PlaceBets) go out as its one BetsDecided, and the slip's id is recorded as processed.
   */
  async decideCommands(commands: readonly Received<BetCommand>[]): Promise<BatchStats> {
    const registry = this.registry;
    const tableGames = this.applier.tableGames;
    profiler.add('batchSize', commands.length);
    const { foreign, rejectedHeld, decided } = await this.transactions.run('tx.bets', async (ctx) => {
      const foreignRefusals = await foreignProducerCommands(ctx.sql, tableGames, commands);
      const sessionRefusals = await sessionProofRefusals(
        ctx.sql,
        this.sessionKeys,
        commands.filter((c) => !foreignRefusals.has(c.event.id)).map((c) => c.event),
        Date.now(),
        this.verifiedTokens,
      );
      const refused: { cmd: BetCommand; topic: string; refusal: CommandRefusal }[] = [];
      const held: { cmd: BetCommand; code: HoldCode }[] = [];
      const free: BetCommand[] = [];
      for (const { event, origin } of commands) {
        const refusal = foreignRefusals.get(event.id) ?? sessionRefusals.get(event.id);
        const code = refusal || registry.size === 0 ? undefined : holdOf(registry, event);
        if (refusal) refused.push({ cmd: event, topic: origin.topic, refusal });
        else if (code) held.push({ cmd: event, code });
        else free.push(event);
      }
      const outcome = {
        foreign: await rejectRefusedCommands(ctx, refused),
        rejectedHeld: await rejectHeldCommands(ctx, held),
        decided: await decideBetCommands(ctx, free),
      };
      ctx.writes.add(slipsProcessedStatement(slipsOf(commands)));
      foldSlipAnswers(ctx.outbox, commands);
      return outcome;
    });
    const stats = emptyStats();
    stats.duplicates = decided.duplicates + rejectedHeld.duplicates + foreign.duplicates;
    stats.accepted = decided.accepted;
    stats.rejected = decided.rejected + rejectedHeld.rejected + foreign.rejected;
    stats.cancelled = decided.cancelled;
    stats.cancelRejected = decided.cancelRejected + rejectedHeld.cancelRejected + foreign.cancelRejected;
    stats.held = rejectedHeld.rejected + rejectedHeld.cancelRejected;
    return stats;
  }

  /** Round and shoe events, in order, one transaction each (never throws for a poison event: it is parked). */
  async applyRoundEvents(
    events: readonly Received<RoundsTopicEvent>[],
    stats: BatchStats,
    controls: RetryControls = {},
  ): Promise<void> {
    // Rounds this fetch closed: a void of one of them later in the fetch was on the broker before the close was
    // applied, so before any BetsFinalized of it (docs/ledger.md#voids-after-betting-closed).
    const closedHere = new Set<string>();
    for (const { event, origin, payload } of events) {
      const round = event.type === 'ShoeRevealed' ? '' : `${event.tableId}/${event.roundId}`;
      const beforeClose = event.type === 'RoundVoided' && closedHere.has(round);
      const outcome = await this.applier.applyRoundsTopicEvent(event, origin, payload, controls, beforeClose);
      if (event.type === 'BettingClosed' && outcome === 'closed') closedHere.add(round);
      if (outcome === 'duplicate') stats.duplicates++;
      else if (outcome === 'parked') stats.parked++;
      else if (outcome === 'pending') stats.pending++;
      else if (outcome !== 'recorded') stats.rounds[outcome] = (stats.rounds[outcome] ?? 0) + 1;
    }
  }
}

/**
 * A fetch's round events split for the order they are applied in: the RoundOpened first, then the bet commands
 * are decided, then the rest (close, result, void). A bet command and the RoundOpened it was allowed by arrive on two
 * topics, so one fetch may hold both; deciding the bets first would reject them ROUND_UNKNOWN.
 */
export function openingsFirst<T extends { event: { type: string } }>(
  events: readonly T[],
): { openings: T[]; others: T[] } {
  const openings: T[] = [];
  const others: T[] = [];
  for (const e of events) (e.event.type === 'RoundOpened' ? openings : others).push(e);
  return { openings, others };
}

/** The applier a processor builds for itself (tests, tools): an empty registry, default retries. */
function defaultApplier(
  dataSource: DataSource,
  topics: Topics,
  logger: LedgerLog,
  transactions: TransactionRunner,
  onCommitted?: CommittedOutbox,
): EventApplier {
  const policy = new RetryPolicy(DEFAULT_RETRY_OPTIONS, logger);
  const parker = new QuarantineParker(
    dataSource,
    topics.deadLetter,
    new QuarantineRegistry(),
    policy,
    logger,
    onCommitted,
  );
  return new EventApplier(transactions, policy, parker, logger);
}

function isBetCommand(r: Received): r is Received<BetCommand> {
  return r.event.type === 'PlaceBet' || r.event.type === 'CancelBet';
}

function isBetSlip(r: Received): r is Received<PlaceBetsEvent> {
  return r.event.type === 'PlaceBets';
}

function isRoundsTopicEvent(r: Received): r is Received<RoundsTopicEvent> {
  const t = r.event.type;
  return (
    t === 'RoundOpened' ||
    t === 'BettingClosed' ||
    t === 'RoundResult' ||
    t === 'RoundVoided' ||
    t === 'ShoeRevealed'
  );
}
