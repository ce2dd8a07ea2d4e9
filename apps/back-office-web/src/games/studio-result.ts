import { gameDefinition, isGameId, type AnyGameDefinition } from '@casino/games';

// A studio game's result as the back office shows it (round recall, studio console), read through the game's
// definition in the registry: no rule is written here. How a round is shown and the two-card games' sides come
// from the definition's layout, who won from its automatic draw (`outcome`), the bead result from the result itself.

/** A game's layout for these views, or null for a game outside the registry or one whose own view draws it. */
function layoutOf(game: string): Exclude<AnyGameDefinition['layout'], { kind: 'none' }> | null {
  if (!isGameId(game)) return null;
  const layout: AnyGameDefinition['layout'] = gameDefinition(game).layout;
  return layout.kind === 'none' ? null : layout;
}

/** A two-card game's sides in deal order (`['Dragon', 'Tiger']`), or null for another game. */
export function duelSidesOf(game: string): readonly string[] | null {
  const sides = layoutOf(game)?.sides;
  return sides ? [sides.first.name, sides.second.name] : null;
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
  const layout = layoutOf(game);
  if (!layout) return null;
  const fair = isFair(result.fair) ? result.fair : null;
  switch (layout.kind) {
    case 'dice': {
      const dice = result.dice;
      if (!Array.isArray(dice) || dice.length === 0 || !dice.every((d) => typeof d === 'number')) return null;
      return { kind: 'dice', dice, total: dice.reduce((s, d) => s + d, 0), fair };
    }
    case 'beads':
      if (typeof result.count !== 'number' || typeof result.result !== 'number') return null;
      return { kind: 'beads', count: result.count, result: result.result, fair };
    case 'cards': {
      const sides = duelSidesOf(game);
      const draw = gameDefinition(game).automaticDraw;
      const cards = result.cards;
      if (!sides || draw.kind !== 'shoe' || !Array.isArray(cards) || cards.length !== sides.length)
        return null;
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
  }
}

/** SHA-256 of a revealed server seed's text, in hex: what the round's commitment published before betting opened. */
export async function commitmentOfSeed(serverSeed: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle || !/^[0-9a-f]{64}$/.test(serverSeed)) return null;
  // The hash of the seed's ASCII text, as @casino/cards' serverSeedHash makes it.
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(serverSeed)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
