import { kafkaSecurityEnvOf } from '@casino/kafka';
import { z } from 'zod';
import { dealerAccessProblems } from '../dealer-accounts/dealer-accounts-config';
import { ConfigError, jsonEnv, loadConfig } from './load-config';
import { tableStateKeyProblems } from './table-state-key-config';

/** A game service's environment: its settings, TABLES (JSON) among them. */
type ServiceEnvSchema = z.ZodType<{ TABLES?: unknown }, unknown>;

/** One table's settings as TABLES lists them. */
type TableSettingsSchema = z.ZodType<{ id: string }, unknown>;

/** A game service's configuration: the settings of its environment, and its tables. */
export type ServiceConfigOf<E extends ServiceEnvSchema, T> = Omit<z.infer<E>, 'TABLES'> & { tables: T[] };

export interface ServiceConfigSpec<E extends ServiceEnvSchema, S extends TableSettingsSchema, T> {
  env: E;
  table: S;
  /** The tables when TABLES is not set. */
  defaultTables: readonly unknown[];
  /** A table's configuration from its settings; `problem` reports what is wrong with them (the boot fails). */
  toTable(settings: z.infer<S>, env: z.infer<E>, problem: (message: string) => void): T | undefined;
}

/**
 * Reads and checks a game service's environment and its tables (TABLES, else the defaults). Throws ConfigError
 * listing every problem, duplicate table ids and each table's own, not just the first.
 */
export function loadServiceConfig<E extends ServiceEnvSchema, S extends TableSettingsSchema, T>(
  spec: ServiceConfigSpec<E, S, T>,
  env: Record<string, string | undefined>,
): ServiceConfigOf<E, T> {
  const base = loadConfig(spec.env, {
    ...env,
    TABLES: jsonEnv(env.TABLES, 'TABLES'),
    KAFKA_CLIENT_SECURITY: kafkaSecurityEnvOf(env),
  });
  const settings = loadConfig(z.array(spec.table).min(1), base.TABLES ?? spec.defaultTables);
  const problems: string[] = [...dealerAccessProblems(env), ...tableStateKeyProblems(env)];
  const ids = new Set<string>();
  const tables: T[] = [];
  for (const table of settings) {
    if (ids.has(table.id)) problems.push(`TABLES: duplicate table id ${table.id}`);
    ids.add(table.id);
    const config = spec.toTable(table, base, (message) => problems.push(`TABLES.${table.id}: ${message}`));
    if (config) tables.push(config);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const { TABLES: _tables, ...rest } = base;
  return { ...rest, tables };
}
