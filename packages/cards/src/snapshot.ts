import { Card, CardError, isCard } from './card';
import { compositionProblem } from './composition';
import { BurnSpan, DiscardEvent, RoundMark } from './record';

/** Everything needed to resume a shoe after a restart. Secret: it holds the undealt order and the salt. */
export interface ShoeSnapshot {
  version: 1;
  decks: number;
  order: Card[];
  salt: string;
  cutPosition: number;
  position: number;
  closed: boolean;
  round: number | null;
  burns: BurnSpan[];
  rounds: RoundMark[];
  discards: DiscardEvent[];
}

const SALT_HEX = /^[0-9a-f]{64}$/;

/** Throws CardError 'INVALID_SNAPSHOT' unless the snapshot describes a consistent shoe. */
export function validateSnapshot(s: ShoeSnapshot): void {
  const bad = (why: string): never => {
    throw new CardError('INVALID_SNAPSHOT', `cannot restore shoe: ${why}`);
  };
  if (s === null || typeof s !== 'object' || s.version !== 1) bad('unknown snapshot version');
  if (!Array.isArray(s.order)) bad('order is missing');
  const composition = compositionProblem(s.order, s.decks);
  if (composition) bad(composition);
  const count = s.order.length;
  if (typeof s.salt !== 'string' || !SALT_HEX.test(s.salt)) bad('salt must be 64 lowercase hex characters');
  if (!isIndex(s.cutPosition, 1, count - 1)) bad(`cut position ${s.cutPosition} out of range`);
  if (!isIndex(s.position, 0, count)) bad(`position ${s.position} out of range`);
  if (typeof s.closed !== 'boolean') bad('closed must be a boolean');
  if (!isRound(s.round)) bad('round must be a non-negative integer or null');
  let previous = 0;
  for (const span of s.burns ?? bad('burns missing')) {
    if (!isIndex(span.from, previous, s.position) || !isIndex(span.to, span.from + 1, s.position)) {
      bad('burn spans must be ordered, non-overlapping and already drawn');
    }
    previous = span.to;
  }
  previous = 0;
  for (const mark of s.rounds ?? bad('rounds missing')) {
    if (!isIndex(mark.atPosition, previous, s.position) || !isRound(mark.round))
      bad('round marks out of order');
    previous = mark.atPosition;
  }
  previous = 0;
  for (const event of s.discards ?? bad('discards missing')) {
    if (!isIndex(event.atPosition, previous, s.position) || !isRound(event.round))
      bad('discards out of order');
    if (!Array.isArray(event.cards) || !event.cards.every(isCard)) bad('discarded cards must be cards');
    previous = event.atPosition;
  }
}

function isIndex(value: unknown, min: number, max: number): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isRound(value: unknown): boolean {
  return value === null || (Number.isSafeInteger(value) && (value as number) >= 0);
}
