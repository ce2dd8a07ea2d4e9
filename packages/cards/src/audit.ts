import { CARDS_PER_DECK } from './card';
import { ShoeReveal, verifyCommitment } from './commitment';
import { ShoeRecord } from './record';
import type { AuditProblemCode } from './messages';
import type { Shoe } from './shoe';

export interface AuditProblem {
  code: AuditProblemCode;
  message: string;
}

export interface ShoeAudit {
  ok: boolean;
  /** First few problems per code (capped so a corrupt record stays readable). */
  problems: AuditProblem[];
  checked: {
    /** The reveal is a complete composition and hashes to the record's commitment. */
    commitmentVerified: boolean;
    cardCount: number;
    dealt: number;
    burned: number;
    discarded: number;
    remaining: number;
    /** Dealt and burned entries whose card equals the revealed card at their position. */
    positionsMatched: number;
    /** dealt + burned + still in shoe = exactly `decks` of every card. */
    compositionComplete: boolean;
  };
}

const MAX_PROBLEMS_PER_CODE = 5;

/**
 * Checks a finished shoe's record against its revealed order: the commitment holds, every drawn card is recorded
 * once at its position in order, discards are cards that were dealt, and dealt + burned + remaining cards make
 * up the full composition.
 */
export function auditShoe(record: ShoeRecord, reveal: ShoeReveal): ShoeAudit {
  const problems: AuditProblem[] = [];
  const perCode = new Map<AuditProblemCode, number>();
  const problem = (code: AuditProblemCode, message: string) => {
    const seen = perCode.get(code) ?? 0;
    perCode.set(code, seen + 1);
    if (seen < MAX_PROBLEMS_PER_CODE) problems.push({ code, message });
  };

  if (!record.closed) problem('SHOE_NOT_CLOSED', 'the record is of a shoe that is still open');
  const commitment = verifyCommitment(record.commitment, reveal);
  if (!commitment.ok) problem('COMMITMENT_FAILED', `${commitment.reason}: ${commitment.message}`);

  let dealt = 0;
  let burned = 0;
  let discarded = 0;
  let positionsMatched = 0;
  let nextPosition = 0;
  const dealtNotDiscarded = new Map<string, number>();
  const counts = new Map<string, number>();
  const count = (card: string) => counts.set(card, (counts.get(card) ?? 0) + 1);

  record.entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) problem('RECORD_SEQUENCE', `entry ${index} has seq ${entry.seq}`);
    if (entry.kind === 'discarded') {
      discarded++;
      const open = dealtNotDiscarded.get(entry.card) ?? 0;
      if (open === 0)
        problem('UNKNOWN_DISCARD', `seq ${entry.seq}: ${entry.card} discarded but not dealt before`);
      else dealtNotDiscarded.set(entry.card, open - 1);
      return;
    }
    if (entry.kind === 'dealt') {
      dealt++;
      dealtNotDiscarded.set(entry.card, (dealtNotDiscarded.get(entry.card) ?? 0) + 1);
    } else {
      burned++;
    }
    count(entry.card);
    if (entry.position !== nextPosition) {
      problem('POSITION_MISMATCH', `seq ${entry.seq}: position ${entry.position}, expected ${nextPosition}`);
    }
    const position = entry.position ?? nextPosition;
    if (reveal.order[position] === entry.card) positionsMatched++;
    else
      problem(
        'CARD_MISMATCH',
        `seq ${entry.seq}: ${entry.card} at position ${position}, shoe has ${reveal.order[position]}`,
      );
    nextPosition = position + 1;
  });

  const drawn = dealt + burned;
  if (drawn !== record.drawnCount) {
    problem('RECORD_SEQUENCE', `record lists ${drawn} drawn cards, the shoe reports ${record.drawnCount}`);
  }
  const remainingCards = reveal.order.slice(Math.min(drawn, reveal.order.length));
  remainingCards.forEach(count);
  const decks = record.decks;
  const compositionComplete =
    drawn + remainingCards.length === record.cardCount &&
    record.cardCount === decks * CARDS_PER_DECK &&
    counts.size === CARDS_PER_DECK &&
    [...counts.values()].every((n) => n === decks);
  if (!compositionComplete) {
    problem('COMPOSITION_MISMATCH', 'dealt + burned + remaining cards are not exactly the shoe composition');
  }

  return {
    ok: problems.length === 0,
    problems,
    checked: {
      commitmentVerified: commitment.ok,
      cardCount: record.cardCount,
      dealt,
      burned,
      discarded,
      remaining: remainingCards.length,
      positionsMatched,
      compositionComplete,
    },
  };
}

/** Audits a closed shoe against its own reveal (throws SHOE_NOT_FINISHED while it is open). */
export function auditFinishedShoe(shoe: Shoe): ShoeAudit {
  const reveal = shoe.reveal();
  return auditShoe(shoe.record(), reveal);
}
