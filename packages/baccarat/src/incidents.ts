import { Card, CardSource, isCard } from '@casino/cards';
import { BaccaratError } from './errors';
import { nextCardFor } from './round';
import { assertStake } from './settle';

export type BaccaratIncident = 'malfunction' | 'misdeal' | 'connection-lost' | 'cancelled';

/**
 * What an incident does to the round (docs/rules/baccarat.md#incidents): a malfunction or a misdeal voids it; a lost
 * connection or video stop lets a started round run to completion (results issued on reconnect) and cancels one
 * that had not started (no card dealt yet).
 */
export function incidentResolution(incident: BaccaratIncident, roundStarted: boolean): 'void' | 'continue' {
  if (incident === 'connection-lost') return roundStarted ? 'continue' : 'void';
  return 'void';
}

export interface VoidRefund<B> {
  bet: B;
  returned: bigint;
}

export interface VoidedRound<B> {
  incident: BaccaratIncident;
  refunds: VoidRefund<B>[];
  totalRefunded: bigint;
}

/** A void round refunds every stake in full; nothing is won or lost. */
export function voidRound<B extends { stake: bigint }>(
  incident: BaccaratIncident,
  bets: readonly B[],
): VoidedRound<B> {
  let totalRefunded = 0n;
  const refunds = bets.map((bet) => {
    assertStake(bet.stake);
    totalRefunded += bet.stake;
    return { bet, returned: bet.stake };
  });
  return { incident, refunds, totalRefunded };
}

/** Where a card exposed out of order is dealt: its place in the card sequence. */
export interface ExposedCardPlace {
  /** 'this': the round in progress needs a card and this is it; 'next': it opens the next round's cards. */
  round: 'this' | 'next';
  /** Its index (0-based, deal order) among that round's cards. */
  index: number;
  /** The side that index goes to, whatever side the card was physically put on. */
  target: 'player' | 'banker';
}

/**
 * Where a card exposed out of order goes (docs/rules/baccarat.md#exposed-cards: never burned, used in its correct place in this or
 * the next round). The card is simply the next one in the sequence: the next place of the round in progress
 * when it still needs a card, otherwise the next place among the cards carried into the next round. `current`
 * is the round in progress — its cards so far, exposed ones included — or `null` when no round is in progress
 * (between rounds, before a shoe's first round); `carried` are the cards already carried into the next round.
 * The same placement `carryExposedCards` deals. Throws 'MISDEAL' when the next round would already be
 * complete without this card (a card for the round after next), 'INVALID_CARD' for an entry that is not a
 * card.
 */
export function placeExposedCard(
  card: Card,
  current: readonly Card[] | null,
  carried: readonly Card[] = [],
): ExposedCardPlace {
  if (!isCard(card)) throw new BaccaratError('INVALID_CARD', `exposed card is not a card: ${String(card)}`);
  if (current !== null) {
    const target = nextCardFor(current);
    if (target !== 'none') {
      if (carried.length > 0)
        throw new BaccaratError(
          'MISDEAL',
          'no card is carried into the next round while this one needs cards',
        );
      return { round: 'this', index: current.length, target };
    }
  }
  const target = nextCardFor(carried);
  if (target === 'none') {
    throw new BaccaratError(
      'MISDEAL',
      `${carried.length} exposed cards already make the next round: a further card belongs to no round in play`,
    );
  }
  return { round: 'next', index: carried.length, target };
}

/**
 * A card exposed out of order is not burned but used in its correct place (docs/rules/baccarat.md#exposed-cards): the engine deals by
 * position in the card sequence, so the exposed card simply stays next in the sequence. If the round still needs
 * a card (`nextCardFor` is not 'none') it takes that place in this round; otherwise it is carried here into the
 * next round, where it is dealt first (to the Player) before the shoe continues. Whether that next round is a
 * no-bet round is a manager's decision made by the game service.
 */
export function carryExposedCards(exposed: readonly Card[], source: CardSource): CardSource {
  for (const card of exposed) {
    if (!isCard(card)) throw new BaccaratError('INVALID_CARD', `exposed card is not a card: ${String(card)}`);
  }
  const pending = [...exposed];
  let next = 0;
  return {
    draw(): Card {
      return next < pending.length ? pending[next++] : source.draw();
    },
  };
}
