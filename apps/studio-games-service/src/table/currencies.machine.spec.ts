import { seededRandom } from '@casino/cards';
import { ManualClock } from '@casino/test-support';
import { loadStudioConfig } from '../config/studio-config';
import { StudioTableMachine } from './studio-table.machine';
import { tableView } from './table-view';

// Currencies per table (docs/ledger.md#currencies-per-table): pre-checks and view in the player's currency.
const claims = (currency: string) => ({ playerId: 'p1', operatorId: 'op', currency, exp: 9e9 });

describe('a studio table with a second currency', () => {
  it("checks each player's stake against their currency's limits, shows them and sends every profile", () => {
    const [config] = loadStudioConfig({
      PLAYER_TOKEN_SECRET: 'x'.repeat(16),
      DEALER_API_KEY: 'y'.repeat(12),
      TABLES: JSON.stringify([
        {
          id: 't1',
          game: 'sicBo',
          currency: 'EUR',
          currencies: { TRY: { limits: { big: { min: '1000', max: '40000' } } } },
        },
      ]),
    }).tables;
    expect(config.settings.currencies?.TRY.limits.big).toEqual({ min: 1_000n, max: 40_000n });
    const m = new StudioTableMachine(config, seededRandom('studio-unit'), new ManualClock(0));
    const { state } = m.initial();
    const bet = (currency: string, b: object, stake: bigint) =>
      m.step(state, {
        kind: 'placeBet',
        player: claims(currency),
        bet: { bet: b as Record<string, unknown>, stake },
      }).reply;
    expect(bet('TRY', { type: 'big' }, 40_001n)).toMatchObject({ code: 'ABOVE_TABLE_MAX' });
    expect(bet('TRY', { type: 'big' }, 40_000n)).toMatchObject({ ok: true });
    expect(bet('TRY', { type: 'small' }, 1_000n)).toMatchObject({ code: 'BET_NOT_OFFERED' });
    expect(bet('EUR', { type: 'small' }, 1_000n)).toMatchObject({ ok: true });
    expect(bet('PLN', { type: 'big' }, 1_000n)).toMatchObject({ code: 'CURRENCY_MISMATCH' });
    expect(tableView(state, config, claims('TRY'))).toMatchObject({
      currency: 'TRY',
      limits: { big: { min: 1_000n, max: 40_000n } },
    });
  });
});
