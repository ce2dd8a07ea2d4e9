import { CardSource } from '@casino/cards';
import { dealerNeedsCard, dealerPeeks, upCardCanMakeBlackjack } from '../core/dealer';
import { CARD_POINTS, bestTotal } from '../core/hand-value';
import { canDoubleHand, canHitHand, canSplitHand } from '../core/hand-options';
import {
  RESULT_BLACKJACK,
  RESULT_LOSE,
  RESULT_PUSH,
  RESULT_WIN,
  handResultCode,
  netUnitsByResult,
} from '../core/outcome';
import { BlackjackRules, assertRules } from '../core/rules';
import { ACT_DOUBLE, ACT_HIT, ACT_SPLIT, ACT_STAND, decideCode } from '../strategy/basic-strategy';
import { StrategyTable, strategyTableFor } from '../strategy/tables';

/** Counts accumulated over simulated rounds. "Initial hands" = rounds × seats. */
export interface FastSimTotals {
  initialHands: number;
  /** Sum and sum of squares of the net result per initial hand, in units of the original stake. */
  net: number;
  netSquared: number;
  /** Final hands (a split makes two). */
  hands: number;
  /** Player naturals (paid or pushed). */
  blackjacks: number;
  /** Final hands won (blackjacks paid included), pushed, lost. */
  wins: number;
  pushes: number;
  losses: number;
  busts: number;
  doubles: number;
  splits: number;
  dealerBlackjacks: number;
  dealerBusts: number;
  cards: number;
}

const MAX_HANDS = 4;

export function emptyTotals(): FastSimTotals {
  return {
    initialHands: 0,
    net: 0,
    netSquared: 0,
    hands: 0,
    blackjacks: 0,
    wins: 0,
    pushes: 0,
    losses: 0,
    busts: 0,
    doubles: 0,
    splits: 0,
    dealerBlackjacks: 0,
    dealerBusts: 0,
    cards: 0,
  };
}

/**
 * Allocation-free basic-strategy player for simulations: the same round as the reducer (deal order, peek, hand
 * options, strategy table, dealer draws, settlement ratios — all through the shared helpers), kept in typed
 * arrays. Every seat bets one unit; insurance is never taken (basic strategy). A property test checks it against
 * the reducer on random shoes.
 */
export class FastBlackjackSimulator {
  readonly seats: number;
  /** Net result of each seat in the last round, in units of its original stake. */
  readonly roundNet: Float64Array;
  /** Cards the last round took from the source. */
  roundCards = 0;
  readonly totals: FastSimTotals = emptyTotals();

  private readonly rules: BlackjackRules;
  private readonly table: StrategyTable;
  private readonly netUnits: Float64Array;
  private readonly peeksOn: Uint8Array;
  // Hand slots: seat * MAX_HANDS + creation index; play order per seat in `order`.
  private readonly hard: Int32Array;
  private readonly hasAce: Uint8Array;
  private readonly count: Uint8Array;
  private readonly first: Uint8Array;
  private readonly second: Uint8Array;
  private readonly fromSplit: Uint8Array;
  private readonly splitAces: Uint8Array;
  private readonly doubled: Uint8Array;
  private readonly order: Uint8Array;
  private readonly held: Uint8Array;
  private source: CardSource | null = null;

  constructor(rules: BlackjackRules, seats = 1) {
    assertRules(rules);
    if (!Number.isInteger(seats) || seats < 1 || seats > 7) throw new RangeError('seats must be 1..7');
    this.rules = rules;
    this.seats = seats;
    this.table = strategyTableFor(rules);
    this.netUnits = netUnitsByResult(rules);
    this.peeksOn = Uint8Array.from({ length: 11 }, (_, up) =>
      up > 0 && dealerPeeks(rules.peek, up) ? 1 : 0,
    );
    const slots = seats * MAX_HANDS;
    this.roundNet = new Float64Array(seats);
    this.hard = new Int32Array(slots);
    this.hasAce = new Uint8Array(slots);
    this.count = new Uint8Array(slots);
    this.first = new Uint8Array(slots);
    this.second = new Uint8Array(slots);
    this.fromSplit = new Uint8Array(slots);
    this.splitAces = new Uint8Array(slots);
    this.doubled = new Uint8Array(slots);
    this.order = new Uint8Array(slots);
    this.held = new Uint8Array(seats);
  }

  /** Plays one round with cards from `source`, adds it to `totals`, and leaves per-seat results in `roundNet`. */
  playRound(source: CardSource): void {
    this.source = source;
    this.roundCards = 0;
    const seats = this.seats;
    for (let s = 0; s < seats; s++) {
      const slot = s * MAX_HANDS;
      this.held[s] = 1;
      this.order[slot] = slot;
      this.clearSlot(slot, 0);
      this.addCard(slot);
    }
    const up = this.nextPoints();
    for (let s = 0; s < seats; s++) this.addCard(s * MAX_HANDS);
    let dealerHard = up;
    let dealerAce = up === 1;
    let dealerCards = 1;
    if (this.rules.dealerHoleCard) {
      const hole = this.nextPoints();
      dealerHard += hole;
      dealerAce = dealerAce || hole === 1;
      dealerCards = 2;
    }
    const peekedBlackjack = this.peeksOn[up] === 1 && dealerCards === 2 && dealerAce && dealerHard === 11;
    if (!peekedBlackjack) {
      for (let s = 0; s < seats; s++) this.playSeat(s, up);
    }

    let live = 0;
    let blackjacks = 0;
    for (let s = 0; s < seats; s++) {
      for (let i = 0; i < this.held[s]; i++) {
        const slot = this.order[s * MAX_HANDS + i];
        if (this.isBlackjack(slot)) blackjacks++;
        else if (bestTotal(this.hard[slot], this.hasAce[slot] === 1) <= 21) live++;
      }
    }
    const awaitsCheck = blackjacks > 0 && upCardCanMakeBlackjack(up);
    const h17 = this.rules.dealerHitsSoft17;
    while (dealerNeedsCard(dealerCards, dealerHard, dealerAce, h17, live, awaitsCheck)) {
      const points = this.nextPoints();
      dealerHard += points;
      dealerAce = dealerAce || points === 1;
      dealerCards++;
    }
    const dealerTotal = bestTotal(dealerHard, dealerAce);
    const dealerBlackjack = dealerCards === 2 && dealerTotal === 21;
    this.settle(dealerTotal, dealerBlackjack);
  }

  private settle(dealerTotal: number, dealerBlackjack: boolean): void {
    const t = this.totals;
    if (dealerBlackjack) t.dealerBlackjacks++;
    else if (dealerTotal > 21) t.dealerBusts++;
    for (let s = 0; s < this.seats; s++) {
      let net = 0;
      const held = this.held[s];
      for (let i = 0; i < held; i++) {
        const slot = this.order[s * MAX_HANDS + i];
        const total = bestTotal(this.hard[slot], this.hasAce[slot] === 1);
        const blackjack = this.isBlackjack(slot);
        const result = handResultCode(total, blackjack, dealerTotal, dealerBlackjack);
        if (blackjack) t.blackjacks++;
        net += this.netUnits[result] * (this.doubled[slot] === 1 ? 2 : 1);
        if (result === RESULT_BLACKJACK || result === RESULT_WIN) t.wins++;
        else if (result === RESULT_PUSH) t.pushes++;
        else if (result === RESULT_LOSE) t.losses++;
        if (total > 21) t.busts++;
        t.doubles += this.doubled[slot];
      }
      t.hands += held;
      t.splits += held - 1;
      this.roundNet[s] = net;
      t.net += net;
      t.netSquared += net * net;
    }
    t.initialHands += this.seats;
    t.cards += this.roundCards;
  }

  private playSeat(s: number, up: number): void {
    const rules = this.rules;
    const base = s * MAX_HANDS;
    for (let i = 0; i < this.held[s]; i++) {
      const slot = this.order[base + i];
      for (;;) {
        if (this.count[slot] < 2) this.addCard(slot);
        const hard = this.hard[slot];
        const ace = this.hasAce[slot] === 1;
        const total = bestTotal(hard, ace);
        const count = this.count[slot];
        if (total >= 21 || this.doubled[slot] === 1) break;
        const fromSplit = this.fromSplit[slot] === 1;
        const splitAces = this.splitAces[slot] === 1;
        const pair = count === 2 && this.first[slot] === this.second[slot] ? this.first[slot] : 0;
        const canHit = canHitHand(rules, splitAces);
        const canSplit = canSplitHand(rules, count, pair, this.held[s], fromSplit);
        if (!canHit && !canSplit) break;
        const canDouble = canDoubleHand(rules, count, total, fromSplit, splitAces);
        const action = decideCode(this.table, hard, ace, pair, up, canHit, canDouble, canSplit);
        if (action === ACT_STAND) break;
        if (action === ACT_HIT) {
          this.addCard(slot);
        } else if (action === ACT_DOUBLE) {
          this.doubled[slot] = 1;
          this.addCard(slot);
        } else if (action === ACT_SPLIT) {
          this.split(s, i, slot, pair);
        }
      }
    }
  }

  /** The new hand goes right after the split one in play order, as in the reducer; both get their second card. */
  private split(s: number, position: number, slot: number, points: number): void {
    const base = s * MAX_HANDS;
    const held = this.held[s];
    const fresh = base + held;
    for (let k = held; k > position + 1; k--) this.order[base + k] = this.order[base + k - 1];
    this.order[base + position + 1] = fresh;
    this.held[s] = held + 1;
    const aces = points === 1 ? 1 : 0;
    this.startSplitHand(slot, points, aces);
    this.startSplitHand(fresh, points, aces);
    // Both hands take their second card before either is played, as in the reducer.
    this.addCard(slot);
    this.addCard(fresh);
  }

  private startSplitHand(slot: number, points: number, aces: number): void {
    this.clearSlot(slot, 1);
    this.hard[slot] = points;
    this.hasAce[slot] = aces;
    this.count[slot] = 1;
    this.first[slot] = points;
    this.splitAces[slot] = aces;
  }

  private clearSlot(slot: number, fromSplit: number): void {
    this.hard[slot] = 0;
    this.hasAce[slot] = 0;
    this.count[slot] = 0;
    this.first[slot] = 0;
    this.second[slot] = 0;
    this.fromSplit[slot] = fromSplit;
    this.splitAces[slot] = 0;
    this.doubled[slot] = 0;
  }

  private isBlackjack(slot: number): boolean {
    return (
      this.count[slot] === 2 &&
      this.fromSplit[slot] === 0 &&
      this.hasAce[slot] === 1 &&
      this.hard[slot] === 11
    );
  }

  private nextPoints(): number {
    this.roundCards++;
    return CARD_POINTS[(this.source as CardSource).draw()];
  }

  private addCard(slot: number): void {
    const points = this.nextPoints();
    this.hard[slot] += points;
    if (points === 1) this.hasAce[slot] = 1;
    const count = this.count[slot];
    if (count === 0) this.first[slot] = points;
    else if (count === 1) this.second[slot] = points;
    this.count[slot] = count + 1;
  }
}
