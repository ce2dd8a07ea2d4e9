import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import { ChipRack } from '../../ui/chip';
import { TotalBet } from '../../ui/total-bet';

/** A live table's controls under the layout: the chips, undo, repeat (and double) while betting, the total stake. */
export function LiveBetControls({
  chips,
  chip,
  onChip,
  currency,
  betting,
  hasBets,
  total,
  onUndo,
  onRepeat,
  onDouble,
  hint,
}: {
  chips: string[];
  chip: string;
  onChip: (value: string) => void;
  currency: string;
  betting: boolean;
  hasBets: boolean;
  total: bigint;
  onUndo: () => void;
  onRepeat: () => void;
  /** Double every bet on the table this round (one command); no button without it. */
  onDouble?: () => void;
  /** Shown before the buttons (roulette: the numbers covered). */
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useApp();
  return (
    <div className="controls">
      <ChipRack values={chips} selected={chip} onSelect={onChip} currency={currency} locale={locale} />
      <div className="controls__buttons">
        {hint}
        <button
          type="button"
          className="btn"
          disabled={!betting || !hasBets}
          onClick={onUndo}
          data-action="undo"
        >
          {t('controls.undo')}
        </button>
        <button type="button" className="btn" disabled={!betting} onClick={onRepeat} data-action="repeat">
          {t('controls.repeat')}
        </button>
        {onDouble && (
          <button
            type="button"
            className="btn"
            disabled={!betting || !hasBets}
            onClick={onDouble}
            data-action="double"
          >
            {t('controls.double')}
          </button>
        )}
      </div>
      <TotalBet total={total} currency={currency} locale={locale} />
    </div>
  );
}
