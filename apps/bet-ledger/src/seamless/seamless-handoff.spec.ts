import { PlaceBetEvent } from '@casino/events';
import { HandedBets } from './seamless-handoff';

const bet = (id: string) => ({ id }) as PlaceBetEvent;

describe('bets handed over to an operator’s pump', () => {
  it('are taken up to the free slots, in order; the rest wait in PostgreSQL, and keep their turn', () => {
    const handed = new HandedBets(10_000);
    expect(handed.room(3, 5)).toBe(3);
    handed.push([bet('a'), bet('b'), bet('c')]);
    // Five free slots, three taken by bets not started yet: two of four new ones, the others left to a claim.
    expect(handed.room(4, 5)).toBe(2);
    // Bets wait in PostgreSQL: none is handed over, however many slots are free ...
    expect(handed.room(1, 100)).toBe(0);
    // ... until a claim finds fewer than it asked for.
    handed.claimed(5, 5);
    expect(handed.room(1, 100)).toBe(0);
    handed.claimed(2, 5);
    expect(handed.room(1, 100)).toBe(1);
    expect([handed.next(), handed.next()].map((b) => b?.id)).toEqual(['a', 'b']);
    expect(handed.drain()).toEqual(['c']);
    expect(handed.next()).toBeUndefined();
  });

  it('are dropped once they waited half their lease, to be claimed again when it lapses', () => {
    let now = 0;
    const handed = new HandedBets(10_000, () => now);
    handed.push([bet('old')]);
    now = 4_000;
    handed.push([bet('new')]);
    now = 5_001;
    expect(handed.next()?.id).toBe('new');
    expect(handed.size).toBe(0);
  });
});
