import { KafkaSecurity, KafkaSecurityEnv, kafkaSecurityFromEnv } from '@casino/kafka';
import { z } from 'zod';

/**
 * A game service's Kafka authentication and TLS, checked at boot with the rest of its configuration: the input is
 * the environment's Kafka security variables together (kafkaSecurityEnvOf, as loadServiceConfig passes them), the
 * output what createKafkaClient takes. Without KAFKA_SASL_USERNAME the service is its game's principal
 * (docs/kafka-security.md).
 */
export function kafkaClientSecuritySchema(defaultUsername: string) {
  return z
    .custom<KafkaSecurityEnv>((value) => value === undefined || (typeof value === 'object' && value !== null))
    .transform((env, ctx): KafkaSecurity => {
      const result = kafkaSecurityFromEnv(env ?? {}, { username: defaultUsername });
      if (result.ok) return result.security;
      for (const message of result.problems) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    });
}
