/**
 * The platform's topics. Names are prefixed with KAFKA_TOPIC_PREFIX (default empty) so that parallel test runs
 * and environments can share one broker; `prefixedTopics(prefix)` applies it.
 */
export const TOPICS = {
  /** Round lifecycle of every table. Key: table id (one table's events stay in order). */
  rounds: 'casino.rounds',
  /** Bet commands from the game services. Key: player id (one player's commands stay in order). */
  betCommands: 'casino.bet-commands',
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

/** Topics with their partition counts; infra/kafka/create-topics.mjs creates them. */
export const TOPIC_SPECS: readonly { name: string; partitions: number }[] = [
  { name: TOPICS.rounds, partitions: 6 },
  { name: TOPICS.betCommands, partitions: 12 },
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

/** The base topic of a (possibly prefixed) topic name, or undefined when it is not one of ours. */
export function baseTopicOf(topic: string): TopicName | undefined {
  for (const name of Object.values(TOPICS)) {
    if (topic === name || topic.endsWith(name)) return name;
  }
  return undefined;
}
