import { seededRandom } from '@casino/cards';
import { makeEvent } from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { loadBlackjackConfig } from '../config/blackjack-config';
import { BlackjackTableMachine } from './blackjack-table.machine';
import { BlackjackTableState } from './blackjack-table.state';

const alice = { playerId: 'alice', operatorId: 'op', currency: 'EUR', exp: 9e9 };

function machine(table: Record<string, unknown>) {
  const config = loadBlackjackConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([{ id: 't1', timers: { cardMs: 0 }, ...table }]),
  });
  return new BlackjackTableMachine(config.tables[0], seededRandom('cut-card'), new ManualClock(0));
}

/** One round with alice on seat 1, every decision timed out (the hand stands), to its result. */
function playRound(m: BlackjackTableMachine, start: BlackjackTableState): BlackjackTableState {
  let state = m.step(start, { kind: 'placeBet', player: alice, seat: 1, stake: 1000n }).state;
  state = m.step(state, { kind: 'timer', timer: 'close' }).state;
  state = m.step(state, {
    kind: 'finalBets',
    event: makeEvent('BetsFinalized', {
      tableId: 't1',
      roundId: state.round!.roundId,
      game: 'blackjack',
      currency: 'EUR',
      part: { index: 0, count: 1 },
      bets: [
        {
          betId: `b-${state.round!.roundId}`,
          playerId: 'alice',
          operatorId: 'op',
          stake: 1000n,
          bet: { game: 'blackjack', seat: 1, kind: 'main', hand: 0 },
        },
      ],
      betCount: 1,
      totalStaked: 1000n,
    }),
  }).state;
  for (let i = 0; i < 40 && state.phase === 'dealing'; i++) {
    const timer = state.round!.engine!.awaiting.kind === 'card' ? 'card' : 'decision';
    state = m.step(state, { kind: 'timer', timer }).state;
  }
  expect(state.phase).toBe('result');
  return state;
}

describe('the cut card of an automatic table', () => {
  it.each([
    [{}, 8 * 52, 208],
    [{ decks: 6 }, 6 * 52, 156],
    [{ decks: 6, cutCardDecks: 2 }, 6 * 52, 104],
    [{ decks: 8, cutCardDecks: 1.5 }, 8 * 52, 78],
    [{ decks: 4, cutCard: { fromBack: 80 } }, 4 * 52, 80],
  ])('%j: a shoe of %i cards with %i behind the cut card', (table, cards, behind) => {
    const shoe = machine(table).initial().state.shoe!.shoe!;
    expect(shoe.remaining + shoe.drawnCount).toBe(cards);
    expect(shoe.cutPosition).toBe(cards - behind);
  });

  it('comes out where configured: the round that draws past it is the last of the shoe, then a new shoe', () => {
    const m = machine({ decks: 2, cutCardDecks: 1 });
    let state = m.initial().state;
    const shoeId = state.shoe!.shoeId;
    expect(state.shoe!.shoe!.cutPosition).toBe(52);
    for (let round = 0; round < 30; round++) {
      state = playRound(m, state);
      const { shoe, lastRound } = state.shoe!;
      // Before the cut card the shoe goes on; the round in which it comes out is announced as the last.
      expect(lastRound).toBe(shoe!.drawnCount > 52);
      if (lastRound) break;
      state = m.step(state, { kind: 'timer', timer: 'next' }).state;
    }
    expect(state.shoe!.lastRound).toBe(true);
    const next = m.step(state, { kind: 'timer', timer: 'next' }).state;
    expect(next.shoe!.shoeId).not.toBe(shoeId);
    expect(next.shoe!.shoe!.cutPosition).toBe(52);
  });
});
