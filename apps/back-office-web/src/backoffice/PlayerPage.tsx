import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Balance, BetView, itemsOf } from '../api/ledger';
import { hashOf } from '../app/route';
import { useApp } from '../app/session';
import { formatMoney } from '@packages/wallet/src/money-display';
import { downloadCsv, toCsv } from '../ui/csv';
import { useLoad } from '../ui/use-load';
import { describeBet } from './RoundPage';

/** A player: balances and latest bets (each links to its round's recall), with a CSV export of the bets. */
export function PlayerPage({ operatorId, playerId }: { operatorId: string; playerId: string }) {
  const { t, i18n } = useTranslation();
  const { ledger, navigate, session } = useApp();
  const [operator, setOperator] = useState(operatorId || session.operatorId || '');
  const [player, setPlayer] = useState(playerId);
  const load = useLoad(async () => {
    if (!operatorId || !playerId) return null;
    const [balances, bets] = await Promise.all([
      ledger.balances(operatorId, playerId),
      ledger.bets(operatorId, playerId),
    ]);
    return { balances: itemsOf<Balance>(balances), bets: itemsOf<BetView>(bets) };
  }, [ledger, operatorId, playerId]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (operator.trim() && player.trim()) navigate(hashOf('players', operator.trim(), player.trim()));
  };
  const exportBets = (bets: BetView[]) =>
    downloadCsv(
      `bets-${operatorId}-${playerId}.csv`,
      toCsv(
        ['betId', 'tableId', 'roundId', 'game', 'currency', 'stake', 'status', 'returned', 'acceptedAt'],
        bets.map((b) => [
          b.betId,
          b.tableId,
          b.roundId,
          b.game,
          b.currency,
          b.stake,
          b.status,
          b.returned,
          b.acceptedAt,
        ]),
      ),
    );
  return (
    <>
      <form className="panel toolbar" onSubmit={submit}>
        <label>
          {t('player.operator')}
          <input
            name="operator"
            value={operator}
            maxLength={64}
            onChange={(e) => setOperator(e.target.value)}
          />
        </label>
        <label>
          {t('player.player')}
          <input name="player" value={player} maxLength={128} onChange={(e) => setPlayer(e.target.value)} />
        </label>
        <button type="submit">{t('player.show')}</button>
      </form>
      {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
      {load.data && (
        <section className="panel">
          <h2>
            {operatorId} · {playerId}
          </h2>
          <h3>{t('player.balances')}</h3>
          <ul className="balances">
            {load.data.balances.map((b) => (
              <li key={b.currency} data-currency={b.currency}>
                {formatMoney(b.balance, b.currency, i18n.language)}
                {b.bonus !== undefined && (
                  <span className="small" data-bonus={b.bonus}>
                    {' · '}
                    {t('player.bonus', { amount: formatMoney(b.bonus, b.currency, i18n.language) })}
                    {b.wagering &&
                      ` · ${t('player.wagering', {
                        wagered: formatMoney(b.wagering.wagered, b.currency, i18n.language),
                        requirement: formatMoney(b.wagering.requirement, b.currency, i18n.language),
                        expires: b.wagering.expiresAt.slice(0, 10),
                      })}`}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className="row">
            <h3>{t('player.bets')}</h3>
            <button onClick={() => load.data && exportBets(load.data.bets)}>{t('reports.export')}</button>
          </div>
          {load.data.bets.length === 0 ? (
            <p className="hint">{t('player.none')}</p>
          ) : (
            <table className="grid">
              <thead>
                <tr>
                  <th>{t('round.round')}</th>
                  <th>{t('round.bet')}</th>
                  <th className="num">{t('round.stake')}</th>
                  <th>{t('round.status')}</th>
                  <th className="num">{t('round.returned')}</th>
                </tr>
              </thead>
              <tbody>
                {load.data.bets.map((b) => (
                  <tr key={b.betId}>
                    <td>
                      <a href={hashOf('rounds', b.tableId, b.roundId)}>
                        {b.tableId} · {b.roundId}
                      </a>
                    </td>
                    <td className="mono">{describeBet(b.bet)}</td>
                    <td className="num">{formatMoney(b.stake, b.currency, i18n.language)}</td>
                    <td>{b.status}</td>
                    <td className="num">
                      {b.returned === null ? '—' : formatMoney(b.returned, b.currency, i18n.language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}
