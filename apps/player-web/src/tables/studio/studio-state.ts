import {
  receivedOf,
  type StudioGameId,
  type StudioGamesTablePayloads,
  type TableMessageName,
} from '@packages/player-protocol/src/index';
import { amount, arr, num, obj, str, strings } from '../../net/game-connection';
import { betOfSpec, spotKeyOf } from './studio-games';
import { openedRound } from '../shared/live-round';

/** A bet of the player's this round, on the spot of its key. */
export interface StudioMyBet {
  ref: string;
  /** The definition's spot key. */
  key: string;
  bet: Record<string, unknown>;
  stake: string;
  status: 'pending' | 'accepted';
}

/** A round's result as the service shows it (StudioResultSummary): the game's own fields. */
export interface StudioResultView {
  roundId: string;
  dice?: number[];
  count?: number;
  result?: number;
  cards?: string[];
  winner?: string;
  /** A card table's shoe (its roads are the shoe's results). */
  shoeId?: string;
}

export interface StudioState {
  game: StudioGameId;
  /** betting, drawing, result (the service's phases), unknown before the snapshot. */
  phase: string;
  roundId: string | null;
  roundNumber: number;
  /** On this browser's clock. */
  closesAt: number | null;
  bettingMs: number;
  myBets: StudioMyBet[];
  /** The result on screen (phase `result`). */
  result: StudioResultView | null;
  /** The round on screen was voided: its stakes are refunded. */
  voided: boolean;
  /** A studio's dice shaken again or beads counted again this round. */
  redraws: number;
  /** Results seen at this table, oldest first (the last 100). */
  history: StudioResultView[];
  /** An automatic card table's shoe in play. */
  shoeId: string | null;
  /** The table's settings from its snapshot (limits, pay table, bead range), as the definition reads them. */
  settings: Record<string, unknown> | null;
}

export const HISTORY_SHOWN = 100;

export function emptyStudio(game: StudioGameId): StudioState {
  return {
    game,
    phase: 'unknown',
    roundId: null,
    roundNumber: 0,
    closesAt: null,
    bettingMs: 15000,
    myBets: [],
    result: null,
    voided: false,
    redraws: 0,
    history: [],
    shoeId: null,
    settings: null,
  };
}

/** A result's fields, each checked; null without a round id or without any of the game's fields. */
export function resultOf(value: unknown): StudioResultView | null {
  const r = obj(value);
  const roundId = str(r.roundId);
  const view: StudioResultView = { roundId };
  const dice = arr(r.dice).filter((d): d is number => typeof d === 'number' && Number.isInteger(d));
  if (dice.length > 0) view.dice = dice;
  if (typeof r.count === 'number') view.count = num(r.count);
  if (typeof r.result === 'number') view.result = num(r.result);
  const cards = strings(r.cards);
  if (cards.length > 0) view.cards = cards;
  if (typeof r.winner === 'string') view.winner = r.winner;
  if (typeof r.shoeId === 'string') view.shoeId = r.shoeId;
  const shown = view.dice ?? view.cards ?? view.count;
  return roundId && shown !== undefined ? view : null;
}

export function mergeResults(
  known: readonly StudioResultView[],
  recent: readonly StudioResultView[],
): StudioResultView[] {
  const ids = new Set(known.map((k) => k.roundId));
  return [...known, ...recent.filter((r) => !ids.has(r.roundId))].slice(-HISTORY_SHOWN);
}

function myBetOf(game: StudioGameId, value: unknown): StudioMyBet | null {
  const b = obj(value);
  const bet = betOfSpec(b.bet);
  const stake = amount(b.stake);
  if (!bet || stake === null || (b.status !== 'pending' && b.status !== 'accepted')) return null;
  return { ref: str(b.ref), key: safeKey(game, bet), bet, stake, status: b.status };
}

/** The spot key of a bet; its type for one the definition cannot read (never thrown at the view). */
function safeKey(game: StudioGameId, bet: Record<string, unknown>): string {
  try {
    return spotKeyOf(game, bet);
  } catch {
    return str(bet.type);
  }
}

export function fromSnapshot(
  previous: StudioState,
  snap: Record<string, unknown>,
  skewMs: number,
): StudioState {
  const round = obj(snap.round);
  const phase = str(snap.phase, 'unknown');
  const closesAt = num(round.closesAt, NaN);
  const history = arr(snap.history)
    .map(resultOf)
    .filter((r): r is StudioResultView => r !== null);
  const roundId = typeof round.roundId === 'string' ? round.roundId : null;
  const shown = phase === 'result' && roundId ? resultOf({ ...obj(round.result), roundId }) : null;
  return {
    ...previous,
    phase,
    roundId,
    roundNumber: num(round.number, previous.roundNumber),
    closesAt: phase === 'betting' && Number.isFinite(closesAt) ? closesAt + skewMs : null,
    bettingMs: num(obj(snap.timers).bettingMs, previous.bettingMs),
    myBets: arr(round.myBets)
      .map((b) => myBetOf(previous.game, b))
      .filter((b): b is StudioMyBet => b !== null),
    result: shown,
    voided: phase === 'result' && typeof round.voided === 'string',
    redraws: 0,
    history: mergeResults(previous.history, history),
    shoeId: typeof obj(snap.shoe).shoeId === 'string' ? str(obj(snap.shoe).shoeId) : previous.shoeId,
    settings: Object.keys(obj(snap.settings)).length > 0 ? obj(snap.settings) : previous.settings,
  };
}

/** The protocol's field names of a received message (values still decoded one by one). */
const read = receivedOf<StudioGamesTablePayloads>();

export function applyEvent(
  s: StudioState,
  name: TableMessageName,
  payload: Record<string, unknown>,
  skewMs: number,
): StudioState {
  switch (name) {
    case 'round:opened': {
      const p = read(name, payload);
      return {
        ...s,
        ...openedRound(p, skewMs),
        roundNumber: s.roundNumber + 1,
        shoeId: typeof p.shoeId === 'string' ? p.shoeId : s.shoeId,
        myBets: [],
        result: null,
        voided: false,
        redraws: 0,
      };
    }
    case 'round:closed':
      return { ...s, phase: 'drawing', closesAt: null };
    case 'round:drawing': {
      const p = read(name, payload);
      return { ...s, phase: 'drawing', closesAt: null, redraws: num(p.redraws, s.redraws) };
    }
    case 'round:result': {
      const result = resultOf(payload);
      if (!result) return s;
      return {
        ...s,
        phase: 'result',
        closesAt: null,
        result,
        history: mergeResults(s.history, [result]),
      };
    }
    case 'round:voided':
      return { ...s, phase: 'result', closesAt: null, myBets: [], result: null, voided: true };
    case 'bet:accepted': {
      const p = read(name, payload);
      const bet = betOfSpec(p.bet);
      const stake = amount(p.stake);
      const ref = str(p.ref);
      if (!bet || stake === null) return s;
      const known = s.myBets.some((b) => b.ref === ref);
      return {
        ...s,
        myBets: known
          ? s.myBets.map((b) => (b.ref === ref ? { ...b, status: 'accepted' } : b))
          : [...s.myBets, { ref, key: safeKey(s.game, bet), bet, stake, status: 'accepted' }],
      };
    }
    case 'bet:rejected':
    case 'bet:cancelled':
      return { ...s, myBets: s.myBets.filter((b) => b.ref !== str(read(name, payload).ref)) };
    default:
      return s;
  }
}

/** The player's stake on each spot this round (chips on one spot add up). */
export function stakesBySpot(bets: readonly StudioMyBet[]): Map<string, bigint> {
  const stakes = new Map<string, bigint>();
  for (const b of bets) stakes.set(b.key, (stakes.get(b.key) ?? 0n) + BigInt(b.stake));
  return stakes;
}
