import { Card, cardToText } from './card';
import { ShoeCommitment } from './commitment';

export type RecordKind = 'dealt' | 'burned' | 'discarded';

export interface ShoeRecordEntry {
  /** 1-based, in the order things happened. */
  seq: number;
  kind: RecordKind;
  /** Text form, e.g. "KH". */
  card: string;
  /** Index in the shoe order for dealt and burned cards (0 = first card drawn); absent for discards. */
  position?: number;
  /** The round current when it happened (set with `shoe.startRound(n)`), if any. */
  round?: number;
}

export interface ShoeRecord {
  decks: number;
  cardCount: number;
  /** Index of the first card behind the cut card. */
  cutPosition: number;
  /** Cards taken from the shoe so far (dealt and burned). */
  drawnCount: number;
  closed: boolean;
  commitment: ShoeCommitment;
  entries: ShoeRecordEntry[];
}

/** A run of positions [from, to) that were burned. */
export interface BurnSpan {
  from: number;
  to: number;
}

/** From this position on, drawn cards belong to `round` (null: between rounds). */
export interface RoundMark {
  round: number | null;
  atPosition: number;
}

export interface DiscardEvent {
  /** Cards drawn before the discard happened. */
  atPosition: number;
  round: number | null;
  cards: Card[];
}

/** Everything the record is derived from; the shoe keeps this instead of one object per card. */
export interface RecordSource {
  order: ArrayLike<Card>;
  position: number;
  burns: readonly BurnSpan[];
  rounds: readonly RoundMark[];
  discards: readonly DiscardEvent[];
}

/** Expands positions, burn spans, round marks and discards into the ordered record entries. */
export function buildRecordEntries(source: RecordSource): ShoeRecordEntry[] {
  const entries: ShoeRecordEntry[] = [];
  let burnIndex = 0;
  let roundIndex = 0;
  let discardIndex = 0;
  let round: number | null = null;
  const push = (kind: RecordKind, card: Card, position: number | undefined, inRound: number | null) => {
    const entry: ShoeRecordEntry = { seq: entries.length + 1, kind, card: cardToText(card) };
    if (position !== undefined) entry.position = position;
    if (inRound !== null) entry.round = inRound;
    entries.push(entry);
  };
  const flushDiscards = (upTo: number) => {
    while (discardIndex < source.discards.length && source.discards[discardIndex].atPosition <= upTo) {
      const event = source.discards[discardIndex++];
      for (const card of event.cards) push('discarded', card, undefined, event.round);
    }
  };
  for (let position = 0; position < source.position; position++) {
    flushDiscards(position);
    while (roundIndex < source.rounds.length && source.rounds[roundIndex].atPosition <= position) {
      round = source.rounds[roundIndex++].round;
    }
    while (burnIndex < source.burns.length && source.burns[burnIndex].to <= position) burnIndex++;
    const burn = source.burns[burnIndex];
    const burned = burn !== undefined && burn.from <= position && position < burn.to;
    push(burned ? 'burned' : 'dealt', source.order[position], position, round);
  }
  flushDiscards(Number.POSITIVE_INFINITY);
  return entries;
}
