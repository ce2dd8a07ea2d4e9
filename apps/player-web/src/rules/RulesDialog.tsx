import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameId } from '@casino/games';
import { gameName } from '../games/clients';
import type { PayRow } from './table-limits';

/**
 * The game's rules and pay table in the player's language. The general paragraphs are the translation of
 * `rules.<game>`; the table gives its own lines and pay rows (from its engine's pay data or its snapshot).
 */
export function RulesButton({
  game,
  params,
  lines = [],
  rows,
}: {
  game: GameId;
  /** Placeholders of the general paragraphs (blackjack: `pays`). */
  params?: Record<string, string>;
  /** This table's own lines after the general paragraphs. */
  lines?: readonly string[];
  rows: readonly PayRow[];
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--round"
        onClick={() => setOpen(true)}
        data-action="rules"
        aria-label={t('app.rules')}
      >
        ?
      </button>
      {open ? (
        <div className="dialog-backdrop" role="dialog" aria-modal="true" onClick={() => setOpen(false)}>
          <div className="dialog" onClick={(e) => e.stopPropagation()} data-testid="rules">
            <h2>{t('rules.title', { game: gameName(t, game) })}</h2>
            <RulesText game={game} params={params} lines={lines} rows={rows} />
            <button type="button" className="btn btn--gold" onClick={() => setOpen(false)}>
              {t('app.close')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function RulesText({
  game,
  params,
  lines,
  rows,
}: {
  game: GameId;
  params?: Record<string, string>;
  lines: readonly string[];
  rows: readonly PayRow[];
}): ReactNode {
  const { t } = useTranslation();
  const paragraphs = t(`rules.${game}`, { returnObjects: true, defaultValue: [], ...params }) as unknown;
  const general = Array.isArray(paragraphs)
    ? paragraphs.filter((p): p is string => typeof p === 'string')
    : [];
  return (
    <>
      {[...general, ...lines].map((line, i) => (
        <p key={i}>
          {Object.entries(params ?? {}).reduce((text, [k, v]) => text.replace(`{{${k}}}`, v), line)}
        </p>
      ))}
      <table className="paytable">
        <thead>
          <tr>
            <th>{t('rules.bet')}</th>
            <th>{t('rules.pays')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, pays]) => (
            <tr key={name}>
              <td>{name}</td>
              <td dir="ltr">{pays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
