import { limitProfileFor, tableCurrencies } from '@casino/events';
import { canonicalSettings, parseTableSettings } from './table-settings';

// A table's settings as the back office PUTs them: amounts as strings, baccarat without its per-round field.
const baccarat = (over: Record<string, unknown> = {}) => ({
  game: 'baccarat',
  payTable: 'commission',
  limits: { player: { min: '100', max: '100000' }, banker: { min: '100', max: '100000' } },
  tableMax: {},
  maxDifference: '1000',
  ...over,
});
const tryProfile = (over: Record<string, unknown> = {}) => ({
  limits: { player: { min: '1000', max: '500000' }, banker: { min: '1000', max: '500000' } },
  ...over,
});

describe('parseTableSettings: currencies per table', () => {
  it('keeps a single-currency table as it was (no currencies)', () => {
    const parsed = parseTableSettings(baccarat(), 'EUR');
    expect(parsed.ok && 'currencies' in parsed.settings).toBe(false);
    expect(parsed.ok && canonicalSettings(parsed.settings)).toBe(
      canonicalSettings({ ...baccarat(), limits: baccarat().limits }),
    );
  });

  it("parses each other currency's profile, amounts as bigint minor units of that currency", () => {
    const parsed = parseTableSettings(
      baccarat({
        currencies: { TRY: tryProfile({ tableMax: { banker: '900000' }, maxDifference: '40000' }) },
      }),
      'EUR',
    );
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    expect(parsed.settings.currencies?.TRY).toEqual({
      limits: { player: { min: 1_000n, max: 500_000n }, banker: { min: 1_000n, max: 500_000n } },
      tableMax: { banker: 900_000n },
      maxDifference: 40_000n,
    });
    const config = { ...parsed.settings, roundInShoe: 1 };
    expect(limitProfileFor(config, 'EUR', 'EUR')).toMatchObject({ maxDifference: 1_000n, tableMax: {} });
    expect(limitProfileFor(config, 'EUR', 'TRY')).toMatchObject({ maxDifference: 40_000n });
    expect(limitProfileFor(config, 'EUR', 'PLN')).toBeUndefined();
    expect(tableCurrencies(config, 'EUR')).toEqual(['EUR', 'TRY']);
  });

  it("checks every profile as the table's own limits are checked", () => {
    const parsed = parseTableSettings(
      baccarat({
        currencies: {
          TRY: tryProfile({
            limits: { player: { min: '600000', max: '500000' }, dragon: { min: '1', max: '2' } },
            tableMax: { tie: '100' },
            vipMax: { player: '1' },
            maxDifference: '0',
          }),
        },
      }),
      'EUR',
    );
    expect(parsed.ok ? [] : parsed.problems).toEqual([
      expect.stringContaining('currencies.TRY.limits.player: min 600000 is above max 500000'),
      expect.stringContaining('currencies.TRY.limits.dragon: not a baccarat bet'),
      'currencies.TRY.tableMax.tie: the table does not offer this bet',
      'currencies.TRY.vipMax.player: 1 is below the table maximum 500000',
      'currencies.TRY.maxDifference: must be positive',
    ]);
  });

  it("refuses the table's own currency among the others, an empty profile, a bad code, a difference elsewhere", () => {
    const own = parseTableSettings(baccarat({ currencies: { EUR: tryProfile() } }), 'EUR');
    expect(own.ok ? [] : own.problems).toEqual([
      "currencies.EUR: the table's own currency uses the top-level limits",
    ]);
    const empty = parseTableSettings(baccarat({ currencies: { TRY: { limits: {} } } }), 'EUR');
    expect(empty.ok ? [] : empty.problems).toEqual(['currencies.TRY.limits: the table offers no bet']);
    const code = parseTableSettings(baccarat({ currencies: { try: tryProfile() } }), 'EUR');
    expect(code.ok).toBe(false);
    const roulette = parseTableSettings(
      {
        game: 'roulette',
        limits: { red: { min: '10', max: '1000' } },
        currencies: { TRY: { limits: { red: { min: '100', max: '9000' } }, maxDifference: '5' } },
      },
      'EUR',
    );
    expect(roulette.ok ? [] : roulette.problems).toEqual([
      'currencies.TRY.maxDifference: roulette has no maximum difference',
    ]);
    const unknownField = parseTableSettings(
      baccarat({ currencies: { TRY: tryProfile({ rate: '1.5' }) } }),
      'EUR',
    );
    expect(unknownField.ok).toBe(false);
  });
});
