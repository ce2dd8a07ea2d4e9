import type { Translate } from '../../i18n/translate';
import { amount, obj } from '../../net/game-connection';
import type { LimitRow, PayRow, TableLimits } from '../../rules/table-limits';
import type { StudioSpot } from './studio-games';
import { betLabel, spotPaysText } from './studio-parts';

/** The spots of each limit key, in the layout's order (Sic Bo's `double` has six spots, `total9` one). */
function byLimitKey(spots: readonly StudioSpot[]): Map<string, StudioSpot[]> {
  const keys = new Map<string, StudioSpot[]>();
  for (const s of spots) keys.set(s.limitKey, [...(keys.get(s.limitKey) ?? []), s]);
  return keys;
}

/** A limit key's name: its one spot's (Total 9, Dragon), or its group's (Doubles, Fan). */
function limitName(list: readonly StudioSpot[], t: Translate): string {
  return list.length === 1
    ? betLabel(t, list[0].bet)
    : t(`studio.group.${list[0].type}`, { defaultValue: list[0].type });
}

/** The limits panel: each limit key the table sets, its range from the join snapshot's limits, its payouts. */
export function studioLimits(
  snapshot: Record<string, unknown> | null,
  spots: readonly StudioSpot[],
  t: Translate,
): TableLimits {
  const limits = obj(obj(snapshot).limits);
  const rows: LimitRow[] = [];
  for (const [key, list] of byLimitKey(spots)) {
    const min = amount(obj(limits[key]).min);
    const max = amount(obj(limits[key]).max);
    if (min === null || max === null) continue;
    rows.push({
      key,
      name: key,
      label: limitName(list, t),
      range: { kind: 'range', min, max },
      payout: { kind: 'ratio', text: spotPaysText(list[0]) },
    });
  }
  return { rows, maxDifference: null, tableTotals: false };
}

/** The rules dialog's pay table: one row per limit key. */
export function studioPayRows(spots: readonly StudioSpot[], t: Translate): PayRow[] {
  return [...byLimitKey(spots).values()].map((list) => [limitName(list, t), spotPaysText(list[0])] as const);
}
