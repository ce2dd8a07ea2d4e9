import { DRAGON_TIGER } from '@casino/dragon-tiger';
import { FOOTBALL_STUDIO } from '@casino/football-studio';
import { gameDefinition, isGameId, type GameId } from '@casino/games';

// A studio game's result as the back office shows it (round recall, studio console), read through the game's
// definition in the registry: no rule is written here. Which side a card goes to and who won come from the
// engine's own rules and the definition's automatic draw (`outcome`), the bead result from the result itself.

/** The two-card games' sides, in deal order, as their engines name them (card-duel's DuelGameRules). */
const DUEL_SIDES: { readonly [G in GameId]?: readonly [string, string] } = {
  dragonTiger: DRAGON_TIGER.sides as [string, string],
  footballStudio: FOOTBALL_STUDIO.sides as [string, string],
};

/** A two-card game's sides in deal order (`['Dragon', 'Tiger']`), or null for another game. */
export function duelSidesOf(game: string): readonly string[] | null {
  return isGameId(game) ? (DUEL_SIDES[game] ?? null) : null;
}

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export type StudioResultParts =
  | {
      kind: 'duel';
      /** Each card with the side it was dealt to, in deal order. */
      hands: { side: string; card: string }[];
      /** The winning side's name, or `tie`. */
      winner: string;
    }
  | { kind: 'dice'; dice: number[]; total: number; fair: FairSeeds | null }
  | { kind: 'beads'; count: number; result: number; fair: FairSeeds | null };

const isFair = (v: unknown): v is FairSeeds =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FairSeeds).serverSeed === 'string' &&
  typeof (v as FairSeeds).clientSeed === 'string' &&
  typeof (v as FairSeeds).nonce === 'number';

/**
 * The parts of a studio game's result (two cards and their sides, three dice, a bead count), or null for a game
 * or a result shape these views do not show (the caller falls back to the generic list).
 */
export function studioResultParts(game: string, result: Record<string, unknown>): StudioResultParts | null {
  if (!isGameId(game)) return null;
  const fair = isFair(result.fair) ? result.fair : null;
  const dice = result.dice;
  if (Array.isArray(dice) && dice.length > 0 && dice.every((d) => typeof d === 'number')) {
    return { kind: 'dice', dice, total: dice.reduce((s, d) => s + d, 0), fair };
  }
  if (typeof result.count === 'number' && typeof result.result === 'number') {
    return { kind: 'beads', count: result.count, result: result.result, fair };
  }
  const sides = duelSidesOf(game);
  const draw = gameDefinition(game).automaticDraw;
  const cards = result.cards;
  if (sides && draw.kind === 'shoe' && Array.isArray(cards) && cards.length === sides.length) {
    let outcome: string;
    try {
      outcome = (draw.outcome as (r: { cards: readonly string[] }) => string)({ cards: cards as string[] });
    } catch {
      return null; // not two cards the engine reads: the generic view shows them as they are
    }
    return {
      kind: 'duel',
      hands: sides.map((side, i) => ({ side, card: String(cards[i]) })),
      winner: outcome === 'first' ? sides[0] : outcome === 'second' ? sides[1] : 'tie',
    };
  }
  return null;
}

/** SHA-256 of a revealed server seed's text, in hex: what the round's commitment published before betting opened. */
export async function commitmentOfSeed(serverSeed: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || !/^[0-9a-f]{64}$/.test(serverSeed)) return null;
  // The hash of the seed's ASCII text, as @casino/cards' serverSeedHash makes it.
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(serverSeed)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
