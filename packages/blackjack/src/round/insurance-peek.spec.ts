import { BlackjackEvent } from '../core/types';
import { settleRound } from './settlement';
import { bet, double, hit, insure, play, rulesWith, split, stand, timeout } from './test-kit';

const stakes = (state: Parameters<typeof settleRound>[0], seat = 0) =>
  settleRound(state)[seat].stakes.map((s) => [s.id, s.stake, s.returned]);
const types = (events: readonly BlackjackEvent[]) => events.map((e) => e.type);

describe('insurance', () => {
  const rules = rulesWith();

  it('is offered with an Ace up and pays 2:1 when the dealer has blackjack; the main bet loses', () => {
    const dealt = play(rules, [bet(1)], ['TS', 'AD', '9S', 'KH']);
    expect(dealt.state.awaiting).toEqual({ kind: 'insurance', seats: [1] });
    expect(dealt.events).toContainEqual({ type: 'insurance-offered', seats: [1] });
    const { state, events } = play(rules, [bet(1)], ['TS', 'AD', '9S', 'KH', insure(1, true)]);
    expect(events).toContainEqual({
      type: 'insurance-decided',
      seat: 1,
      taken: true,
      stake: 50n,
      timedOut: false,
    });
    expect(events).toContainEqual({ type: 'dealer-peeked', blackjack: true });
    expect(state.phase).toBe('settled');
    expect(stakes(state)).toEqual([
      ['main', 100n, 0n],
      ['insurance', 50n, 150n],
    ]);
  });

  it('loses when the dealer has no blackjack, and the round goes on', () => {
    const { state, events } = play(rules, [bet(1)], ['TS', 'AD', '9S', '7H', insure(1, true), stand(1)]);
    expect(events).toContainEqual({ type: 'dealer-peeked', blackjack: false });
    expect(state.dealer.cards).toHaveLength(2); // soft 18 stands
    expect(stakes(state)).toEqual([
      ['main', 100n, 200n],
      ['insurance', 50n, 0n],
    ]);
  });

  it('is decided per seat in any order; a timeout declines every seat still undecided', () => {
    const script = ['TS', '9S', 'AD', 'TD', 'QH', 'KC', insure(2, true)];
    const partial = play(rules, [bet(1), bet(2, 40n)], script).state;
    expect(partial.awaiting).toEqual({ kind: 'insurance', seats: [1] });
    const { state, events } = play(rules, [bet(1), bet(2, 40n)], [...script, timeout]);
    expect(events).toContainEqual({
      type: 'insurance-decided',
      seat: 1,
      taken: false,
      stake: 0n,
      timedOut: true,
    });
    expect(state.phase).toBe('settled');
    expect(settleRound(state).map((s) => s.insurance?.returned ?? null)).toEqual([null, 60n]);
  });

  it('player blackjack against dealer blackjack pushes', () => {
    const { state } = play(rules, [bet(1)], ['AS', 'AD', 'KS', 'KH', insure(1, false)]);
    expect(stakes(state)).toEqual([['main', 100n, 100n]]);
    expect(settleRound(state)[0].hands[0].result).toBe('push');
  });

  it('is not offered when the table has no insurance', () => {
    const { state } = play(rulesWith({ insurance: false }), [bet(1)], ['TS', 'AD', '9S', '7H']);
    expect(state.awaiting).toMatchObject({ kind: 'decision' });
  });
});

describe('peek', () => {
  // Seat 1 holds 6+5 = 11 against a ten up with an Ace in the hole.
  const deal = ['6S', 'TD', '5S', 'AH'];

  it("'ace': no peek with a ten up; the blackjack found at the end takes the double too", () => {
    const rules = rulesWith({ peek: 'ace' });
    const dealt = play(rules, [bet(1)], deal);
    expect(dealt.state.awaiting).toEqual({
      kind: 'decision',
      seat: 1,
      hand: 0,
      options: ['hit', 'stand', 'double'],
    });
    expect(types(dealt.events)).not.toContain('dealer-peeked');
    const { state, events } = play(rules, [bet(1)], [...deal, double(1), '9C']);
    expect(types(events)).toContain('hole-card-revealed');
    expect(stakes(state)).toEqual([
      ['main', 100n, 0n],
      ['double:0', 100n, 0n],
    ]);
  });

  it("'ace': peeks with an Ace up before anyone acts", () => {
    const { state, events } = play(rulesWith({ peek: 'ace' }), [bet(1)], ['6S', 'AD', '5S', 'KH', timeout]);
    expect(events).toContainEqual({ type: 'dealer-peeked', blackjack: true });
    expect(state.phase).toBe('settled');
    expect(stakes(state)).toEqual([['main', 100n, 0n]]);
  });

  it("'ace-and-ten': peeks with a ten up; a dealer blackjack ends the round before any decision", () => {
    const { state, events } = play(rulesWith({ peek: 'ace-and-ten' }), [bet(1)], deal);
    expect(events).toContainEqual({ type: 'dealer-peeked', blackjack: true });
    expect(types(events)).not.toContain('decision-offered');
    expect(state.phase).toBe('settled');
    expect(stakes(state)).toEqual([['main', 100n, 0n]]);
  });

  it("'ace-and-ten': no blackjack in the hole, play goes on", () => {
    const { state, events } = play(rulesWith({ peek: 'ace-and-ten' }), [bet(1)], ['6S', 'TD', '5S', '7H']);
    expect(events).toContainEqual({ type: 'dealer-peeked', blackjack: false });
    expect(state.awaiting).toMatchObject({ kind: 'decision', seat: 1 });
  });

  it("'none': a dealer blackjack found at the end beats doubles and splits; a player blackjack pushes", () => {
    const rules = rulesWith({ peek: 'none', doubleAfterSplit: true });
    const { state, events } = play(
      rules,
      [bet(1), bet(2)],
      // seat 1: 8,8; seat 2: A,K; dealer A up, K in the hole
      ['8S', 'AS', 'AD', '8H', 'KD', 'KH', timeout, split(1), '3C', '9C', double(1, 0), 'TC', stand(1, 1)],
    );
    expect(types(events)).not.toContain('dealer-peeked');
    expect(state.phase).toBe('settled');
    expect(state.dealer.cards).toHaveLength(2);
    expect(stakes(state, 0)).toEqual([
      ['main', 100n, 0n],
      ['double:0', 100n, 0n],
      ['split:1', 100n, 0n],
    ]);
    expect(stakes(state, 1)).toEqual([['main', 100n, 100n]]);
  });

  it('no hole card: the second dealer card comes after the players', () => {
    const rules = rulesWith({ peek: 'none', dealerHoleCard: false });
    const dealt = play(rules, [bet(1)], ['TS', 'AD', '9S', insure(1, false)]);
    expect(dealt.state.awaiting).toMatchObject({ kind: 'decision', seat: 1 });
    const stood = play(rules, [bet(1)], ['TS', 'AD', '9S', insure(1, false), stand(1)]);
    expect(stood.state.awaiting).toEqual({ kind: 'card', target: { kind: 'dealer', role: 'draw' } });
    const { state } = play(rules, [bet(1)], ['TS', 'AD', '9S', insure(1, false), stand(1), 'KC']);
    expect(settleRound(state)[0].hands[0].result).toBe('lose');
  });

  it('no hole card: with every hand bust the dealer takes no second card, unless insurance needs it', () => {
    const rules = rulesWith({ peek: 'none', dealerHoleCard: false });
    const bust = play(rules, [bet(1)], ['TS', '6D', '6S', hit(1), 'KS']).state;
    expect(bust.phase).toBe('settled');
    expect(bust.dealer.cards).toHaveLength(1);
    const insured = play(rules, [bet(1)], ['TS', 'AD', '6S', insure(1, true), hit(1), 'KS']).state;
    expect(insured.awaiting).toEqual({ kind: 'card', target: { kind: 'dealer', role: 'draw' } });
  });
});
