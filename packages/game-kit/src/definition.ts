import { z } from 'zod';
import { fairRevealSchema } from './primitives';
import { RestrictionRule } from './restrictions';
import { BetMoments, BetToSettle, Ratio, RoundSettlement } from './settlement';

/** A game's wire object: a strict zod object whose `game` field is the game's id (a discriminated union member). */
export type GameObjectSchema = z.ZodObject<{ game: z.ZodType } & z.core.$ZodShape, z.core.$ZodObjectConfig>;

/** A table setting the schema alone cannot check (blackjack: the engine's validateTableRules). */
export interface TableConfigProblem {
  setting: string;
  message: string;
}

/** A bet's validity beyond its schema, and the numbers it covers where the game's restrictions count them. */
export type BetCheck = { ok: true; numbers?: readonly number[] } | { ok: false; message: string };

/** The cards a result consumed from the shoe, in deal order, for the shoe audit; or why the game has no shoe. */
export type ConsumedCards<Result> =
  { kind: 'cards'; cards(result: Result): readonly string[] } | { kind: 'none'; reason: string };

/** The exact return of each bet kind (the back office's theoretical RTP), or why the game has none. */
export type ExactReturn =
  | {
      kind: 'exact';
      /** The moments of a limit key at a table with these stored settings (undefined: not a bet kind of the game). */
      moments(limitKey: string, settings: Readonly<Record<string, unknown>> | null): BetMoments | undefined;
    }
  | { kind: 'none'; reason: string };

/** A provably fair round's revealed seeds (fairRevealSchema). */
export type FairReveal = z.output<typeof fairRevealSchema>;

/**
 * How an automatic table of the game draws a round when a generic host runs it (apps/studio-games-service), or
 * `none` with the reason (its own service's machine draws it).
 */
export type AutomaticDraw<Result, Table> =
  | {
      /** Dealt from an automatic shoe: shuffled by the CSPRNG, committed to when it starts, revealed at its end. */
      kind: 'shoe';
      decks: number;
      /** Cards dealt per round, in deal order. */
      cardsPerRound: number;
      /** The result of a round's cards (text, in deal order). */
      result(cards: readonly string[]): Result;
      /** What the result decides, as players see it (the two-card games: `first`, `second`, `tie`). */
      outcome(result: Result): string;
    }
  | {
      /** Drawn from seeds committed to before betting opens and revealed with the result. */
      kind: 'seeded';
      /** The provably fair scheme's name, published with the commitment. */
      scheme: string;
      /** The result the seeds give at this table, carrying them (the ledger recomputes it). */
      result(config: Table, seeds: FairReveal): Result;
    }
  | { kind: 'none'; reason: string };

/** A side of a two-card game: its name for people (Dragon) and the bet type that backs it (`dragon`). */
export interface DuelSide {
  name: string;
  bet: string;
}

/**
 * How the players' and back office's generic studio views draw the game (apps/player-web's studio table, the back
 * office's round and console), or `none` with the reason (its own view draws it). The views read the bets and
 * results from here and their payouts from `settle`: no rule is copied into a client.
 */
export type GameLayout<Bet, Result, Table> =
  | {
      /**
       * How a round is shown: `cards` two cards, one to each side; `dice` three dice; `beads` a counted heap of
       * beads.
       */
      kind: 'cards' | 'dice' | 'beads';
      /** Every bet of the layout, one per spot, in display order. */
      bets(): readonly Bet[];
      /** Every result a round at this table can have (the views settle a probe bet on each to show the payouts). */
      results(config: Table): readonly Result[];
      /** `cards`: the sides in deal order and the bet type of a tie; null for the other kinds. */
      sides: { first: DuelSide; second: DuelSide; tie: string } | null;
    }
  | { kind: 'none'; reason: string };

/**
 * Everything the platform needs to know about a game, owned by the game's engine package (docs/architecture.md,
 * "Adding a game"). Every part is required: a definition missing one fails to compile, and assertGameDefinition
 * refuses it at load with the game's name and the part. Pure: zod and the engine only.
 */
export interface GameDefinition<
  Id extends string = string,
  BetS extends GameObjectSchema = GameObjectSchema,
  ResultS extends GameObjectSchema = GameObjectSchema,
  TableS extends GameObjectSchema = GameObjectSchema,
  Service extends string = string,
> {
  /** The game's id on the wire, in topics (`casino.rounds.<id>`), the catalogue and reports. */
  id: Id;
  /** The game's name for people. */
  title: string;
  /**
   * The game service that runs its tables, and its Kafka principal: the game's own (`baccarat`) or a service
   * hosting several games (`studio-games`, docs/adr/0007-one-service-for-the-studio-games.md).
   */
  service: Service;
  /** The start of its tables' ids in a service's default catalogue (`dt` → `dt-1`). */
  tablePrefix: string;
  /** What a bet is on (`{ game: id, ... }`). */
  betSpecSchema: BetS;
  /** What a round's result carries (`{ game: id, ... }`); the ledger settles from it. */
  resultSchema: ResultS;
  /** A table's settings for one round (`{ game: id, limits, tableMax, vipMax?, ... }`), snapshotted in RoundOpened. */
  tableConfigSchema: TableS;
  /** Checks of a parsed table config beyond its schema; [] when it holds. */
  tableConfigProblems(config: z.output<TableS>): readonly TableConfigProblem[];
  /** A new table's settings (valid: the registry checks it at load). */
  defaultTableConfig: z.input<TableS>;
  /** Every limit key of the game (the keys of a table's `limits`), in display order. */
  limitKeys: readonly string[];
  /** The limit key of a bet: the key of the table's limits that applies to it. */
  limitKey(bet: z.output<BetS>): string;
  /** The spot a bet is placed on, for the per-player maximum of a spot (docs/rules/restrictions.md#table-limits). */
  spotKey(bet: z.output<BetS>): string;
  /** A bet's own validity beyond its schema (roulette: the numbers form the named shape); INVALID_BET when not. */
  checkBet(bet: z.output<BetS>): BetCheck;
  /**
   * Why the table takes no more bets of a limit key this round though betting is open (baccarat: side-bet
   * cut-offs); null when it does. SIDE_BET_CUTOFF.
   */
  cutoffProblem(config: z.output<TableS>, limitKey: string): string | null;
  /** The most a bet can return per unit staked (stake included) at this table (docs/ledger.md#balance-ceiling). */
  maxReturn(bet: z.output<BetS>, config: z.output<TableS>): Ratio;
  /** Every bet of a round settled from its result, in minor units. */
  settle(
    config: z.output<TableS>,
    result: z.output<ResultS>,
    bets: readonly BetToSettle<z.output<BetS>>[],
  ): RoundSettlement;
  /** The cards a result consumed (shoe audit), or `none` with the reason the game has no shoe. */
  consumedCards: ConsumedCards<z.output<ResultS>>;
  /** The exact return per bet kind (theoretical RTP), or `none` with the reason. */
  exactReturn: ExactReturn;
  /** The restrictions of docs/rules/restrictions.md that apply to the game ([] for none). */
  restrictionRules: readonly RestrictionRule[];
  /** How an automatic table draws a round (a generic host's), or `none` with the reason. */
  automaticDraw: AutomaticDraw<z.output<ResultS>, z.output<TableS>>;
  /** How the generic studio views draw it (kind, bets, results, a two-card game's sides), or `none` with the reason. */
  layout: GameLayout<z.output<BetS>, z.output<ResultS>, z.output<TableS>>;
}

/** Any game's definition, as the registry holds them. */
export type AnyGameDefinition = GameDefinition;
