import { seededRandom } from '@casino/cards';
import { CasinoEvent, makeEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBlackjackConfig } from '../config/blackjack-config';
import { BlackjackTableMachine } from './blackjack-table.machine';
import { BlackjackTableInput, BlackjackTableState } from './blackjack-table.state';

// The studio console signs each card it deals (docs/kafka-security.md#signed-live-results); the service keeps the
// signatures by the card's index among the round's card inputs and passes them on in the RoundResult.

const alice = { playerId: 'alice', operatorId: 'op', currency: 'EUR', exp: 9e9 };

describe('blackjack studio table: the studio’s card signatures', () => {
  it('go with the result, one per card input in order; a rescanned card’s is replaced', () => {
    const config = loadBlackjackConfig({
      PLAYER_TOKEN_SECRET: 'x'.repeat(16),
      DEALER_API_KEY: 'y'.repeat(12),
      TABLES: JSON.stringify([{ id: 't1', dealer: 'studio', timers: { cardMs: 0 } }]),
    });
    const m = new BlackjackTableMachine(config.tables[0], seededRandom('signed'), new ManualClock(0));
    const events: CasinoEvent[] = [];
    let state: BlackjackTableState = m.initial().state;
    const step = (input: BlackjackTableInput) => {
      const r = m.step(state, input);
      state = r.state;
      events.push(
        ...(r.effects as TableEffect<BlackjackTableInput>[]).flatMap((e) =>
          e.kind === 'publish' ? [e.event] : [],
        ),
      );
      return r.reply;
    };
    const dealer = (command: Extract<BlackjackTableInput, { kind: 'dealer' }>['command']) =>
      step({ kind: 'dealer', command });
    if (state.phase === 'waiting-shoe') expect(dealer({ kind: 'newShoe' })).toMatchObject({ ok: true });
    step({ kind: 'placeBet', player: alice, seat: 2, stake: 1000n });
    step({ kind: 'timer', timer: 'close' });
    step({
      kind: 'finalBets',
      event: makeEvent('BetsFinalized', {
        tableId: 't1',
        roundId: state.round!.roundId,
        game: 'blackjack',
        currency: 'EUR',
        part: { index: 0, count: 1 },
        bets: [
          {
            betId: 'b0',
            playerId: 'alice',
            operatorId: 'op',
            stake: 1000n,
            bet: { game: 'blackjack' as const, seat: 2, kind: 'main' as const, hand: 0 },
          },
        ],
        betCount: 1,
        totalStaked: 1000n,
      }),
    });
    expect(state.phase).toBe('dealing');
    // Player T+8 = 18 (stands when the decision times out), dealer 9+T = 19.
    const shoe = ['TS', '9H', '8D', 'TC'];
    expect(dealer({ kind: 'card', card: 'TS', signature: 'sig-0' })).toMatchObject({ ok: true });
    expect(dealer({ kind: 'card', card: '2H', signature: 'misread' })).toMatchObject({ ok: true });
    expect(dealer({ kind: 'rescan' })).toMatchObject({ ok: true });
    for (let i = 0, next = 1; i < 40 && state.phase === 'dealing'; i++) {
      if (state.round!.engine!.awaiting.kind === 'card') {
        const card = shoe[next] ?? '2S';
        expect(dealer({ kind: 'card', card, signature: `sig-${next}` })).toMatchObject({ ok: true });
        next++;
      } else step({ kind: 'timer', timer: 'decision' });
    }
    expect(state.phase).toBe('result');
    const result = events.find((e) => e.type === 'RoundResult') as Extract<
      CasinoEvent,
      { type: 'RoundResult' }
    >;
    const cards = (result.result as { inputs: { kind: string; card?: string }[] }).inputs
      .filter((i) => i.kind === 'card')
      .map((i) => i.card);
    expect(cards).toEqual(shoe);
    expect(result.attestation).toEqual({ cards: ['sig-0', 'sig-1', 'sig-2', 'sig-3'] });
  });
});
