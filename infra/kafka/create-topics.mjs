// Creates the platform's topics with their partition counts (from @casino/events); existing ones are kept.
// Runs after the build (scripts/test.sh, scripts/demo.sh: `kafka.sh topics` follows scripts/build.sh), through
// the platform's Kafka port (@casino/kafka), so it retries until every partition has a leader.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let events;
let kafka;
try {
  events = require('@casino/events');
  kafka = require('@casino/kafka');
} catch {
  console.error(
    '[kafka] ERROR: @casino/events or @casino/kafka is not built yet; run `npx turbo run build` first.',
  );
  process.exit(1);
}

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
const specs = events.TOPIC_SPECS.map((t) => ({ topic: prefix + t.name, numPartitions: t.partitions }));
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
      `[kafka] topic ${t.topic} (${t.numPartitions} partitions)${created.has(t.topic) ? ' created' : ''}`,
    );
  }
} catch (err) {
  console.error(`[kafka] ERROR: could not create topics on ${brokers.join(',')}: ${err.message}`);
  process.exitCode = 1;
}
