import { z } from 'zod';
import { idSchema, timestampSchema } from './primitives';
import { EventTopic } from './topics';

/** Fields every event carries. */
export const envelopeShape = {
  /** Unique per event (a UUID); consumers dedupe on it. For a command it is also the idempotency key. */
  id: idSchema,
  /** When the fact happened at its source. */
  occurredAt: timestampSchema,
  /** When this message was written (outbox insert / publish); may be later than occurredAt. */
  producedAt: timestampSchema,
  /** Id of the event that caused this one (a decision names its command; a settlement names the result). */
  causationId: idSchema.optional(),
};

export interface EventDefinition<T extends string, V extends number, S extends z.ZodTypeAny> {
  readonly type: T;
  readonly version: V;
  readonly topic: EventTopic;
  /** Field of the event that is the Kafka message key. */
  readonly keyField: 'tableId' | 'playerId' | 'operatorId';
  readonly schema: S;
}

/** One definition per event: its type, version, topic, key and the schema of all its fields. */
export function defineEvent<T extends string, V extends number, Shape extends z.ZodRawShape>(
  type: T,
  version: V,
  topic: EventTopic,
  keyField: 'tableId' | 'playerId' | 'operatorId',
  shape: Shape,
) {
  const schema = z
    .object({ ...envelopeShape, type: z.literal(type), version: z.literal(version), ...shape })
    .strict();
  const def: EventDefinition<T, V, typeof schema> = { type, version, topic, keyField, schema };
  return def;
}
