/** Why a card, a shoe or a snapshot was refused (thrown as CardError). */
export const CARD_ERROR_CODES = [
  'INVALID_CARD',
  'INVALID_SHOE',
  'SHOE_EXHAUSTED',
  'SHOE_FINISHED',
  'SHOE_NOT_FINISHED',
  'INVALID_CUT',
  'INVALID_SNAPSHOT',
  'COMMITMENT_MISMATCH',
  'INVALID_SEED',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

/** What a shoe audit found wrong (listed, not thrown). */
export const AUDIT_PROBLEM_CODES = [
  'SHOE_NOT_CLOSED',
  'COMMITMENT_FAILED',
  'RECORD_SEQUENCE',
  'POSITION_MISMATCH',
  'CARD_MISMATCH',
  'UNKNOWN_DISCARD',
  'COMPOSITION_MISMATCH',
] as const;
export type AuditProblemCode = (typeof AUDIT_PROBLEM_CODES)[number];

/** Default wording of every code the package reports, for callers that show a code without a message. */
export const CARD_ERROR_MESSAGES: Readonly<Record<CardErrorCode | AuditProblemCode, string>> = {
  INVALID_CARD: 'not a card',
  INVALID_SHOE: 'the shoe is not valid',
  SHOE_EXHAUSTED: 'the shoe has no more cards',
  SHOE_FINISHED: 'the shoe is closed',
  SHOE_NOT_FINISHED: 'a shoe can be revealed only after close()',
  INVALID_CUT: 'the cut card position is not valid',
  INVALID_SNAPSHOT: 'cannot restore the shoe from this snapshot',
  COMMITMENT_MISMATCH: 'the shoe does not match its published commitment',
  INVALID_SEED: 'a provably-fair seed or nonce is not valid',
  SHOE_NOT_CLOSED: 'the record is of a shoe that is still open',
  COMMITMENT_FAILED: 'the reveal does not verify against the commitment',
  RECORD_SEQUENCE: 'the record entries are out of sequence',
  POSITION_MISMATCH: 'a record entry is at the wrong shoe position',
  CARD_MISMATCH: 'a recorded card differs from the revealed shoe order',
  UNKNOWN_DISCARD: 'a card was discarded without being dealt',
  COMPOSITION_MISMATCH: 'dealt + burned + remaining cards are not exactly the shoe composition',
};
