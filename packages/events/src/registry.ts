import { z } from 'zod';
import { BetAccepted, BetRejected, PlaceBet } from './bet-events';
import { BetsDecided, PlaceBets } from './bet-slip-events';
import { BetCancelled, BetCancelRejected, CancelBet } from './cancel-events';
import { EventDefinition } from './envelope';
import { BettingClosed, RoundOpened, RoundResult, RoundVoided } from './round-events';
import { BetsFinalized, RoundRefunded, RoundSettled } from './settlement-events';
import { ShoeRevealed } from './shoe-events';
import { EventTopic, gameTopic, gameTopicFamilyOf, TopicGame, TopicKey, TOPICS, Topics } from './topics';
import { OperatorSessionsRevoked, PlayerSessionRevoked } from './session-events';
import { BalanceChanged } from './wallet-events';

/** Every event definition of the platform (latest version of each type). */
export const EVENT_DEFINITIONS = [
  RoundOpened,
  BettingClosed,
  RoundResult,
  RoundVoided,
  ShoeRevealed,
  PlaceBet,
  BetAccepted,
  BetRejected,
  CancelBet,
  BetCancelled,
  BetCancelRejected,
  PlaceBets,
  BetsDecided,
  BetsFinalized,
  RoundSettled,
  RoundRefunded,
  BalanceChanged,
  PlayerSessionRevoked,
  OperatorSessionsRevoked,
] as const;

type Definitions = (typeof EVENT_DEFINITIONS)[number];

/** Any platform event, after parsing (amounts are bigint). */
export type CasinoEvent = z.infer<Definitions['schema']>;
export type EventType = CasinoEvent['type'];
export type EventOf<T extends EventType> = Extract<CasinoEvent, { type: T }>;

export type RoundOpenedEvent = EventOf<'RoundOpened'>;
export type BettingClosedEvent = EventOf<'BettingClosed'>;
export type RoundResultEvent = EventOf<'RoundResult'>;
export type RoundVoidedEvent = EventOf<'RoundVoided'>;
export type ShoeRevealedEvent = EventOf<'ShoeRevealed'>;
export type PlaceBetEvent = EventOf<'PlaceBet'>;
export type BetAcceptedEvent = EventOf<'BetAccepted'>;
export type BetRejectedEvent = EventOf<'BetRejected'>;
export type CancelBetEvent = EventOf<'CancelBet'>;
export type PlaceBetsEvent = EventOf<'PlaceBets'>;
export type BetsDecidedEvent = EventOf<'BetsDecided'>;
export type BetCancelledEvent = EventOf<'BetCancelled'>;
export type BetCancelRejectedEvent = EventOf<'BetCancelRejected'>;
export type BetsFinalizedEvent = EventOf<'BetsFinalized'>;
export type RoundSettledEvent = EventOf<'RoundSettled'>;
export type RoundRefundedEvent = EventOf<'RoundRefunded'>;
export type BalanceChangedEvent = EventOf<'BalanceChanged'>;
export type PlayerSessionRevokedEvent = EventOf<'PlayerSessionRevoked'>;
export type OperatorSessionsRevokedEvent = EventOf<'OperatorSessionsRevoked'>;
/** Everything on the sessions topic. */
export type SessionsTopicEvent = PlayerSessionRevokedEvent | OperatorSessionsRevokedEvent;

/** Events of one round's lifecycle (each names its round); bet commands; and so on per topic. */
export type RoundEvent = RoundOpenedEvent | BettingClosedEvent | RoundResultEvent | RoundVoidedEvent;
/** Everything on the rounds topic: the round lifecycle, and a shoe's reveal (which belongs to no one round). */
export type RoundsTopicEvent = RoundEvent | ShoeRevealedEvent;
export type BetCommand = PlaceBetEvent | CancelBetEvent;
export type BetDecision = BetAcceptedEvent | BetRejectedEvent;
/** The ledger's answers to CancelBet (on the bet-decisions topic beside BetDecision). */
export type CancelDecision = BetCancelledEvent | BetCancelRejectedEvent;

type AnyDefinition = EventDefinition<string, number, z.ZodTypeAny>;

const byTypeVersion = new Map<string, AnyDefinition>();
const latestByType = new Map<string, AnyDefinition>();
for (const def of EVENT_DEFINITIONS as readonly AnyDefinition[]) {
  byTypeVersion.set(`${def.type}@${def.version}`, def);
  const latest = latestByType.get(def.type);
  if (!latest || latest.version < def.version) latestByType.set(def.type, def);
}

export function definitionOf(type: string, version?: number): AnyDefinition | undefined {
  return version === undefined ? latestByType.get(type) : byTypeVersion.get(`${type}@${version}`);
}

/** The latest definition of a known event type (every EventType has one: the type is derived from them). */
export function latestDefinition(type: EventType): AnyDefinition {
  const def = latestByType.get(type);
  if (!def) throw new Error(`no definition for event type ${type}`);
  return def;
}

/** The topic an event type's definition names: a single topic, or a per-game family's base. */
export function baseTopicOfType(type: EventType): EventTopic {
  return latestDefinition(type).topic;
}

const topicKeyByName = new Map<string, TopicKey>(
  (Object.keys(TOPICS) as TopicKey[]).map((k) => [TOPICS[k], k] as const),
);

/**
 * The (prefixed) topic an event goes to: round events and bet commands to their game's topic (the event's
 * `game`), the others to their own.
 */
export function topicFor(event: CasinoEvent, topics: Topics): string {
  const base = baseTopicOfType(event.type);
  const family = gameTopicFamilyOf(base);
  if (family) {
    const game = (event as { game?: TopicGame }).game;
    if (!game) throw new Error(`event type ${event.type} has no game to choose its topic`);
    return gameTopic(topics, family, game);
  }
  const key = topicKeyByName.get(base);
  if (!key) throw new Error(`event type ${event.type} has no topic key`);
  return topics[key];
}

/**
 * Separates a table's id from a session's in a single-player table's virtual table id (`<tableId>~<player>`, see
 * table-kit's sessionTableId).
 */
export const SESSION_TABLE_SEPARATOR = '~';

/**
 * The Kafka message key of an event: the table id for round, decision and settlement events (a session's events
 * are keyed by its table, so they reach the instance running the table); the player or operator id otherwise.
 */
export function eventKey(event: CasinoEvent): string {
  const def = latestDefinition(event.type);
  const value = (event as Record<string, unknown>)[def.keyField] as string;
  if (def.keyField !== 'tableId') return value;
  const at = value.indexOf(SESSION_TABLE_SEPARATOR);
  return at < 0 ? value : value.slice(0, at);
}

/** The event types that may appear on a topic (a per-game family by its base: every game's topic of it). */
export function eventTypesOnTopic(topic: EventTopic): EventType[] {
  return [...latestByType.values()].filter((d) => d.topic === topic).map((d) => d.type as EventType);
}
