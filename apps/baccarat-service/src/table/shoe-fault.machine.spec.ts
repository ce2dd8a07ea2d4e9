import { seededRandom } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState } from './baccarat-table.state';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };

/**
 * One deck with the cut card behind its last card: the shoe's last round nearly always needs more cards than are
 * left, so the shoe fails during a deal (a fault an automatic table must survive).
 */
function shortShoeTable() {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', variant: 'commission', decks: 1, cutCard: { fromBack: 1 } }]),
  });
  return new BaccaratTableMachine(config.tables[0], seededRandom('d'), new ManualClock(1_000_000));
}

const published = (effects: TableEffect<BaccaratInput>[]): CasinoEvent[] =>
  effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : []));

/** Runs the table's timers (a bet on every round) until `until` holds for a step's events. */
function runUntil(
  m: BaccaratTableMachine,
  start: BaccaratTableState,
  until: (events: CasinoEvent[], state: BaccaratTableState) => boolean,
): { state: BaccaratTableState; events: CasinoEvent[]; before: BaccaratTableState } {
  let state = start;
  for (let i = 0; i < 500; i++) {
    if (state.phase === 'betting' && state.round?.book.bets.length === 0)
      state = m.step(state, { kind: 'placeBet', player, type: 'player', stake: 100n }).state;
    const timer = state.phase === 'betting' ? 'close' : state.phase === 'dealing' ? 'card' : 'next';
    const r = m.step(state, { kind: 'timer', timer });
    const events = published(r.effects);
    if (until(events, r.state)) return { state: r.state, events, before: state };
    state = r.state;
  }
  throw new Error('never happened');
}

describe('baccarat table: a shoe fault during a deal (docs/rules/baccarat.md#incidents)', () => {
  it('voids the round (malfunction, its bets refunded by the ledger) and deals the next round from a new shoe', () => {
    const m = shortShoeTable();
    const faulted = runUntil(m, m.initial().state, (events) => events.some((e) => e.type === 'RoundVoided'));
    const round = faulted.before.round!;
    expect(round.book.bets).toHaveLength(1);
    expect(faulted.events).toEqual([
      expect.objectContaining({
        type: 'RoundVoided',
        roundId: round.roundId,
        reason: 'malfunction',
        message: expect.stringMatching(/^shoe fault: /),
      }),
    ]);
    expect(faulted.state.phase).toBe('result');
    const faultyShoe = faulted.state.shoe!.shoeId;

    // The next round: the faulty shoe is finished (revealed) and a new one opens the round, which is dealt.
    const next = m.step(faulted.state, { kind: 'timer', timer: 'next' });
    expect(published(next.effects).map((e) => e.type)).toEqual(['ShoeRevealed', 'RoundOpened']);
    expect(next.state.shoe!.shoeId).not.toBe(faultyShoe);
    const dealt = runUntil(m, next.state, (events) =>
      events.some((e) => e.type === 'RoundResult' || e.type === 'RoundVoided'),
    );
    expect(dealt.events.map((e) => e.type)).toContain('RoundResult');
    expect(dealt.state.shoe!.shoeId).toBe(next.state.shoe!.shoeId);
  });
});
