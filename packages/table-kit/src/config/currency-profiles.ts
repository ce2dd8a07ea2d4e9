import { currencyProfileSchema, LimitProfile, recordOf, tableCurrencies } from '@casino/events';
import { z } from 'zod';
import { Rejection, rejection } from '../wire/rejection-codes';

/**
 * A table's other currencies in TABLES (docs/ledger.md#currencies-per-table): per currency code, its own limit
 * profile as the ledger's catalogue holds it (`limits`, `tableMax`, `vipMax`, baccarat's `maxDifference`; amounts
 * as decimal strings of that currency's minor units). The table's own `currency` keeps the game's own settings.
 */
export const tableCurrenciesSchema = recordOf(
  z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code'),
  currencyProfileSchema,
);
export type TableCurrencies = z.infer<typeof tableCurrenciesSchema>;

/** What a table's currencies are read from: its own currency and the others' profiles. */
export interface CurrencyTable {
  readonly currency: string;
  readonly currencies?: TableCurrencies;
}

/** The refusal of a player whose currency the table does not take; undefined when it takes it. */
export function currencyRejection(table: CurrencyTable, currency: string): Rejection | undefined {
  if (currency === table.currency || table.currencies?.[currency]) return undefined;
  return rejection(
    'CURRENCY_MISMATCH',
    `the table takes ${tableCurrencies(table, table.currency).join(', ')}, not ${currency}`,
  );
}

/**
 * The limit profile a player of `currency` is held to and shown: the profile the table lists for it, or undefined
 * for the table's own currency (the game's own settings apply) and for a currency it does not take.
 */
export function otherCurrencyProfile(
  table: CurrencyTable,
  currency: string | undefined,
): LimitProfile | undefined {
  const profile =
    currency === undefined || currency === table.currency ? undefined : table.currencies?.[currency];
  return profile && { ...profile, tableMax: profile.tableMax ?? {} };
}

/** The `currencies` of the table's RoundOpened settings (absent when the table takes its own currency only). */
export const ledgerCurrencies = (table: CurrencyTable): { currencies?: TableCurrencies } =>
  table.currencies && Object.keys(table.currencies).length > 0 ? { currencies: table.currencies } : {};

/**
 * Every view of a table that takes other currencies lists their limits (`currencies: {TRY: {limits}}`), so the lobby
 * can show a player the limits of their own currency before they join; nothing for a single-currency table.
 */
export function currencyLimits(table: CurrencyTable): { currencies?: Record<string, { limits: object }> } {
  const entries = Object.entries(table.currencies ?? {});
  return entries.length === 0
    ? {}
    : { currencies: Object.fromEntries(entries.map(([c, p]) => [c, { limits: p.limits }])) };
}
