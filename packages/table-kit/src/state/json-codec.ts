/**
 * JSON for snapshots that hold bigints (money): a bigint is written as {"$bigint":"123"} and read back as 123n.
 * Plain JSON.stringify would throw on a bigint, and a number would lose precision.
 */
export function toSnapshotJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

export function fromSnapshotJson(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      if (keys.length === 1 && keys[0] === '$bigint' && typeof o.$bigint === 'string')
        return BigInt(o.$bigint);
    }
    return v;
  });
}
