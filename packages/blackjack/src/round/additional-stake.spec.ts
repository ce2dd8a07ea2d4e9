import {
  AcceptedStake,
  AdditionalStakeRequest,
  AdditionalStakeRules,
  stakesOfSeat,
  validateAdditionalStake,
} from './additional-stake';
import { DEFAULT_RULES } from '../core/rules';
import * as kit from './test-kit';

// A table with double after split (the default has none), as the ledger's cases are.
const rules: AdditionalStakeRules = { ...DEFAULT_RULES, doubleAfterSplit: true };
const main = (stake = 1_000n): AcceptedStake => ({ kind: 'main', hand: 0, stake });
const split = (hand: number, stake = 1_000n): AcceptedStake => ({ kind: 'split', hand, stake });
const double = (hand: number, stake = 1_000n): AcceptedStake => ({ kind: 'double', hand, stake });
const req = (kind: AdditionalStakeRequest['kind'], hand: number, stake: bigint): AdditionalStakeRequest => ({
  seat: 1,
  kind,
  hand,
  stake,
});
const codeOf = (
  request: AdditionalStakeRequest,
  accepted: readonly AcceptedStake[],
  with_: Partial<AdditionalStakeRules> = {},
) => validateAdditionalStake({ ...rules, ...with_ }, request, accepted)?.code ?? 'OK';

describe('validateAdditionalStake', () => {
  // The ledger's integration cases (apps/bet-ledger/test/blackjack.spec.ts), as plain data.
  it('takes a split and a double at the main stake, refuses a wrong split and a stranger', () => {
    expect(codeOf(req('split', 1, 1_000n), [main()])).toBe('OK');
    expect(codeOf(req('split', 1, 999n), [main(), split(1)])).toBe('HAND_ALREADY_SPLIT');
    expect(codeOf(req('split', 1, 999n), [main()])).toBe('SPLIT_STAKE_NOT_MAIN');
    expect(codeOf(req('double', 0, 1_000n), [main()])).toBe('OK');
    expect(codeOf(req('double', 0, 500n), [])).toBe('NO_MAIN_BET');
  });

  it('takes insurance at exactly half the main stake', () => {
    expect(codeOf(req('insurance', 0, 500n), [main()])).toBe('OK');
    expect(codeOf(req('insurance', 0, 400n), [main()])).toBe('WRONG_INSURANCE_STAKE');
    expect(codeOf(req('double', 0, 1_000n), [main()])).toBe('OK');
  });

  it('wants a main bet first, whatever the kind', () => {
    for (const kind of ['split', 'double', 'insurance'] as const) {
      expect(validateAdditionalStake(rules, req(kind, 1, 500n), [split(1)])).toEqual({
        code: 'NO_MAIN_BET',
        message: 'no accepted bet of this player on seat 1',
      });
    }
  });

  it('splits make hands 1..maxSplitHands−1, in order, once each', () => {
    expect(codeOf(req('split', 0, 1_000n), [main()])).toBe('SPLIT_HAND_OUT_OF_RANGE');
    expect(codeOf(req('split', 2, 1_000n), [main(), split(1)])).toBe('SPLIT_HAND_OUT_OF_RANGE');
    expect(codeOf(req('split', 1, 1_000n), [main()], { maxSplitHands: 1 })).toBe('SPLIT_HAND_OUT_OF_RANGE');
    const four = { maxSplitHands: 4 };
    expect(codeOf(req('split', 2, 1_000n), [main(), split(1)], four)).toBe('OK');
    expect(codeOf(req('split', 3, 1_000n), [main(), split(1)], four)).toBe('SPLIT_OUT_OF_ORDER');
    expect(codeOf(req('split', 3, 1_000n), [main(), split(1), split(2)], four)).toBe('OK');
    expect(codeOf(req('split', 4, 1_000n), [main(), split(1), split(2), split(3)], four)).toBe(
      'SPLIT_HAND_OUT_OF_RANGE',
    );
    expect(validateAdditionalStake(rules, req('split', 1, 1_001n), [main()])?.message).toBe(
      'a split stake equals the main stake 1000',
    );
  });

  it('doubles an existing hand once, for at most its stake, after a split only where allowed', () => {
    expect(codeOf(req('double', 0, 1n), [main()])).toBe('OK');
    expect(codeOf(req('double', 0, 1_001n), [main()])).toBe('DOUBLE_ABOVE_HAND_STAKE');
    expect(codeOf(req('double', 1, 1_000n), [main()])).toBe('NO_SUCH_HAND');
    expect(codeOf(req('double', 1, 1_000n), [main(), split(1)])).toBe('OK');
    expect(codeOf(req('double', 1, 1_000n), [main(), split(1)], { doubleAfterSplit: false })).toBe(
      'NO_DOUBLE_AFTER_SPLIT',
    );
    // After a split the original hand is a split hand too: no double on it at a no-DAS table.
    expect(codeOf(req('double', 0, 1_000n), [main(), split(1)], { doubleAfterSplit: false })).toBe(
      'NO_DOUBLE_AFTER_SPLIT',
    );
    expect(codeOf(req('double', 0, 1_000n), [main(), split(1)])).toBe('OK');
    expect(codeOf(req('double', 0, 500n), [main(), double(0, 500n)])).toBe('HAND_ALREADY_DOUBLED');
    expect(codeOf(req('double', 1, 500n), [main(), split(1), double(0)])).toBe('OK');
    expect(validateAdditionalStake(rules, req('double', 0, 2_000n), [main()])?.message).toBe(
      "a double may not exceed the hand's stake 1000",
    );
  });

  it('refuses a double on the original hand after a split at a no-DAS table (the default), as the engine does', () => {
    const noDas = { doubleAfterSplit: false };
    expect(codeOf(req('double', 0, 1_000n), [main(), split(1)], noDas)).toBe('NO_DOUBLE_AFTER_SPLIT');
    expect(codeOf(req('double', 1, 1_000n), [main(), split(1)], noDas)).toBe('NO_DOUBLE_AFTER_SPLIT');
    expect(codeOf(req('double', 0, 1_000n), [main()], noDas)).toBe('OK');
    const split88 = kit.play(
      kit.rulesWith(),
      [kit.bet(1)],
      ['8S', '6D', '8H', 'TC', kit.split(1), '3C', '2D'],
    );
    expect(split88.state.awaiting).toMatchObject({ kind: 'decision', hand: 0, options: ['hit', 'stand'] });
    expect(
      validateAdditionalStake(DEFAULT_RULES, req('double', 0, 100n), stakesOfSeat(split88.state.seats[0]))
        ?.code,
    ).toBe('NO_DOUBLE_AFTER_SPLIT');
  });

  it('insures once, only where offered, never for nothing', () => {
    expect(codeOf(req('insurance', 0, 500n), [main()], { insurance: false })).toBe('NO_INSURANCE_AT_TABLE');
    const insured = [main(), { kind: 'insurance', hand: 0, stake: 500n } as const];
    expect(codeOf(req('insurance', 0, 500n), insured)).toBe('SEAT_ALREADY_INSURED');
    expect(codeOf(req('insurance', 0, 50n), [main(101n)])).toBe('OK'); // half, rounded down
    expect(codeOf(req('insurance', 0, 0n), [main(1n)])).toBe('WRONG_INSURANCE_STAKE');
  });

  it('names an unexpected kind instead of throwing', () => {
    const odd = { ...req('split', 1, 1n), kind: 'main' as 'split' };
    expect(codeOf(odd, [main()])).toBe('UNKNOWN_STAKE_KIND');
  });
});

describe('stakesOfSeat', () => {
  it('lists a seat in play as the ledger holds it: main, splits, doubles', () => {
    // 8-8 split; hand 0 draws a 3 and doubles for 60.
    const das = kit.rulesWith({ doubleAfterSplit: true });
    const { state } = kit.play(das, [kit.bet(1)], ['8S', '6D', '8H', 'TC', kit.split(1), '3C', '2D']);
    const doubled = kit.play(
      das,
      [kit.bet(1)],
      ['8S', '6D', '8H', 'TC', kit.split(1), '3C', '2D', kit.double(1, 0, 60n), '9D'],
    ).state;
    expect(stakesOfSeat(state.seats[0])).toEqual([main(100n), split(1, 100n)]);
    expect(stakesOfSeat(doubled.seats[0])).toEqual([main(100n), double(0, 60n), split(1, 100n)]);
    expect(validateAdditionalStake(rules, req('double', 0, 60n), stakesOfSeat(doubled.seats[0]))?.code).toBe(
      'HAND_ALREADY_DOUBLED',
    );
  });

  it('counts insurance once taken', () => {
    const { state } = kit.play(kit.rulesWith(), [kit.bet(1)], ['9S', 'AD', '7H', 'KC', kit.insure(1, true)]);
    expect(stakesOfSeat(state.seats[0])).toContainEqual({ kind: 'insurance', hand: 0, stake: 50n });
  });
});
