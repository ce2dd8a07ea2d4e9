import { seededRandom } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { TableEffect } from '@casino/table-kit/core';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState, DealerCommand } from './baccarat-table.state';

// The studio console signs each card it deals (docs/kafka-security.md#signed-live-results); the service keeps the
// signatures by index and passes them on in the RoundResult, which the ledger checks on a table with a studio key.

function studioTable() {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([
      { id: 't1', variant: 'commission', dealer: 'studio', timers: { bettingMs: 10, resultMs: 0 } },
    ]),
  });
  const m = new BaccaratTableMachine(config.tables[0], seededRandom('signed'), new ManualClock(1_000_000));
  let state: BaccaratTableState = m.initial().state;
  const effects: TableEffect<BaccaratInput>[] = [];
  const run = (input: BaccaratInput) => {
    const r = m.step(state, input);
    state = r.state;
    effects.push(...r.effects);
    return r.reply;
  };
  const dealer = (command: DealerCommand) => run({ kind: 'dealer', command });
  expect(dealer({ kind: 'newShoe' })).toMatchObject({ ok: true });
  run({ kind: 'timer', timer: 'close' });
  expect(state.phase).toBe('dealing');
  const result = () =>
    effects.flatMap((e) => (e.kind === 'publish' ? [e.event] : [])).find((e) => e.type === 'RoundResult') as
      Extract<CasinoEvent, { type: 'RoundResult' }> | undefined;
  return { dealer, result };
}

describe('baccarat studio table: the studio’s card signatures', () => {
  it('go with the result in the order dealt', () => {
    const t = studioTable();
    const cards = ['4S', '2H', '4D', '5H'];
    for (const [i, card] of cards.entries())
      expect(t.dealer({ kind: 'card', card, signature: `sig-${i}-${card}` })).toMatchObject({ ok: true });
    expect(t.result()).toMatchObject({
      result: { cards },
      attestation: { cards: ['sig-0-4S', 'sig-1-2H', 'sig-2-4D', 'sig-3-5H'] },
    });
  });

  it('a rescanned card takes the new signature; a card without one leaves the result unsigned', () => {
    const t = studioTable();
    t.dealer({ kind: 'card', card: '4S', signature: 'a' });
    t.dealer({ kind: 'card', card: '2C', signature: 'misread' });
    expect(t.dealer({ kind: 'rescan' })).toMatchObject({ ok: true });
    t.dealer({ kind: 'card', card: '2H', signature: 'b' });
    t.dealer({ kind: 'card', card: '4D' });
    t.dealer({ kind: 'card', card: '5H', signature: 'd' });
    const result = t.result();
    expect(result?.result).toEqual({ game: 'baccarat', cards: ['4S', '2H', '4D', '5H'] });
    expect(result?.attestation).toBeUndefined();
  });
});
