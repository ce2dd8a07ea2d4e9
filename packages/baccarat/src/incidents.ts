import { Card, CardSource, isCard } from '@casino/cards';
import { BaccaratError } from './errors';
import { assertStake } from './settle';

export type BaccaratIncident = 'malfunction' | 'misdeal' | 'connection-lost' | 'cancelled';

/**
 * What an incident does to the round (rules §Errors and incidents): a malfunction or a misdeal voids it; a lost
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

/**
 * A card exposed out of order is not burned but used in its correct place (seed 000 §4.3): the engine deals by
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
