import { Card } from '@casino/cards';
import { BlackjackError } from '../core/errors';
import { CARD_POINTS, handValue, isSoftTotal, bestTotal } from '../core/hand-value';
import { BlackjackRules } from '../core/rules';
import { PlayerAction } from '../core/types';
import { DecideFn } from '../round/run';
import { COLUMNS, DOUBLE_OR_HIT, DOUBLE_OR_STAND, HIT, StrategyTable, strategyTableFor } from './tables';

/** Numeric actions for the simulator's hot loop. */
export const ACT_HIT = 0;
export const ACT_STAND = 1;
export const ACT_DOUBLE = 2;
export const ACT_SPLIT = 3;

export const ACTION_NAMES: readonly PlayerAction[] = ['hit', 'stand', 'double', 'split'];

/**
 * The basic-strategy action for a hand summarised as numbers. `pairPoints` is the value of a two-card pair
 * (1 = aces) or 0; `up` the dealer's up card in points (1 = Ace). The caller says what is allowed.
 */
export function decideCode(
  table: StrategyTable,
  hard: number,
  hasAce: boolean,
  pairPoints: number,
  up: number,
  canHit: boolean,
  canDouble: boolean,
  canSplit: boolean,
): number {
  if (canSplit && pairPoints !== 0 && table.split[pairPoints * COLUMNS + up] === 1) return ACT_SPLIT;
  if (!canHit) return ACT_STAND;
  const code = isSoftTotal(hard, hasAce)
    ? table.soft[bestTotal(hard, hasAce) * COLUMNS + up]
    : table.hard[Math.min(hard, 21) * COLUMNS + up];
  if (code === HIT) return ACT_HIT;
  if (code === DOUBLE_OR_HIT) return canDouble ? ACT_DOUBLE : ACT_HIT;
  if (code === DOUBLE_OR_STAND) return canDouble ? ACT_DOUBLE : ACT_STAND;
  return ACT_STAND;
}

/**
 * Total-dependent basic strategy for the rules in force (no surrender; insurance is never taken).
 * `available` is what the round offers for this hand (`awaiting.options`); the answer is always one of them.
 */
export function basicStrategy(
  rules: BlackjackRules,
  cards: readonly Card[],
  dealerUpCard: Card,
  available: readonly PlayerAction[],
): PlayerAction {
  const value = handValue(cards);
  const pairPoints =
    cards.length === 2 && CARD_POINTS[cards[0]] === CARD_POINTS[cards[1]] ? CARD_POINTS[cards[0]] : 0;
  const code = decideCode(
    strategyTableFor(rules),
    value.hard,
    value.hasAce,
    pairPoints,
    CARD_POINTS[dealerUpCard],
    available.includes('hit'),
    available.includes('double'),
    available.includes('split'),
  );
  const action = ACTION_NAMES[code];
  if (available.includes(action)) return action;
  return available.includes('stand') ? 'stand' : available[0];
}

/** Basic strategy for every hand; insurance always declined. */
export const basicStrategyDecider: DecideFn = (state) => {
  const awaiting = state.awaiting;
  if (awaiting.kind === 'insurance') return { kind: 'insurance', seat: awaiting.seats[0], take: false };
  if (awaiting.kind !== 'decision') {
    throw new BlackjackError('NO_DECISION_AWAITED', `no player decision awaited (awaiting ${awaiting.kind})`);
  }
  const seat = state.seats.find((s) => s.seat === awaiting.seat);
  const hand = seat?.hands.find((h) => h.id === awaiting.hand);
  if (!hand) throw new Error(`internal: awaited hand ${awaiting.seat}/${awaiting.hand} is missing`);
  const action = basicStrategy(state.rules, hand.cards, state.dealer.cards[0], awaiting.options);
  return { kind: 'action', seat: awaiting.seat, hand: awaiting.hand, action };
};
