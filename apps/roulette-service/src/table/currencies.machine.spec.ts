import { seededRandom } from '@casino/cards';
import { ManualClock } from '@casino/test-support';
import { loadRouletteConfig } from '../config/roulette-config';
import { RouletteTableMachine } from './roulette-table.machine';
import { tableView } from './table-view';

// Currencies per table (docs/ledger.md#currencies-per-table): pre-checks and view in the player's currency.
const claims = (currency: string) => ({ playerId: 'p1', operatorId: 'op', currency, exp: 9e9 });

describe('a roulette table with a second currency', () => {
  it("checks each player's stake against their currency's limits and shows them", () => {
    const [config] = loadRouletteConfig({
      PLAYER_TOKEN_SECRET: 'x'.repeat(16),
      DEALER_API_KEY: 'y'.repeat(12),
      TABLES: JSON.stringify([
        {
          id: 't1',
          currency: 'EUR',
          currencies: { TRY: { limits: { red: { min: '1000', max: '50000' } } } },
        },
      ]),
    }).tables;
    const m = new RouletteTableMachine(config, seededRandom('unit'), new ManualClock(0));
    const { state } = m.initial();
    const bet = (currency: string, spec: object, stake: bigint) =>
      m.step(state, {
        kind: 'placeBet',
        player: claims(currency),
        bet: { kind: 'basic', spec, stake } as never,
      }).reply;
    expect(bet('TRY', { type: 'red' }, 50_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(bet('TRY', { type: 'red' }, 999n)).toMatchObject({ code: 'BELOW_TABLE_MIN' });
    expect(bet('TRY', { type: 'red' }, 50_000n)).toMatchObject({ ok: true });
    expect(bet('EUR', { type: 'red' }, 999n)).toMatchObject({ ok: true });
    // Straight-up is not offered in TRY at this table.
    expect(bet('TRY', { type: 'straight', numbers: [7] }, 1_000n)).toMatchObject({ code: 'BET_NOT_OFFERED' });
    expect(bet('PLN', { type: 'red' }, 1_000n)).toMatchObject({ code: 'CURRENCY_MISMATCH' });
    expect(tableView(state, config, claims('TRY'))).toMatchObject({
      currency: 'TRY',
      limits: { red: { min: 1_000n, max: 50_000n } },
    });
    expect(tableView(state, config, claims('EUR'))).toMatchObject({ currency: 'EUR' });
  });
});
