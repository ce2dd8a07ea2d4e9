import {
  receivedOf,
  type RouletteTablePayloads,
  type TableMessageName,
} from '@packages/player-protocol/src/index';
import { betSpotKey } from '@casino/games';
import { coverage, winningNumbers, type RouletteBet } from '@casino/roulette';
import { amount, arr, num, obj, str } from '../../net/game-connection';
import { openedRound } from '../shared/live-round';

/** A basic roulette bet as the service takes it (packages/events rouletteBetSpecSchema). */
export type RouletteSpec =
  | { type: 'straight' | 'split' | 'street' | 'corner' | 'sixLine'; numbers: number[] }
  | { type: 'column'; column: 1 | 2 | 3 }
  | { type: 'dozen'; dozen: 1 | 2 | 3 }
  | { type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' };

export interface RouletteMyBet {
  ref: string;
  spec: RouletteSpec;
  stake: string;
  status: 'pending' | 'accepted';
}

export interface RouletteState {
  phase: string;
  roundId: string | null;
  closesAt: number | null;
  bettingMs: number;
  myBets: RouletteMyBet[];
  /** The pocket of the round in `result`. */
  pocket: number | null;
  /** Pockets seen by this view, oldest first (merged with the lobby's last 100). */
  history: { roundId: string; pocket: number }[];
  wheelReady: boolean;
}

export function emptyRoulette(): RouletteState {
  return {
    phase: 'unknown',
    roundId: null,
    closesAt: null,
    bettingMs: 15000,
    myBets: [],
    pocket: null,
    history: [],
    wheelReady: true,
  };
}

/** The numbers a bet covers (the engine's winning numbers: docs/rules/roulette.md). */
export function specNumbers(spec: RouletteSpec): number[] {
  return winningNumbers(spec as RouletteBet);
}

/** A stable key of a bet's position on the layout ("split:2-5", "dozen:1"): the game definition's spot key. */
export function specKey(spec: RouletteSpec): string {
  return betSpotKey({ game: 'roulette', spec } as Parameters<typeof betSpotKey>[0]);
}

export function specOf(value: unknown): RouletteSpec | null {
  const s = obj(value);
  const type = str(s.type);
  const numbers = arr(s.numbers).filter((n): n is number => typeof n === 'number' && n >= 0 && n <= 36);
  switch (type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      return { type, numbers };
    case 'column':
    case 'dozen': {
      const which = num(s[type]);
      if (which !== 1 && which !== 2 && which !== 3) return null;
      return type === 'column' ? { type, column: which } : { type, dozen: which };
    }
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high':
      return { type };
    default:
      return null;
  }
}

function myBetOf(value: unknown): RouletteMyBet | null {
  const b = obj(value);
  const spec = specOf(obj(b.bet).spec);
  const stake = amount(b.stake);
  if (!spec || stake === null || (b.status !== 'pending' && b.status !== 'accepted')) return null;
  return { ref: str(b.ref), spec, stake, status: b.status };
}

export function fromSnapshot(
  previous: RouletteState,
  snap: Record<string, unknown>,
  skewMs: number,
): RouletteState {
  const round = obj(snap.round);
  const phase = str(snap.phase, 'unknown');
  const closesAt = num(round.closesAt, NaN);
  const history = arr(snap.history)
    .map(obj)
    .filter((h) => typeof h.pocket === 'number')
    .map((h) => ({ roundId: str(h.roundId), pocket: num(h.pocket) }));
  const spin = obj(round.result);
  return {
    ...previous,
    phase,
    roundId: typeof round.roundId === 'string' ? round.roundId : null,
    closesAt: phase === 'betting' && Number.isFinite(closesAt) ? closesAt + skewMs : null,
    bettingMs: num(obj(snap.timers).bettingMs, 15000),
    myBets: arr(round.myBets)
      .map(myBetOf)
      .filter((b): b is RouletteMyBet => b !== null),
    pocket: phase === 'result' && typeof spin.pocket === 'number' ? spin.pocket : null,
    history: mergePockets(previous.history, history),
    wheelReady: obj(snap.wheel).ready !== false,
  };
}

export function mergePockets(
  known: readonly { roundId: string; pocket: number }[],
  recent: readonly { roundId: string; pocket: number }[],
): { roundId: string; pocket: number }[] {
  const ids = new Set(known.map((k) => k.roundId));
  return [...known, ...recent.filter((r) => !ids.has(r.roundId))].slice(-100);
}

/** The protocol's field names of a received message (values still decoded one by one). */
const read = receivedOf<RouletteTablePayloads>();

export function applyEvent(
  s: RouletteState,
  name: TableMessageName,
  payload: Record<string, unknown>,
  skewMs: number,
): RouletteState {
  switch (name) {
    case 'round:opened':
      return {
        ...s,
        ...openedRound(read(name, payload), skewMs),
        myBets: [],
        pocket: null,
        wheelReady: true,
      };
    case 'round:closed':
    case 'round:spinning':
      return { ...s, phase: 'spinning', closesAt: null };
    case 'round:result': {
      const p = read(name, payload);
      const pocket = num(p.pocket, -1);
      if (pocket < 0 || pocket > 36) return s;
      return {
        ...s,
        phase: 'result',
        pocket,
        history: mergePockets(s.history, [{ roundId: str(p.roundId), pocket }]),
      };
    }
    case 'round:voided':
      return { ...s, phase: 'result', myBets: [], closesAt: null };
    case 'table:closed':
      return { ...s, phase: 'closed', wheelReady: false, closesAt: null };
    case 'bet:accepted': {
      const p = read(name, payload);
      const spec = specOf(obj(p.bet).spec);
      const stake = amount(p.stake);
      const ref = str(p.ref);
      if (!spec || stake === null) return s;
      const known = s.myBets.some((b) => b.ref === ref);
      return {
        ...s,
        myBets: known
          ? s.myBets.map((b) => (b.ref === ref ? { ...b, status: 'accepted' } : b))
          : [...s.myBets, { ref, spec, stake, status: 'accepted' }],
      };
    }
    case 'bet:rejected':
    case 'bet:cancelled':
      return { ...s, myBets: s.myBets.filter((b) => b.ref !== str(read(name, payload).ref)) };
    default:
      return s;
  }
}

/** The numbers the player's bets cover this round (the engine's coverage, as the restriction counts them). */
export function coveredNumbers(bets: readonly RouletteMyBet[]): Set<number> {
  return new Set(coverage(bets.map((b) => b.spec as RouletteBet)).numbers);
}
