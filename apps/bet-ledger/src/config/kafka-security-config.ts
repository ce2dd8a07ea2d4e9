import { KafkaSecurity, KafkaSecurityEnv, kafkaSecurityFromEnv } from '@casino/kafka';
import { z } from 'zod';

/**
 * The ledger's Kafka authentication and TLS, checked at boot with the rest of its configuration: the input is the
 * environment's Kafka security variables together (kafkaSecurityEnvOf), the output what createKafkaClient takes.
 * Without KAFKA_SASL_USERNAME the ledger is the `ledger` principal (docs/kafka-security.md).
 */
export const kafkaClientSecuritySchema = z
  .custom<KafkaSecurityEnv>((value) => value === undefined || (typeof value === 'object' && value !== null))
  .transform((env, ctx): KafkaSecurity => {
    const result = kafkaSecurityFromEnv(env ?? {}, { username: 'ledger' });
    if (result.ok) return result.security;
    for (const message of result.problems) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
