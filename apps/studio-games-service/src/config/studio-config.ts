import { TableConfig, tableConfigSchema } from '@casino/events';
import { gameDefinition, gamesOfService, tableConfigProblems } from '@casino/games';
import { StudioGameId } from '@casino/player-protocol';
import {
  commonEnvShape,
  gameTableSchema,
  gameTimersSchema,
  loadServiceConfig,
  msSchema,
  ServiceConfigOf,
  TableCurrencies,
} from '@casino/table-kit/config';
import { z } from 'zod';

/** The games this service hosts: the registry's games whose service is this one (docs/adr/0007). */
export const STUDIO_GAMES = gamesOfService('studio-games');

const timersSchema = gameTimersSchema({
  /** From "no more bets" to the result on screen: the dice shaken, the beads counted, the two cards dealt. */
  drawMs: msSchema,
});
export type StudioTimers = z.infer<typeof timersSchema>;

const tableSchema = gameTableSchema(timersSchema, {
  game: z.enum(STUDIO_GAMES as [StudioGameId, ...StudioGameId[]]),
  /**
   * The table's settings as its RoundOpened carries them (limits, tableMax, vipMax, the game's own: a pay table,
   * Fan Tan's bead range), over the game definition's defaults; checked by the game's own schema.
   */
  settings: z.record(z.string(), z.unknown()).optional(),
});

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3106, service: 'studio-games-service', resultMs: 4_000 }),
  DRAW_MS: msSchema.default(3_000),
});

export interface StudioTableConfig {
  id: string;
  game: StudioGameId;
  currency: string;
  dealer: 'auto' | 'studio';
  /** The table's settings, snapshotted into every RoundOpened (the ledger decides and settles with them). */
  settings: TableConfig;
  /** The other currencies the table takes (as in `settings.currencies`; docs/ledger.md#currencies-per-table). */
  currencies?: TableCurrencies;
  timers: StudioTimers;
}

export type StudioServiceConfig = ServiceConfigOf<typeof envSchema, StudioTableConfig>;

/** One automatic table of each hosted game, named by its definition's table prefix (`dt-1`). */
export const DEFAULT_TABLES = STUDIO_GAMES.map((game) => ({
  id: `${gameDefinition(game).tablePrefix}-1`,
  game,
}));

export function loadStudioConfig(env: Record<string, string | undefined>): StudioServiceConfig {
  return loadServiceConfig(
    {
      env: envSchema,
      table: tableSchema,
      defaultTables: DEFAULT_TABLES,
      toTable: (t, base, problem): StudioTableConfig | undefined => {
        const definition = gameDefinition(t.game);
        const parsed = tableConfigSchema.safeParse({
          ...definition.defaultTableConfig,
          ...t.settings,
          game: t.game,
        });
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            problem(`settings.${issue.path.join('.')}: ${issue.message}`);
          return undefined;
        }
        for (const p of tableConfigProblems(parsed.data)) problem(`settings.${p.setting}: ${p.message}`);
        // Other currencies (docs/ledger.md#currencies-per-table) beside the settings or in them: one list.
        const currencies = t.currencies ?? parsed.data.currencies;
        return {
          id: t.id,
          game: t.game,
          currency: t.currency,
          dealer: t.dealer,
          settings: currencies ? { ...parsed.data, currencies } : parsed.data,
          ...(currencies ? { currencies } : {}),
          timers: {
            bettingMs: base.BETTING_MS,
            drawMs: base.DRAW_MS,
            resultMs: base.RESULT_MS,
            ...t.timers,
          },
        };
      },
    },
    env,
  );
}
