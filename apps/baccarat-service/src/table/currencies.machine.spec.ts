import { seededRandom } from '@casino/cards';
import { ManualClock } from '@casino/test-support';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { tableView } from './table-view';

// Currencies per table (docs/ledger.md#currencies-per-table): the table's pre-checks and its view use the
// player's currency profile; the RoundOpened carries every profile for the ledger.
const claims = (currency: string) => ({ playerId: 'p1', operatorId: 'op', currency, exp: 9e9 });

function table() {
  const config = loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([
      {
        id: 't1',
        variant: 'commission',
        currency: 'EUR',
        currencies: {
          TRY: {
            limits: { player: { min: '1000', max: '300000' }, banker: { min: '1000', max: '300000' } },
            vipMax: { banker: '600000' },
            maxDifference: '50000',
          },
        },
      },
    ]),
  });
  return config.tables[0];
}

describe('a baccarat table with a second currency', () => {
  it('holds a TRY player to the TRY limits and an EUR player to the table’s own, refuses another currency', () => {
    const config = table();
    const m = new BaccaratTableMachine(config, seededRandom('unit'), new ManualClock(1_000_000));
    const { state, effects } = m.initial();
    const opened = effects.find((e) => e.kind === 'publish');
    expect(opened?.kind === 'publish' && opened.event).toMatchObject({
      type: 'RoundOpened',
      currency: 'EUR',
      table: { currencies: { TRY: { limits: { player: { max: 300_000n } }, maxDifference: 50_000n } } },
    });
    const bet = (currency: string, type: string, stake: bigint) =>
      m.step(state, { kind: 'placeBet', player: claims(currency), type, stake }).reply;
    expect(bet('TRY', 'player', 300_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(bet('EUR', 'player', 300_001n)).toMatchObject({ ok: true });
    expect(bet('TRY', 'player', 999n)).toMatchObject({ code: 'BELOW_TABLE_MIN' });
    expect(bet('EUR', 'player', 999n)).toMatchObject({ ok: true });
    // Up to the TRY VIP ceiling the ledger decides; Tie is not offered in TRY.
    expect(bet('TRY', 'banker', 600_000n)).toMatchObject({ ok: true });
    expect(bet('TRY', 'tie', 5_000n)).toMatchObject({ ok: false });
    expect(bet('PLN', 'player', 5_000n)).toMatchObject({ code: 'CURRENCY_MISMATCH' });

    const tryView = tableView(state, config, claims('TRY')) as Record<string, unknown>;
    expect(tryView).toMatchObject({
      currency: 'TRY',
      limits: { player: { min: 1_000n, max: 300_000n } },
      betTypes: ['player', 'banker'],
      maxDifference: 50_000n,
    });
    const eurView = tableView(state, config, claims('EUR')) as Record<string, unknown>;
    expect(eurView).toMatchObject({ currency: 'EUR', limits: { player: { max: 1_000_000n } } });
  });

  it('keeps an RNG table to its own currency', () => {
    expect(() =>
      loadBaccaratConfig({
        PLAYER_TOKEN_SECRET: 'x'.repeat(16),
        DEALER_API_KEY: 'y'.repeat(12),
        TABLES: JSON.stringify([
          { id: 'r1', variant: 'rng', currencies: { TRY: { limits: { player: { min: '1', max: '2' } } } } },
        ]),
      }),
    ).toThrow(/RNG table takes its own currency only/);
  });
});
