import { BACCARAT_BET_TYPES, dealRound } from '@casino/baccarat';
import { cardToText, randomInt, RandomSource, shuffleInPlace, stackedSource } from '@casino/cards';
import {
  BaccaratBetType,
  BetSpec,
  buildEvent,
  CasinoEvent,
  encodeEvent,
  eventKey,
  Game,
  RouletteBetSpec,
  TableConfig,
  topicFor,
  Topics,
} from '@casino/events';
import {
  DEV_PLAYER_TOKEN_SECRET,
  recordTestSessions,
  testPlayerToken,
  testSessionId,
} from '@casino/test-support';

export const BENCH_OPERATOR = 'op-bench';

const tokens = new Map<string, string>();

/**
 * The launch token of bench player `playerId` of `operatorId`: its test session's (`recordBenchSessions` records
 * them), signed with the ledger's development key, as the bench's ledger runs with it.
 */
export function benchToken(operatorId: string, playerId: string): string {
  const key = `${operatorId}\u0000${playerId}`;
  let token = tokens.get(key);
  if (token === undefined) {
    token = testPlayerToken({ operatorId, playerId, currency: 'EUR' }, DEV_PLAYER_TOKEN_SECRET, 4 * 3600);
    tokens.set(key, token);
  }
  return token;
}

/** Records the launch sessions of players bp0…bp(players-1) of each operator: the ledger checks every command's. */
export async function recordBenchSessions(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  operators: readonly string[],
  players: number,
): Promise<void> {
  await recordTestSessions(
    query,
    operators.flatMap((operatorId) =>
      Array.from({ length: players }, (_, p) => ({
        operatorId,
        playerId: `bp${p}`,
        currency: 'EUR',
        sessionId: testSessionId(operatorId, `bp${p}`),
      })),
    ),
  );
}
export const BETS_PER_PLAYER = 5;

export interface WireMessage {
  topic: string;
  key: string;
  value: string;
}

export const toWire = (e: CasinoEvent, topics: Topics): WireMessage => ({
  topic: topicFor(e, topics),
  key: eventKey(e),
  value: encodeEvent(e),
});

const wide = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, { min: 1n, max: 1_000_000_000n }] as const));

export function benchTable(game: Game): TableConfig {
  if (game === 'baccarat') {
    return {
      game,
      payTable: 'commission',
      roundInShoe: 1,
      limits: wide(BACCARAT_BET_TYPES),
      tableMax: {},
    };
  }
  return { game: 'roulette', limits: wide(['red', 'straight', 'split', 'street', 'corner']), tableMax: {} };
}

export interface BenchRound {
  tableId: string;
  roundId: string;
  game: 'baccarat' | 'roulette';
  opened: CasinoEvent;
  commands: CasinoEvent[];
  close: CasinoEvent;
  result: CasinoEvent;
}

/** A player's k-th bet of a round: one side of baccarat plus side bets; roulette bets covering at most 28 numbers. */
function betFor(game: 'baccarat' | 'roulette', k: number, player: number, round: number): BetSpec {
  if (game === 'baccarat') {
    const types: BaccaratBetType[] = [
      (player + round) % 2 === 0 ? 'player' : 'banker',
      'tie',
      'playerPair',
      'bankerPair',
      'luckySix',
    ];
    return { game, type: types[k % types.length] };
  }
  const specs: RouletteBetSpec[] = [
    { type: 'red' },
    { type: 'straight', numbers: [player % 37] },
    { type: 'split', numbers: [17, 20] },
    { type: 'street', numbers: [1, 2, 3] },
    { type: 'corner', numbers: [1, 2, 4, 5] },
  ];
  return { game, spec: specs[k % specs.length] };
}

/**
 * Rounds alternating baccarat and roulette over `tables` tables, each with `betsPerRound` valid bets; player `bpN`
 * bets as a player of `operatorOf(N)` (the transfer operator unless told).
 */
export function buildRounds(
  count: number,
  betsPerRound: number,
  players: number,
  tables: number,
  rng: RandomSource,
  tag: string,
  operatorOf: (player: number) => string = () => BENCH_OPERATOR,
): BenchRound[] {
  const perRound = Math.max(1, Math.floor(betsPerRound / BETS_PER_PLAYER));
  return Array.from({ length: count }, (_, i) => {
    const game: 'baccarat' | 'roulette' = i % 2 === 0 ? 'baccarat' : 'roulette';
    const ref = {
      tableId: `bench-${game}-${i % tables}`,
      roundId: `${tag}-${i}`,
      game,
      currency: 'EUR',
    } as const;
    const commands = Array.from({ length: betsPerRound }, (_, j) => {
      const player = (i * perRound + (j % perRound)) % players;
      return buildEvent('PlaceBet', {
        ...ref,
        playerId: `bp${player}`,
        operatorId: operatorOf(player),
        stake: 100n + BigInt(j % 10) * 100n,
        bet: betFor(game, Math.floor(j / perRound), player, i),
        playerToken: benchToken(operatorOf(player), `bp${player}`),
      });
    });
    const ids = { tableId: ref.tableId, roundId: ref.roundId, game };
    let result: CasinoEvent;
    if (game === 'baccarat') {
      const deck = Array.from({ length: 52 }, (_, c) => c);
      shuffleInPlace(deck, rng);
      const cards = dealRound(stackedSource(deck)).cards.map(cardToText);
      result = buildEvent('RoundResult', { ...ids, result: { game, cards } });
    } else {
      result = buildEvent('RoundResult', {
        ...ids,
        result: { game, pocket: randomInt(rng, 37), revolutions: 5 },
      });
    }
    return {
      ...ref,
      opened: buildEvent('RoundOpened', { ...ref, table: benchTable(game) }),
      commands,
      close: buildEvent('BettingClosed', ids),
      result,
    };
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
