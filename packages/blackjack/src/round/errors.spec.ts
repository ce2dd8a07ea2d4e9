import { BlackjackError, BlackjackErrorCode } from '../core/errors';
import { resolveRules } from '../core/rules';
import { BlackjackInput, RoundState, SeatBet } from '../core/types';
import { settleRound } from './settlement';
import { bet, card, hit, insure, play, rulesWith, split, stand, timeout } from './test-kit';
import { startRound } from './start';
import { step, tryStep } from './step';

const rules = rulesWith();
const codeOf = (state: RoundState, input: BlackjackInput): BlackjackErrorCode | 'accepted' => {
  const result = tryStep(state, input);
  return result.ok ? 'accepted' : result.rejection.code;
};

describe('illegal inputs are rejected with a code', () => {
  // Seat 1: 9,7 = 16 to act; seat 2: T,5; dealer 6 up.
  const twoSeats = play(rules, [bet(1), bet(2)], ['9S', 'TS', '6D', '7S', '5H', 'KC']).state;

  it('acting out of turn', () => {
    expect(codeOf(twoSeats, stand(2))).toBe('NOT_YOUR_TURN');
    expect(codeOf(twoSeats, { kind: 'action', seat: 1, hand: 1, action: 'stand' })).toBe('NOT_YOUR_TURN');
    const waitingForCard = step(twoSeats, hit(1)).state;
    expect(codeOf(waitingForCard, stand(1))).toBe('NOT_YOUR_TURN');
    expect(codeOf(twoSeats, stand(4))).toBe('UNKNOWN_SEAT');
  });

  it('actions the hand does not allow', () => {
    expect(codeOf(twoSeats, split(1))).toBe('CANNOT_SPLIT');
    expect(codeOf(twoSeats, { kind: 'action', seat: 1, hand: 0, action: 'hit', stake: 5n })).toBe(
      'INVALID_STAKE',
    );
    expect(codeOf(twoSeats, { kind: 'action', seat: 1, hand: 0, action: 'fold' as 'hit' })).toBe(
      'INVALID_INPUT',
    );
  });

  it('cards and timeouts at the wrong moment', () => {
    expect(codeOf(twoSeats, card('2C'))).toBe('UNEXPECTED_CARD');
    const waitingForCard = step(twoSeats, hit(1)).state;
    expect(codeOf(waitingForCard, timeout)).toBe('NO_DECISION_AWAITED');
    for (const bad of [52, -1, 1.5, 'AS']) {
      expect(codeOf(waitingForCard, { kind: 'card', card: bad as number })).toBe('INVALID_CARD');
    }
    expect(codeOf(twoSeats, { kind: 'shuffle' } as unknown as BlackjackInput)).toBe('INVALID_INPUT');
  });

  it('insurance when none is offered or already decided', () => {
    expect(codeOf(twoSeats, insure(1, true))).toBe('NO_INSURANCE_OFFERED');
    const offered = play(rules, [bet(1), bet(2)], ['9S', 'TS', 'AD', '7S', '5H', '8C']).state;
    const decided = step(offered, insure(1, false)).state;
    expect(codeOf(decided, insure(1, true))).toBe('INSURANCE_ALREADY_DECIDED');
    expect(codeOf(decided, insure(3, true))).toBe('UNKNOWN_SEAT');
    expect(codeOf(decided, stand(2))).toBe('NOT_YOUR_TURN');
  });

  it('insurance is not offered to a stake too small to halve', () => {
    const { state } = play(rules, [bet(1, 1n), bet(2)], ['9S', 'TS', 'AD', '7S', '5H', '8C']);
    expect(state.awaiting).toEqual({ kind: 'insurance', seats: [2] });
    expect(codeOf(state, insure(1, true))).toBe('NO_INSURANCE_OFFERED');
  });

  it('anything after settlement', () => {
    const settled = play(rules, [bet(1)], ['AS', '6D', 'KS', '5C']).state;
    expect(codeOf(settled, card('2C'))).toBe('ROUND_SETTLED');
    expect(codeOf(settled, timeout)).toBe('ROUND_SETTLED');
  });

  it('step throws a BlackjackError carrying the code', () => {
    expect(() => step(twoSeats, split(1))).toThrow(BlackjackError);
    expect(() => step(twoSeats, split(1))).toThrow(expect.objectContaining({ code: 'CANNOT_SPLIT' }));
  });

  it('settling an unfinished round', () => {
    expect(() => settleRound(twoSeats)).toThrow(expect.objectContaining({ code: 'ROUND_NOT_SETTLED' }));
  });
});

describe('round set-up is validated', () => {
  const start = (seats: SeatBet[]) => {
    try {
      startRound(rules, seats);
      return 'accepted';
    } catch (error) {
      return (error as BlackjackError).code;
    }
  };

  it('rejects bad seats, stakes and players', () => {
    expect(start([])).toBe('NO_BETS');
    expect(start([bet(0)])).toBe('INVALID_SEAT');
    expect(start([bet(8)])).toBe('INVALID_SEAT');
    expect(start([bet(3), bet(3)])).toBe('DUPLICATE_SEAT');
    expect(start([bet(1, 0n)])).toBe('INVALID_STAKE');
    expect(start([{ seat: 1, playerId: 'p', stake: 100 as unknown as bigint }])).toBe('INVALID_STAKE');
    expect(start([bet(1, 100n, '')])).toBe('INVALID_PLAYER');
    expect(start([bet(7), bet(1)])).toBe('accepted');
  });

  it('rejects inconsistent rules', () => {
    expect(() => resolveRules({ maxSplitHands: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_RULES' }),
    );
    expect(() => resolveRules({ dealerHoleCard: false, peek: 'ace' })).toThrow(
      expect.objectContaining({ code: 'INVALID_RULES' }),
    );
    expect(() => resolveRules({ blackjackPays: { num: 0n, den: 2n } })).toThrow(
      expect.objectContaining({ code: 'INVALID_RULES' }),
    );
  });
});
