import { exactBetMoments } from '@casino/games';
import { OperatorCatalogueRow } from '../../tables/operator-catalogue.repository';

type Raw = Record<string, unknown>;
const record = (v: unknown): Raw => (typeof v === 'object' && v !== null ? (v as Raw) : {});

/** One currency's limits as the catalogue lists them (minor units of that currency, decimal strings). */
export interface CurrencyLimitsView {
  maxDifference?: string;
  limits: Record<
    string,
    { min: string; max: string; tableMax?: string; vipMax?: string; rtp: number | null }
  >;
}

/** A limit profile's limits per key, with its table maxima and VIP ceilings (settings as stored: strings). */
export function limitsView(game: string, profile: Raw, settings: Raw): CurrencyLimitsView['limits'] {
  const tableMax = record(profile.tableMax);
  const vipMax = record(profile.vipMax);
  const out: CurrencyLimitsView['limits'] = {};
  for (const [key, raw] of Object.entries(record(profile.limits))) {
    const limit = record(raw);
    out[key] = {
      min: String(limit.min),
      max: String(limit.max),
      ...(tableMax[key] === undefined ? {} : { tableMax: String(tableMax[key]) }),
      ...(vipMax[key] === undefined ? {} : { vipMax: String(vipMax[key]) }),
      // The return does not depend on the currency: the pay table is the table's.
      rtp: exactBetMoments(game, key, settings)?.rtp ?? null,
    };
  }
  return out;
}

/**
 * The table's limits in each currency it shares with the operator (docs/ledger.md#currencies-per-table): its own
 * currency's from the top-level settings, another's from its profile in `currencies`.
 */
export function currencyLimitsOf(
  row: OperatorCatalogueRow,
  operatorCurrencies: readonly string[],
): Record<string, CurrencyLimitsView> {
  const s = row.settings;
  const profiles: [string, Raw][] = [
    [row.currency, s],
    ...Object.entries(record(s.currencies)).map(([c, p]): [string, Raw] => [c, record(p)]),
  ];
  const out: Record<string, CurrencyLimitsView> = {};
  for (const [currency, profile] of profiles) {
    if (!operatorCurrencies.includes(currency) || out[currency]) continue;
    out[currency] = {
      ...(profile.maxDifference === undefined ? {} : { maxDifference: String(profile.maxDifference) }),
      limits: limitsView(row.game, profile, s),
    };
  }
  return out;
}

/** The currencies of the table the operator shares, the table's own first. */
export function sharedCurrencies(row: OperatorCatalogueRow, operatorCurrencies: readonly string[]): string[] {
  return Object.keys(currencyLimitsOf(row, operatorCurrencies));
}
