import {
  receivedOf,
  type BaccaratTablePayloads,
  type TableMessageName,
} from '@packages/player-protocol/src/index';
import { cardSides, sideBetCutoffProblem, type BaccaratBetType } from '@casino/baccarat';
import { amount, arr, bool, num, obj, str, strings } from '../../net/game-connection';
import { openedRound } from '../shared/live-round';

export type Side = 'player' | 'banker';

export interface DealtCard {
  card: string;
  target: Side;
}

/**
 * A card the dealer exposed out of order (docs/rules/baccarat.md#exposed-cards), shown to the player the moment it
 * is exposed: `this` round's card, the `next` round's, or `none` (after the shoe's last round: no round deals it).
 */
export interface ExposedCardNotice {
  card: string;
  round: 'this' | 'next' | 'none';
  /** Its place (0-based) among that round's cards. */
  index: number;
  target: Side | null;
  /** The manager made the round dealing it a no-bet round. */
  noBetRound: boolean;
  /** Exposed before this round opened: everyone saw it before the bets (the round takes them as usual). */
  carried: boolean;
}

export interface BaccaratResultView {
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  playerPair: boolean;
  bankerPair: boolean;
  playerNatural?: boolean;
  bankerNatural?: boolean;
}

export interface MyBet {
  ref: string;
  type: string;
  stake: string;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled';
}

export interface ShoeCommitment {
  algorithm: string;
  decks: number;
  cardCount: number;
  hash: string;
}

export interface RevealedShoe {
  shoeId: string;
  commitment: ShoeCommitment;
  order: string[];
  salt: string;
}

export interface BaccaratState {
  tableId: string;
  variant: string;
  currency: string;
  phase: string;
  betTypes: BaccaratBetType[];
  limits: Record<string, { min: string; max: string }>;
  sideBetLastRound: Record<string, number>;
  bettingMs: number;
  roundId: string | null;
  roundNumber: number;
  noBet: boolean;
  /** On this browser's clock. */
  closesAt: number | null;
  cards: DealtCard[];
  /** Indices in `cards` of cards exposed out of order. */
  exposedIndices: number[];
  /** Exposed cards the player is told about: waiting for their round, just dealt, or going unused. */
  exposedCards: ExposedCardNotice[];
  result: BaccaratResultView | null;
  myBets: MyBet[];
  /** Results of this shoe, oldest first (the roads). */
  results: BaccaratResultView[];
  shoeId: string | null;
  commitment: ShoeCommitment | null;
  lastRound: boolean;
  revealed: RevealedShoe | null;
  /** The player's net result of the last settled round (minor units). */
  lastNet: string | null;
  lastReturned: string | null;
}

/** The layout's order of the bets (presentation; which are side bets is the engine's SIDE_BET_TYPES). */
export const BACCARAT_BET_ORDER: BaccaratBetType[] = [
  'playerPair',
  'playerNatural',
  'luckySix',
  'bankerNatural',
  'bankerPair',
  'player',
  'tie',
  'banker',
];

export function emptyBaccarat(tableId: string): BaccaratState {
  return {
    tableId,
    variant: 'commission',
    currency: 'EUR',
    phase: 'unknown',
    betTypes: [],
    limits: {},
    sideBetLastRound: {},
    bettingMs: 15000,
    roundId: null,
    roundNumber: 0,
    noBet: false,
    closesAt: null,
    cards: [],
    exposedIndices: [],
    exposedCards: [],
    result: null,
    myBets: [],
    results: [],
    shoeId: null,
    commitment: null,
    lastRound: false,
    revealed: null,
    lastNet: null,
    lastReturned: null,
  };
}

/**
 * Who each card of a round's record goes to, from the cards alone, by the engine's drawing rules (P, B, P, B,
 * then the third cards; docs/rules/baccarat.md#third-card-rule). A card the rules do not deal (never in a valid
 * record) is shown on the Banker's side, after the hands.
 */
export function targetsOf(cards: readonly string[]): DealtCard[] {
  const sides = cardSides(cards);
  return cards.map((card, i) => ({ card, target: sides[i] ?? 'banker' }));
}

function limitsOf(value: unknown): Record<string, { min: string; max: string }> {
  const out: Record<string, { min: string; max: string }> = {};
  for (const [k, v] of Object.entries(obj(value))) {
    const min = amount(obj(v).min);
    const max = amount(obj(v).max);
    if (min !== null && max !== null) out[k] = { min, max };
  }
  return out;
}

export function resultOf(value: unknown): BaccaratResultView | null {
  const r = obj(value);
  const winner = r.winner;
  if (winner !== 'player' && winner !== 'banker' && winner !== 'tie') return null;
  return {
    roundId: str(r.roundId),
    winner,
    playerTotal: num(r.playerTotal),
    bankerTotal: num(r.bankerTotal),
    playerPair: bool(r.playerPair),
    bankerPair: bool(r.bankerPair),
    playerNatural: bool(r.playerNatural),
    bankerNatural: bool(r.bankerNatural),
  };
}

function myBetOf(value: unknown): MyBet | null {
  const b = obj(value);
  const stake = amount(b.stake);
  const status = b.status;
  if (
    stake === null ||
    (status !== 'pending' && status !== 'accepted' && status !== 'rejected' && status !== 'cancelled')
  )
    return null;
  return { ref: str(b.ref), type: str(obj(b.bet).type), stake, status };
}

function exposedNoticeOf(value: unknown, carried = false): ExposedCardNotice | null {
  const e = obj(value);
  const round = e.round;
  if (typeof e.card !== 'string' || (round !== 'this' && round !== 'next' && round !== 'none')) return null;
  const target = e.target === 'player' || e.target === 'banker' ? e.target : null;
  return { card: e.card, round, index: num(e.index, 0), target, noBetRound: bool(e.noBetRound), carried };
}

/** The cards a round opens with (exposed before it): its first cards, on the sides their places say. */
function openingNotices(cards: readonly string[], noBet: boolean): ExposedCardNotice[] {
  return targetsOf(cards).map((c, index) => ({
    card: c.card,
    round: 'this',
    index,
    target: c.target,
    noBetRound: noBet,
    carried: true,
  }));
}

function indicesOf(value: unknown): number[] {
  return arr(value).filter((i): i is number => typeof i === 'number');
}

function commitmentOf(value: unknown): ShoeCommitment | null {
  const c = obj(value);
  if (typeof c.hash !== 'string') return null;
  return { algorithm: str(c.algorithm), decks: num(c.decks), cardCount: num(c.cardCount), hash: c.hash };
}

/** The state from a join snapshot (first join and every reconnection). */
export function fromSnapshot(
  previous: BaccaratState,
  snap: Record<string, unknown>,
  skewMs: number,
): BaccaratState {
  const round = obj(snap.round);
  const shoe = obj(snap.shoe);
  const hasRound = typeof round.roundId === 'string';
  const closesAt = num(round.closesAt, NaN);
  const history = arr(snap.history)
    .map(resultOf)
    .filter((r): r is BaccaratResultView => r !== null);
  const phase = str(snap.phase, 'unknown');
  const number = num(round.number, 0);
  const inShoe = phase === 'result' ? number : number - 1;
  const shoeId = typeof shoe.shoeId === 'string' ? shoe.shoeId : null;
  // The snapshot holds the last 20 results; what this client saw of the same shoe before is kept.
  const fromHistory = inShoe > 0 ? history.slice(-inShoe) : [];
  const known = previous.shoeId === shoeId ? previous.results : [];
  const merged = [...known, ...fromHistory.filter((r) => !known.some((k) => k.roundId === r.roundId))];
  const cards = strings(round.cards);
  const lastResult = phase === 'result' ? (history.at(-1) ?? null) : null;
  return {
    ...previous,
    tableId: str(snap.tableId, previous.tableId),
    variant: str(snap.variant, 'commission'),
    currency: str(snap.currency, 'EUR'),
    phase,
    betTypes: strings(snap.betTypes) as BaccaratBetType[],
    limits: limitsOf(snap.limits),
    sideBetLastRound: Object.fromEntries(
      Object.entries(obj(snap.sideBetLastRound)).filter(
        (e): e is [string, number] => typeof e[1] === 'number',
      ),
    ),
    bettingMs: num(obj(snap.timers).bettingMs, 15000),
    roundId: hasRound ? str(round.roundId) : null,
    roundNumber: number,
    noBet: bool(round.noBet),
    closesAt: phase === 'betting' && Number.isFinite(closesAt) ? closesAt + skewMs : null,
    cards: targetsOf(cards),
    exposedIndices: indicesOf(round.exposed),
    // While a round takes bets, the cards waiting in it were exposed before it opened.
    exposedCards: arr(snap.exposedCards)
      .map((e) => exposedNoticeOf(e, phase === 'betting'))
      .filter((e): e is ExposedCardNotice => e !== null),
    result: lastResult && lastResult.roundId === str(round.roundId) ? lastResult : null,
    myBets: arr(round.myBets)
      .map(myBetOf)
      .filter((b): b is MyBet => b !== null),
    results: merged,
    shoeId,
    commitment: commitmentOf(shoe.commitment),
    lastRound: bool(shoe.lastRound),
  };
}

/** The state after one message of the table or the player. */
/** The protocol's field names of a received message (values still decoded one by one). */
const read = receivedOf<BaccaratTablePayloads>();

export function applyEvent(
  s: BaccaratState,
  name: TableMessageName,
  payload: Record<string, unknown>,
  skewMs: number,
): BaccaratState {
  switch (name) {
    case 'round:opened': {
      const p = read(name, payload);
      return {
        ...s,
        ...openedRound(p, skewMs),
        roundNumber: num(p.number, s.roundNumber + 1),
        noBet: bool(p.noBet),
        cards: [],
        exposedIndices: [],
        // Cards exposed before this round are its first ones: shown before any bet.
        exposedCards: openingNotices(strings(p.exposedCards), bool(p.noBet)),
        result: null,
        myBets: [],
        shoeId: typeof p.shoeId === 'string' ? p.shoeId : s.shoeId,
      };
    }
    case 'round:closed':
      return { ...s, phase: 'dealing', closesAt: null };
    case 'round:card': {
      const p = read(name, payload);
      const target = p.target === 'banker' ? 'banker' : 'player';
      const card = str(p.card);
      const index = num(p.index, s.cards.length);
      const cards = [...s.cards];
      cards[index] = { card, target };
      const exposedIndices = bool(p.exposed)
        ? [...s.exposedIndices.filter((i) => i !== index), index]
        : s.exposedIndices.filter((i) => i !== index);
      return { ...s, phase: 'dealing', cards: cards.filter(Boolean), exposedIndices };
    }
    case 'table:exposedCard': {
      const p = read(name, payload);
      const notice = exposedNoticeOf(p);
      return notice ? { ...s, exposedCards: [...s.exposedCards, notice] } : s;
    }
    case 'table:exposedCardsUnused':
      return {
        ...s,
        exposedCards: strings(read(name, payload).cards).map((card, index) => ({
          card,
          round: 'none',
          index,
          target: null,
          noBetRound: false,
          carried: false,
        })),
      };
    case 'round:cardRetracted': {
      const p = read(name, payload);
      const index = num(p.index, -1);
      return {
        ...s,
        cards: s.cards.slice(0, Math.max(0, index)),
        exposedIndices: s.exposedIndices.filter((i) => i < index),
      };
    }
    case 'round:result': {
      const p = read(name, payload);
      const result = resultOf(p);
      if (!result) return s;
      const cards = strings(p.cards);
      const known = s.results.some((r) => r.roundId === result.roundId);
      return {
        ...s,
        phase: 'result',
        result,
        cards: cards.length > 0 ? targetsOf(cards) : s.cards,
        exposedIndices: p.exposed === undefined ? s.exposedIndices : indicesOf(p.exposed),
        // This round's exposed cards are in its hands now; those for the next round (or none) stay shown.
        exposedCards: s.exposedCards.filter((e) => e.round !== 'this'),
        results: known ? s.results : [...s.results, result],
        lastRound: s.lastRound || bool(p.lastRound),
      };
    }
    case 'round:voided':
      return { ...s, phase: 'result', closesAt: null, myBets: [] };
    case 'bet:accepted':
    case 'bet:rejected':
    case 'bet:cancelled': {
      const p = read(name, payload);
      const status =
        name === 'bet:accepted' ? 'accepted' : name === 'bet:rejected' ? 'rejected' : 'cancelled';
      const ref = str(p.ref);
      const known = s.myBets.some((b) => b.ref === ref);
      const stake = amount(p.stake) ?? '0';
      const bets = known
        ? s.myBets.map((b) => (b.ref === ref ? { ...b, status: status as MyBet['status'] } : b))
        : [...s.myBets, { ref, type: str(obj(p.bet).type), stake, status: status as MyBet['status'] }];
      return { ...s, myBets: bets.filter((b) => b.status !== 'rejected' && b.status !== 'cancelled') };
    }
    case 'round:settled': {
      const p = read(name, payload);
      return { ...s, lastNet: amount(p.net), lastReturned: amount(p.totalReturned) };
    }
    case 'shoe:new': {
      const p = read(name, payload);
      return {
        ...s,
        shoeId: str(p.shoeId) || s.shoeId,
        commitment: commitmentOf(p.commitment),
        results: [],
        lastRound: false,
      };
    }
    case 'shoe:lastRound':
      return { ...s, lastRound: true };
    case 'shoe:revealed': {
      const p = read(name, payload);
      const reveal = obj(p.reveal);
      const commitment = commitmentOf(p.commitment);
      if (!commitment) return s;
      return {
        ...s,
        revealed: { shoeId: str(p.shoeId), commitment, order: strings(reveal.order), salt: str(reveal.salt) },
      };
    }
    default:
      return s;
  }
}

/**
 * A side bet closes after its last round of the shoe (docs/rules/baccarat.md): the engine's cut-off, with the
 * last rounds the table sent in its snapshot.
 */
export function sideBetOpen(s: BaccaratState, type: string): boolean {
  return sideBetCutoffProblem(type, s.roundNumber, s.sideBetLastRound) === null;
}

/** The player's stake on each bet type this round. */
export function stakesByType(bets: readonly MyBet[]): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const b of bets) out[b.type] = (out[b.type] ?? 0n) + BigInt(b.stake);
  return out;
}
