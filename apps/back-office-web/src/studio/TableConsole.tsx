import { KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http';
import { handsOfCards, handTotalOfCards } from '@casino/baccarat';
import { gameDefinition, isGameId } from '@casino/games';
import { PlayingCard } from '@casino/web-kit';
import { dealerEntryOf } from '../games/dealer-entry';
import { duelSidesOf, studioResultParts } from '../games/studio-result';
import { StudioResultView } from '../games/StudioResultView';
import { command, DealerSession, Game, normaliseCard, tableView } from './dealer-api';
import { StudioResultEntry } from './StudioResultEntry';
import { StudioKeyPanel, useStudioKey } from './StudioKeyPanel';
import { signCard, signResult, signStudioEntry, StudioEntry } from './studio-key';

const POLL_MS = 700;
/** The void reasons a game's service takes from its dealer, by registry id; any other game: a malfunction. */
const VOID_REASONS: { readonly [G in Game]?: readonly string[] } = {
  baccarat: ['misdeal', 'malfunction'],
  blackjack: ['misdeal', 'malfunction'],
  roulette: ['malfunction', 'cancelled'],
  dragonTiger: ['malfunction', 'cancelled'],
  footballStudio: ['malfunction', 'cancelled'],
  sicBo: ['malfunction', 'cancelled'],
  fanTan: ['malfunction', 'cancelled'],
};
const voidReasons = (game: Game): readonly string[] => VOID_REASONS[game] ?? ['malfunction'];

interface View {
  /** The table's game (a service running several games says it per table). */
  game?: string;
  /** Fan Tan: the table's bead range. */
  settings?: { beadRange?: { min: number; max: number } };
  phase?: string;
  serverTime?: number;
  round?: {
    roundId?: string;
    number?: number;
    /** Blackjack: cards dealt so far (baccarat: `cards`). */
    cardsDealt?: number;
    closesAt?: number | string;
    cards?: string[];
    next?: string;
    noBet?: boolean;
    /** Indices in `cards` of cards exposed out of order. */
    exposed?: number[];
    /** A studio game's result once shown, and an automatic dice or bead table's commitment. */
    result?: Record<string, unknown>;
    commitment?: { serverSeedHash?: string };
  } | null;
  /** Baccarat: cards exposed out of order waiting for their round (docs/rules/baccarat.md#exposed-cards). */
  exposedCards?: { card: string; round: string; index: number; target?: string }[];
  history?: unknown[];
}

/** One table: its phase and timer (polled), the scanner input, and the dealer's commands for its game. */
export function TableConsole({
  session,
  tableId,
  onExpired,
}: {
  session: DealerSession;
  tableId: string;
  onExpired(): void;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<{ view: View; offset: number } | null>(null);
  const [last, setLast] = useState<{ action: string; result: string; ok: boolean } | null>(null);
  const [scan, setScan] = useState('');
  const [exposed, setExposed] = useState('');
  const [exposedNoBet, setExposedNoBet] = useState(false);
  const [voidReason, setVoidReason] = useState(voidReasons(session.game)[0]);
  const [voidNote, setVoidNote] = useState('');
  const [approvalId, setApprovalId] = useState('');
  const [pocket, setPocket] = useState('');
  const [revolutions, setRevolutions] = useState('5');
  const [now, setNow] = useState(Date.now());
  const scanner = useRef<HTMLInputElement>(null);
  const studioKey = useStudioKey(tableId);
  /** Scans are sent one after the other: each card's signature names its index in the round. */
  const scans = useRef<Promise<void>>(Promise.resolve());

  const refresh = useCallback(async () => {
    try {
      const v = (await tableView(session, tableId)) as View;
      setView({ view: v, offset: typeof v.serverTime === 'number' ? v.serverTime - Date.now() : 0 });
    } catch {
      // The next poll tries again; the last view stays on screen.
    }
  }, [session, tableId]);
  useEffect(() => {
    void refresh();
    const poll = setInterval(() => void refresh(), POLL_MS);
    const clock = setInterval(() => setNow(Date.now()), 250);
    return () => {
      clearInterval(poll);
      clearInterval(clock);
    };
  }, [refresh]);

  const run = async (action: string, body: unknown = {}) => {
    try {
      await command(session, tableId, action, body);
      setLast({ action, result: t('studio.ok'), ok: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) onExpired();
      setLast({
        action,
        result: err instanceof ApiError ? `${err.code}: ${err.message}` : String(err),
        ok: false,
      });
    }
    void refresh();
  };

  const onScan = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const card = normaliseCard(scan);
    setScan('');
    if (!card) return setLast({ action: 'card', result: t('studio.invalidCard', { card: scan }), ok: false });
    scans.current = scans.current.then(() => dealCard(card)).catch(() => undefined);
  };

  /**
   * A dealt card, signed with the studio's key when this console has one (docs/dealers.md#signed-results): the
   * signature covers the table, the round and the card's index in it, read from the service just before.
   */
  const dealCard = async (card: string) => {
    const pair = studioKey.pair;
    if (!pair) return run('card', { card });
    try {
      const round = ((await tableView(session, tableId)) as View).round;
      if (!round?.roundId) return run('card', { card });
      const index = round.cardsDealt ?? round.cards?.length ?? 0;
      return run('card', { card, signature: await signCard(pair, tableId, round.roundId, index, card) });
    } catch (err) {
      setLast({ action: 'card', result: String(err), ok: false });
    }
  };

  /** The announced pocket, signed as the round's whole result when this console has a key. */
  const announcePocket = async () => {
    const spin = { pocket: Number(pocket), revolutions: Number(revolutions) };
    const pair = studioKey.pair;
    if (!pair) return run('pocket', spin);
    try {
      const roundId = ((await tableView(session, tableId)) as View).round?.roundId;
      if (!roundId) return run('pocket', spin);
      const signature = await signResult(pair, tableId, roundId, { game: 'roulette', ...spin });
      return run('pocket', { ...spin, signature });
    } catch (err) {
      setLast({ action: 'pocket', result: String(err), ok: false });
    }
  };

  /**
   * A studio game's result (dice, beads, two cards), signed when this console has a key
   * (docs/dealers.md#signed-results): the whole result, or each card at its index, for the round read just before.
   */
  const enterResult = async (entry: StudioEntry) => {
    const pair = studioKey.pair;
    if (!pair) return run('result', entry);
    try {
      const current = (await tableView(session, tableId)) as View;
      const roundId = current.round?.roundId;
      if (!roundId) return run('result', entry);
      const tableGame = isGameId(current.game) ? current.game : session.game;
      const signed = await signStudioEntry(pair, tableId, roundId, tableGame, entry);
      return run('result', { ...entry, ...signed });
    } catch (err) {
      setLast({ action: 'result', result: String(err), ok: false });
    }
  };

  /** A card seen out of order: betting closes at once, or with "no bets" the round it opens is no-bet. */
  const reportExposed = () => {
    const card = normaliseCard(exposed);
    if (!card)
      return setLast({
        action: 'exposed-card',
        result: t('studio.invalidCard', { card: exposed }),
        ok: false,
      });
    setExposed('');
    setExposedNoBet(false);
    void run('exposed-card', { card, ...(exposedNoBet ? { noBet: true } : {}) });
  };

  const v = view?.view;
  // The table's own game: one service (studio-games) runs tables of several games under one sign-in.
  const game: Game = isGameId(v?.game) ? v.game : session.game;
  const entry = dealerEntryOf(game);
  const shown = v?.round?.result ? studioResultParts(game, { game, ...v.round.result }) : null;
  const closesAt = v?.round?.closesAt === undefined ? null : Number(new Date(v.round.closesAt));
  const left = closesAt && view ? Math.max(0, Math.ceil((closesAt - (now + view.offset)) / 1000)) : null;
  const cards = v?.round?.cards ?? [];
  const cardGame = game !== 'roulette' && !entry;
  const exposedDealt = (v?.round?.exposed ?? []).map((i) => cards[i]).filter(Boolean);
  const exposedWaiting = v?.exposedCards ?? [];
  return (
    <section className="console" data-phase={v?.phase ?? ''}>
      <div className="panel console__state">
        <h2>
          {tableId} · {gameDefinition(game).title}
        </h2>
        <dl className="facts big">
          <dt>{t('studio.phase')}</dt>
          <dd data-testid="phase">{v?.phase ?? '…'}</dd>
          <dt>{t('studio.timer')}</dt>
          <dd data-testid="timer">{left === null ? '—' : `${left}s`}</dd>
          <dt>{t('studio.round')}</dt>
          <dd className="mono">
            {v?.round?.roundId ?? '—'}
            {v?.round?.noBet ? ' (no bets)' : ''}
          </dd>
        </dl>
        {v?.round?.commitment?.serverSeedHash && (
          <p className="mono wrap" data-testid="commitment">
            {t('studio.commitment')}: {v.round.commitment.serverSeedHash}
          </p>
        )}
        {cardGame && <Cards game={game} cards={cards} next={v?.round?.next} />}
        {shown && <StudioResultView parts={shown} />}
        {exposedDealt.length > 0 && (
          <p className="notice" data-testid="exposed-dealt">
            {t('studio.exposedDealt', { cards: exposedDealt.join(', ') })}
          </p>
        )}
        {exposedWaiting.length > 0 && (
          <p className="notice" data-testid="exposed-waiting">
            {t('studio.exposedWaiting', {
              cards: exposedWaiting.map((e) => `${e.card} (${e.round} #${e.index + 1})`).join(', '),
            })}
          </p>
        )}
      </div>
      <div className="panel console__actions">
        {cardGame && (
          <label className="scan">
            {t('studio.scan')}
            <input
              ref={scanner}
              name="scan"
              autoFocus
              autoComplete="off"
              placeholder={t('studio.scanHint')}
              value={scan}
              maxLength={8}
              onChange={(e) => setScan(e.target.value)}
              onKeyDown={onScan}
            />
          </label>
        )}
        {entry && (
          <StudioResultEntry
            key={`${tableId}/${v?.round?.roundId ?? ''}`}
            entry={entry}
            beadRange={v?.settings?.beadRange}
            sides={duelSidesOf(game)}
            run={run}
            enter={enterResult}
          />
        )}
        <div className="buttons">
          {cardGame && <button onClick={() => void run('rescan')}>{t('studio.rescan')}</button>}
          {game === 'baccarat' && (
            <button onClick={() => void run('no-bet-round')}>{t('studio.noBetRound')}</button>
          )}
          {cardGame && <button onClick={() => void run('new-shoe')}>{t('studio.newShoe')}</button>}
          {cardGame && <button onClick={() => void run('cut-card')}>{t('studio.cutCard')}</button>}
          {game === 'roulette' && (
            <>
              <button onClick={() => void run('wheel-ready', { declaredBy: session.dealer.dealerId })}>
                {t('studio.wheelReady')}
              </button>
              <button onClick={() => void run('launch')}>{t('studio.launch')}</button>
              <button onClick={() => void run('wheel-closed')}>{t('studio.wheelClosed')}</button>
            </>
          )}
        </div>
        {game === 'baccarat' && (
          <div className="row">
            <label>
              {t('studio.exposedCard')}
              <input
                name="exposedCard"
                autoComplete="off"
                value={exposed}
                maxLength={8}
                onChange={(e) => setExposed(e.target.value)}
              />
            </label>
            <label>
              <input
                type="checkbox"
                name="exposedNoBet"
                checked={exposedNoBet}
                onChange={(e) => setExposedNoBet(e.target.checked)}
              />
              {t('studio.exposedNoBet')}
            </label>
            <button disabled={exposed.trim() === ''} onClick={reportExposed}>
              {t('studio.reportExposed')}
            </button>
          </div>
        )}
        {game === 'roulette' && (
          <div className="row">
            <label>
              {t('studio.pocket')}
              <input
                name="pocket"
                inputMode="numeric"
                value={pocket}
                maxLength={2}
                onChange={(e) => setPocket(e.target.value)}
              />
            </label>
            <label>
              {t('studio.revolutions')}
              <input
                name="revolutions"
                inputMode="numeric"
                value={revolutions}
                maxLength={4}
                onChange={(e) => setRevolutions(e.target.value)}
              />
            </label>
            <button
              disabled={!/^([0-9]|[12][0-9]|3[0-6])$/.test(pocket) || !/^[0-9]{1,4}$/.test(revolutions)}
              onClick={() => void announcePocket()}
            >
              {t('studio.announce')}
            </button>
          </div>
        )}
        <div className="row void">
          <label>
            {t('studio.voidReason')}
            <select name="voidReason" value={voidReason} onChange={(e) => setVoidReason(e.target.value)}>
              {voidReasons(game).map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label>
            {t('studio.voidMessage')}
            <input
              name="voidMessage"
              value={voidNote}
              maxLength={300}
              onChange={(e) => setVoidNote(e.target.value)}
            />
          </label>
          <label>
            {t('studio.approvalId')}
            <input
              name="approvalId"
              autoComplete="off"
              value={approvalId}
              maxLength={36}
              onChange={(e) => setApprovalId(e.target.value)}
            />
          </label>
          <button
            className="danger"
            onClick={() =>
              void run('void', {
                reason: voidReason,
                ...(voidNote.trim() ? { message: voidNote.trim() } : {}),
                // Needed once betting has closed (docs/dealers.md#voids-after-betting-closed).
                ...(approvalId.trim() ? { approvalId: approvalId.trim() } : {}),
              })
            }
          >
            {t('studio.void')}
          </button>
        </div>
        {last && (
          <p className={last.ok ? 'notice' : 'error'} role="status" data-testid="last-action">
            {t('studio.lastAction', { action: last.action, result: last.result })}
          </p>
        )}
      </div>
      <StudioKeyPanel studioKey={studioKey} />
    </section>
  );
}

function Cards({ game, cards, next }: { game: string; cards: string[]; next?: string }) {
  const { t } = useTranslation();
  const hands = game === 'baccarat' ? handsOfCards(cards) : null;
  if (hands) {
    return (
      <div className="hands" aria-label={t('studio.cardsDealt')}>
        {(['player', 'banker'] as const).map((side) => (
          <div key={side} className={`hand hand--${side}${next === side ? ' hand--next' : ''}`}>
            <span className="hand__name">
              {side === 'player' ? 'Player' : 'Banker'}
              {hands[side].length > 0 ? ` · ${handTotalOfCards(hands[side])}` : ''}
            </span>
            <div className="cards">
              {hands[side].map((c, i) => (
                <PlayingCard key={i} card={c} />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="cards" aria-label={t('studio.cardsDealt')}>
      {cards.map((c, i) => (
        <PlayingCard key={i} card={c} small />
      ))}
    </div>
  );
}
