import { BetSpec } from '@casino/events';
import { resultOf, RoundRef } from './builders';

/** The two-card games (docs/rules/dragon-tiger.md, docs/rules/football-studio.md) and their bets' keys. */
export const TWO_CARD_GAMES = [
  { game: 'dragonTiger', first: 'dragon', second: 'tiger', tie: 'tie', suitedTie: 'suitedTie' },
  { game: 'footballStudio', first: 'home', second: 'away', tie: 'draw', suitedTie: undefined },
] as const;
export type TwoCardGame = (typeof TWO_CARD_GAMES)[number]['game'];

/** A bet on one of the game's keys. */
export const twoCardBet = (game: TwoCardGame, type: string): BetSpec =>
  ({ game, type }) as Extract<BetSpec, { game: TwoCardGame }>;

/** A round's result: the two cards in deal order (Dragon's or Home's first). */
export const twoCardResult = (r: RoundRef & { game: TwoCardGame }, cards: [string, string]) =>
  resultOf(r, { game: r.game, cards });
