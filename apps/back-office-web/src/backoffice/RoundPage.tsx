import { FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoundView } from '../api/ledger';
import { hashOf } from '../app/route';
import { useApp } from '../app/session';
import { handsOfCards, handTotalOfCards } from '@casino/baccarat';
import { formatMoney } from '@packages/wallet/src/money-display';
import { PlayingCard } from '@casino/web-kit';
import { useLoad } from '../ui/use-load';
import { studioResultParts } from '../games/studio-result';
import { FairSeedsView, StudioResultView } from '../games/StudioResultView';

/**
 * Round recall: find a round by table and id; its cards, pocket, dice or bead count, timings, shoe or seeds, every
 * bet.
 */
export function RoundPage({ tableId, roundId }: { tableId: string; roundId: string }) {
  const { t } = useTranslation();
  const { ledger, navigate } = useApp();
  const [table, setTable] = useState(tableId);
  const [round, setRound] = useState(roundId);
  const load = useLoad(
    () => (tableId && roundId ? ledger.round(tableId, roundId) : Promise.resolve(null)),
    [ledger, tableId, roundId],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (table.trim() && round.trim()) navigate(hashOf('rounds', table.trim(), round.trim()));
  };
  return (
    <>
      <form className="panel toolbar" onSubmit={submit}>
        <label>
          {t('round.table')}
          <input name="table" value={table} maxLength={64} onChange={(e) => setTable(e.target.value)} />
        </label>
        <label>
          {t('round.round')}
          <input name="round" value={round} maxLength={128} onChange={(e) => setRound(e.target.value)} />
        </label>
        <button type="submit">{t('round.find')}</button>
      </form>
      {load.error && <p className="error">{t('common.error', { message: load.error })}</p>}
      {load.data && <RoundDetails round={load.data} />}
    </>
  );
}

function RoundDetails({ round }: { round: RoundView }) {
  const { t, i18n } = useTranslation();
  const money = (v: string) => formatMoney(v, round.currency, i18n.language);
  const time = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : '—');
  return (
    <section className="panel round" data-round={round.roundId}>
      <h2>
        {round.tableId} · {round.roundId}{' '}
        <span className={`badge badge--${round.status}`}>{round.status}</span>
      </h2>
      <dl className="facts">
        <dt>{t('round.opened')}</dt>
        <dd>{time(round.openedAt)}</dd>
        <dt>{t('round.closed')}</dt>
        <dd>{time(round.closedAt)}</dd>
        <dt>{t('round.finished')}</dt>
        <dd>{time(round.finishedAt)}</dd>
        <dt>{t('round.staked')}</dt>
        <dd>{money(round.totalStaked)}</dd>
        <dt>{t('round.returned')}</dt>
        <dd>{money(round.totalReturned)}</dd>
        {round.shoe && (
          <>
            <dt>{t('round.shoe')}</dt>
            <dd className="mono">{round.shoe.shoeId}</dd>
            <dt>{t('round.commitment')}</dt>
            <dd className="mono wrap">{round.shoe.hash}</dd>
          </>
        )}
        {round.problem && (
          <>
            <dt>{t('round.problem')}</dt>
            <dd className="error">{round.problem}</dd>
          </>
        )}
        {round.voidReason && (
          <>
            <dt>{t('round.voidReason')}</dt>
            <dd>{round.voidReason}</dd>
          </>
        )}
      </dl>
      <ResultView result={round.result} />
      <h3>{t('round.bets')}</h3>
      {round.bets.length === 0 && <p className="hint">{t('player.none')}</p>}
      <table className="grid" hidden={round.bets.length === 0}>
        <thead>
          <tr>
            <th>{t('round.player')}</th>
            <th>{t('round.bet')}</th>
            <th className="num">{t('round.stake')}</th>
            <th>{t('round.status')}</th>
            <th className="num">{t('round.returned')}</th>
            <th>{t('round.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {round.bets.map((b) => (
            <tr key={b.betId}>
              <td>
                <a href={hashOf('players', b.operatorId, b.playerId)}>{b.playerId}</a>
              </td>
              <td className="mono">{describeBet(b.bet)}</td>
              <td className="num">{money(b.stake)}</td>
              <td>{b.status}</td>
              <td className="num">{b.returned === null ? '—' : money(b.returned)}</td>
              <td>{b.outcome ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ResultView({ result }: { result: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  if (!result) return <p className="hint">{t('round.noResult')}</p>;
  const cards = Array.isArray(result.cards)
    ? result.cards.filter((c): c is string => typeof c === 'string')
    : [];
  const hands = result.game === 'baccarat' ? handsOfCards(cards) : null;
  if (hands && cards.length > 0) {
    return (
      <div className="result" aria-label={t('round.cards')}>
        <h3>{t('round.cards')}</h3>
        <div className="hands">
          {(['player', 'banker'] as const).map((side) => (
            <div key={side} className={`hand hand--${side}`}>
              <span className="hand__name">
                {side === 'player' ? 'Player' : 'Banker'} · {handTotalOfCards(hands[side])}
              </span>
              <div className="cards">
                {hands[side].map((c, i) => (
                  <PlayingCard key={i} card={c} />
                ))}
              </div>
            </div>
          ))}
        </div>
        <p className="mono">{cards.join(' ')}</p>
      </div>
    );
  }
  const studio = typeof result.game === 'string' ? studioResultParts(result.game, result) : null;
  if (studio) {
    return (
      <div className="result" aria-label={t('round.result')}>
        <h3>{t('round.result')}</h3>
        <StudioResultView parts={studio} />
        {studio.kind === 'duel' ? (
          <p className="mono">{studio.hands.map((h) => h.card).join(' ')}</p>
        ) : (
          studio.fair && <FairSeedsView fair={studio.fair} />
        )}
      </div>
    );
  }
  if (result.game === 'roulette' && typeof result.pocket === 'number') {
    return (
      <div className="result">
        <h3>{t('round.pocket')}</h3>
        <span className="pocket">{result.pocket}</span>
      </div>
    );
  }
  return (
    <div className="result">
      <h3>{t('round.cards')}</h3>
      {cards.length > 0 && (
        <div className="cards">
          {cards.map((c, i) => (
            <PlayingCard key={i} card={c} small />
          ))}
        </div>
      )}
      {cards.length > 0 ? (
        <p className="mono">{cards.join(' ')}</p>
      ) : (
        <pre className="mono wrap">{JSON.stringify(result, null, 1)}</pre>
      )}
    </div>
  );
}

export function describeBet(bet: Record<string, unknown>): string {
  return Object.entries(bet)
    .filter(([k]) => k !== 'game')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}
