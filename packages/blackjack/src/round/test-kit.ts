/* Scenario helpers for this package's specs (excluded from the build). */
import { parseCard } from '@casino/cards';
import { BlackjackRules, resolveRules } from '../core/rules';
import { BlackjackInput, PlayerAction, SeatBet, SeatNumber } from '../core/types';
import { replayRound } from './run';

export const rulesWith = (overrides: Partial<BlackjackRules> = {}): BlackjackRules => resolveRules(overrides);

export const bet = (seat: number, stake: bigint = 100n, playerId = `p${seat}`): SeatBet => ({
  seat: seat as SeatNumber,
  playerId,
  stake,
});

const act =
  (action: PlayerAction) =>
  (seat: number, hand = 0): BlackjackInput => ({ kind: 'action', seat: seat as SeatNumber, hand, action });

export const hit = act('hit');
export const stand = act('stand');
export const split = act('split');
export const double = (seat: number, hand = 0, stake?: bigint): BlackjackInput => ({
  kind: 'action',
  seat: seat as SeatNumber,
  hand,
  action: 'double',
  ...(stake === undefined ? {} : { stake }),
});
export const insure = (seat: number, take: boolean): BlackjackInput => ({
  kind: 'insurance',
  seat: seat as SeatNumber,
  take,
});
export const timeout: BlackjackInput = { kind: 'timeout' };
export const card = (text: string): BlackjackInput => ({ kind: 'card', card: parseCard(text) });

/** Plays a script where strings are cards ("AS") and objects are other inputs. */
export function play(
  rules: BlackjackRules,
  bets: readonly SeatBet[],
  script: readonly (string | BlackjackInput)[],
) {
  return replayRound(
    rules,
    bets,
    script.map((s) => (typeof s === 'string' ? card(s) : s)),
  );
}
