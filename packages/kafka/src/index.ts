export * from './port/kafka-port';
export * from './port/acl';
export * from './port/transport-security';
export * from './create-kafka-client';
export * from './topic-admin';
export * from './security/principals';
export * from './security/security-env';
export * from './security/platform-acls';
