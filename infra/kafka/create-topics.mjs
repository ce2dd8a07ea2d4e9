// Creates the platform's topics with their partition counts (from @casino/events); existing ones are kept.
// Runs after the build (scripts/test.sh, scripts/demo.sh: `kafka.sh topics` follows scripts/build.sh), through
// the platform's Kafka port (@casino/kafka), so it retries until every partition has a leader. In production (the
// topics Job of infra/deploy) KAFKA_REPLICATION_FACTOR and KAFKA_MIN_INSYNC_REPLICAS set each new topic's
// replication and min.insync.replicas (unset: the broker's defaults); KAFKA_SASL_PASSWORD_FILE is read.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let events;
let kafka;
try {
  events = require('@casino/events');
  kafka = require('@casino/kafka');
  require('@casino/observability').applyFileVariables(process.env);
} catch {
  console.error(
    '[kafka] ERROR: @casino/events or @casino/kafka is not built yet; run `npx turbo run build` first.',
  );
  process.exit(1);
}

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
/** A whole number from 1 up, or undefined when unset; anything else ends the script. */
function count(name) {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  if (!/^[1-9][0-9]?$/.test(value)) {
    console.error(`[kafka] ERROR: ${name} must be a whole number from 1 to 99, not '${value}'`);
    process.exit(2);
  }
  return Number(value);
}
const replicationFactor = count('KAFKA_REPLICATION_FACTOR');
const minInsync = count('KAFKA_MIN_INSYNC_REPLICAS');
if (replicationFactor !== undefined && minInsync !== undefined && minInsync > replicationFactor) {
  console.error(
    '[kafka] ERROR: KAFKA_MIN_INSYNC_REPLICAS above KAFKA_REPLICATION_FACTOR: no write could succeed',
  );
  process.exit(2);
}
const specs = events.TOPIC_SPECS.map((t) => ({
  topic: prefix + t.name,
  numPartitions: t.partitions,
  ...(replicationFactor !== undefined && { replicationFactor }),
  ...(minInsync !== undefined && { configs: { 'min.insync.replicas': String(minInsync) } }),
}));
try {
  // On a SASL broker only the admin may create topics (KAFKA_SECURITY, KAFKA_SASL_*; docs/kafka-security.md).
  const security = kafka.requireKafkaSecurity(process.env, { username: 'admin' });
  const client = kafka.createKafkaClient({
    clientId: 'casino-infra',
    brokers,
    logLevel: 'nothing',
    security,
  });
  const created = new Set(await kafka.ensureTopics(client, specs));
  for (const t of specs) {
    console.log(
      `[kafka] topic ${t.topic} (${t.numPartitions} partitions${
        t.replicationFactor ? `, ${t.replicationFactor} replicas` : ''
      })${created.has(t.topic) ? ' created' : ''}`,
    );
  }
} catch (err) {
  console.error(`[kafka] ERROR: could not create topics on ${brokers.join(',')}: ${err.message}`);
  process.exitCode = 1;
}
