import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '../launch/launch';
import { baccaratPayout } from './baccarat-payouts';

/** The game's rules and pay table in the player's language. */
export function RulesButton({
  game,
  variant,
  blackjackPays,
}: {
  game: Game;
  variant?: string;
  blackjackPays?: string;
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
            <h2>{t('rules.title', { game: t(`games.${game}`) })}</h2>
            <RulesText game={game} variant={variant} blackjackPays={blackjackPays ?? '3:2'} />
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
  variant,
  blackjackPays,
}: {
  game: Game;
  variant?: string;
  blackjackPays: string;
}) {
  const { t } = useTranslation();
  const paragraphs = t(`rules.${game}`, { returnObjects: true, pays: blackjackPays }) as unknown;
  const lines = Array.isArray(paragraphs) ? paragraphs.filter((p): p is string => typeof p === 'string') : [];
  const rows: [string, string][] =
    game === 'baccarat'
      ? [
          'player',
          'banker',
          'tie',
          'playerPair',
          'bankerPair',
          'luckySix',
          'playerNatural',
          'bankerNatural',
        ].map((b) => [t(`bets.${b}`), baccaratPayout(b, variant ?? 'commission')])
      : game === 'roulette'
        ? [
            [t('rules.straight'), '35:1'],
            [t('rules.split'), '17:1'],
            [t('rules.street'), '11:1'],
            [t('rules.corner'), '8:1'],
            [t('rules.sixLine'), '5:1'],
            [t('rules.dozenColumn'), '2:1'],
            [t('rules.evenMoney'), '1:1'],
          ]
        : [
            [t('rules.blackjackWin'), '1:1'],
            [t('rules.blackjackBj'), blackjackPays],
            [t('rules.insurancePays'), '2:1'],
          ];
  return (
    <>
      {lines.map((line, i) => (
        <p key={i}>{line.replace('{{pays}}', blackjackPays)}</p>
      ))}
      {game === 'baccarat' && variant === 'no-commission' ? <p>{t('rules.baccaratNoCommission')}</p> : null}
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
