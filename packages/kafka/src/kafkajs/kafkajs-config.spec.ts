import { AclOperationTypes, ResourcePatternTypes } from 'kafkajs';
import { AclBinding } from '../port/acl';
import { aclBindingsOf, kafkaJsAclEntry, kafkaJsAclFilter } from './kafkajs-acls';
import { kafkaJsConfig } from './kafkajs-client';

const base = { clientId: 'c', brokers: ['b:1'] };

describe('kafkaJsConfig', () => {
  it('is plaintext and anonymous without security', () => {
    const config = kafkaJsConfig(base);
    expect(config.sasl).toBeUndefined();
    expect(config.ssl).toBeUndefined();
  });

  it('maps SASL and TLS (with or without its own CAs)', () => {
    const sasl = { mechanism: 'scram-sha-512', username: 'ledger', password: 'p' } as const;
    expect(kafkaJsConfig({ ...base, security: { sasl } })).toMatchObject({ sasl });
    expect(kafkaJsConfig({ ...base, security: { tls: {} } }).ssl).toBe(true);
    expect(kafkaJsConfig({ ...base, security: { sasl, tls: { ca: ['PEM'] } } })).toMatchObject({
      sasl,
      ssl: { ca: ['PEM'] },
    });
  });
});

describe('kafkajs ACL mapping', () => {
  const binding: AclBinding = {
    resourceType: 'group',
    resourceName: 'bet-ledger',
    patternType: 'prefixed',
    principal: 'User:ledger',
    host: '*',
    operation: 'read',
    permission: 'allow',
  };

  it('round-trips a binding through kafkajs enums', () => {
    const entry = kafkaJsAclEntry(binding);
    expect(entry).toMatchObject({
      resourcePatternType: ResourcePatternTypes.PREFIXED,
      operation: AclOperationTypes.READ,
    });
    const { resourceType, resourceName, resourcePatternType, ...acl } = entry;
    expect(aclBindingsOf([{ resourceType, resourceName, resourcePatternType, acls: [acl] }])).toEqual([
      binding,
    ]);
  });

  it('reads an absent filter field as any', () => {
    expect(kafkaJsAclFilter({ principal: 'User:ledger' })).toEqual({
      resourceType: 1,
      resourceName: undefined,
      resourcePatternType: ResourcePatternTypes.ANY,
      principal: 'User:ledger',
      host: undefined,
      operation: AclOperationTypes.ANY,
      permissionType: 1,
    });
  });
});
