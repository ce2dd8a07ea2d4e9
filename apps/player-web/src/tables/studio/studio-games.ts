import {
  betLimitKey,
  betSpotKey,
  gameDefinition,
  gamesOfService,
  settleRound,
  tableConfigSchema,
  type BetSpec,
  type RoundResultPayload,
  type AnyGameDefinition,
  type TableConfig,
} from '@casino/games';
import type { StudioGameId } from '@packages/player-protocol/src/index';

// What the studio games' view reads of each game, all from its definition (@casino/games): its layout (how a
// round is shown, every bet of the layout, every result a round can have, a two-card game's sides), spot and
// limit keys, the result's fields and settlement. No rule is written here: the payouts shown and the winning
// spots are the definition's settlement of the layout's bets.

/** The games of apps/studio-games-service (their definitions' `service`), in registry order. */
export const STUDIO_GAME_IDS: readonly StudioGameId[] = gamesOfService('studio-games');

/** How a game's round is shown: two cards, three dice or a heap of beads. */
export type ResultKind = 'cards' | 'dice' | 'beads';

type StudioLayout = Exclude<AnyGameDefinition['layout'], { kind: 'none' }>;

/** A game's layout as its definition gives it; a game whose own view draws it has none for this view. */
function layoutOf(game: StudioGameId): StudioLayout {
  const layout: AnyGameDefinition['layout'] = gameDefinition(game).layout;
  if (layout.kind === 'none') throw new Error(`game ${game} has no studio layout: ${layout.reason}`);
  return layout;
}

export function isStudioGame(game: string): game is StudioGameId {
  return (STUDIO_GAME_IDS as readonly string[]).includes(game);
}

export function resultKind(game: StudioGameId): ResultKind {
  return layoutOf(game).kind;
}

/** Two-card games: the bet types the first card, the second card and a tie back. */
export function duelSidesOf(game: StudioGameId): { first: string; second: string; tie: string } | undefined {
  const sides = layoutOf(game).sides;
  return sides ? { first: sides.first.bet, second: sides.second.bet, tie: sides.tie } : undefined;
}

/** The bet as the definition spells it: nested under `spec` (Sic Bo, Fan Tan) or beside `game` (the card games). */
export function betSpecOf(game: StudioGameId, bet: Record<string, unknown>): BetSpec {
  const nested = 'spec' in gameDefinition(game).betSpecSchema.shape;
  return (nested ? { game, spec: bet } : { ...bet, game }) as BetSpec;
}

/** The player's bet back from a BetSpec (`bet:accepted`'s `bet`): its fields without `game`. */
export function betOfSpec(spec: unknown): Record<string, unknown> | null {
  if (typeof spec !== 'object' || spec === null) return null;
  const s = spec as Record<string, unknown>;
  if (typeof s.spec === 'object' && s.spec !== null) return { ...(s.spec as Record<string, unknown>) };
  const { game: _game, ...fields } = s;
  return typeof fields.type === 'string' ? fields : null;
}

/** A pay ratio: winnings per unit staked (`num`:`den`). */
export interface Pays {
  num: bigint;
  den: bigint;
}

export interface StudioSpot {
  /** The definition's spot key (chips on one spot are one bet of their sum). */
  key: string;
  /** The definition's limit key (the table's min and max for it). */
  limitKey: string;
  type: string;
  /** The bet as the player sends it. */
  bet: Record<string, unknown>;
  /** What it can win per unit staked, lowest first (Sic Bo's single: 1:1, 2:1, 3:1). */
  pays: Pays[];
}

/** The table's settings as the definition reads them; its default table where the snapshot has none. */
export function tableConfigOf(game: StudioGameId, settings: unknown): TableConfig {
  const parsed = tableConfigSchema.safeParse(settings);
  if (parsed.success && parsed.data.game === game) return parsed.data;
  return tableConfigSchema.parse(gameDefinition(game).defaultTableConfig);
}

/** A unit stake every payout divides into whole minor units, so a ratio comes back exact. */
const PROBE_STAKE = 1_000_000n;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function reduced(num: bigint, den: bigint): Pays {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** The result payload of a game from what a round shows (the definition's result fields only). */
export function resultPayload(game: StudioGameId, shown: Record<string, unknown>): RoundResultPayload {
  const fields = Object.keys(gameDefinition(game).resultSchema.shape).filter((f) => f !== 'game');
  return {
    game,
    ...Object.fromEntries(fields.filter((f) => shown[f] !== undefined).map((f) => [f, shown[f]])),
  } as RoundResultPayload;
}

const spotCache = new Map<string, StudioSpot[]>();

/**
 * Every spot of the game's layout in the definition's order, each with what it pays: the definition settles a
 * probe stake on the spot against every result its layout says a round can have, the distinct winnings are its
 * payouts.
 */
export function studioSpots(
  game: StudioGameId,
  config: TableConfig = tableConfigOf(game, null),
): StudioSpot[] {
  const cacheKey = `${game}:${JSON.stringify(config, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;
  const cached = spotCache.get(cacheKey);
  if (cached) return cached;
  const layout = layoutOf(game);
  // The layout's bets are the game's own: BetSpecs of the registry's union.
  const specs = layout.bets() as readonly BetSpec[];
  const bets = specs.map((spec) => {
    const bet = betOfSpec(spec);
    if (!bet) throw new Error(`${game}'s layout has a bet without a type`);
    return bet;
  });
  const wins = specs.map(() => new Set<string>());
  for (const result of layout.results(config)) {
    const settled = settleRound(
      config,
      result as RoundResultPayload,
      specs.map((spec, i) => ({ betId: String(i), playerId: 'probe', stake: PROBE_STAKE, spec })),
    );
    if (!settled.ok) continue;
    for (const item of settled.items) {
      if (item.returned > PROBE_STAKE) {
        const pays = reduced(item.returned - PROBE_STAKE, PROBE_STAKE);
        wins[Number(item.betId)].add(`${pays.num}/${pays.den}`);
      }
    }
  }
  const spots = bets.map((bet, i) => ({
    key: betSpotKey(specs[i]),
    limitKey: betLimitKey(specs[i]),
    type: String(bet.type),
    bet,
    pays: [...wins[i]]
      .map((text) => {
        const [num, den] = text.split('/').map(BigInt);
        return { num, den };
      })
      .sort((a, b) => Number(a.num * b.den - b.num * a.den)),
  }));
  spotCache.set(cacheKey, spots);
  return spots;
}

/** The spot keys a result wins (the definition's settlement of one probe bet on every spot). */
export function winningSpots(
  game: StudioGameId,
  config: TableConfig,
  shown: Record<string, unknown>,
): Set<string> {
  const spots = studioSpots(game, config);
  const settled = settleRound(
    config,
    resultPayload(game, shown),
    spots.map((s, i) => ({
      betId: String(i),
      playerId: 'probe',
      stake: PROBE_STAKE,
      spec: betSpecOf(game, s.bet),
    })),
  );
  if (!settled.ok) return new Set();
  return new Set(
    settled.items.filter((x) => x.returned > PROBE_STAKE).map((x) => spots[Number(x.betId)].key),
  );
}

/** A spot's key from a bet as the player sends it. */
export function spotKeyOf(game: StudioGameId, bet: Record<string, unknown>): string {
  return betSpotKey(betSpecOf(game, bet));
}

/**
 * The spots grouped for the layout, in the definition's order: a group per bet type with several spots (Totals,
 * Doubles, Nim…); consecutive types of one spot each share a row (Small, Big, Odd, Even; Dragon, Tiger, Tie).
 */
export function spotGroups(spots: readonly StudioSpot[]): { type: string | null; spots: StudioSpot[] }[] {
  const byType = new Map<string, StudioSpot[]>();
  for (const s of spots) byType.set(s.type, [...(byType.get(s.type) ?? []), s]);
  const groups: { type: string | null; spots: StudioSpot[] }[] = [];
  for (const [type, list] of byType) {
    const last = groups.at(-1);
    if (list.length === 1 && last && last.type === null) last.spots.push(list[0]);
    else groups.push(list.length === 1 ? { type: null, spots: [...list] } : { type, spots: list });
  }
  return groups;
}
