/** JSON-safe value as it goes over the socket. */
export type WireValue = string | number | boolean | null | WireValue[] | { [key: string]: WireValue };

/**
 * Outgoing payloads may hold bigints (money); socket.io's JSON cannot. They become decimal strings of minor
 * units, as on the Kafka wire. `undefined` fields are dropped.
 */
export function toWire(value: unknown): WireValue {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: { [key: string]: WireValue } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toWire(v);
    return out;
  }
  return null;
}
