import { gameDefinition, isGameId } from '@casino/games';

// What a studio dealer enters for a round of a game a generic host draws (apps/studio-games-service: its `result`
// route takes the result's own field), read from the game's definition: its result schema's field and size.

export type DealerEntry =
  { field: 'dice'; size: number } | { field: 'count' } | { field: 'cards'; size: number };

interface SchemaLike {
  _def?: { typeName?: string; exactLength?: { value: number } | null };
  items?: readonly unknown[];
}

/** The entry a dealer of this game types, or null when its console is another one (its service's own commands). */
export function dealerEntryOf(game: string): DealerEntry | null {
  if (!isGameId(game)) return null;
  const definition = gameDefinition(game);
  // A game whose own service draws its rounds (baccarat, blackjack, roulette) is dealt card by card or spun.
  if (definition.automaticDraw.kind === 'none') return null;
  const shape = (definition.resultSchema as unknown as { shape: Record<string, SchemaLike> }).shape;
  const dice = shape.dice;
  if (dice) return { field: 'dice', size: dice.items?.length ?? dice._def?.exactLength?.value ?? 3 };
  if (shape.count) return { field: 'count' };
  const cards = shape.cards;
  if (cards) return { field: 'cards', size: cards._def?.exactLength?.value ?? 2 };
  return null;
}
