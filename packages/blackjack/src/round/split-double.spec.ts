import { BlackjackEvent, RoundState } from '../core/types';
import { settleRound } from './settlement';
import { bet, double, hit, play, rulesWith, split, stand } from './test-kit';
import { tryStep } from './step';

const stakes = (state: RoundState) => settleRound(state)[0].stakes.map((s) => [s.id, s.stake, s.returned]);
const ends = (events: readonly BlackjackEvent[]) =>
  events.flatMap((e) => (e.type === 'hand-finished' ? [[e.hand, e.end, e.total]] : []));

describe('split', () => {
  const rules = rulesWith();

  it('split aces receive one card each; Ace + ten after a split is 21, not blackjack', () => {
    const dealt = play(rules, [bet(1)], ['AS', '6D', 'AH', 'TC']);
    expect(dealt.state.awaiting).toEqual({
      kind: 'decision',
      seat: 1,
      hand: 0,
      options: ['hit', 'stand', 'double', 'split'],
    });
    const { state, events } = play(rules, [bet(1)], ['AS', '6D', 'AH', 'TC', split(1), 'KD', '5C', '9H']);
    expect(events).toContainEqual({ type: 'hand-split', seat: 1, hand: 0, newHand: 1, stake: 100n });
    expect(ends(events)).toEqual([
      [0, 'twenty-one', 21],
      [1, 'split-aces', 16],
    ]);
    expect(types(events).filter((t) => t === 'decision-offered')).toHaveLength(1);
    const [seat] = settleRound(state);
    expect(seat.hands.map((h) => [h.hand, h.blackjack, h.result])).toEqual([
      [0, false, 'win'],
      [1, false, 'win'],
    ]);
    expect(stakes(state)).toEqual([
      ['main', 100n, 200n], // 1:1, not 3:2
      ['split:1', 100n, 200n],
    ]);
  });

  it('21 after splitting aces only pushes a dealer 21', () => {
    const { state } = play(rules, [bet(1)], ['AS', '6D', 'AH', 'TC', split(1), 'KD', '5C', '5H']);
    expect(settleRound(state)[0].hands.map((h) => h.result)).toEqual(['push', 'lose']);
  });

  it('two ten-valued cards are a pair', () => {
    const { state, events } = play(
      rules,
      [bet(1)],
      ['KS', '6D', 'QH', 'TC', split(1), 'AS', '9C', stand(1, 1), '2C'],
    );
    expect(ends(events)).toEqual([
      [0, 'twenty-one', 21],
      [1, 'stood', 19],
    ]);
    expect(state.dealer.cards).toHaveLength(3);
    expect(stakes(state)).toEqual([
      ['main', 100n, 200n],
      ['split:1', 100n, 200n],
    ]);
  });

  it('dealer blackjack found after the players beats 21 made after a split', () => {
    const { state } = play(
      rulesWith({ peek: 'ace' }),
      [bet(1)],
      ['AS', 'TD', 'AH', 'AC', split(1), 'KS', 'QH'],
    );
    expect(state.phase).toBe('settled');
    expect(stakes(state)).toEqual([
      ['main', 100n, 0n],
      ['split:1', 100n, 0n],
    ]);
  });

  it('deals both split hands their second card before the player acts on either (seed 001 §2.7)', () => {
    const { state, events } = play(rules, [bet(1)], ['8S', '6D', '8H', 'TC', split(1), '3C', '9D']);
    const afterSplitEvent = events.slice(events.findIndex((e) => e.type === 'hand-split'));
    const dealt = afterSplitEvent.flatMap((e) => (e.type === 'card-dealt' ? [e.target] : []));
    expect(dealt).toEqual([
      { kind: 'seat', seat: 1, hand: 0 },
      { kind: 'seat', seat: 1, hand: 1 },
    ]);
    expect(types(afterSplitEvent).filter((t) => t === 'decision-offered')).toHaveLength(1);
    expect(state.seats[0].hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(state.awaiting).toEqual({ kind: 'decision', seat: 1, hand: 0, options: ['hit', 'stand'] });
    const afterSplit = play(rules, [bet(1)], ['8S', '6D', '8H', 'TC', split(1), '3C']).state;
    expect(afterSplit.awaiting).toEqual({ kind: 'card', target: { kind: 'seat', seat: 1, hand: 1 } });
    expect(tryStep(afterSplit, hit(1))).toMatchObject({ ok: false, rejection: { code: 'NOT_YOUR_TURN' } });
  });

  it('splits once by default; resplitting is a table setting (new hands take the next id)', () => {
    const script = ['8S', '6D', '8H', 'TC', split(1), '8D', '5C'];
    const das = rulesWith({ doubleAfterSplit: true });
    expect(play(das, [bet(1)], script).state.awaiting).toMatchObject({
      options: ['hit', 'stand', 'double'],
    });
    const resplit = rulesWith({ maxSplitHands: 4 });
    expect(play(resplit, [bet(1)], script).state.awaiting).toMatchObject({
      hand: 0,
      options: ['hit', 'stand', 'split'],
    });
    // The resplit hands (0 and the new 2) both take a card before hand 0 is played; hand 1 already has two.
    const { state, events } = play(resplit, [bet(1)], [...script, split(1), '2C', '9H']);
    expect(state.seats[0].hands.map((h) => h.id)).toEqual([0, 2, 1]);
    expect(state.seats[0].hands.map((h) => h.cards.length)).toEqual([2, 2, 2]);
    expect(events.filter((e) => e.type === 'card-dealt').slice(-2)).toMatchObject([
      { target: { hand: 0 } },
      { target: { hand: 2 } },
    ]);
    expect(state.awaiting).toMatchObject({ kind: 'decision', hand: 0 });
  });

  it('split aces that get another ace stand unless resplitting aces is allowed (then no hit)', () => {
    const aces = ['AS', '6D', 'AH', 'TC', split(1), 'AD', '7C'];
    const noResplit = play(rules, [bet(1)], aces);
    expect(ends(noResplit.events)).toEqual([
      [0, 'split-aces', 12],
      [1, 'split-aces', 18],
    ]);
    const withResplit = rulesWith({ maxSplitHands: 3, resplitAces: true });
    const { state } = play(withResplit, [bet(1)], aces);
    expect(state.awaiting).toEqual({ kind: 'decision', seat: 1, hand: 0, options: ['stand', 'split'] });
    expect(tryStep(state, hit(1))).toMatchObject({ ok: false, rejection: { code: 'CANNOT_HIT' } });
  });
});

describe('double', () => {
  it('no double after split by default (docs/rules/blackjack.md#player-decisions): a split hand may only hit or stand', () => {
    const { state } = play(rulesWith(), [bet(1)], ['8S', '6D', '8H', 'TC', split(1), '3C', '2D']);
    expect(state.awaiting).toMatchObject({ kind: 'decision', hand: 0, options: ['hit', 'stand'] });
    expect(tryStep(state, double(1, 0))).toMatchObject({ ok: false, rejection: { code: 'CANNOT_DOUBLE' } });
  });

  it('double after split where the table allows it', () => {
    const { state, events } = play(
      rulesWith({ doubleAfterSplit: true }),
      [bet(1)],
      ['8S', '6D', '8H', 'TC', split(1), '3C', '2D', double(1, 0), 'TS', stand(1, 1), '4D'],
    );
    expect(events).toContainEqual({ type: 'hand-doubled', seat: 1, hand: 0, stake: 100n });
    expect(ends(events)).toEqual([
      [0, 'twenty-one', 21],
      [1, 'stood', 10],
    ]);
    expect(stakes(state)).toEqual([
      ['main', 100n, 200n],
      ['double:0', 100n, 200n],
      ['split:1', 100n, 0n],
    ]);
  });

  it('double after split can be switched off', () => {
    const { state } = play(
      rulesWith({ doubleAfterSplit: false }),
      [bet(1)],
      ['8S', '6D', '8H', 'TC', split(1), '3C', '2D'],
    );
    expect(state.awaiting).toMatchObject({ options: ['hit', 'stand'] });
    expect(tryStep(state, double(1, 0))).toMatchObject({ ok: false, rejection: { code: 'CANNOT_DOUBLE' } });
  });

  it('is only on the first two cards, and takes exactly one card', () => {
    const afterHit = play(rulesWith(), [bet(1)], ['5S', '6D', '4H', 'TC', hit(1), '2C']).state;
    expect(afterHit.awaiting).toMatchObject({ options: ['hit', 'stand'] });
    expect(tryStep(afterHit, double(1))).toMatchObject({ ok: false, rejection: { code: 'CANNOT_DOUBLE' } });
    const { events } = play(rulesWith(), [bet(1)], ['5S', '6D', '4H', 'TC', double(1), '2C']);
    expect(ends(events)).toEqual([[0, 'doubled', 11]]);
  });

  it('may be for less than the original stake, never more', () => {
    const dealt = play(rulesWith(), [bet(1)], ['5S', '6D', '6H', 'TC']).state;
    for (const stake of [0n, -1n, 101n]) {
      expect(tryStep(dealt, double(1, 0, stake))).toMatchObject({
        ok: false,
        rejection: { code: 'INVALID_STAKE' },
      });
    }
    const { state } = play(rulesWith(), [bet(1)], ['5S', '6D', '6H', 'TC', double(1, 0, 40n), 'KC', '4D']);
    expect(stakes(state)).toEqual([
      ['main', 100n, 200n],
      ['double:0', 40n, 80n],
    ]);
  });

  it("'10-11' doubles only on those totals", () => {
    const nine = play(rulesWith({ double: '10-11' }), [bet(1)], ['5S', '6D', '4H', 'TC']).state;
    expect(nine.awaiting).toMatchObject({ options: ['hit', 'stand'] });
  });
});

function types(events: readonly BlackjackEvent[]): string[] {
  return events.map((e) => e.type);
}
