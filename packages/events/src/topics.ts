import { capitalizedGameId, GAME_IDS, GameId } from '@casino/games';

/**
 * The platform's topics. Names are prefixed with KAFKA_TOPIC_PREFIX (default empty) so that parallel test runs
 * and environments can share one broker; `prefixedTopics(prefix)` applies it.
 *
 * Round events and bet commands have one topic per game (`casino.rounds.<game>`, `casino.bet-commands.<game>`):
 * ACLs are per topic, so this is what lets the broker keep one game's service from writing another game's round
 * events or bet commands, and what tells the ledger which game's service produced a message.
 */
export const TOPIC_GAMES: readonly GameId[] = GAME_IDS;
export type TopicGame = GameId;

/** The families of per-game topics, by their base name (an event definition names its family). */
export const GAME_TOPIC_FAMILIES = {
  /** Round lifecycle of a game's tables. Key: table id (one table's events stay in order). */
  rounds: 'casino.rounds',
  /** Bet commands from a game's service. Key: player id (one player's commands at one game stay in order). */
  betCommands: 'casino.bet-commands',
} as const;
export type GameTopicFamily = keyof typeof GAME_TOPIC_FAMILIES;
export type GameTopicBase = (typeof GAME_TOPIC_FAMILIES)[GameTopicFamily];

type FamilyGame = `${GameTopicFamily}:${GameId}`;
/** A per-game topic's key in TOPICS: the family and the game (`roundsBaccarat`). */
export type GameTopicKey<
  F extends GameTopicFamily = GameTopicFamily,
  G extends GameId = GameId,
> = `${F}${Capitalize<G>}`;
/** Every game's topic of every family: `roundsBaccarat: 'casino.rounds.baccarat'`, … */
type PerGameTopics = {
  readonly [
    P in FamilyGame as P extends `${infer F extends GameTopicFamily}:${infer G extends GameId}`
      ? GameTopicKey<F, G>
      : never
  ]: P extends `${infer F extends GameTopicFamily}:${infer G extends GameId}`
    ? `${(typeof GAME_TOPIC_FAMILIES)[F]}.${G}`
    : never;
};

function perGameTopics(): PerGameTopics {
  const out: Record<string, string> = {};
  for (const family of Object.keys(GAME_TOPIC_FAMILIES) as GameTopicFamily[])
    for (const game of GAME_IDS)
      out[family + capitalizedGameId(game)] = `${GAME_TOPIC_FAMILIES[family]}.${game}`;
  return out as PerGameTopics;
}

export const TOPICS = {
  // casino.rounds.<game> and casino.bet-commands.<game> for each game of the registry.
  ...perGameTopics(),
  /** The ledger's accepted / rejected decisions. Key: table id (the game service owning the table relays them). */
  betDecisions: 'casino.bet-decisions',
  /** The final list of accepted bets of a round, at betting close. Key: table id. */
  roundBets: 'casino.round-bets',
  /** Settlements and refunds of rounds. Key: table id. */
  settlements: 'casino.settlements',
  /** Wallet balance changes. Key: player id. */
  wallet: 'casino.wallet',
  /**
   * Revoked player sessions (a launch session, a player's, an operator's). Key: player or operator id. Every game
   * service instance reads all of it from the start of its retention (a consumer of its own), not one group's share.
   */
  sessions: 'casino.sessions',
  /** Raw messages the ledger could not apply and parked (its quarantine table says why). Key: the original key. */
  deadLetter: 'casino.dead-letter',
} as const;

export type TopicKey = keyof typeof TOPICS;
export type TopicName = (typeof TOPICS)[TopicKey];
export type Topics = { readonly [K in TopicKey]: string };

/** The key in TOPICS of each game's topic of each family. */
export const GAME_TOPIC_KEYS: Readonly<Record<GameTopicFamily, Readonly<Record<TopicGame, TopicKey>>>> = {
  rounds: gameTopicKeys('rounds'),
  betCommands: gameTopicKeys('betCommands'),
};

function gameTopicKeys<F extends GameTopicFamily>(family: F): Record<TopicGame, TopicKey> {
  return Object.fromEntries(
    GAME_IDS.map((g): [TopicGame, string] => [g, family + capitalizedGameId(g)]),
  ) as Record<TopicGame, TopicKey>;
}

/** A topic an event definition names: a single topic, or the base of a per-game family. */
export type EventTopic = TopicName | GameTopicBase;

/** Topics with their partition counts; infra/kafka/create-topics.mjs creates them. */
export const TOPIC_SPECS: readonly { name: TopicName; partitions: number }[] = [
  ...TOPIC_GAMES.map((game) => ({ name: TOPICS[GAME_TOPIC_KEYS.rounds[game]], partitions: 3 })),
  ...TOPIC_GAMES.map((game) => ({ name: TOPICS[GAME_TOPIC_KEYS.betCommands[game]], partitions: 6 })),
  { name: TOPICS.betDecisions, partitions: 6 },
  { name: TOPICS.roundBets, partitions: 6 },
  { name: TOPICS.settlements, partitions: 6 },
  { name: TOPICS.wallet, partitions: 6 },
  { name: TOPICS.sessions, partitions: 3 },
  { name: TOPICS.deadLetter, partitions: 3 },
];

/** Every topic name with `prefix` in front (prefix '' gives the plain names). */
export function prefixedTopics(prefix = ''): Topics {
  const out = {} as Record<TopicKey, string>;
  for (const key of Object.keys(TOPICS) as TopicKey[]) out[key] = prefix + TOPICS[key];
  return out;
}

/** TOPIC_SPECS with `prefix` applied. */
export function prefixedTopicSpecs(prefix = ''): { name: string; partitions: number }[] {
  return TOPIC_SPECS.map((t) => ({ name: prefix + t.name, partitions: t.partitions }));
}

/** One game's topic of a family, from `topics` (prefixed or not). */
export function gameTopic(topics: Topics, family: GameTopicFamily, game: TopicGame): string {
  return topics[GAME_TOPIC_KEYS[family][game]];
}

/** Every game's topic of a family (a consumer of the whole family subscribes to all of them). */
export function gameTopics(topics: Topics, family: GameTopicFamily): string[] {
  return TOPIC_GAMES.map((game) => gameTopic(topics, family, game));
}

const GAME_TOPIC_NAMES: readonly { name: string; family: GameTopicFamily; game: TopicGame }[] = (
  Object.keys(GAME_TOPIC_KEYS) as GameTopicFamily[]
).flatMap((family) =>
  TOPIC_GAMES.map((game) => ({ name: TOPICS[GAME_TOPIC_KEYS[family][game]], family, game })),
);

/**
 * The family and game of a (possibly prefixed) per-game topic, or undefined for any other topic. The game names
 * which service may write the topic (its ACLs): the producer of a message read from it.
 */
export function gameTopicOf(topic: string): { family: GameTopicFamily; game: TopicGame } | undefined {
  const hit = GAME_TOPIC_NAMES.find((t) => topic.endsWith(t.name));
  return hit && { family: hit.family, game: hit.game };
}

/** The game whose service produced a message of `topic` (per-game topics only). */
export function gameOfTopic(topic: string): TopicGame | undefined {
  return gameTopicOf(topic)?.game;
}

/**
 * The topic an event definition names for a (possibly prefixed) topic: a per-game topic's family base, another
 * topic's own name; undefined when it is not one of ours.
 */
export function baseTopicOf(topic: string): EventTopic | undefined {
  const perGame = gameTopicOf(topic);
  if (perGame) return GAME_TOPIC_FAMILIES[perGame.family];
  for (const name of Object.values(TOPICS)) {
    if (topic === name || topic.endsWith(name)) return name;
  }
  return undefined;
}

/** The family of a per-game topic base ('casino.rounds' → 'rounds'), or undefined for a single topic. */
export function gameTopicFamilyOf(base: EventTopic): GameTopicFamily | undefined {
  return (Object.keys(GAME_TOPIC_FAMILIES) as GameTopicFamily[]).find((f) => GAME_TOPIC_FAMILIES[f] === base);
}
