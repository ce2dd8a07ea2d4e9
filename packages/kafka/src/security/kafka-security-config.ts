import { z } from 'zod';
import { KafkaSecurity } from '../port/transport-security';
import { KafkaSecurityEnv, kafkaSecurityFromEnv } from './security-env';

/**
 * A service's Kafka authentication and TLS as a zod schema, checked at boot with the rest of its configuration (the
 * ledger's and the game services'): the input is the environment's Kafka security variables together
 * (kafkaSecurityEnvOf), the output what createKafkaClient takes. Without KAFKA_SASL_USERNAME the service is
 * `defaultUsername`, its own principal (docs/kafka-security.md).
 */
export function kafkaClientSecuritySchema(defaultUsername: string) {
  return z
    .custom<KafkaSecurityEnv>((value) => value === undefined || (typeof value === 'object' && value !== null))
    .transform((env, ctx): KafkaSecurity => {
      const result = kafkaSecurityFromEnv(env ?? {}, { username: defaultUsername });
      if (result.ok) return result.security;
      for (const message of result.problems) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });
}
