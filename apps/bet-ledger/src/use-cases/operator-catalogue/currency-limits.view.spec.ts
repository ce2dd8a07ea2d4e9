import { OperatorCatalogueRow } from '../../tables/operator-catalogue.repository';
import { currencyLimitsOf, sharedCurrencies } from './currency-limits.view';

const row: OperatorCatalogueRow = {
  tableId: 'bac-1',
  game: 'baccarat',
  variant: 'live',
  dealer: 'studio',
  dealerLanguage: null,
  currency: 'EUR',
  status: 'open',
  settings: {
    game: 'baccarat',
    payTable: 'commission',
    maxDifference: '1000',
    limits: { banker: { min: '100', max: '1000' } },
    tableMax: {},
    currencies: {
      TRY: { limits: { banker: { min: '1000', max: '30000' } }, tableMax: { banker: '90000' }, vipMax: {} },
      PLN: { limits: { banker: { min: '500', max: '5000' } }, maxDifference: '4000' },
    },
  },
  updatedAt: '2026-12-05T00:00:00.000Z',
  lastResults: [],
};

describe('the catalogue limits per currency', () => {
  it('lists the currencies the table shares with the operator, the table’s own first, each its own limits', () => {
    expect(sharedCurrencies(row, ['PLN', 'TRY', 'EUR', 'USD'])).toEqual(['EUR', 'TRY', 'PLN']);
    const limits = currencyLimitsOf(row, ['TRY', 'USD']);
    expect(Object.keys(limits)).toEqual(['TRY']);
    expect(limits.TRY.maxDifference).toBeUndefined();
    expect(limits.TRY.limits.banker).toMatchObject({ min: '1000', max: '30000', tableMax: '90000' });
    expect(limits.TRY.limits.banker.rtp).toBeCloseTo(0.98942, 5);
    expect(currencyLimitsOf(row, ['PLN']).PLN).toMatchObject({ maxDifference: '4000' });
    expect(currencyLimitsOf(row, ['EUR']).EUR).toMatchObject({ maxDifference: '1000' });
  });
});
