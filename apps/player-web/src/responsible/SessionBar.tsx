import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatMoney } from '@packages/wallet/src/money-display';
import { useApp } from '../context/app-context';
import { HistoryButton } from '../history/HistoryButton';
import { parseLaunchOptions } from '../launch/launch-options';
import { formatElapsed } from './play-session';
import { fetchGambling, PlayerGambling, setOwnLimits, takeBreak } from './rg-api';
import { useRgTranslation } from './rg-strings';
import type { PlaySessionState } from './use-play-session';
import './responsible.css';

/** The breaks a player may take from the client, in hours. */
const BREAKS = [24, 168, 720] as const;

/**
 * The header's session clock and "Play safe" button, the reality check when one is due (time played, the
 * session's net result; continue, leave, history) and the stop at the player's own session-time limit
 * (docs/player-client.md#responsible-gambling).
 */
export function SessionBar({ play, onLeave }: { play: PlaySessionState; onLeave: () => void }) {
  const { t } = useRgTranslation();
  const { locale, launch } = useApp();
  const [open, setOpen] = useState(false);
  const options = parseLaunchOptions(window.location.search);
  const elapsed = play.now - play.session.startedAt;
  const leave = () => {
    play.acknowledge();
    if (options.lobbyUrl) window.location.assign(options.lobbyUrl);
    else onLeave();
  };
  const stop = play.timeUp || play.checkDue;
  const time = formatElapsed(elapsed, locale);
  // The player's remembered session time, given to the ledger for this launch too (it ends betting there at the
  // same moment; asking again never lengthens a session).
  const remembered = options.playerLimits ? play.sessionLimitMinutes : null;
  useEffect(() => {
    if (launch.token && remembered !== null)
      setOwnLimits(launch.token, { sessionMinutes: Math.min(remembered, 1440) }).catch(() => undefined);
  }, [launch.token, remembered]);
  // Dialogs go to the body: the sticky header would otherwise hold the fixed backdrop inside itself.
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost session-clock"
        onClick={() => setOpen(true)}
        data-action="play-safe"
        aria-label={`${t('rg.open')}, ${t('rg.clock')} ${time}`}
        title={t('rg.clock')}
      >
        <span className="session-clock__label">{t('rg.open')}</span>
        <span data-testid="session-clock">{time}</span>
      </button>
      {open && launch.token
        ? createPortal(
            <PlaySafeDialog
              token={launch.token}
              play={play}
              allowLimits={options.playerLimits}
              onClose={() => setOpen(false)}
            />,
            document.body,
          )
        : null}
      {stop
        ? createPortal(
            <div className="dialog-backdrop" role="alertdialog" aria-modal="true" aria-labelledby="rc-title">
              <div className="dialog rc-dialog" data-testid="reality-check">
                <h2 id="rc-title">{play.timeUp ? t('rg.timeUpTitle') : t('rg.checkTitle')}</h2>
                <p data-testid="reality-check-time">{t('rg.checkText', { time })}</p>
                {play.timeUp ? (
                  <p data-testid="session-time-up">
                    {t('rg.timeUp', { minutes: play.sessionLimitMinutes ?? 0 })}
                  </p>
                ) : null}
                <p className="rc-net" data-testid="reality-check-net" data-net={play.session.net}>
                  {t('rg.net', { amount: formatMoney(play.session.net, launch.currency, locale) })}
                </p>
                <div className="rc-actions">
                  {play.timeUp ? null : (
                    <button
                      type="button"
                      className="btn btn--primary"
                      onClick={play.acknowledge}
                      data-action="continue"
                    >
                      {t('rg.continue')}
                    </button>
                  )}
                  <HistoryButton />
                  <button type="button" className="btn" onClick={leave} data-action="leave">
                    {t('rg.leave')}
                  </button>
                </div>
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

function PlaySafeDialog({
  token,
  play,
  allowLimits,
  onClose,
}: {
  token: string;
  play: PlaySessionState;
  allowLimits: boolean;
  onClose: () => void;
}) {
  const { t } = useRgTranslation();
  const { locale } = useApp();
  const [state, setState] = useState<PlayerGambling | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [loss, setLoss] = useState('');
  const [stake, setStake] = useState('');
  const [minutes, setMinutes] = useState(play.sessionLimitMinutes ? String(play.sessionLimitMinutes) : '');
  useEffect(() => {
    fetchGambling(token).then(setState, () => setNote(t('rg.failed')));
  }, [token, t]);
  const until = state?.coolingOffUntil
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(state.coolingOffUntil),
      )
    : null;
  const run = (work: Promise<PlayerGambling>, saved?: string) =>
    work.then(
      (next) => {
        setState(next);
        setNote(saved ?? null);
      },
      () => setNote(t('rg.failed')),
    );
  // Amounts are typed in minor units' major form (e.g. 50 or 12.50); sent as minor units.
  const minor = (text: string): string | undefined => {
    const m = /^([0-9]{1,15})(?:[.,]([0-9]{1,2}))?$/.exec(text.trim());
    return m ? (BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'))).toString() : undefined;
  };
  return (
    <div
      className="dialog-backdrop"
      role="dialog"
      aria-modal="true"
      aria-labelledby="rg-title"
      onClick={onClose}
    >
      <div className="dialog rg-dialog" onClick={(e) => e.stopPropagation()} data-testid="play-safe">
        <h2 id="rg-title">{t('rg.title')}</h2>
        <section>
          <h3>{t('rg.breakTitle')}</h3>
          {until ? (
            <p className="rg-break" data-testid="on-break">
              {t('rg.onBreak', { until })}
            </p>
          ) : (
            <>
              <p>{t('rg.breakText')}</p>
              <div className="rc-actions">
                {BREAKS.map((hours) => (
                  <button
                    key={hours}
                    type="button"
                    className="btn"
                    data-action={`break-${hours}`}
                    onClick={() => void run(takeBreak(token, hours))}
                  >
                    {t(`rg.break.${hours}`)}
                  </button>
                ))}
              </div>
            </>
          )}
        </section>
        {allowLimits ? (
          <section>
            <h3>{t('rg.limitsTitle')}</h3>
            <label className="rg-field">
              {t('rg.dailyLoss')}
              <input
                inputMode="decimal"
                value={loss}
                onChange={(e) => setLoss(e.target.value)}
                placeholder={fmt(state, 'dailyLoss')}
              />
            </label>
            <label className="rg-field">
              {t('rg.maxStake')}
              <input
                inputMode="decimal"
                value={stake}
                onChange={(e) => setStake(e.target.value)}
                placeholder={fmt(state, 'maxStake')}
              />
            </label>
            <label className="rg-field">
              {t('rg.sessionMinutes')}
              <input inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
            </label>
            <button
              type="button"
              className="btn btn--primary"
              data-action="save-limits"
              onClick={() => {
                const m = Number(minutes);
                const sessionMinutes = Number.isInteger(m) && m > 0 ? Math.min(m, 1440) : undefined;
                play.setSessionLimit(sessionMinutes ?? null);
                // The ledger ends betting at the session time too (it only ever shortens a session).
                const body = { dailyLoss: minor(loss), maxStake: minor(stake), sessionMinutes };
                if (Object.values(body).every((v) => v === undefined)) setNote(t('rg.saved'));
                else void run(setOwnLimits(token, body), t('rg.saved'));
              }}
            >
              {t('rg.save')}
            </button>
          </section>
        ) : null}
        {note ? <p className="rg-note">{note}</p> : null}
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('rg.close')}
        </button>
      </div>
    </div>
  );
}

/** A limit in force as minor units ('' when none), shown as the field's placeholder. */
function fmt(state: PlayerGambling | null, name: string): string {
  const v = state?.limits[name]?.current;
  return v ? Number(BigInt(v) / 100n).toString() : '';
}
