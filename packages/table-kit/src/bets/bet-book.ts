import { randomUUID } from 'node:crypto';
import { BetDecision, BetRejectionCode, BetSpec, Game, makeEvent, PlaceBetEvent } from '@casino/events';
import { PlayerClaims } from '@casino/events';
import { PlayerIdentity, samePlayer } from '../players/player-key';
import { editableList } from '../state/draft-lists';

/** `cancelled`: the player withdrew it while betting was open and the ledger refunded it. */
export type BetStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled';

/** One bet command of a round as the service tracks it until (and after) the ledger's decision. */
export interface BookedBet {
  /** Stable id the player sees in the acknowledgement and in the decision (the first command's id). */
  ref: string;
  /** Id of the command now in flight (differs from `ref` after a ROUND_UNKNOWN retry). */
  commandId: string;
  playerId: string;
  operatorId: string;
  currency: string;
  stake: bigint;
  bet: BetSpec;
  status: BetStatus;
  betId?: string;
  code?: BetRejectionCode;
  message?: string;
  retried: boolean;
  /** Bets placed together (a roulette announced bet) share a group id. */
  group?: string;
  /** Id of the CancelBet command in flight for this bet, until the ledger answers it. */
  cancelCommandId?: string;
  /** The token's nickname, for tables that show their players (blackjack seats). */
  nickname?: string;
  /** The player's token the command carried (its retry carries it again); never shown to anyone. */
  playerToken?: string;
}

/** The bet commands of one round. */
export interface BetBook {
  roundId: string;
  bets: BookedBet[];
}

export function emptyBook(roundId: string): BetBook {
  return { roundId, bets: [] };
}

export interface RoundRef {
  tableId: string;
  roundId: string;
  game: Game;
}

/**
 * A PlaceBet command for the ledger; its id is the idempotency key and the book's ref. It carries the player's
 * token (their socket's), the ledger's proof that the player has a live session here.
 */
export function placeBetCommand(
  round: RoundRef,
  player: PlayerClaims & { readonly token?: string },
  stake: bigint,
  bet: BetSpec,
): PlaceBetEvent {
  return makeEvent('PlaceBet', {
    tableId: round.tableId,
    roundId: round.roundId,
    game: round.game,
    playerId: player.playerId,
    operatorId: player.operatorId,
    currency: player.currency,
    stake,
    bet,
    ...(player.token === undefined ? {} : { playerToken: player.token }),
  });
}

export function bookCommand(
  book: BetBook,
  command: PlaceBetEvent,
  group?: string,
  nickname?: string,
): BetBook {
  const entry: BookedBet = {
    ref: command.id,
    commandId: command.id,
    playerId: command.playerId,
    operatorId: command.operatorId,
    currency: command.currency,
    stake: command.stake,
    bet: command.bet,
    status: 'pending',
    retried: false,
    group,
    nickname,
    ...(command.playerToken === undefined ? {} : { playerToken: command.playerToken }),
  };
  const bets = editableList(book.bets);
  bets.push(entry);
  return { ...book, bets: derivedBets(book.bets, bets, bets.length - 1) };
}

/**
 * Where each command's bet stands in a book's list, shared by the lists derived one from another (a bet keeps its
 * place: lists only grow or have an entry replaced), so a decision finds its bet without scanning the round's bets.
 * A list read back from a snapshot gets its index at its first look-up.
 */
const placesByList = new WeakMap<readonly BookedBet[], Map<string, number>>();

function placesOf(bets: readonly BookedBet[]): Map<string, number> {
  let places = placesByList.get(bets);
  if (!places) {
    places = new Map(bets.map((b, i) => [b.commandId, i]));
    placesByList.set(bets, places);
  }
  return places;
}

/** `next` is `prev` with the entry at `place` added or replaced: it shares `prev`'s index. */
function derivedBets(prev: readonly BookedBet[], next: BookedBet[], place: number): BookedBet[] {
  const places = placesOf(prev);
  places.set(next[place].commandId, place);
  placesByList.set(next, places);
  return next;
}

/** The place of the bet whose command is `commandId` and that `matches`, -1 if none. */
function placeOfCommand(book: BetBook, commandId: string, matches: (bet: BookedBet) => boolean): number {
  const place = placesOf(book.bets).get(commandId);
  const bet = place === undefined ? undefined : book.bets[place];
  if (bet?.commandId === commandId) return matches(bet) ? (place as number) : -1;
  return book.bets.findIndex((b) => b.commandId === commandId && matches(b));
}

export type DecisionOutcome =
  | { kind: 'unknown' }
  | { kind: 'decided'; book: BetBook; bet: BookedBet }
  /** ROUND_UNKNOWN on the first try: the ledger had not seen RoundOpened yet; send `command` instead. */
  | { kind: 'retry'; book: BetBook; bet: BookedBet; command: PlaceBetEvent };

/**
 * Applies the ledger's decision to the pending command it names. `mayRetry` is true while the round still takes
 * the kind of bet (the retry gets a fresh command id: the ledger keeps the first rejection for the old one).
 */
export function applyDecision(book: BetBook, decision: BetDecision, mayRetry: boolean): DecisionOutcome {
  // The decision names its player: a bet is matched on its command and on (operator, player), never id alone.
  const index = placeOfCommand(
    book,
    decision.commandId,
    (b) => b.status === 'pending' && samePlayer(b, decision),
  );
  if (decision.roundId !== book.roundId || index < 0) return { kind: 'unknown' };
  const current = book.bets[index];
  let next: BookedBet;
  // A bet the player is withdrawing is not retried: the rejection stands, which is what the player asked for.
  const retry = !current.retried && mayRetry && current.cancelCommandId === undefined;
  if (decision.type === 'BetRejected' && decision.code === 'ROUND_UNKNOWN' && retry) {
    const command = makeEvent('PlaceBet', {
      id: randomUUID(),
      tableId: decision.tableId,
      roundId: decision.roundId,
      game: decision.game,
      playerId: current.playerId,
      operatorId: current.operatorId,
      currency: current.currency,
      stake: current.stake,
      bet: current.bet,
      ...(current.playerToken === undefined ? {} : { playerToken: current.playerToken }),
    });
    next = { ...current, commandId: command.id, retried: true };
    return { kind: 'retry', book: replaceBetAt(book, index, next), bet: next, command };
  }
  next =
    decision.type === 'BetAccepted'
      ? { ...current, status: 'accepted', betId: decision.betId }
      : { ...current, status: 'rejected', code: decision.code, message: decision.message };
  return { kind: 'decided', book: replaceBetAt(book, index, next), bet: next };
}

/** The book with `bet` in place of the entry at `index` (the places index goes with it). */
export function replaceBetAt(book: BetBook, index: number, bet: BookedBet): BetBook {
  const bets = editableList(book.bets);
  bets[index] = bet;
  return { ...book, bets: derivedBets(book.bets, bets, index) };
}

/** Accepted or still pending: a bet that counts on the layout (rejected and cancelled ones are gone). */
export function isLiveBet(bet: BookedBet): boolean {
  return bet.status === 'pending' || bet.status === 'accepted';
}

/** A player's bets that are accepted or still pending. */
export function liveBetsOf(book: BetBook, player: PlayerIdentity): BookedBet[] {
  return book.bets.filter((b) => samePlayer(b, player) && isLiveBet(b));
}

export function acceptedBets(book: BetBook): BookedBet[] {
  return book.bets.filter((b) => b.status === 'accepted');
}

/** How a bet is shown to its player. */
export function betView(bet: BookedBet): object {
  return {
    ref: bet.ref,
    status: bet.status,
    stake: bet.stake,
    bet: bet.bet,
    betId: bet.betId,
    code: bet.code,
    message: bet.message,
    group: bet.group,
    cancelling: bet.cancelCommandId !== undefined ? true : undefined,
  };
}

/** A player's live bets of the round as they see them; none for a viewer who is not a player. */
export function myBetsView(book: BetBook, viewer?: PlayerIdentity): object[] {
  return viewer ? liveBetsOf(book, viewer).map(betView) : [];
}

/** The message a player receives when the ledger decided one of their bets. */
export function decisionMessage(
  tableId: string,
  roundId: string,
  bet: BookedBet,
  balance?: bigint,
): { name: 'bet:accepted' | 'bet:rejected'; payload: object } {
  return {
    name: bet.status === 'accepted' ? 'bet:accepted' : 'bet:rejected',
    payload: { tableId, roundId, ...betView(bet), balance },
  };
}
