import { CurrencyProfile, TableConfig, tableConfigSchema } from '@casino/events';
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
 * above the bet's maximum), each the same in every other currency's profile (`currencies`; with `currency`, the
 * table's own one, which may not be listed there). Returns the problems, or the settings.
 */
export function parseTableSettings(
  input: unknown,
  currency?: string,
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
  const problems = limitProblems(parsed.data, currency);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings: settingsOf(parsed.data) };
}

function limitProblems(config: TableConfig, currency?: string): string[] {
  const problems = profileProblems(config.game, '', {
    limits: config.limits,
    tableMax: config.tableMax,
    vipMax: config.vipMax,
    maxDifference: 'maxDifference' in config ? config.maxDifference : undefined,
  });
  // Each other currency's profile is checked as the top level is (docs/ledger.md#currencies-per-table).
  for (const [code, profile] of Object.entries(config.currencies ?? {})) {
    if (code === currency)
      problems.push(`currencies.${code}: the table's own currency uses the top-level limits`);
    problems.push(...profileProblems(config.game, `currencies.${code}.`, profile));
  }
  return problems;
}

function profileProblems(game: TableConfig['game'], at: string, profile: CurrencyProfile): string[] {
  // The game's limit keys, as its definition lists them.
  const known = gameDefinition(game).limitKeys;
  const problems: string[] = [];
  const offered = Object.entries(profile.limits);
  if (offered.length === 0) problems.push(`${at}limits: the table offers no bet`);
  for (const [key, { min, max }] of offered) {
    if (!known.includes(key)) problems.push(`${at}limits.${key}: not a ${game} bet (${known.join(', ')})`);
    if (min > max) problems.push(`${at}limits.${key}: min ${min} is above max ${max}`);
  }
  for (const key of Object.keys(profile.tableMax ?? {}))
    if (!profile.limits[key]) problems.push(`${at}tableMax.${key}: the table does not offer this bet`);
  // The VIP ceiling lifts a maximum, never lowers it (docs/rules/restrictions.md#vip-limits).
  for (const [key, ceiling] of Object.entries(profile.vipMax ?? {})) {
    const limit = profile.limits[key];
    if (!limit) problems.push(`${at}vipMax.${key}: the table does not offer this bet`);
    else if (ceiling < limit.max)
      problems.push(`${at}vipMax.${key}: ${ceiling} is below the table maximum ${limit.max}`);
  }
  if (profile.maxDifference !== undefined) {
    if (game !== 'baccarat') problems.push(`${at}maxDifference: ${game} has no maximum difference`);
    else if (profile.maxDifference <= 0n) problems.push(`${at}maxDifference: must be positive`);
  }
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

/** A dealer's language: a BCP 47 tag of a language and an optional region (`en`, `tr`, `pt-BR`). */
export const dealerLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'a BCP 47 language tag such as en, tr or pt-BR');
