import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_RATIO } from '@packages/roulette/src/winning';
import type { Game } from '../launch/launch';
import { useApp } from '../context/app-context';
import { baccaratPayout } from './baccarat-payouts';
import {
  blackjackRuleLines,
  BlackjackRulesView,
  houseEdgeText,
  STANDARD_BLACKJACK_RULES,
} from './blackjack-rules';

/** The game's rules and pay table in the player's language. */
export function RulesButton({
  game,
  variant,
  blackjack,
}: {
  game: Game;
  variant?: string;
  /** Blackjack: the table's own rules, from its snapshot. */
  blackjack?: BlackjackRulesView;
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
            <RulesText game={game} variant={variant} blackjack={blackjack ?? STANDARD_BLACKJACK_RULES} />
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
  blackjack,
}: {
  game: Game;
  variant?: string;
  blackjack: BlackjackRulesView;
}) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const blackjackPays = blackjack.blackjackPays;
  const paragraphs = t(`rules.${game}`, { returnObjects: true, pays: blackjackPays }) as unknown;
  const general = Array.isArray(paragraphs)
    ? paragraphs.filter((p): p is string => typeof p === 'string')
    : [];
  // Blackjack: the dealer, peek, split, double and insurance lines come from this table's settings.
  const lines =
    game === 'blackjack'
      ? [
          ...general,
          ...blackjackRuleLines(blackjack).map((l) => t(`rules.${l.key}`, l.params ?? {})),
          ...(blackjack.houseEdge !== null
            ? [
                t(blackjack.houseEdgeExact ? 'rules.bjHouseEdge' : 'rules.bjHouseEdgeEstimated', {
                  edge: houseEdgeText(blackjack.houseEdge, locale),
                }),
              ]
            : []),
        ]
      : general;
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
            // The roulette engine's payouts (docs/rules/roulette.md), not a copy.
            [t('rules.straight'), `${PAYOUT_RATIO.straight}:1`],
            [t('rules.split'), `${PAYOUT_RATIO.split}:1`],
            [t('rules.street'), `${PAYOUT_RATIO.street}:1`],
            [t('rules.corner'), `${PAYOUT_RATIO.corner}:1`],
            [t('rules.sixLine'), `${PAYOUT_RATIO.sixLine}:1`],
            [t('rules.dozenColumn'), `${PAYOUT_RATIO.dozen}:1`],
            [t('rules.evenMoney'), `${PAYOUT_RATIO.red}:1`],
          ]
        : [
            [t('rules.blackjackWin'), '1:1'],
            [t('rules.blackjackBj'), blackjackPays],
            ...(blackjack.insurance ? [[t('rules.insurancePays'), '2:1'] as [string, string]] : []),
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
