import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CasinoEvent, definitionOf, EventOf, EventType, latestDefinition } from './registry';
import { baseTopicOf } from './topics';

export type DecodeErrorCode =
  'INVALID_JSON' | 'NOT_AN_EVENT' | 'UNKNOWN_TYPE' | 'WRONG_TOPIC' | 'INVALID_EVENT';

/** Why a Kafka message was refused at the edge, for logs and reports that have the code alone. */
export const DECODE_ERROR_MESSAGES: Readonly<Record<DecodeErrorCode, string>> = {
  INVALID_JSON: 'the message is not JSON',
  NOT_AN_EVENT: 'the message has no event type and version',
  UNKNOWN_TYPE: 'no such event type and version',
  WRONG_TOPIC: 'the event does not belong on this topic',
  INVALID_EVENT: 'a field of the event is missing or invalid',
};

export type DecodeResult =
  | { ok: true; event: CasinoEvent }
  | { ok: false; code: DecodeErrorCode; message: string; issues: z.ZodIssue[] };

/** Bigints (amounts) become decimal strings; nothing else needs help. */
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** JSON text of an event, amounts as decimal strings of minor units. */
export function encodeEvent(event: CasinoEvent): string {
  return JSON.stringify(event, replacer);
}

/** The same as a Buffer, for a Kafka message value. */
export function encodeEventBuffer(event: CasinoEvent): Buffer {
  return Buffer.from(encodeEvent(event), 'utf8');
}

/**
 * Validates a message from `topic` (prefixed or not) at the edge: JSON, a known type and version, on its own
 * topic, every field valid. Amounts come out as bigint.
 */
export function decodeEvent(topic: string, value: Buffer | string | null | undefined): DecodeResult {
  if (value === null || value === undefined) return fail('NOT_AN_EVENT', 'empty message');
  let raw: unknown;
  try {
    raw = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch (err) {
    return fail('INVALID_JSON', (err as Error).message);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('NOT_AN_EVENT', 'not an object');
  const { type, version } = raw as { type?: unknown; version?: unknown };
  if (typeof type !== 'string' || typeof version !== 'number') {
    return fail('NOT_AN_EVENT', 'missing type or version');
  }
  const def = definitionOf(type, version);
  if (!def) return fail('UNKNOWN_TYPE', `unknown event ${type} v${version}`);
  const base = baseTopicOf(topic);
  if (base !== undefined && base !== def.topic) {
    return fail('WRONG_TOPIC', `${type} belongs on ${def.topic}, not ${topic}`);
  }
  const parsed = def.schema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, code: 'INVALID_EVENT', message: parsed.error.message, issues: parsed.error.issues };
  }
  return { ok: true, event: parsed.data as CasinoEvent };
}

function fail(code: DecodeErrorCode, message: string): DecodeResult {
  return { ok: false, code, message, issues: [] };
}

type Generated = 'id' | 'type' | 'version' | 'occurredAt' | 'producedAt';
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a producer supplies to make an event: everything but the generated envelope fields (which it may set). */
export type EventInput<T extends EventType> = DistributiveOmit<EventOf<T>, Generated> &
  Partial<Pick<EventOf<T>, 'id' | 'occurredAt' | 'producedAt'>>;

/**
 * Builds an event of the latest version of `type`, with a fresh UUID and timestamps unless given, and validates
 * it (throws EventValidationError on a bad field, so nothing invalid is ever published).
 */
export function makeEvent<T extends EventType>(type: T, input: EventInput<T>): EventOf<T> {
  const def = latestDefinition(type);
  const now = new Date().toISOString();
  const event = {
    id: randomUUID(),
    occurredAt: now,
    producedAt: now,
    ...input,
    type,
    version: def.version,
  };
  const check = decodeEvent(def.topic, encodeEvent(event as unknown as CasinoEvent));
  if (!check.ok) throw new EventValidationError(type, check.message, check.issues);
  return check.event as EventOf<T>;
}

/**
 * Builds an event like `makeEvent` without validating it: for hot paths (the ledger's outbox) whose fields come
 * from data already validated at the edge. Types still check every field at compile time.
 */
export function buildEvent<T extends EventType>(type: T, input: EventInput<T>): EventOf<T> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    occurredAt: now,
    producedAt: now,
    ...input,
    type,
    version: latestDefinition(type).version,
  } as unknown as EventOf<T>;
}

export class EventValidationError extends Error {
  readonly code = 'INVALID_EVENT';
  constructor(
    readonly eventType: string,
    message: string,
    readonly issues: z.ZodIssue[],
  ) {
    super(`invalid ${eventType}: ${message}`);
    this.name = 'EventValidationError';
  }
}
