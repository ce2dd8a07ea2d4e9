import { AclBinding } from '../port/acl';
import { KafkaClient } from '../port/kafka-port';
import { withAdmin } from '../admin/with-admin';
import { capitalizedGameId, GAME_IDS } from '@casino/games';
import {
  GAME_PRINCIPALS,
  gamePrincipalOf,
  GamePrincipal,
  PlatformPrincipal,
  principalOf,
} from './principals';

type ServicePrincipal = Exclude<PlatformPrincipal, 'admin'>;

export interface TopicAccess {
  /** May produce to the topic. */
  writers: readonly ServicePrincipal[];
  /** May consume it. */
  readers: readonly ServicePrincipal[];
}

/**
 * Who writes and who reads each platform topic, by its key in @casino/events' TOPICS (docs/kafka-security.md
 * has the table in words). Each game writes only its own game's round events and bet commands: the topic a
 * message arrives on names the game service that produced it, which the ledger checks against its catalogue.
 */
export const TOPIC_ACCESS: Readonly<Record<string, TopicAccess>> = {
  // Each game's round events and bet commands (roundsBaccarat, betCommandsBaccarat, …): its service writes them.
  // A game's topics are written by its definition's service (one hosting several games writes each of theirs).
  ...Object.fromEntries(
    GAME_IDS.flatMap((game): [string, TopicAccess][] => [
      [`rounds${capitalizedGameId(game)}`, { writers: [gamePrincipalOf(game)], readers: ['ledger'] }],
      [`betCommands${capitalizedGameId(game)}`, { writers: [gamePrincipalOf(game)], readers: ['ledger'] }],
    ]),
  ),
  betDecisions: { writers: ['ledger'], readers: GAME_PRINCIPALS },
  roundBets: { writers: ['ledger'], readers: GAME_PRINCIPALS },
  settlements: { writers: ['ledger'], readers: GAME_PRINCIPALS },
  wallet: { writers: ['ledger'], readers: GAME_PRINCIPALS },
  sessions: { writers: ['ledger'], readers: GAME_PRINCIPALS },
  // Messages the ledger parked: read by operators' tools as the admin, by no service.
  deadLetter: { writers: ['ledger'], readers: [] },
};

/**
 * The consumer groups of each principal: ids that start with the topic prefix and one of these (the defaults
 * are bet-ledger and <game>-service; the demo uses <prefix>ledger and <prefix><game>). Another principal cannot
 * join them, so it cannot take partitions away from their members.
 */
export const GROUP_PREFIXES: Readonly<Record<ServicePrincipal, readonly string[]>> = {
  ledger: ['bet-ledger', 'ledger'],
  ...(Object.fromEntries(GAME_PRINCIPALS.map((game) => [game, [game]])) as Record<GamePrincipal, string[]>),
};

const SERVICE_PRINCIPALS = Object.keys(GROUP_PREFIXES) as ServicePrincipal[];

export class MissingTopicAccessError extends Error {
  readonly code = 'MISSING_TOPIC_ACCESS';
  constructor(readonly topicKeys: readonly string[]) {
    super(
      `no ACLs for topic ${topicKeys.join(', ')}: add who writes and reads it to TOPIC_ACCESS ` +
        '(packages/kafka/src/security/platform-acls.ts) and docs/kafka-security.md',
    );
    this.name = 'MissingTopicAccessError';
  }
}

function allow(
  principal: ServicePrincipal,
  operation: 'read' | 'write' | 'describe',
  resource: Pick<AclBinding, 'resourceType' | 'resourceName' | 'patternType'>,
): AclBinding {
  return { ...resource, principal: principalOf(principal), host: '*', operation, permission: 'allow' };
}

/**
 * The platform's ACLs for topics named `topicPrefix` + each of `topics` (TOPICS of @casino/events: key → base
 * name): WRITE or READ per TOPIC_ACCESS on each topic (exact name), DESCRIBE of every platform topic for every
 * service (names and partitions only: a service checks at boot that they all exist), READ on the principals'
 * consumer groups (prefixed). Nothing else: no CREATE (the admin makes topics), no cluster rights (an
 * idempotent producer needs only WRITE on a topic, KIP-679). Throws MissingTopicAccessError when a topic has no
 * entry, so a new topic cannot go out without a decision on who uses it.
 */
export function platformAcls(topics: Readonly<Record<string, string>>, topicPrefix: string): AclBinding[] {
  const missing = Object.keys(topics).filter((key) => !TOPIC_ACCESS[key]);
  if (missing.length > 0) throw new MissingTopicAccessError(missing);
  const bindings: AclBinding[] = [];
  for (const [key, base] of Object.entries(topics)) {
    const { writers, readers } = TOPIC_ACCESS[key];
    const topic = {
      resourceType: 'topic',
      resourceName: topicPrefix + base,
      patternType: 'literal',
    } as const;
    for (const p of writers) bindings.push(allow(p, 'write', topic));
    for (const p of readers) bindings.push(allow(p, 'read', topic));
    for (const p of SERVICE_PRINCIPALS) bindings.push(allow(p, 'describe', topic));
  }
  for (const [p, prefixes] of Object.entries(GROUP_PREFIXES) as [ServicePrincipal, readonly string[]][]) {
    for (const prefix of prefixes) {
      bindings.push(
        allow(p, 'read', {
          resourceType: 'group',
          resourceName: topicPrefix + prefix,
          patternType: 'prefixed',
        }),
      );
    }
  }
  return bindings;
}

/** Creates the platform's ACLs for one topic prefix (an existing binding is kept); returns them. */
export function grantPlatformAccess(
  client: KafkaClient,
  topics: Readonly<Record<string, string>>,
  topicPrefix: string,
): Promise<AclBinding[]> {
  const bindings = platformAcls(topics, topicPrefix);
  return withAdmin(client, async (admin) => {
    await admin.createAcls(bindings);
    return bindings;
  });
}

/** Deletes the platform's ACLs of one topic prefix (a test run's cleanup); returns how many were deleted. */
export function revokePlatformAccess(
  client: KafkaClient,
  topics: Readonly<Record<string, string>>,
  topicPrefix: string,
): Promise<number> {
  const bindings = platformAcls(topics, topicPrefix);
  return withAdmin(client, (admin) => admin.deleteAcls(bindings));
}
