import { useCallback, useEffect, useState } from 'react';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useApp } from '../context/app-context';
import type { Game } from '../launch/launch';
import { gameName, PLATFORM_GAMES } from '../games/clients';
import { fetchHistory, fetchRound, HistoryRound, RoundDetails } from './history-api';
import { useHistoryTranslation } from './history-strings';
import { RoundDetailsView } from './RoundDetailsView';
import './history.css';

/** The History button (lobby and table heads): the player's rounds per game, and a round's details. */
export function HistoryButton({ game }: { game?: Game }) {
  const { t } = useHistoryTranslation();
  const { launch } = useApp();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() => setOpen(true)}
        data-action="history"
        disabled={!launch.token}
      >
        {t('history.open')}
      </button>
      {open && launch.token ? (
        <HistoryDialog
          token={launch.token}
          initialGame={game ?? launch.game ?? PLATFORM_GAMES[0]}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function HistoryDialog({
  token,
  initialGame,
  onClose,
}: {
  token: string;
  initialGame: Game;
  onClose: () => void;
}) {
  const { t } = useHistoryTranslation();
  const { locale } = useApp();
  const [game, setGame] = useState<Game>(initialGame);
  const [rounds, setRounds] = useState<HistoryRound[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [details, setDetails] = useState<RoundDetails | null>(null);

  const load = useCallback(
    async (before: string | null) => {
      setState('loading');
      try {
        const page = await fetchHistory(token, game, before);
        setRounds((old) => (before ? [...old, ...page.items] : page.items));
        setNext(page.nextBefore);
        setState('ready');
      } catch {
        setState('error');
      }
    },
    [token, game],
  );
  useEffect(() => {
    setRounds([]);
    setDetails(null);
    void load(null);
  }, [load]);

  const openRound = async (r: HistoryRound) => {
    try {
      setDetails(await fetchRound(token, r.tableId, r.roundId));
    } catch {
      setState('error');
    }
  };
  const money = (minor: string, currency: string) => formatMoney(minor, currency, locale);

  return (
    <div
      className="dialog-backdrop"
      role="dialog"
      aria-modal="true"
      aria-label={t('history.title')}
      onClick={onClose}
    >
      <div className="dialog rh-dialog" onClick={(e) => e.stopPropagation()} data-testid="history">
        <div className="rh-head">
          <h2>{details ? t('history.pageTitle') : t('history.title')}</h2>
          <button
            type="button"
            className="btn btn--ghost rh-close"
            onClick={onClose}
            aria-label={t('history.close')}
          >
            ✕
          </button>
        </div>
        {details ? (
          <>
            <button type="button" className="btn btn--ghost rh-back" onClick={() => setDetails(null)}>
              ‹ {t('history.back')}
            </button>
            <RoundDetailsView round={details} locale={locale} />
          </>
        ) : (
          <>
            <div className="tabs rh-tabs" role="tablist">
              {PLATFORM_GAMES.map((g) => (
                <button
                  key={g}
                  type="button"
                  role="tab"
                  aria-selected={game === g}
                  className={`tab${game === g ? ' tab--active' : ''}`}
                  onClick={() => setGame(g)}
                  data-history-game={g}
                >
                  {gameName(t, g)}
                </button>
              ))}
            </div>
            {state === 'error' ? <p className="notice">{t('history.error')}</p> : null}
            {state === 'ready' && rounds.length === 0 ? <p className="notice">{t('history.empty')}</p> : null}
            <ul className="rh-list">
              {rounds.map((r) => {
                const net = BigInt(r.returned) - BigInt(r.staked);
                return (
                  <li key={`${r.tableId}/${r.roundId}`}>
                    <button
                      type="button"
                      className="rh-row"
                      onClick={() => void openRound(r)}
                      data-history-round={r.roundId}
                    >
                      <span className="rh-row__when">
                        {new Date(r.openedAt).toLocaleString(locale, {
                          dateStyle: 'short',
                          timeStyle: 'short',
                        })}
                        <small>{r.tableId}</small>
                      </span>
                      <span className="rh-row__stake">{money(r.staked, r.currency)}</span>
                      <span className={`rh-row__net${net > 0n ? ' rh-win' : ''}`}>
                        {/* A signed amount reads left to right in a right-to-left page too (+€1.00). */}
                        {r.status === 'settled' ? (
                          <bdi dir="ltr">{`${net > 0n ? '+' : ''}${money(net.toString(), r.currency)}`}</bdi>
                        ) : (
                          t(`history.status.${r.status}`, { defaultValue: r.status })
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            {state === 'loading' ? <p className="rh-muted">{t('history.loading')}</p> : null}
            {next && state === 'ready' ? (
              <button type="button" className="btn btn--ghost" onClick={() => void load(next)}>
                {t('history.more')}
              </button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
