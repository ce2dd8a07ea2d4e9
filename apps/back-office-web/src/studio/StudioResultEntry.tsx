import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DealerEntry } from '../games/dealer-entry';
import { normaliseCard } from './dealer-api';
import { StudioEntry } from './studio-key';

/**
 * A studio dealer's entry of a round's result for a game a generic host draws (docs/dealers.md#studio-games): the
 * faces of the dice, the bead count or the cards, sent as the result's own field (`enter`, which signs it when the
 * console has the table's key); and the command to shake, count or deal again. The service's engine checks the
 * values; its refusal is shown like any other.
 */
export function StudioResultEntry({
  entry,
  beadRange,
  sides,
  run,
  enter,
}: {
  entry: DealerEntry;
  beadRange?: { min: number; max: number };
  /** The two-card games' sides in deal order, to name each card's input. */
  sides?: readonly string[] | null;
  run(action: string, body?: unknown): Promise<void>;
  enter(body: StudioEntry): Promise<void>;
}) {
  const { t } = useTranslation();
  const size = entry.field === 'count' ? 1 : entry.size;
  const [values, setValues] = useState<string[]>(() => Array.from({ length: size }, () => ''));
  const set = (i: number, v: string) => setValues((old) => old.map((o, j) => (j === i ? v : o)));
  const body = (): StudioEntry | null => {
    if (entry.field === 'count') return /^[0-9]{1,5}$/.test(values[0]) ? { count: Number(values[0]) } : null;
    if (entry.field === 'dice')
      return values.every((v) => /^[1-6]$/.test(v)) ? { dice: values.map(Number) } : null;
    const cards = values.map(normaliseCard);
    return cards.every((c) => c !== null) ? { cards: cards as string[] } : null;
  };
  const ready = body();
  const submit = async () => {
    if (!ready) return;
    await enter(ready);
    setValues(values.map(() => ''));
  };
  const label = (i: number) =>
    entry.field === 'count'
      ? t('studio.beadCount')
      : entry.field === 'dice'
        ? t('studio.die', { n: i + 1 })
        : sides?.[i]
          ? t('studio.cardOf', { side: sides[i] })
          : t('studio.card', { n: i + 1 });
  return (
    <div className="row studio-entry" data-entry={entry.field}>
      {values.map((v, i) => (
        <label key={i}>
          {label(i)}
          <input
            name={entry.field === 'count' ? 'count' : `${entry.field === 'dice' ? 'die' : 'card'}${i + 1}`}
            inputMode={entry.field === 'cards' ? 'text' : 'numeric'}
            autoComplete="off"
            autoFocus={i === 0}
            value={v}
            maxLength={entry.field === 'dice' ? 1 : entry.field === 'count' ? 5 : 3}
            onChange={(e) => set(i, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void submit();
            }}
          />
        </label>
      ))}
      {entry.field === 'count' && beadRange && (
        <span className="hint">{t('studio.beadRange', { min: beadRange.min, max: beadRange.max })}</span>
      )}
      <button disabled={!ready} onClick={() => void submit()}>
        {t('studio.enterResult')}
      </button>
      <button onClick={() => void run('redraw')}>{t(`studio.redraw.${entry.field}`)}</button>
    </div>
  );
}
