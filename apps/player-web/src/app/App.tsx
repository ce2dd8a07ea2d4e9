import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@packages/wallet/src/money-display';
import { changeLanguage } from '../i18n/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';
import { Game, Launch, rememberTable } from '../launch/launch';
import { LobbyPage } from '../lobby/LobbyPage';
import { fetchBalance } from '../net/player-balance';
import { BonusBalance } from './BonusBalance';
import { useLobby } from '../net/use-lobby';
import { TablePage } from '../tables/TablePage';
import { AppContext, AppContextValue, Toast } from '../context/app-context';
import type { Cue } from '../sound/cues';
import { loadMuted, playCue, saveMuted } from '../sound/sound-player';
import { parseLaunchOptions } from '../launch/launch-options';
import { SessionBar } from '../responsible/SessionBar';
import { usePlaySession } from '../responsible/use-play-session';

export function App({ launch }: { launch: Launch }) {
  const { t, i18n } = useTranslation();
  const lobby = useLobby();
  const [open, setOpen] = useState<{ game: Game | null; tableId: string | null }>({
    game: launch.game,
    tableId: launch.tableId,
  });
  const [balance, setBalance] = useState<string | null>(null);
  const cashierUrl = useMemo(() => parseLaunchOptions(window.location.search).cashierUrl, []);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextToast = useRef(1);
  const locale = i18n.language;

  const notify = useCallback((kind: Toast['kind'], text: string) => {
    const id = nextToast.current++;
    setToasts((list) => [...list.slice(-3), { id, kind, text }]);
    setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), kind === 'error' ? 6000 : 4000);
  }, []);

  const [muted, setMutedState] = useState(() => loadMuted(launch.playerKey));
  const mutedNow = useRef(muted);
  const setMuted = useCallback(
    (value: boolean) => {
      mutedNow.current = value;
      setMutedState(value);
      saveMuted(launch.playerKey, value);
    },
    [launch.playerKey],
  );
  const cue = useCallback((c: Cue) => {
    if (!mutedNow.current) playCue(c);
  }, []);

  // The play session: its clock starts at the launch (the token's iat); reality checks at the operator's interval.
  const [openedAt] = useState(() => Date.now());
  const play = usePlaySession(
    launch.playerKey,
    launch.issuedAt ?? openedAt,
    parseLaunchOptions(window.location.search).realityCheckMinutes,
  );
  const settleRound = play.settle;
  const sessionStartedAt = play.session.startedAt;

  const context: AppContextValue = useMemo(
    () => ({
      launch,
      locale,
      balance,
      setBalance,
      notify,
      muted,
      setMuted,
      cue,
      settleRound,
      sessionStartedAt,
    }),
    [launch, locale, balance, notify, muted, setMuted, cue, settleRound, sessionStartedAt],
  );

  // In the lobby the balance comes from the lobby service (at a table, from the table's socket).
  const inLobby = open.tableId === null;
  useEffect(() => {
    const token = launch.token;
    if (!inLobby || !token) return;
    let alive = true;
    const refresh = () =>
      void fetchBalance(token).then((b) => {
        if (alive && b !== null) setBalance(b);
      });
    refresh();
    const timer = setInterval(refresh, 10_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [inLobby, launch.token]);

  const openTable = (game: Game | null, tableId: string | null) => {
    setOpen({ game, tableId });
    rememberTable(game, tableId);
  };

  const table = open.tableId ? lobby.tables.find((x) => x.tableId === open.tableId) : undefined;

  return (
    <AppContext.Provider value={context}>
      <div className="app">
        <header className="topbar">
          <div className="topbar__brand">
            {open.tableId ? (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => openTable(null, null)}
                data-testid="back"
              >
                <span aria-hidden>‹</span> {t('app.back')}
              </button>
            ) : null}
            <span className="brand-mark" aria-hidden />
            <span className="brand-name">{t('app.title')}</span>
          </div>
          <div className="topbar__right">
            {launch.token ? <SessionBar play={play} onLeave={() => openTable(null, null)} /> : null}
            {launch.nickname ? <span className="topbar__player">{launch.nickname}</span> : null}
            <div className="balance" data-testid="balance" data-balance={balance ?? ''}>
              <span className="balance__label">{t('app.balance')}</span>
              <span className="balance__value">
                {balance === null ? '—' : formatMoney(balance, launch.currency, locale)}
              </span>
            </div>
            {launch.token ? (
              <BonusBalance token={launch.token} currency={launch.currency} locale={locale} />
            ) : null}
            {/* Fun mode (the token says so): a play-money badge where the operator's cashier would be. */}
            {launch.fun ? (
              <span
                className="fun-badge"
                data-testid="fun-badge"
                role="status"
                title={t('app.playMoneyHint')}
              >
                {t('app.playMoney')}
              </span>
            ) : cashierUrl ? (
              <a className="btn btn--gold cashier" href={cashierUrl} target="_top" data-testid="cashier">
                {t('app.deposit')}
              </a>
            ) : null}
            <select
              className="language-select"
              aria-label={t('app.language')}
              value={locale}
              onChange={(e) => {
                if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
              }}
            >
              {LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
        </header>
        <main className="content">
          {!launch.token ? (
            <div className="notice notice--center">{t('app.noToken')}</div>
          ) : open.tableId ? (
            table ? (
              <TablePage key={table.tableId} table={table} token={launch.token} />
            ) : (
              <div className="notice notice--center">
                {lobby.loaded ? t('errors.TABLE_UNKNOWN') : t('app.connecting')}
              </div>
            )
          ) : (
            <LobbyPage lobby={lobby} onOpen={(x) => openTable(x.game, x.tableId)} />
          )}
        </main>
        <div className="toasts" aria-live="polite">
          {toasts.map((toast) => (
            <div key={toast.id} className={`toast toast--${toast.kind}`} data-testid={`toast-${toast.kind}`}>
              {toast.text}
            </div>
          ))}
        </div>
      </div>
    </AppContext.Provider>
  );
}
