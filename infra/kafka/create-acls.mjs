// Grants the platform's ACLs on a SASL broker (`kafka.sh acls`, and `kafka.sh topics` in SASL mode): each
// service's principal gets WRITE or READ on exactly the topics of TOPIC_ACCESS (@casino/kafka) and READ on its
// consumer groups, for the topics prefixed with KAFKA_TOPIC_PREFIX. Run as the admin; existing ACLs are kept.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let events;
let kafka;
try {
  events = require('@casino/events');
  kafka = require('@casino/kafka');
  // The Job of infra/deploy gives the admin's password as a file (KAFKA_SASL_PASSWORD_FILE).
  require('@casino/observability').applyFileVariables(process.env);
} catch {
  console.error(
    '[kafka] ERROR: @casino/events or @casino/kafka is not built yet; run `npx turbo run build` first.',
  );
  process.exit(1);
}

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
try {
  const security = kafka.requireKafkaSecurity(process.env, { username: 'admin' });
  const client = kafka.createKafkaClient({
    clientId: 'casino-infra',
    brokers,
    logLevel: 'nothing',
    security,
  });
  const bindings = await kafka.grantPlatformAccess(client, events.TOPICS, prefix);
  const principals = [...new Set(bindings.map((b) => b.principal))].join(', ');
  console.log(`[kafka] ACLs: ${bindings.length} bindings for ${principals} on topics '${prefix}casino.*'`);
} catch (err) {
  console.error(`[kafka] ERROR: could not create ACLs on ${brokers.join(',')}: ${err.message}`);
  process.exitCode = 1;
}
