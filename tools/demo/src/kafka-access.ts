import { devKafkaPassword, GamePrincipal, requireKafkaSecurity } from '@casino/kafka';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** Whether the broker is a SASL one (KAFKA_SECURITY: the switch infra/kafka/kafka.sh reads too). */
function saslBroker(): boolean {
  return requireKafkaSecurity(process.env, { username: 'admin' }).sasl !== undefined;
}

/**
 * The Kafka login of one of the demo's processes: on a SASL broker, its own principal. The demo runs them with
 * NODE_ENV=production, where no process falls back on a development password, so it passes the development
 * broker's one (docs/kafka-security.md).
 */
export function kafkaLoginEnv(principal: 'ledger' | GamePrincipal): Record<string, string> {
  if (!saslBroker()) return {};
  return { KAFKA_SASL_USERNAME: principal, KAFKA_SASL_PASSWORD: devKafkaPassword(principal) };
}

/**
 * On a SASL broker the services may not create topics: the admin creates the demo's, with the platform's ACLs on
 * them (`kafka.sh topics` for the demo's prefix). On a plaintext one the processes create them at boot.
 */
export function prepareKafkaTopics(root: string, topicPrefix: string): void {
  if (!saslBroker()) return;
  execFileSync('bash', [join(root, 'infra/kafka/kafka.sh'), 'topics'], {
    env: { ...process.env, KAFKA_TOPIC_PREFIX: topicPrefix },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
