import { parseCard } from '@casino/cards';
import { RoundState } from '../core/types';
import { settleRound } from './settlement';
import { bet, hit, play, rulesWith, stand, timeout } from './test-kit';
import { startRound } from './start';
import { step } from './step';

describe('deal', () => {
  const rules = rulesWith();

  it('deals one card to each seat with a bet in seat order, the up card, second cards, then the hole card', () => {
    const { state, events } = play(rules, [bet(5), bet(2)], ['2S', '3S', '4S', '5S', '6S', '7S']);
    expect(state.seats.map((s) => s.seat)).toEqual([2, 5]);
    expect(state.seats[0].hands[0].cards).toEqual(['2S', '5S'].map(parseCard));
    expect(state.seats[1].hands[0].cards).toEqual(['3S', '6S'].map(parseCard));
    expect(state.dealer.cards).toEqual(['4S', '7S'].map(parseCard));
    const dealt = events.filter((e) => e.type === 'card-dealt');
    expect(dealt.map((e) => e.type === 'card-dealt' && e.target)).toEqual([
      { kind: 'seat', seat: 2, hand: 0 },
      { kind: 'seat', seat: 5, hand: 0 },
      { kind: 'dealer', role: 'up' },
      { kind: 'seat', seat: 2, hand: 0 },
      { kind: 'seat', seat: 5, hand: 0 },
      { kind: 'dealer', role: 'hole' },
    ]);
    expect(dealt.map((e) => e.type === 'card-dealt' && e.faceDown)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(state.awaiting).toEqual({
      kind: 'decision',
      seat: 2,
      hand: 0,
      options: ['hit', 'stand', 'double'],
    });
  });

  it('tells whom the next card is for', () => {
    let state = startRound(rules, [bet(3)]);
    expect(state.awaiting).toEqual({ kind: 'card', target: { kind: 'seat', seat: 3, hand: 0 } });
    state = step(state, { kind: 'card', card: parseCard('9H') }).state;
    expect(state.awaiting).toEqual({ kind: 'card', target: { kind: 'dealer', role: 'up' } });
  });

  it('lets one player hold several seats, each played and settled on its own', () => {
    const { state } = play(
      rules,
      [bet(2, 100n, 'alice'), bet(6, 300n, 'alice'), bet(4, 50n, 'bob')],
      // seats 2, 4, 6 | up | seats 2, 4, 6 | hole; then decisions in seat order
      ['TS', '9S', 'TH', '7C', '9D', '5D', '6H', 'KC', stand(2), hit(4), 'KD', hit(6), '5C'],
    );
    expect(state.phase).toBe('settled');
    const settlement = settleRound(state);
    expect(settlement.map((s) => [s.seat, s.playerId, s.totalStaked, s.totalReturned])).toEqual([
      [2, 'alice', 100n, 200n], // 19 v 17
      [4, 'bob', 50n, 0n], // bust
      [6, 'alice', 300n, 600n], // 21 v 17
    ]);
  });

  it('never changes the state it is given', () => {
    const start = play(rules, [bet(1)], ['TS', '6D', '5H']).state;
    const snapshot = JSON.stringify(start, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
    step(start, { kind: 'card', card: parseCard('KD') });
    expect(JSON.stringify(start, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(snapshot);
  });

  it('on timeout the awaited hand stands', () => {
    const before: RoundState = play(rules, [bet(1)], ['TS', '6D', '5H', 'TC']).state;
    expect(before.awaiting).toMatchObject({ kind: 'decision', seat: 1, hand: 0 });
    const { state, events } = step(before, timeout);
    expect(events[0]).toEqual({ type: 'action-taken', seat: 1, hand: 0, action: 'stand', timedOut: true });
    expect(events[1]).toMatchObject({ type: 'hand-finished', end: 'stood', total: 15 });
    expect(state.awaiting).toEqual({ kind: 'card', target: { kind: 'dealer', role: 'draw' } });
  });
});
