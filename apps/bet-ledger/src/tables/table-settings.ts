import { TableConfig, tableConfigSchema } from '@casino/events';
import { gameDefinition } from '@casino/games';
import { z } from 'zod';

/** Baccarat's round of the shoe belongs to each round, not to the table: the one field a round may differ in. */
const PER_ROUND_FIELDS = ['roundInShoe'] as const;

/**
 * A table's settings in the catalogue: the events' TableConfig (one definition; blackjack rules checked by the
 * engine's validateTableRules inside tableConfigSchema: a departure from the operators' rules needs its variant name)
 * without the per-round fields.
 */
export type TableSettings = DistributiveOmit<TableConfig, (typeof PER_ROUND_FIELDS)[number]>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Drops the per-round fields of a round's TableConfig. */
export function settingsOf(config: TableConfig): TableSettings {
  const copy: Record<string, unknown> = { ...config };
  for (const f of PER_ROUND_FIELDS) delete copy[f];
  return copy as TableSettings;
}

/** A round's TableConfig from the catalogue's settings and the round's own fields (baccarat: roundInShoe). */
export function roundConfigOf(settings: TableSettings, round: TableConfig): TableConfig {
  return round.game === 'baccarat' && settings.game === 'baccarat'
    ? { ...settings, roundInShoe: round.roundInShoe }
    : (settings as TableConfig);
}

/**
 * Parses settings (from a request or the catalogue's jsonb) with the events' schema, then checks what the schema
 * does not: limit keys the game offers, min ≤ max, table maxima and VIP ceilings of offered bets (a ceiling at or
 * above the bet's maximum). Returns the problems, or the settings.
 */
export function parseTableSettings(
  input: unknown,
): { ok: true; settings: TableSettings } | { ok: false; problems: string[] } {
  // The schema wants the per-round field; a placeholder keeps it out of the stored settings.
  const probe =
    typeof input === 'object' && input !== null && (input as { game?: unknown }).game === 'baccarat'
      ? { roundInShoe: 1, ...input }
      : input;
  const parsed = tableConfigSchema.safeParse(probe);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`),
    };
  const problems = limitProblems(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings: settingsOf(parsed.data) };
}

function limitProblems(config: TableConfig): string[] {
  // The game's limit keys, as its definition lists them.
  const known = gameDefinition(config.game).limitKeys;
  const problems: string[] = [];
  const offered = Object.entries(config.limits);
  if (offered.length === 0) problems.push('limits: the table offers no bet');
  for (const [key, { min, max }] of offered) {
    if (!known.includes(key)) problems.push(`limits.${key}: not a ${config.game} bet (${known.join(', ')})`);
    if (min > max) problems.push(`limits.${key}: min ${min} is above max ${max}`);
  }
  for (const key of Object.keys(config.tableMax))
    if (!config.limits[key]) problems.push(`tableMax.${key}: the table does not offer this bet`);
  // The VIP ceiling lifts a maximum, never lowers it (docs/rules/restrictions.md#vip-limits).
  for (const [key, ceiling] of Object.entries(config.vipMax ?? {})) {
    const limit = config.limits[key];
    if (!limit) problems.push(`vipMax.${key}: the table does not offer this bet`);
    else if (ceiling < limit.max)
      problems.push(`vipMax.${key}: ${ceiling} is below the table maximum ${limit.max}`);
  }
  if (config.game === 'baccarat' && config.maxDifference !== undefined && config.maxDifference <= 0n)
    problems.push('maxDifference: must be positive');
  return problems;
}

/** JSON of settings with sorted keys, amounts as strings and empty records left out: equal settings, equal text. */
export function canonicalSettings(value: unknown): string {
  return JSON.stringify(normalise(value));
}

function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    const n = normalise(v);
    // `{}` and absent mean the same for every optional record of the schema (tableMax, sideBetLastRound).
    if (n !== null && typeof n === 'object' && !Array.isArray(n) && Object.keys(n).length === 0) continue;
    out[key] = n;
  }
  return out;
}

/** The top-level settings a round's config differs in from the catalogue's (per-round fields aside). */
export function settingsDifferences(catalogue: TableSettings, round: TableConfig): string[] {
  const a = normalise(catalogue) as Record<string, unknown>;
  const b = normalise(settingsOf(round)) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

export const tableIdSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'letters, digits, . _ : - (not first)');

/** A service name as the catalogue names a table's producer (its Kafka principal's service). */
export const producerSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,62}$/, 'a service name such as baccarat-service');
