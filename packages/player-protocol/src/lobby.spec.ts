import { lobbyLimitsFor } from './lobby';

describe('lobbyLimitsFor', () => {
  const table = {
    currency: 'EUR',
    limits: { min: '100', max: '1000000' },
    currencies: { TRY: { limits: { min: '1000', max: '300000' }, betLimits: {} } },
  };

  it("shows a player their own currency's limits where the table takes it, else the table's own", () => {
    expect(lobbyLimitsFor(table, 'TRY')).toEqual({ currency: 'TRY', limits: { min: '1000', max: '300000' } });
    expect(lobbyLimitsFor(table, 'EUR')).toEqual({ currency: 'EUR', limits: { min: '100', max: '1000000' } });
    expect(lobbyLimitsFor(table, 'PLN')).toEqual({ currency: 'EUR', limits: { min: '100', max: '1000000' } });
    expect(lobbyLimitsFor({ currency: 'EUR', limits: table.limits }, 'TRY').currency).toBe('EUR');
  });
});
