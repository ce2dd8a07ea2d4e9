import {
  BaccaratBetType,
  BetSpec,
  BlackjackInput,
  CancelTarget,
  makeEvent,
  CasinoEvent,
  EventOf,
  Game,
  RoundResultPayload,
  RouletteBetSpec,
  ROULETTE_BET_TYPES,
  TableConfig,
  tableConfigSchema,
} from '@casino/events';
import { gameDefinition } from '@casino/games';
import { testPlayerToken } from '@casino/test-support';
import { randomUUID } from 'node:crypto';
import { DEV_PLAYER_TOKEN_SECRET } from '../../src/config/ledger-config';

export const OP = 'op-test';

export function baccaratTable(over: Partial<Extract<TableConfig, { game: 'baccarat' }>> = {}): TableConfig {
  const lim = (min: bigint, max: bigint) => ({ min, max });
  return {
    game: 'baccarat',
    payTable: 'commission',
    roundInShoe: 1,
    limits: {
      player: lim(100n, 1_000_000n),
      banker: lim(100n, 1_000_000n),
      tie: lim(100n, 100_000n),
      playerPair: lim(100n, 50_000n),
      bankerPair: lim(100n, 50_000n),
      luckySix: lim(100n, 50_000n),
      playerNatural: lim(100n, 50_000n),
      bankerNatural: lim(100n, 50_000n),
    },
    tableMax: {},
    ...over,
  };
}

export function rouletteTable(): TableConfig {
  return {
    game: 'roulette',
    limits: Object.fromEntries(ROULETTE_BET_TYPES.map((t) => [t, { min: 10n, max: 1_000_000n }])),
    tableMax: {},
  };
}

export function blackjackTable(): TableConfig {
  return {
    game: 'blackjack',
    decks: 8,
    peek: 'ace',
    doubleAfterSplit: false,
    dealerHitsSoft17: false,
    blackjackPays: { num: 3, den: 2 },
    double: 'any-two',
    maxSplitHands: 2,
    resplitAces: false,
    splitAcesOneCard: true,
    dealerHoleCard: true,
    insurance: true,
    limits: { main: { min: 100n, max: 1_000_000n } },
    tableMax: {},
  };
}

/** A table of the game with the settings a new table gets (its definition's defaultTableConfig), parsed. */
export const defaultTable = (game: Game): TableConfig =>
  tableConfigSchema.parse(gameDefinition(game).defaultTableConfig);

export interface RoundRef {
  tableId: string;
  roundId: string;
  game: Game;
  currency: string;
}

export function newRound(game: Game, tableId = `${game}-${randomUUID().slice(0, 8)}`): RoundRef {
  return { tableId, roundId: `r-${randomUUID().slice(0, 8)}`, game, currency: 'EUR' };
}

export const opened = (r: RoundRef, table: TableConfig) => makeEvent('RoundOpened', { ...r, table });
export const closed = (r: RoundRef) =>
  makeEvent('BettingClosed', { tableId: r.tableId, roundId: r.roundId, game: r.game });
export const voided = (r: RoundRef) =>
  makeEvent('RoundVoided', { tableId: r.tableId, roundId: r.roundId, game: r.game, reason: 'malfunction' });

/**
 * A token of the player's test launch session, signed with the test ledgers' key (the harness's `send` records the
 * session in the ledger's database, as a launch through /v1/sessions would).
 */
const tokens = new Map<string, { token: string; mintedAt: number }>();

/**
 * The player's token, one for ten minutes as a socket carries one (its lifetime is an hour): commands built apart
 * still fold into one slip, which a token minted per command would split when a second passed between them.
 */
export function playerToken(operatorId: string, playerId: string, currency = 'EUR'): string {
  const key = JSON.stringify([operatorId, playerId, currency]);
  const kept = tokens.get(key);
  if (kept && Date.now() - kept.mintedAt < 600_000) return kept.token;
  const token = testPlayerToken({ operatorId, playerId, currency }, DEV_PLAYER_TOKEN_SECRET);
  tokens.set(key, { token, mintedAt: Date.now() });
  return token;
}

export function place(
  r: RoundRef,
  playerId: string,
  stake: bigint,
  bet: BetSpec,
  id?: string,
): EventOf<'PlaceBet'> {
  const playerToken = playerTokenFor(OP, playerId, r.currency);
  return makeEvent('PlaceBet', {
    ...r,
    playerId,
    operatorId: OP,
    stake,
    bet,
    playerToken,
    ...(id ? { id } : {}),
  });
}
export function cancel(
  r: RoundRef,
  playerId: string,
  target: CancelTarget,
  id?: string,
): EventOf<'CancelBet'> {
  const playerToken = playerTokenFor(OP, playerId, r.currency);
  return makeEvent('CancelBet', {
    ...r,
    playerId,
    operatorId: OP,
    target,
    playerToken,
    ...(id ? { id } : {}),
  });
}

/** The same command for another operator's player of the same id (with that player's token). */
export function asOperator<E extends EventOf<'PlaceBet'> | EventOf<'CancelBet'>>(
  cmd: E,
  operatorId: string,
): E {
  return { ...cmd, operatorId, playerToken: playerTokenFor(operatorId, cmd.playerId, cmd.currency) };
}

const playerTokenFor = playerToken;
export const bac = (type: BaccaratBetType): BetSpec => ({ game: 'baccarat', type });
export const rou = (spec: RouletteBetSpec): BetSpec => ({ game: 'roulette', spec });
export const bj = (
  seat: number,
  kind: 'main' | 'double' | 'split' | 'insurance' = 'main',
  hand = 0,
): BetSpec => ({
  game: 'blackjack',
  seat,
  kind,
  hand,
});

/** A round's result event carrying the game's payload. */
export const resultOf = (r: RoundRef, result: RoundResultPayload) =>
  makeEvent('RoundResult', { tableId: r.tableId, roundId: r.roundId, game: r.game, result });
export const baccaratResult = (r: RoundRef, cards: string[]) =>
  makeEvent('RoundResult', {
    tableId: r.tableId,
    roundId: r.roundId,
    game: 'baccarat',
    result: { game: 'baccarat', cards },
  });
export const rouletteResult = (r: RoundRef, pocket: number, revolutions = 5) =>
  makeEvent('RoundResult', {
    tableId: r.tableId,
    roundId: r.roundId,
    game: 'roulette',
    result: { game: 'roulette', pocket, revolutions },
  });
export const blackjackResult = (
  r: RoundRef,
  seats: { seat: number; playerId: string }[],
  inputs: BlackjackInput[],
) =>
  makeEvent('RoundResult', {
    tableId: r.tableId,
    roundId: r.roundId,
    game: 'blackjack',
    result: { game: 'blackjack', seats: seats.map(({ seat, playerId }) => ({ seat, playerId })), inputs },
  });

type Decision = EventOf<'BetAccepted'> | EventOf<'BetRejected'>;
export const isDecisionFor =
  (commandIds: Set<string>) =>
  (e: CasinoEvent): e is Decision =>
    (e.type === 'BetAccepted' || e.type === 'BetRejected') && commandIds.has(e.commandId);
type CancelDecision = EventOf<'BetCancelled'> | EventOf<'BetCancelRejected'>;
export const isCancelDecisionFor =
  (commandIds: Set<string>) =>
  (e: CasinoEvent): e is CancelDecision =>
    (e.type === 'BetCancelled' || e.type === 'BetCancelRejected') && commandIds.has(e.commandId);
export const isSettled =
  (r: RoundRef) =>
  (e: CasinoEvent): e is EventOf<'RoundSettled'> =>
    e.type === 'RoundSettled' && e.roundId === r.roundId && e.tableId === r.tableId;
export const isRefunded =
  (r: RoundRef) =>
  (e: CasinoEvent): e is EventOf<'RoundRefunded'> =>
    e.type === 'RoundRefunded' && e.roundId === r.roundId && e.tableId === r.tableId;
export const isFinalized =
  (r: RoundRef) =>
  (e: CasinoEvent): e is EventOf<'BetsFinalized'> =>
    e.type === 'BetsFinalized' && e.roundId === r.roundId && e.tableId === r.tableId;
