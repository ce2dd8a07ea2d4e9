import { verifyCommitment } from '@casino/cards';
import { RoundResultPayload, ShoeRevealedEvent } from '@casino/events';
import { consumedCards } from '@casino/games';
import { RoundOfShoe } from '../../rounds/shoe-reveals.repository';

/** Why a revealed shoe does not hold up. */
export type ShoeAuditProblem = 'COMMITMENT_FAILED' | 'HASH_NOT_ANNOUNCED' | 'CARDS_NOT_IN_SHOE_ORDER';

/** A round dealt from the shoe, as the ledger recorded it (in the order the rounds were opened). */
export type DealtRound = RoundOfShoe;

export interface ShoeAudit {
  problem?: { code: ShoeAuditProblem; message: string };
  roundsChecked: number;
  /** Cards of the rounds' results found in the revealed order. */
  cardsMatched: number;
  /** Cards of the order before the last matched one that no result used: burns, voided deals, discards. */
  cardsSkipped: number;
}

/**
 * The cards a result consumed, in the order they were dealt: its game's definition says (a game without a shoe
 * says so there and consumed none; a game outside the registry throws, it is never skipped).
 */
export function dealtCards(result: RoundResultPayload): readonly string[] {
  return consumedCards(result);
}

/**
 * Checks a revealed shoe three ways: the reveal matches its commitment; every round dealt from it announced that
 * same hash before any card was dealt; and the cards of those rounds, round after round, come out of the revealed
 * order in that order (a subsequence: burns and voided deals are skipped, and counted).
 */
export function auditShoeReveal(event: ShoeRevealedEvent, rounds: readonly DealtRound[]): ShoeAudit {
  const audit: ShoeAudit = { roundsChecked: rounds.length, cardsMatched: 0, cardsSkipped: 0 };
  const commitment = verifyCommitment(event.commitment, event.reveal);
  if (!commitment.ok) {
    return { ...audit, problem: { code: 'COMMITMENT_FAILED', message: commitment.message } };
  }
  const unannounced = rounds.find((r) => r.announcedHash !== event.commitment.hash);
  if (unannounced) {
    return {
      ...audit,
      problem: {
        code: 'HASH_NOT_ANNOUNCED',
        message: `round ${unannounced.roundId} announced ${unannounced.announcedHash ?? 'no hash'}`,
      },
    };
  }
  const order = event.reveal.order;
  let next = 0;
  for (const round of rounds) {
    if (!round.result) continue;
    for (const card of dealtCards(round.result)) {
      const at = order.indexOf(card, next);
      if (at < 0) {
        return {
          ...audit,
          problem: {
            code: 'CARDS_NOT_IN_SHOE_ORDER',
            message: `round ${round.roundId}: ${card} does not come next in the shoe (after position ${next})`,
          },
        };
      }
      audit.cardsSkipped += at - next;
      audit.cardsMatched++;
      next = at + 1;
    }
  }
  return audit;
}
