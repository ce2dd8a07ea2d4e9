import { useMemo, useState } from 'react';
import type { PlayerCommandName, TableMessageName } from '@packages/player-protocol/src/index';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../context/app-context';
import { amount, arr, obj, str, strings } from '../../net/game-connection';
import type { LobbyTable } from '../../net/use-lobby';
import { chipValues, ChipRack } from '../../ui/chip';
import { useRejection } from '../../ui/use-rejection';
import { ConnectionBanner } from '../shared/ConnectionBanner';
import { LimitsButton } from '../../rules/LimitsDialog';
import { HistoryButton } from '../../history/HistoryButton';
import { RulesButton } from '../../rules/RulesDialog';
import { baccaratPayRows } from '../../rules/baccarat-payouts';
import { baccaratLimits } from '../../rules/table-limits';
import { SoundSwitch, usePhaseCues } from '../../sound/SoundSwitch';
import { useTableSession } from '../shared/use-table-session';
import { TotalBet } from '../../ui/total-bet';
import { BaccaratHands, BaccaratLayout, ResultBanner } from './baccarat-parts';
import { BaccaratResultView, DealtCard, resultOf } from './baccarat-state';
import { RoadsPanel } from './roads-view';

interface RngState {
  betTypes: string[];
  stakes: Record<string, bigint>;
  dealing: boolean;
  cards: DealtCard[];
  result: BaccaratResultView | null;
  history: BaccaratResultView[];
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number } | null;
  lastFairness: { serverSeed: string; serverSeedHash: string } | null;
  /** The service closed the session for inactivity (`rng:sessionClosed`): saved, restored on the next join. */
  closed: { idleMinutes: number } | null;
}

const empty: RngState = {
  betTypes: [],
  stakes: {},
  dealing: false,
  cards: [],
  result: null,
  history: [],
  fairness: null,
  lastFairness: null,
  closed: null,
};

function stakesOf(value: unknown): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const [k, v] of Object.entries(obj(value))) {
    const a = amount(v);
    if (a !== null && a !== '0') out[k] = BigInt(a);
  }
  return out;
}

function fairnessOf(value: unknown): RngState['fairness'] {
  const f = obj(value);
  if (typeof f.serverSeedHash !== 'string') return null;
  return {
    serverSeedHash: f.serverSeedHash,
    clientSeed: str(f.clientSeed),
    nonce: typeof f.nonce === 'number' ? f.nonce : 0,
  };
}

/** The session as the service sends it (join and every button's acknowledgement). */
function fromSession(s: RngState, session: Record<string, unknown>): RngState {
  const history = arr(session.history)
    .map(resultOf)
    .filter((r): r is BaccaratResultView => r !== null);
  return {
    ...s,
    betTypes: strings(session.betTypes).length > 0 ? strings(session.betTypes) : s.betTypes,
    stakes: stakesOf(session.stakes),
    dealing: obj(session.round).status === 'deciding',
    history: history.length >= s.history.length ? history : s.history,
    fairness: fairnessOf(session.fairness) ?? s.fairness,
    closed: null,
  };
}

function applyEvent(s: RngState, name: TableMessageName, p: Record<string, unknown>): RngState {
  switch (name) {
    case 'rng:result': {
      const result = resultOf(p);
      if (!result) return s;
      const player = strings(p.playerCards).map((card): DealtCard => ({ card, target: 'player' }));
      const banker = strings(p.bankerCards).map((card): DealtCard => ({ card, target: 'banker' }));
      const fair = obj(p.fairness);
      return {
        ...s,
        dealing: false,
        result,
        cards: [...player, ...banker],
        stakes: {},
        history: s.history.some((h) => h.roundId === result.roundId)
          ? s.history
          : [...s.history, result].slice(-60),
        lastFairness:
          typeof fair.serverSeed === 'string'
            ? { serverSeed: fair.serverSeed, serverSeedHash: str(fair.serverSeedHash) }
            : s.lastFairness,
      };
    }
    case 'rng:commitment':
      return { ...s, fairness: fairnessOf(p) ?? s.fairness };
    case 'rng:voided':
      return { ...s, dealing: false };
    case 'rng:sessionClosed':
      return { ...s, closed: { idleMinutes: typeof p.idleMinutes === 'number' ? p.idleMinutes : 0 } };
    default:
      return s;
  }
}

/** The idle time in the player's language: "15 minutes", or seconds below a minute ("30 seconds"). */
function idleDuration(minutes: number, locale: string): string {
  const seconds = minutes < 1;
  const value = seconds ? Math.round(minutes * 60) : Math.round(minutes * 10) / 10;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: seconds ? 'second' : 'minute',
    unitDisplay: 'long',
  }).format(value);
}

const reducers = {
  fromSnapshot: (s: RngState, snap: Record<string, unknown>) => fromSession(s, snap),
  applyEvent: (s: RngState, name: TableMessageName, p: Record<string, unknown>) => applyEvent(s, name, p),
};

/** Single-player RNG baccarat: chips on the layout, then Deal; Clear, Repeat, Repeat & Deal; history and fairness. */
export function RngBaccaratTable({ table, token }: { table: LobbyTable; token: string }) {
  const { t } = useTranslation();
  const { locale, notify } = useApp();
  const reject = useRejection();
  const { state, game, update } = useTableSession(
    table.serviceUrl,
    token,
    table.tableId,
    empty,
    reducers,
    table.currency,
    (name) => {
      if (name === 'rng:idleWarning') notify('info', t('rng.idleWarning'));
    },
  );
  usePhaseCues(state.dealing ? 'dealing' : state.result ? 'result' : 'idle');
  const chips = useMemo(() => chipValues(table.limits.min, table.limits.max), [table.limits]);
  const [chip, setChip] = useState(chips[0] ?? '100');
  const connection = game.connection;
  const ready = game.status === 'online' && !state.dealing && !state.closed;
  const total = Object.values(state.stakes).reduce((a, b) => a + b, 0n);

  const send = async (name: PlayerCommandName, body: Record<string, unknown>) => {
    if (!connection) return;
    const ack = await connection.request<{ session: unknown }>(name, { tableId: table.tableId, ...body });
    if (!ack.ok) return reject(ack.code);
    const session = obj(ack.session);
    if (name === 'deal' || name === 'repeatDeal')
      update((s) => ({ ...s, dealing: true, result: null, cards: [] }));
    else update((s) => fromSession({ ...s, result: s.result }, session));
  };

  return (
    <div className="table table--baccarat table--rng" data-testid="table-rng" data-dealing={state.dealing}>
      {state.closed ? (
        <div className="session-closed" data-testid="session-closed" role="status">
          <span>{t('rng.sessionClosed', { duration: idleDuration(state.closed.idleMinutes, locale) })}</span>
          {/* The server closed the socket; connecting again joins, and the join restores the session. */}
          <button
            type="button"
            className="btn btn--gold"
            data-action="rejoin"
            onClick={() => connection?.socket.connect()}
          >
            {t('rng.rejoin')}
          </button>
        </div>
      ) : (
        <ConnectionBanner game={game} />
      )}
      <div className="table__head">
        <div>
          <h1 className="table__title">{t('rng.title')}</h1>
          <div className="table__sub">{table.name}</div>
        </div>
        <div className="table__status">
          <span className="phase phase--betting">
            {state.dealing ? t('rng.dealing') : t('phases.single-player')}
          </span>
          <LimitsButton
            game="baccarat"
            limits={game.snapshot ? baccaratLimits(game.snapshot) : null}
            currency={table.currency}
          />
          <RulesButton game="baccarat" rows={baccaratPayRows(t, 'commission')} />
          <HistoryButton game="baccarat" />
          <SoundSwitch />
        </div>
      </div>
      <div className="felt">
        <BaccaratHands cards={state.cards} result={state.result} />
        <ResultBanner result={state.result} />
      </div>
      <RoadsPanel results={state.history} />
      <BaccaratLayout
        betTypes={state.betTypes}
        variant="commission"
        stakes={state.stakes}
        pending={{}}
        currency={table.currency}
        locale={locale}
        disabled={!ready}
        closedSide={() => false}
        onBet={(type) => void send('placeBet', { type, stake: chip })}
        lastWinner={state.result?.winner ?? null}
      />
      <div className="controls">
        <ChipRack
          values={chips}
          selected={chip}
          onSelect={setChip}
          currency={table.currency}
          locale={locale}
        />
        <div className="controls__buttons">
          <button
            type="button"
            className="btn"
            disabled={!ready}
            onClick={() => void send('clear', {})}
            data-action="clear"
          >
            {t('controls.clear')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={!ready}
            onClick={() => void send('repeat', {})}
            data-action="repeat"
          >
            {t('controls.repeat')}
          </button>
          <button
            type="button"
            className="btn btn--gold"
            disabled={!ready}
            onClick={() => void send('repeatDeal', {})}
            data-action="repeatDeal"
          >
            {t('controls.repeatDeal')}
          </button>
          <button
            type="button"
            className="btn btn--gold btn--deal"
            disabled={!ready || total === 0n}
            onClick={() => void send('deal', {})}
            data-action="deal"
          >
            {t('controls.deal')}
          </button>
        </div>
        <TotalBet total={total} currency={table.currency} locale={locale} />
      </div>
      {state.fairness ? (
        <div className="commitment" data-testid="fairness">
          <span className="commitment__label">{t('rng.fairness')}</span>
          <span>
            {t('rng.serverSeedHash')} <code>{state.fairness.serverSeedHash.slice(0, 16)}…</code>
          </span>
          <span>
            {t('rng.clientSeed')} <code>{state.fairness.clientSeed}</code>
          </span>
          <span>
            {t('rng.nonce')} <code>{state.fairness.nonce}</code>
          </span>
        </div>
      ) : null}
    </div>
  );
}
