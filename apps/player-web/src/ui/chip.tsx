import { useTranslation } from 'react-i18next';
import { formatMoney } from '@packages/wallet/src/money-display';

/** Chip colours by value in minor units, as on a casino table. */
function chipColour(minor: string): string {
  const v = BigInt(minor);
  if (v >= 100_000n) return 'chip--black-gold';
  if (v >= 50_000n) return 'chip--purple';
  if (v >= 10_000n) return 'chip--black';
  if (v >= 2_500n) return 'chip--green';
  if (v >= 500n) return 'chip--red';
  return 'chip--white';
}

export function Chip({
  value,
  currency,
  locale,
  selected,
  onSelect,
  small,
  label,
}: {
  value: string;
  currency: string;
  locale: string;
  selected?: boolean;
  onSelect?: () => void;
  small?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const text = label ?? formatMoney(value, currency, locale, true);
  const className = `chip ${chipColour(value)}${selected ? ' chip--selected' : ''}${small ? ' chip--small' : ''}`;
  if (!onSelect) return <span className={className}>{text}</span>;
  return (
    <button
      type="button"
      className={className}
      onClick={onSelect}
      aria-pressed={selected}
      aria-label={t('a11y.chip', { value: formatMoney(value, currency, locale) })}
      data-chip={value}
    >
      {text}
    </button>
  );
}

/** The chip values offered at a table: the usual denominations within its limits. */
export function chipValues(min: string, max: string): string[] {
  const lo = BigInt(min);
  const hi = BigInt(max);
  const all = [100n, 500n, 1_000n, 2_500n, 10_000n, 50_000n, 100_000n];
  const fit = all.filter((v) => v >= lo && v <= hi);
  const values = fit.length > 0 ? fit : [lo];
  return values.slice(0, 6).map(String);
}

export function ChipRack({
  values,
  selected,
  onSelect,
  currency,
  locale,
}: {
  values: string[];
  selected: string;
  onSelect: (value: string) => void;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="chip-rack" role="group" aria-label={t('controls.chips')}>
      {values.map((v) => (
        <Chip
          key={v}
          value={v}
          currency={currency}
          locale={locale}
          selected={v === selected}
          onSelect={() => onSelect(v)}
        />
      ))}
    </div>
  );
}
