import { baccaratGame } from '@casino/baccarat';
import { blackjackGame } from '@casino/blackjack';
import { dragonTigerGame } from '@casino/dragon-tiger';
import { footballStudioGame } from '@casino/football-studio';
import {
  AnyGameDefinition,
  BetCheck,
  assertGameDefinition,
  BetMoments,
  BetToSettle,
  Ratio,
  RestrictionRule,
  RoundSettlement,
  TableConfigProblem,
} from '@casino/game-kit';
import { rouletteGame } from '@casino/roulette';
import { sicBoGame } from '@casino/sic-bo';
import { fanTanGame } from '@casino/fan-tan';
import { z } from 'zod';

/** A definition and its parts' types, for the clients that read the registry (their layout, settlement). */
export type { AnyGameDefinition, DuelSide, GameLayout } from '@casino/game-kit';

/**
 * The platform's games: the only list of games (docs/architecture.md, "Adding a game"). Topics, Kafka principals
 * and ACLs, the events' unions, the ledger's settlement, audits, reports and DTOs all iterate it.
 */
export const GAMES = [
  baccaratGame,
  blackjackGame,
  rouletteGame,
  dragonTigerGame,
  footballStudioGame,
  sicBoGame,
  fanTanGame,
] as const;

export type GameDefinitions = typeof GAMES;
export type PlatformGame = GameDefinitions[number];
export type GameId = PlatformGame['id'];

type Ids<T extends readonly unknown[]> = {
  -readonly [K in keyof T]: T[K] extends { readonly id: infer I } ? I : never;
};
/** The game ids, in registry order (a tuple of literals, as z.enum takes it). */
export const GAME_IDS = GAMES.map((g) => g.id) as unknown as Readonly<Ids<GameDefinitions>>;

// Checked at load: a malformed definition stops every process that imports the registry, naming its game.
for (const game of GAMES) assertGameDefinition(game);
{
  const seen = new Set<string>();
  for (const id of GAME_IDS) {
    if (seen.has(id)) throw new Error(`game ${id} is defined twice in the registry`);
    seen.add(id);
  }
}

export class UnknownGameError extends Error {
  readonly code = 'UNKNOWN_GAME';
  constructor(readonly game: string) {
    super(`no game ${JSON.stringify(game)} in the registry (games: ${GAME_IDS.join(', ')})`);
    this.name = 'UnknownGameError';
  }
}

export function isGameId(value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
}

/** A game's definition; throws UnknownGameError for an id outside the registry (never a silent default). */
export function gameDefinition<G extends GameId>(id: G): Extract<PlatformGame, { id: G }>;
export function gameDefinition(id: string): AnyGameDefinition;
export function gameDefinition(id: string): AnyGameDefinition {
  return definitionOf(id);
}

/** A game service of the platform: the service (and Kafka principal) that runs one or more games' tables. */
export type GameService = PlatformGame['service'];
/** The games a service runs (by their definitions' `service`). */
export type GameOfService<S extends GameService> = Extract<PlatformGame, { service: S }>['id'];

/** The game services, in registry order of their first game. */
export const GAME_SERVICES: readonly GameService[] = [...new Set(GAMES.map((g) => g.service))];

/** The games a service runs, in registry order. */
export function gamesOfService<S extends GameService>(service: S): readonly GameOfService<S>[] {
  return GAMES.filter((g) => g.service === service).map((g) => g.id) as GameOfService<S>[];
}

/** The definition as the dispatchers below use it: any game's, by id. */
function definitionOf(id: string): AnyGameDefinition {
  const def = GAMES.find((g) => g.id === id);
  if (!def) throw new UnknownGameError(id);
  return def as AnyGameDefinition;
}

type SchemaPart = 'betSpecSchema' | 'resultSchema' | 'tableConfigSchema';
/** One part's schemas of a tuple of definitions, as a tuple in the same order (a homomorphic mapped type). */
type MapPart<T extends readonly unknown[], P extends SchemaPart> = {
  -readonly [K in keyof T]: T[K] extends { readonly [Q in P]: infer S } ? S : never;
};
/** The registry's wire objects of one part, as a tuple in registry order (what z.discriminatedUnion takes). */
type PartSchemas<P extends SchemaPart> = MapPart<GameDefinitions, P>;

function partSchemas<P extends 'betSpecSchema' | 'resultSchema' | 'tableConfigSchema'>(
  part: P,
): PartSchemas<P> {
  return GAMES.map((g) => g[part]) as unknown as PartSchemas<P>;
}

/** What a bet is on, per game (`game` names the game). */
export const betSpecSchema = z.discriminatedUnion('game', partSchemas('betSpecSchema'));
export type BetSpec = z.infer<typeof betSpecSchema>;

/** A round's result, per game. */
export const roundResultPayloadSchema = z.discriminatedUnion('game', partSchemas('resultSchema'));
export type RoundResultPayload = z.infer<typeof roundResultPayloadSchema>;

/**
 * A table's settings for one round, per game, with each game's own checks beyond its schema (blackjack: the
 * engine's validateTableRules: valid, and named as a variant where they depart from the operators' rules).
 */
export const tableConfigSchema = z
  .discriminatedUnion('game', partSchemas('tableConfigSchema'))
  .superRefine((config, ctx) => {
    for (const problem of tableConfigProblems(config)) {
      ctx.addIssue({ code: 'custom', path: [problem.setting], message: problem.message });
    }
  });
export type TableConfig = z.infer<typeof tableConfigSchema>;

// The dispatchers below hand a value of one game to that game's definition: the registry checks the game names
// match, so each definition sees only its own game's values.

/** A parsed table config's problems beyond its schema. */
export function tableConfigProblems(config: TableConfig): readonly TableConfigProblem[] {
  return definitionOf(config.game).tableConfigProblems(config);
}

/** The limit key of a bet (baccarat bet type, roulette bet type, blackjack stake kind, ...). */
export function betLimitKey(bet: BetSpec): string {
  return definitionOf(bet.game).limitKey(bet);
}

/**
 * The spot a bet is placed on, for the per-player maximum of a spot (docs/rules/restrictions.md#table-limits):
 * chips on one spot count as one bet of their sum.
 */
export function betSpotKey(bet: BetSpec): string {
  return definitionOf(bet.game).spotKey(bet);
}

/** A bet's own validity beyond its schema, and the numbers it covers (INVALID_BET when not valid). */
export function checkBet(bet: BetSpec): BetCheck {
  return definitionOf(bet.game).checkBet(bet);
}

/** Why the table takes no more bets of a limit key this round though betting is open (SIDE_BET_CUTOFF). */
export function cutoffProblem(config: TableConfig, limitKey: string): string | null {
  return definitionOf(config.game).cutoffProblem(config, limitKey);
}

/** The most a bet can return per unit staked (stake included) at its table. */
export function maxReturnRatio(bet: BetSpec, config: TableConfig): Ratio {
  if (bet.game !== config.game) throw new Error(`a ${bet.game} bet at a ${config.game} table`);
  return definitionOf(bet.game).maxReturn(bet, config);
}

/**
 * Every bet of a round settled from its result by the game's definition; a result of another game than the
 * round's is RESULT_MISMATCH.
 */
export function settleRound(
  config: TableConfig,
  result: RoundResultPayload,
  bets: readonly BetToSettle<BetSpec>[],
): RoundSettlement {
  if (config.game !== result.game) {
    return {
      ok: false,
      code: 'RESULT_MISMATCH',
      message: `a ${result.game} result for a ${config.game} round`,
    };
  }
  return definitionOf(config.game).settle(config, result, bets);
}

/**
 * The cards a result consumed from its shoe, in deal order. A game without a shoe says so in its definition and
 * consumed none; a result of a game outside the registry throws (it is never skipped).
 */
export function consumedCards(result: RoundResultPayload): readonly string[] {
  const consumed = definitionOf(result.game).consumedCards;
  return consumed.kind === 'cards' ? consumed.cards(result) : [];
}

/** Whether a game's rounds are dealt from a shoe (and so are audited against its reveal). */
export function dealsFromShoe(game: string): boolean {
  return definitionOf(game).consumedCards.kind === 'cards';
}

/**
 * The exact return of a bet kind at a table with these stored settings; undefined where the game has no exact
 * figure (its definition says why) or the kind is not one of its bets. An unknown game throws.
 */
export function exactBetMoments(
  game: string,
  limitKey: string,
  settings: Readonly<Record<string, unknown>> | null,
): BetMoments | undefined {
  const exact = definitionOf(game).exactReturn;
  return exact.kind === 'exact' ? exact.moments(limitKey, settings) : undefined;
}

/** The restrictions of every platform game (docs/rules/restrictions.md). */
export const GAME_RESTRICTION_RULES: readonly RestrictionRule[] = GAMES.flatMap((g) => g.restrictionRules);

/** `rounds` + `Baccarat`: a game id with its first letter in capitals, for keys built from it. */
export function capitalizedGameId<G extends GameId>(id: G): Capitalize<G> {
  return (id.charAt(0).toUpperCase() + id.slice(1)) as Capitalize<G>;
}
