import { handValue } from '@casino/blackjack';
import { parseCard, type Card } from '@casino/cards';
import {
  receivedOf,
  type BlackjackTablePayloads,
  type TableMessageName,
} from '@packages/player-protocol/src/index';
import { amount, arr, bool, num, obj, str } from '../../net/game-connection';
import { blackjackRulesOf, BlackjackRulesView, STANDARD_BLACKJACK_RULES } from '../../rules/blackjack-rules';
import { openedRound } from '../shared/live-round';

export interface BjHand {
  id: number;
  cards: string[];
  total: number;
  stake: string;
  finished: boolean;
}

export interface BjSeat {
  seat: number;
  name: string;
  mine: boolean;
  stake: string;
  hands: BjHand[];
}

export type BjAwaiting =
  | { kind: 'decision'; seat: number; hand: number; options: string[] }
  | { kind: 'insurance'; seats: number[] }
  | { kind: 'other' };

export interface BlackjackState {
  phase: string;
  roundId: string | null;
  closesAt: number | null;
  bettingMs: number;
  decisionMs: number;
  /** The decision or insurance deadline, on this clock. */
  deadline: number | null;
  seats: BjSeat[];
  dealer: (string | null)[];
  dealerTotal: number | null;
  awaiting: BjAwaiting;
  blackjackPays: string;
  /** The table's own rules (soft 17, peek, splits, insurance, variant name, house edge). */
  rules: BlackjackRulesView;
  /** The last round's result per own seat: returned − staked. */
  lastResult: { seat: number; staked: string; returned: string }[];
}

export function emptyBlackjack(): BlackjackState {
  return {
    phase: 'unknown',
    roundId: null,
    closesAt: null,
    bettingMs: 15000,
    decisionMs: 15000,
    deadline: null,
    seats: [],
    dealer: [],
    dealerTotal: null,
    awaiting: { kind: 'other' },
    blackjackPays: '3:2',
    rules: STANDARD_BLACKJACK_RULES,
    lastResult: [],
  };
}

function seatOf(value: unknown): BjSeat | null {
  const s = obj(value);
  const seat = num(s.seat, 0);
  if (seat < 1 || seat > 7) return null;
  return {
    seat,
    name: str(s.name),
    mine: bool(s.mine),
    stake: amount(s.stake) ?? '0',
    hands: arr(s.hands).map((h) => {
      const x = obj(h);
      return {
        id: num(x.id),
        cards: arr(x.cards).filter((c): c is string => typeof c === 'string'),
        total: num(x.total),
        stake: amount(x.stake) ?? '0',
        finished: bool(x.finished),
      };
    }),
  };
}

function awaitingOf(value: unknown): BjAwaiting {
  const a = obj(value);
  if (a.kind === 'decision')
    return {
      kind: 'decision',
      seat: num(a.seat),
      hand: num(a.hand),
      options: arr(a.options).filter((o): o is string => typeof o === 'string'),
    };
  if (a.kind === 'insurance')
    return { kind: 'insurance', seats: arr(a.seats).filter((n): n is number => typeof n === 'number') };
  return { kind: 'other' };
}

/** The dealer's visible total, by the engine's hand value (aces 1 or 11); unreadable cards count nothing. */
export function blackjackTotal(cards: readonly string[]): number {
  const known: Card[] = [];
  for (const text of cards) {
    try {
      known.push(parseCard(text));
    } catch {
      // A card the client cannot read is left out of the shown total (the service's own total follows).
    }
  }
  return handValue(known).total;
}

export function fromSnapshot(
  previous: BlackjackState,
  snap: Record<string, unknown>,
  skewMs: number,
): BlackjackState {
  const round = obj(snap.round);
  const phase = str(snap.phase, 'unknown');
  const closesAt = num(round.closesAt, NaN);
  const deadline = num(round.deadline, NaN);
  const dealer = arr(obj(round.dealer).cards).map((c) => (typeof c === 'string' ? c : null));
  const visible = dealer.filter((c): c is string => c !== null);
  const timers = obj(snap.timers);
  return {
    ...previous,
    phase,
    roundId: typeof round.roundId === 'string' ? round.roundId : null,
    closesAt: phase === 'betting' && Number.isFinite(closesAt) ? closesAt + skewMs : null,
    bettingMs: num(timers.bettingMs, 15000),
    decisionMs: num(timers.decisionMs, 15000),
    deadline: Number.isFinite(deadline) ? deadline + skewMs : null,
    seats: arr(round.seats)
      .map(seatOf)
      .filter((s): s is BjSeat => s !== null),
    dealer,
    dealerTotal: visible.length > 0 ? blackjackTotal(visible) : null,
    awaiting: awaitingOf(round.awaiting),
    blackjackPays: str(obj(snap.rules).blackjackPays, '3:2'),
    rules: blackjackRulesOf(snap.rules),
  };
}

/** The table's messages change hands, seats and turns: the view asks for a fresh snapshot after each. */
export const REFRESH_EVENTS = new Set<TableMessageName>([
  'round:opened',
  'round:closed',
  'round:voided',
  'bet:accepted',
  'bet:cancelled',
  'bj:dealing',
  'bj:card',
  'bj:insurance',
  'bj:insurance-decided',
  'bj:dealer-peeked',
  'bj:turn',
  'bj:action-taken',
  'bj:hand-split',
  'bj:hand-doubled',
  'bj:hand-finished',
  'bj:holeCard',
  'bj:dealer-finished',
  'bj:result',
]);

/** The protocol's field names of a received message (values still decoded one by one). */
const read = receivedOf<BlackjackTablePayloads>();

export function applyEvent(
  s: BlackjackState,
  name: TableMessageName,
  payload: Record<string, unknown>,
  skewMs: number,
): BlackjackState {
  switch (name) {
    case 'round:opened':
      return {
        ...s,
        ...openedRound(read(name, payload), skewMs),
        seats: [],
        dealer: [],
        dealerTotal: null,
        awaiting: { kind: 'other' },
        deadline: null,
      };
    case 'bj:turn': {
      const p = read(name, payload);
      const deadline = num(p.deadline, NaN);
      return {
        ...s,
        awaiting: {
          kind: 'decision',
          seat: num(p.seat),
          hand: num(p.hand),
          options: arr(p.options).filter((o): o is string => typeof o === 'string'),
        },
        deadline: Number.isFinite(deadline) ? deadline + skewMs : null,
      };
    }
    case 'bj:result': {
      const p = read(name, payload);
      const dealer = obj(p.dealer);
      const own = new Set(s.seats.filter((x) => x.mine).map((x) => x.seat));
      return {
        ...s,
        phase: 'result',
        dealer: arr(dealer.cards).filter((c): c is string => typeof c === 'string'),
        dealerTotal: num(dealer.total, s.dealerTotal ?? 0),
        awaiting: { kind: 'other' },
        deadline: null,
        lastResult: arr(p.seats)
          .map(obj)
          .filter((x) => own.has(num(x.seat)))
          .map((x) => ({
            seat: num(x.seat),
            staked: amount(x.staked) ?? '0',
            returned: amount(x.returned) ?? '0',
          })),
      };
    }
    default:
      return s;
  }
}
