import { TableConfig, tableConfigSchema } from '@casino/events';
import { gameDefinition, tableConfigProblems } from '@casino/games';
import { StudioGameId } from '@casino/player-protocol';
import {
  commonEnvShape,
  gameTableSchema,
  gameTimersSchema,
  loadServiceConfig,
  msSchema,
  ServiceConfigOf,
} from '@casino/table-kit';
import { z } from 'zod';

/** The games this service hosts (docs/adr/0007-one-service-for-the-studio-games.md). */
export const STUDIO_GAMES = [
  'dragonTiger',
  'footballStudio',
  'sicBo',
  'fanTan',
] as const satisfies readonly StudioGameId[];

const timersSchema = gameTimersSchema({
  /** From "no more bets" to the result on screen: the dice shaken, the beads counted, the two cards dealt. */
  drawMs: msSchema,
});
export type StudioTimers = z.infer<typeof timersSchema>;

const tableSchema = gameTableSchema(timersSchema, {
  game: z.enum(STUDIO_GAMES),
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
  timers: StudioTimers;
}

export type StudioServiceConfig = ServiceConfigOf<typeof envSchema, StudioTableConfig>;

export const DEFAULT_TABLES = [
  { id: 'dt-1', game: 'dragonTiger' },
  { id: 'fs-1', game: 'footballStudio' },
  { id: 'sb-1', game: 'sicBo' },
  { id: 'ft-1', game: 'fanTan' },
];

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
        return {
          id: t.id,
          game: t.game,
          currency: t.currency,
          dealer: t.dealer,
          settings: parsed.data,
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
