import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import { obj } from '../../net/game-connection';
import type { LobbyTable } from '../../net/use-lobby';
import { Chip, chipValues, ChipRack } from '../../ui/chip';
import { Countdown } from '../../ui/countdown';
import { PlayingCard } from '@casino/web-kit';
import { useRejection } from '../../ui/use-rejection';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LimitsButton } from '../../rules/LimitsDialog';
import { HistoryButton } from '../../history/HistoryButton';
import { RulesButton } from '../../rules/RulesDialog';
import { blackjackRulesContent } from '../../rules/blackjack-rules';
import { blackjackLimits } from '../../rules/table-limits';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { useTableSession } from '../shared/use-table-session';
import { applyEvent, BjSeat, emptyBlackjack, fromSnapshot, REFRESH_EVENTS } from './blackjack-state';
import { plainTranslate } from '../../i18n/translate';

const reducers = { fromSnapshot, applyEvent };

export function BlackjackTable({ table, token }: { table: LobbyTable; token: string }) {
  const { t } = useTranslation();
  const { locale } = useApp();
  const reject = useRejection();
  const refresh = useRef<() => void>(() => undefined);
  const { state, game, update } = useTableSession(
    table.serviceUrl,
    token,
    table.tableId,
    emptyBlackjack(),
    reducers,
    table.currency,
    (name) => {
      if (REFRESH_EVENTS.has(name)) refresh.current();
    },
  );
  usePhaseCues(state.phase);
  const chips = useMemo(() => chipValues(table.limits.min, table.limits.max), [table.limits]);
  const [chip, setChip] = useState(chips[0] ?? '500');
  const connection = game.connection;

  // A fresh view of seats and hands after the table's messages (one join at a time, batched).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    refresh.current = () => {
      if (timer || !connection) return;
      timer = setTimeout(() => {
        timer = undefined;
        void connection.request<{ snapshot: unknown }>('join', { tableId: table.tableId }).then((ack) => {
          if (ack.ok) update((s) => fromSnapshot(s, obj(ack.snapshot), game.skewMs));
        });
      }, 60);
    };
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [connection, table.tableId, update, game.skewMs]);

  const betting = state.phase === 'betting' && game.status === 'online';
  const mySeats = state.seats.filter((s) => s.mine);
  const awaiting = state.awaiting;
  const myTurn = awaiting.kind === 'decision' && mySeats.some((s) => s.seat === awaiting.seat);
  const insuranceFor =
    awaiting.kind === 'insurance' ? mySeats.filter((s) => awaiting.seats.includes(s.seat)) : [];

  const sit = async (seat: number) => {
    if (!connection) return;
    const ack = await connection.request('placeBet', {
      tableId: table.tableId,
      roundId: state.roundId ?? undefined,
      seat,
      stake: chip,
    });
    if (!ack.ok) reject(ack.code);
  };
  const decide = async (action: string) => {
    if (!connection || awaiting.kind !== 'decision') return;
    const ack = await connection.request('decide', {
      tableId: table.tableId,
      seat: awaiting.seat,
      hand: awaiting.hand,
      action,
    });
    if (!ack.ok) reject(ack.code);
  };
  const insure = async (seat: number, take: boolean) => {
    if (!connection) return;
    const ack = await connection.request('insurance', { tableId: table.tableId, seat, take });
    if (!ack.ok) reject(ack.code);
  };

  const bySeat = new Map(state.seats.map((s) => [s.seat, s]));
  const dealerCards = state.dealer;
  return (
    <div className="table table--blackjack" data-testid="table-blackjack" data-phase={state.phase}>
      <ConnectionBanner game={game} />
      <div className="table__head">
        <div>
          <h1 className="table__title">{table.name}</h1>
          <div className="table__sub" data-testid="bj-variant">
            {state.rules.variant ? `${state.rules.variant} · ` : ''}
            {t('variants.bj', { pays: state.blackjackPays })}
          </div>
        </div>
        <div className="table__status">
          <span className={`phase phase--${state.phase}`} data-testid="phase">
            {t(`phases.${state.phase}`, { defaultValue: state.phase })}
          </span>
          <Countdown
            deadline={state.closesAt ?? (myTurn || insuranceFor.length > 0 ? state.deadline : null)}
            totalMs={state.closesAt ? state.bettingMs : state.decisionMs}
          />
          <LimitsButton
            game="blackjack"
            limits={game.snapshot ? blackjackLimits(game.snapshot) : null}
            currency={table.currency}
          />
          <RulesButton game="blackjack" {...blackjackRulesContent(plainTranslate(t), locale, state.rules)} />
          <HistoryButton game="blackjack" />
          <SoundSwitch />
        </div>
      </div>
      <div className="felt felt--blackjack">
        <div className="bj-dealer" data-testid="dealer">
          <div className="bj-dealer__title">
            {t('blackjack.dealer')}
            {state.dealerTotal !== null ? <span className="hand__total">{state.dealerTotal}</span> : null}
          </div>
          <div className="hand__cards">
            {dealerCards.map((c, i) => (
              <PlayingCard key={i} card={c} />
            ))}
          </div>
          <div className="bj-arc">
            {t('variants.bj', { pays: state.blackjackPays })}
            {state.rules.insurance ? ` · ${t('rules.insurancePays')} 2:1` : ''}
          </div>
        </div>
        <div className="bj-seats">
          {[7, 6, 5, 4, 3, 2, 1].map((n) => (
            <SeatView
              key={n}
              number={n}
              seat={bySeat.get(n)}
              turn={awaiting.kind === 'decision' && awaiting.seat === n}
              canSit={betting && !bySeat.has(n)}
              onSit={() => void sit(n)}
              currency={table.currency}
              locale={locale}
            />
          ))}
        </div>
      </div>
      <div className="controls">
        {myTurn && awaiting.kind === 'decision' ? (
          <div className="decision" data-testid="decision">
            <span className="decision__title">{t('blackjack.yourTurn')}</span>
            {(['hit', 'stand', 'double', 'split'] as const).map((a) => (
              <button
                key={a}
                type="button"
                className={`btn btn--action btn--${a}`}
                disabled={!awaiting.options.includes(a)}
                onClick={() => void decide(a)}
                data-action={a}
              >
                {t(`blackjack.${a}`)}
              </button>
            ))}
          </div>
        ) : insuranceFor.length > 0 ? (
          <div className="decision" data-testid="insurance">
            <span className="decision__title">{t('blackjack.insurance')}</span>
            {insuranceFor.map((s) => (
              <span key={s.seat} className="decision__pair">
                <button
                  type="button"
                  className="btn btn--gold"
                  onClick={() => void insure(s.seat, true)}
                  data-action="insure"
                >
                  {t('blackjack.takeInsurance')}
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => void insure(s.seat, false)}
                  data-action="no-insurance"
                >
                  {t('blackjack.noInsurance')}
                </button>
              </span>
            ))}
          </div>
        ) : (
          <>
            <ChipRack
              values={chips}
              selected={chip}
              onSelect={setChip}
              currency={table.currency}
              locale={locale}
            />
            <span className="hint">
              {betting
                ? t('blackjack.betOnSeat')
                : awaiting.kind === 'decision'
                  ? t('blackjack.waitingFor', { name: bySeat.get(awaiting.seat)?.name ?? '' })
                  : ''}
            </span>
          </>
        )}
      </div>
    </div>
  );
}

function SeatView({
  number,
  seat,
  turn,
  canSit,
  onSit,
  currency,
  locale,
}: {
  number: number;
  seat: BjSeat | undefined;
  turn: boolean;
  canSit: boolean;
  onSit: () => void;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  if (!seat)
    return (
      <div className="bj-seat bj-seat--free" data-seat={number}>
        <button type="button" className="bj-seat__sit" disabled={!canSit} onClick={onSit} data-sit={number}>
          {canSit ? t('blackjack.sit') : t('blackjack.free')}
        </button>
        <span className="bj-seat__label">{t('blackjack.seat', { number })}</span>
      </div>
    );
  return (
    <div
      className={`bj-seat${seat.mine ? ' bj-seat--mine' : ''}${turn ? ' bj-seat--turn' : ''}`}
      data-seat={number}
      data-mine={seat.mine}
    >
      <div className="bj-seat__hands">
        {seat.hands.map((h) => (
          <div key={h.id} className="bj-hand">
            <div className="hand__cards hand__cards--fan">
              {h.cards.map((c, i) => (
                <PlayingCard key={i} card={c} small />
              ))}
            </div>
            {h.cards.length > 0 ? (
              <span className={`hand__total${h.total > 21 ? ' hand__total--bust' : ''}`}>
                {h.total > 21 ? t('blackjack.bust') : h.total}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <Chip value={seat.stake} currency={currency} locale={locale} small />
      <span className="bj-seat__label">{seat.name || t('blackjack.seat', { number })}</span>
    </div>
  );
}
