import { Card, CardError, CardSource, isCard, parseCard } from './card';
import { BurnResult, burnCount } from './burn';
import { SALT_BYTES, ShoeCommitment, ShoeReveal, commitmentHash, orderToText } from './commitment';
import { assertComposition, standardDecks } from './composition';
import { CutCardPlacement, DEFAULT_CUT_CARD, assertCutPosition, resolveCutPosition } from './cut';
import { RandomSource, cryptoRandom, randomBytes, shuffleInPlace } from './random';
import { BurnSpan, DiscardEvent, RoundMark, ShoeRecord, buildRecordEntries } from './record';
import { CARD_ERROR_MESSAGES } from './messages';
import { ShoeSnapshot, validateSnapshot } from './snapshot';

export interface ShoeOptions {
  /** 1..8 standard 52-card decks (live tables use 6 or 8). */
  decks: number;
  /** Default `{ fromBack: 7 }`. */
  cutCard?: CutCardPlacement;
}

export interface ShoeFromOrderOptions extends ShoeOptions {
  /** Commitment salt as 64 lowercase hex characters (e.g. to rebuild a revealed shoe); random when absent. */
  salt?: string;
  /** Source for a random cut depth and the salt; node:crypto when absent. */
  random?: RandomSource;
}

const SALT_HEX = /^[0-9a-f]{64}$/;

/**
 * A loaded shoe: a fixed card order dealt front to back. The order lives in a Uint8Array and the record is
 * derived from positions, so `draw()` is O(1) and allocation-free.
 */
export class Shoe implements CardSource {
  readonly cardCount: number;
  private position = 0;
  /** cardCount while open; frozen at `position` once closed so draw() needs one comparison. */
  private limit: number;
  private closed = false;
  private round: number | null = null;
  private readonly burns: BurnSpan[] = [];
  private readonly rounds: RoundMark[] = [];
  private readonly discards: DiscardEvent[] = [];
  private cachedCommitment: ShoeCommitment | undefined;

  /** Prefer createShoe / shoeFromOrder / restoreShoe; this trusts its (already checked) arguments. */
  constructor(
    readonly decks: number,
    private readonly order: Uint8Array,
    /** Index of the first card behind the cut card; the cut card comes out when that card is drawn. */
    readonly cutPosition: number,
    private readonly saltHex: string,
  ) {
    this.cardCount = order.length;
    this.limit = order.length;
  }

  draw(): Card {
    if (this.position >= this.limit) throw this.drawError();
    return this.order[this.position++];
  }

  /** True once the card at the cut position has been drawn: finish this round, then the shoe needs replacing. */
  get cutCardReached(): boolean {
    return this.position > this.cutPosition;
  }

  get remaining(): number {
    return this.cardCount - this.position;
  }

  /** Cards taken from the shoe, burned ones included. */
  get drawnCount(): number {
    return this.position;
  }

  /** Cards dealt into play (drawn minus burned). */
  get dealtCount(): number {
    return this.position - this.burnedCount;
  }

  get burnedCount(): number {
    let burned = 0;
    for (const span of this.burns) burned += span.to - span.from;
    return burned;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get currentRound(): number | null {
    return this.round;
  }

  /** Turns the next card face up and burns as many more as its value says (A = 1, 2–9, 10/J/Q/K = 10). */
  burn(): BurnResult {
    const from = this.position;
    const shown = this.draw();
    const count = burnCount(shown);
    if (this.limit - this.position < count) {
      this.position = from;
      throw this.closed
        ? this.drawError()
        : new CardError('SHOE_EXHAUSTED', `burn needs ${count} more cards, ${this.remaining - 1} left`);
    }
    const burned = Array.from(this.order.subarray(this.position, this.position + count));
    this.position += count;
    this.burns.push({ from, to: this.position });
    return { shown, burned };
  }

  /** Cards drawn from now on (and discards) are recorded under this round number. */
  startRound(round: number): void {
    if (!Number.isSafeInteger(round) || round < 0) {
      throw new CardError('INVALID_SHOE', `round must be a non-negative integer, got ${round}`);
    }
    this.markRound(round);
  }

  /** Cards drawn from now on belong to no round (e.g. a burn between rounds). */
  endRound(): void {
    this.markRound(null);
  }

  /** Records cards collected from the table after a round (they go to the discard rack). */
  discard(cards: readonly Card[]): void {
    for (const card of cards) {
      if (!isCard(card)) throw new CardError('INVALID_CARD', `cannot discard ${String(card)}: not a card`);
    }
    if (cards.length > 0)
      this.discards.push({ atPosition: this.position, round: this.round, cards: [...cards] });
  }

  /** Ends the shoe: no more draws; the order may now be revealed. Idempotent. */
  close(): void {
    this.closed = true;
    this.limit = this.position;
  }

  commitment(): ShoeCommitment {
    this.cachedCommitment ??= {
      algorithm: 'sha256',
      decks: this.decks,
      cardCount: this.cardCount,
      hash: commitmentHash(this.decks, orderToText(this.order), this.saltHex),
    };
    return { ...this.cachedCommitment };
  }

  /** The full order and salt; only once the shoe is closed, so no undealt card is ever disclosed in play. */
  reveal(): ShoeReveal {
    if (!this.closed) throw new CardError('SHOE_NOT_FINISHED', 'a shoe can be revealed only after close()');
    return { order: orderToText(this.order), salt: this.saltHex };
  }

  record(): ShoeRecord {
    return {
      decks: this.decks,
      cardCount: this.cardCount,
      cutPosition: this.cutPosition,
      drawnCount: this.position,
      closed: this.closed,
      commitment: this.commitment(),
      entries: buildRecordEntries({
        order: this.order,
        position: this.position,
        burns: this.burns,
        rounds: this.rounds,
        discards: this.discards,
      }),
    };
  }

  /** Plain data a service can persist; `restoreShoe` resumes from it. Contains the secret order and salt. */
  snapshot(): ShoeSnapshot {
    return {
      version: 1,
      decks: this.decks,
      order: Array.from(this.order),
      salt: this.saltHex,
      cutPosition: this.cutPosition,
      position: this.position,
      closed: this.closed,
      round: this.round,
      burns: this.burns.map((s) => ({ ...s })),
      rounds: this.rounds.map((m) => ({ ...m })),
      discards: this.discards.map((d) => ({ ...d, cards: [...d.cards] })),
    };
  }

  /** @internal restoreShoe only. */
  static fromSnapshot(snapshot: ShoeSnapshot): Shoe {
    validateSnapshot(snapshot);
    const shoe = new Shoe(
      snapshot.decks,
      Uint8Array.from(snapshot.order),
      snapshot.cutPosition,
      snapshot.salt,
    );
    shoe.position = snapshot.position;
    shoe.round = snapshot.round;
    shoe.burns.push(...snapshot.burns.map((s) => ({ ...s })));
    shoe.rounds.push(...snapshot.rounds.map((m) => ({ ...m })));
    shoe.discards.push(...snapshot.discards.map((d) => ({ ...d, cards: [...d.cards] })));
    if (snapshot.closed) shoe.close();
    return shoe;
  }

  private markRound(round: number | null): void {
    const last = this.rounds[this.rounds.length - 1];
    if (last && last.atPosition === this.position) last.round = round;
    else this.rounds.push({ round, atPosition: this.position });
    this.round = round;
  }

  private drawError(): CardError {
    return this.closed
      ? new CardError('SHOE_FINISHED', CARD_ERROR_MESSAGES.SHOE_FINISHED)
      : new CardError('SHOE_EXHAUSTED', `all ${this.cardCount} cards have been drawn`);
  }
}

/**
 * A new shoe: `decks` standard decks, Fisher–Yates shuffled with `random`, then the cut card placed
 * (a ranged depth takes one randomInt), then a 32-byte salt for the commitment (8 words, little-endian).
 */
export function createShoe(options: ShoeOptions, random: RandomSource): Shoe {
  const order = shuffleInPlace(standardDecks(options.decks), random);
  const cutPosition = resolveCutPosition(options.cutCard ?? DEFAULT_CUT_CARD, order.length, random);
  const salt = Buffer.from(randomBytes(random, SALT_BYTES)).toString('hex');
  return new Shoe(options.decks, order, cutPosition, salt);
}

/** A shoe in a given order (dealer-fed, preloaded, or a replay); the composition is checked first. */
export function shoeFromOrder(cards: readonly (Card | string)[], options: ShoeFromOrderOptions): Shoe {
  const list = cards.map((c) => (typeof c === 'string' ? parseCard(c) : c));
  assertComposition(list, options.decks);
  const order = Uint8Array.from(list);
  let random = options.random;
  const source = () => (random ??= cryptoRandom());
  const placement = options.cutCard ?? DEFAULT_CUT_CARD;
  const cutPosition = resolveCutPosition(
    placement,
    order.length,
    'fromBack' in placement ? undefined : source(),
  );
  assertCutPosition(cutPosition, order.length);
  if (options.salt !== undefined && !SALT_HEX.test(options.salt)) {
    throw new CardError('INVALID_SHOE', 'salt must be 64 lowercase hex characters');
  }
  const salt = options.salt ?? Buffer.from(randomBytes(source(), SALT_BYTES)).toString('hex');
  return new Shoe(options.decks, order, cutPosition, salt);
}

export function restoreShoe(snapshot: ShoeSnapshot): Shoe {
  return Shoe.fromSnapshot(snapshot);
}
