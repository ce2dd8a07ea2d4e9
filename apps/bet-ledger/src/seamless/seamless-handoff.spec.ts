import { HandedBets } from './seamless-handoff';
import { SeamlessBetRow } from './seamless.repository';

const row = (id: string): SeamlessBetRow => ({
  command_id: id,
  operator_id: 'op-seam',
  state: 'debiting',
  command: {},
  debit_tx: `debit:${id}`,
  attempts: 1,
});

describe('bets handed over to an operator’s pump', () => {
  it('are taken up to the free slots, in order; the rest wait in PostgreSQL, and keep their turn', () => {
    const handed = new HandedBets(10_000);
    expect(handed.room(3, 5)).toBe(3);
    handed.push([row('a'), row('b'), row('c')]);
    // Five free slots, three taken by bets not started yet: two of four new ones, the others left to a claim.
    expect(handed.room(4, 5)).toBe(2);
    // Bets wait in PostgreSQL: none is handed over, however many slots are free ...
    expect(handed.room(1, 100)).toBe(0);
    // ... until a claim finds fewer than it asked for.
    handed.claimed(5, 5);
    expect(handed.room(1, 100)).toBe(0);
    handed.claimed(2, 5);
    expect(handed.room(1, 100)).toBe(1);
    expect([handed.next(), handed.next()].map((b) => b?.command_id)).toEqual(['a', 'b']);
    expect(handed.drain()).toEqual(['c']);
    expect(handed.next()).toBeUndefined();
  });

  it('are dropped once they waited half their lease, to be claimed again when it lapses', () => {
    let now = 0;
    const handed = new HandedBets(10_000, () => now);
    handed.push([row('old')]);
    now = 4_000;
    handed.push([row('new')]);
    now = 5_001;
    expect(handed.next()?.command_id).toBe('new');
    expect(handed.size).toBe(0);
  });
});
