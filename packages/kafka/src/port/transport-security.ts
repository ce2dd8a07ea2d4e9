/**
 * How a client proves who it is and protects the connection. Absent: plaintext and anonymous (the
 * development broker's default, KAFKA_SECURITY=plaintext). kafkaSecurityFromEnv builds it from a process's
 * configuration; docs/kafka-security.md has the broker side.
 */

export type KafkaSaslMechanism = 'scram-sha-512' | 'scram-sha-256';

export interface KafkaSaslConfig {
  mechanism: KafkaSaslMechanism;
  /** The SASL user: the broker's principal is `User:<username>`. */
  username: string;
  password: string;
}

export interface KafkaTlsConfig {
  /** PEM certificates of the CAs the broker's certificate must chain to; absent: Node's default CAs. */
  ca?: string[];
}

export interface KafkaSecurity {
  sasl?: KafkaSaslConfig;
  /** TLS to the brokers (SASL_SSL or SSL listeners); absent: plaintext TCP. */
  tls?: KafkaTlsConfig;
}
