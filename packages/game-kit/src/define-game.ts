import { z } from 'zod';
import { GameDefinition, GameObjectSchema } from './definition';

/** Why a game definition was refused. */
export type GameDefinitionErrorCode = 'GAME_DEFINITION_INCOMPLETE' | 'GAME_DEFINITION_INVALID';

export class GameDefinitionError extends Error {
  constructor(
    readonly code: GameDefinitionErrorCode,
    /** The game's id (or `<unnamed>`), so the message says which game. */
    readonly game: string,
    /** The part of the definition at fault. */
    readonly part: string,
    message: string,
  ) {
    super(`game ${game}: ${message}`);
    this.name = 'GameDefinitionError';
  }
}

type Check = 'string' | 'function' | 'schema' | 'array' | 'object' | 'tagged';

/** Every part of a GameDefinition and what it must be; the type requires the same parts. */
export const GAME_DEFINITION_PARTS: Readonly<Record<keyof GameDefinition, Check>> = {
  id: 'string',
  title: 'string',
  service: 'string',
  tablePrefix: 'string',
  betSpecSchema: 'schema',
  resultSchema: 'schema',
  tableConfigSchema: 'schema',
  tableConfigProblems: 'function',
  defaultTableConfig: 'object',
  limitKeys: 'array',
  limitKey: 'function',
  spotKey: 'function',
  checkBet: 'function',
  cutoffProblem: 'function',
  maxReturn: 'function',
  settle: 'function',
  consumedCards: 'tagged',
  exactReturn: 'tagged',
  restrictionRules: 'array',
  automaticDraw: 'tagged',
  layout: 'tagged',
};

function holds(value: unknown, check: Check): boolean {
  switch (check) {
    case 'string':
      return typeof value === 'string' && value.length > 0;
    case 'function':
      return typeof value === 'function';
    case 'schema':
      return value instanceof z.ZodObject;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null;
    case 'tagged': {
      const v = value as { kind?: unknown; reason?: unknown } | null | undefined;
      if (typeof v !== 'object' || v === null) return false;
      // `none` says why; any other kind carries its functions (checked by the type).
      return v.kind === 'none'
        ? typeof v.reason === 'string' && v.reason.length > 0
        : typeof v.kind === 'string';
    }
  }
}

/** The literal a game object schema's `game` field holds, if it is one. */
function gameLiteral(schema: GameObjectSchema): unknown {
  const field = schema.shape.game;
  return field instanceof z.ZodLiteral ? (field.value as unknown) : undefined;
}

/**
 * Refuses a malformed definition with the game's name and the part at fault: a missing or mistyped part, a
 * schema whose `game` is not the id, a default table config that its own schema or checks refuse, no limit keys.
 */
export function assertGameDefinition(definition: unknown): asserts definition is GameDefinition {
  const def = (typeof definition === 'object' && definition !== null ? definition : {}) as Record<
    string,
    unknown
  >;
  const game = typeof def.id === 'string' && def.id.length > 0 ? def.id : '<unnamed>';
  for (const [part, check] of Object.entries(GAME_DEFINITION_PARTS) as [keyof GameDefinition, Check][]) {
    if (!(part in def) || def[part] === undefined) {
      throw new GameDefinitionError(
        'GAME_DEFINITION_INCOMPLETE',
        game,
        part,
        `the definition has no ${part}`,
      );
    }
    if (!holds(def[part], check)) {
      throw new GameDefinitionError('GAME_DEFINITION_INVALID', game, part, `${part} is not a valid ${check}`);
    }
  }
  const d = def as unknown as GameDefinition;
  for (const part of ['betSpecSchema', 'resultSchema', 'tableConfigSchema'] as const) {
    if (gameLiteral(d[part]) !== d.id) {
      throw new GameDefinitionError(
        'GAME_DEFINITION_INVALID',
        game,
        part,
        `${part}.game must be z.literal('${game}')`,
      );
    }
  }
  if (d.limitKeys.length === 0) {
    throw new GameDefinitionError('GAME_DEFINITION_INVALID', game, 'limitKeys', 'the game has no limit keys');
  }
  const parsed = d.tableConfigSchema.safeParse(d.defaultTableConfig);
  const problems = parsed.success
    ? d.tableConfigProblems(parsed.data).map((p) => `${p.setting}: ${p.message}`)
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length > 0) {
    throw new GameDefinitionError(
      'GAME_DEFINITION_INVALID',
      game,
      'defaultTableConfig',
      `defaultTableConfig is not a valid table config (${problems.join('; ')})`,
    );
  }
}

/**
 * A game's definition, checked: the type requires every part (a missing one fails to compile) and
 * assertGameDefinition refuses a malformed one when the engine's module loads.
 */
export function defineGame<
  Id extends string,
  BetS extends GameObjectSchema,
  ResultS extends GameObjectSchema,
  TableS extends GameObjectSchema,
  Service extends string,
>(
  definition: GameDefinition<Id, BetS, ResultS, TableS, Service>,
): GameDefinition<Id, BetS, ResultS, TableS, Service> {
  assertGameDefinition(definition);
  return Object.freeze(definition);
}
