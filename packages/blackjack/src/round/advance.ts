import { Card } from '@casino/cards';
import { dealerNeedsCard, dealerPeeks, upCardCanMakeBlackjack } from '../core/dealer';
import { CARD_POINTS, handValue } from '../core/hand-value';
import { canDoubleHand, canHitHand, canSplitHand } from '../core/hand-options';
import { insuranceStakeFor } from '../core/outcome';
import { BlackjackEvent, CardTarget, HandEnd, PlayerAction } from '../core/types';
import { computeSettlement } from './settlement';
import { DraftHand, DraftSeat, DraftState } from './draft';

/**
 * Moves the round forward through everything that needs no input (deal bookkeeping, insurance offer, peek,
 * automatic hand ends, dealer play, settlement) and sets `awaiting` to the next input the round needs.
 */
export function advance(d: DraftState, events: BlackjackEvent[]): void {
  for (;;) {
    switch (d.phase) {
      case 'deal': {
        const target = initialDealTarget(d);
        if (target) {
          d.awaiting = { kind: 'card', target };
          return;
        }
        offerInsurance(d, events);
        d.phase = 'insurance';
        continue;
      }
      case 'insurance': {
        const pending = d.seats.filter((s) => s.insurance.status === 'pending').map((s) => s.seat);
        if (pending.length > 0) {
          d.awaiting = { kind: 'insurance', seats: pending };
          return;
        }
        d.phase = peek(d, events) ? 'dealer' : 'players';
        continue;
      }
      case 'players':
        if (awaitPlayer(d, events)) return;
        d.phase = 'dealer';
        continue;
      case 'dealer':
        if (awaitDealerCard(d, events)) return;
        finishRound(d, events);
        return;
      case 'settled':
        d.awaiting = { kind: 'settled' };
        return;
    }
  }
}

/** Deal order: first card to each seat, dealer up card, second card to each seat, dealer hole card. */
function initialDealTarget(d: DraftState): CardTarget | null {
  const n = d.seats.length;
  const k = d.cards.length;
  if (k < n) return { kind: 'seat', seat: d.seats[k].seat, hand: 0 };
  if (k === n) return { kind: 'dealer', role: 'up' };
  if (k <= 2 * n) return { kind: 'seat', seat: d.seats[k - n - 1].seat, hand: 0 };
  if (k === 2 * n + 1 && d.rules.dealerHoleCard) return { kind: 'dealer', role: 'hole' };
  return null;
}

function upPoints(d: DraftState): number {
  return CARD_POINTS[d.dealer.cards[0]];
}

function offerInsurance(d: DraftState, events: BlackjackEvent[]): void {
  if (!d.rules.insurance || upPoints(d) !== 1) return;
  for (const seat of d.seats) {
    const stake = insuranceStakeFor(seat.stake);
    if (stake > 0n) seat.insurance = { status: 'pending', stake };
  }
  const offered = d.seats.filter((s) => s.insurance.status === 'pending').map((s) => s.seat);
  if (offered.length > 0) events.push({ type: 'insurance-offered', seats: offered });
}

/** The peek after the insurance window. True when it found a blackjack (the round goes to settlement). */
function peek(d: DraftState, events: BlackjackEvent[]): boolean {
  if (!dealerPeeks(d.rules.peek, upPoints(d))) return false;
  const blackjack = isBlackjack(d.dealer.cards, false);
  d.dealer.peekedBlackjack = blackjack;
  events.push({ type: 'dealer-peeked', blackjack });
  if (blackjack) revealHoleCard(d, events);
  return blackjack;
}

export function isBlackjack(cards: readonly Card[], fromSplit: boolean): boolean {
  return !fromSplit && cards.length === 2 && handValue(cards).total === 21;
}

/**
 * Finds the first hand still to play; sets `awaiting` to its card or its decision. False when all are done.
 * After a split both hands take their second card before the player acts on either (docs/rules/blackjack.md#player-decisions).
 */
function awaitPlayer(d: DraftState, events: BlackjackEvent[]): boolean {
  for (const seat of d.seats) {
    const short = seat.hands.find((h) => !h.finished && h.cards.length < 2);
    if (short) {
      d.awaiting = { kind: 'card', target: { kind: 'seat', seat: seat.seat, hand: short.id } };
      return true;
    }
    for (const hand of seat.hands) {
      if (hand.finished) continue;
      if (hand.drawPending || hand.cards.length < 2) {
        d.awaiting = { kind: 'card', target: { kind: 'seat', seat: seat.seat, hand: hand.id } };
        return true;
      }
      const end = automaticEnd(d, seat, hand);
      if (end) {
        finishHand(seat, hand, end, events);
        continue;
      }
      const options = handOptions(d, seat, hand);
      d.awaiting = { kind: 'decision', seat: seat.seat, hand: hand.id, options };
      events.push({ type: 'decision-offered', seat: seat.seat, hand: hand.id, options });
      return true;
    }
  }
  return false;
}

export function finishHand(seat: DraftSeat, hand: DraftHand, end: HandEnd, events: BlackjackEvent[]): void {
  hand.finished = true;
  events.push({
    type: 'hand-finished',
    seat: seat.seat,
    hand: hand.id,
    end,
    total: handValue(hand.cards).total,
  });
}

/** A hand passes on by itself at blackjack, 21 or over, after its double card, or as one-card split aces. */
function automaticEnd(d: DraftState, seat: DraftSeat, hand: DraftHand): HandEnd | null {
  const value = handValue(hand.cards);
  if (isBlackjack(hand.cards, hand.fromSplit)) return 'blackjack';
  if (value.total > 21) return 'bust';
  if (value.total === 21) return 'twenty-one';
  if (hand.doubleStake > 0n) return 'doubled';
  if (
    !canHitHand(d.rules, hand.splitAces) &&
    !canSplitHand(d.rules, 2, pairPoints(hand.cards), seat.hands.length, true)
  ) {
    return 'split-aces';
  }
  return null;
}

function pairPoints(cards: readonly Card[]): number {
  return cards.length === 2 && CARD_POINTS[cards[0]] === CARD_POINTS[cards[1]] ? CARD_POINTS[cards[0]] : 0;
}

export function handOptions(d: DraftState, seat: DraftSeat, hand: DraftHand): PlayerAction[] {
  const { rules } = d;
  const options: PlayerAction[] = [];
  if (canHitHand(rules, hand.splitAces)) options.push('hit');
  options.push('stand');
  const total = handValue(hand.cards).total;
  if (canDoubleHand(rules, hand.cards.length, total, hand.fromSplit, hand.splitAces)) options.push('double');
  if (canSplitHand(rules, hand.cards.length, pairPoints(hand.cards), seat.hands.length, hand.fromSplit)) {
    options.push('split');
  }
  return options;
}

function revealHoleCard(d: DraftState, events: BlackjackEvent[]): void {
  if (!d.rules.dealerHoleCard || d.dealer.holeCardRevealed) return;
  d.dealer.holeCardRevealed = true;
  events.push({ type: 'hole-card-revealed', card: d.dealer.cards[1] });
}

/** Dealer's turn: reveal the hole card, then draw while the rules and the hands still in play require it. */
function awaitDealerCard(d: DraftState, events: BlackjackEvent[]): boolean {
  revealHoleCard(d, events);
  let liveHands = 0;
  let blackjacks = 0;
  for (const seat of d.seats) {
    for (const hand of seat.hands) {
      if (isBlackjack(hand.cards, hand.fromSplit)) blackjacks++;
      else if (handValue(hand.cards).total <= 21) liveHands++;
    }
  }
  const insured = d.seats.some((s) => s.insurance.status === 'taken');
  const awaitsCheck = insured || (blackjacks > 0 && upCardCanMakeBlackjack(upPoints(d)));
  const dealer = handValue(d.dealer.cards);
  if (
    !dealerNeedsCard(
      d.dealer.cards.length,
      dealer.hard,
      dealer.hasAce,
      d.rules.dealerHitsSoft17,
      liveHands,
      awaitsCheck,
    )
  ) {
    return false;
  }
  d.awaiting = { kind: 'card', target: { kind: 'dealer', role: 'draw' } };
  return true;
}

function finishRound(d: DraftState, events: BlackjackEvent[]): void {
  const dealer = handValue(d.dealer.cards);
  events.push({
    type: 'dealer-finished',
    total: dealer.total,
    blackjack: isBlackjack(d.dealer.cards, false),
    bust: dealer.bust,
  });
  d.phase = 'settled';
  d.awaiting = { kind: 'settled' };
  events.push({ type: 'round-settled', settlement: computeSettlement(d) });
}
