import { LimitProfile, limitProfileFor, tableCurrencies } from '@casino/events';
import { RoundView } from '../rounds/round-view';

/**
 * Currencies per table (docs/ledger.md#currencies-per-table): a round records its table's own currency and the
 * settings of every currency the table takes. Each currency's bets are checked against its own limit profile and
 * its own table totals; amounts of different currencies never meet (no exchange rate in a bet).
 */

/** The limit profile of `currency` in the round, or undefined when the table does not take that currency. */
export function roundProfile(
  round: Pick<RoundView, 'config' | 'currency'>,
  currency: string,
): LimitProfile | undefined {
  return limitProfileFor(round.config, round.currency, currency);
}

/** Every currency the round's table takes, its own first. */
export const roundCurrencies = (round: Pick<RoundView, 'config' | 'currency'>): string[] =>
  tableCurrencies(round.config, round.currency);

/**
 * The key of a limit key's table total in the round's running totals: the limit key itself for the table's own
 * currency (as every round stored before currencies per table), `key@CUR` for another currency.
 */
export function totalsKey(round: Pick<RoundView, 'currency'>, key: string, currency: string): string {
  return currency === round.currency ? key : `${key}@${currency}`;
}

/** The round's table totals of one currency, by limit key (what the restrictions of a bet in it look at). */
export function totalsIn(
  round: Pick<RoundView, 'currency' | 'totals'>,
  currency: string,
): ReadonlyMap<string, bigint> {
  const out = new Map<string, bigint>();
  const suffix = `@${currency}`;
  for (const [k, v] of round.totals) {
    const at = k.indexOf('@');
    if (currency === round.currency ? at < 0 : k.endsWith(suffix) && at === k.length - suffix.length)
      out.set(at < 0 ? k : k.slice(0, at), v);
  }
  return out;
}

/**
 * A round's bets by currency, each with the round as seen in that currency (its `currency` the bets'): what
 * settlement, refunds and their events take one currency at a time. The table's own currency comes first and is
 * always there (with no bets, too: every round publishes its settlement in it).
 */
export function currencyLegs<T extends { bet: { currency: string } }>(
  round: RoundView,
  paired: readonly T[],
): { round: RoundView; paired: T[] }[] {
  const legs = new Map<string, T[]>([[round.currency, []]]);
  for (const p of paired) {
    const list = legs.get(p.bet.currency);
    if (list) list.push(p);
    else legs.set(p.bet.currency, [p]);
  }
  return [...legs].map(([currency, bets]) => ({
    round: currency === round.currency ? round : { ...round, currency },
    paired: bets,
  }));
}
