// The port's ACL bindings as kafkajs's numeric enums, and back.
import {
  AclEntry,
  AclFilter,
  AclOperationTypes,
  AclPermissionTypes,
  AclResourceTypes,
  DescribeAclResource,
  ResourcePatternTypes,
} from 'kafkajs';
import {
  AclBinding,
  AclBindingFilter,
  AclOperation,
  AclPatternType,
  AclPermission,
  AclResourceType,
} from '../port/acl';

const RESOURCE_TYPES: Record<AclResourceType, AclResourceTypes> = {
  topic: AclResourceTypes.TOPIC,
  group: AclResourceTypes.GROUP,
  cluster: AclResourceTypes.CLUSTER,
  'transactional-id': AclResourceTypes.TRANSACTIONAL_ID,
};

const PATTERN_TYPES: Record<AclPatternType, ResourcePatternTypes> = {
  literal: ResourcePatternTypes.LITERAL,
  prefixed: ResourcePatternTypes.PREFIXED,
};

const OPERATIONS: Record<AclOperation, AclOperationTypes> = {
  all: AclOperationTypes.ALL,
  read: AclOperationTypes.READ,
  write: AclOperationTypes.WRITE,
  create: AclOperationTypes.CREATE,
  delete: AclOperationTypes.DELETE,
  alter: AclOperationTypes.ALTER,
  describe: AclOperationTypes.DESCRIBE,
  'describe-configs': AclOperationTypes.DESCRIBE_CONFIGS,
  'alter-configs': AclOperationTypes.ALTER_CONFIGS,
  'idempotent-write': AclOperationTypes.IDEMPOTENT_WRITE,
};

const PERMISSIONS: Record<AclPermission, AclPermissionTypes> = {
  allow: AclPermissionTypes.ALLOW,
  deny: AclPermissionTypes.DENY,
};

function reverse<K extends string, V>(map: Record<K, V>): Map<V, K> {
  return new Map((Object.keys(map) as K[]).map((k) => [map[k], k]));
}

const RESOURCE_TYPE_OF = reverse(RESOURCE_TYPES);
const PATTERN_TYPE_OF = reverse(PATTERN_TYPES);
const OPERATION_OF = reverse(OPERATIONS);
const PERMISSION_OF = reverse(PERMISSIONS);

function known<V, K>(map: Map<V, K>, value: V, what: string): K {
  const key = map.get(value);
  if (key === undefined)
    throw new Error(`the broker answered an ACL with an unknown ${what} (${String(value)})`);
  return key;
}

export function kafkaJsAclEntry(binding: AclBinding): AclEntry {
  return {
    resourceType: RESOURCE_TYPES[binding.resourceType],
    resourceName: binding.resourceName,
    resourcePatternType: PATTERN_TYPES[binding.patternType],
    principal: binding.principal,
    host: binding.host,
    operation: OPERATIONS[binding.operation],
    permissionType: PERMISSIONS[binding.permission],
  };
}

/** An absent field of the port's filter is kafkajs's ANY (or no name / principal / host). */
export function kafkaJsAclFilter(filter: AclBindingFilter): AclFilter {
  return {
    resourceType: filter.resourceType ? RESOURCE_TYPES[filter.resourceType] : AclResourceTypes.ANY,
    resourceName: filter.resourceName,
    resourcePatternType: filter.patternType ? PATTERN_TYPES[filter.patternType] : ResourcePatternTypes.ANY,
    principal: filter.principal,
    host: filter.host,
    operation: filter.operation ? OPERATIONS[filter.operation] : AclOperationTypes.ANY,
    permissionType: filter.permission ? PERMISSIONS[filter.permission] : AclPermissionTypes.ANY,
  };
}

export function aclBindingsOf(resources: readonly DescribeAclResource[]): AclBinding[] {
  return resources.flatMap((r) =>
    r.acls.map((acl) => ({
      resourceType: known(RESOURCE_TYPE_OF, r.resourceType, 'resource type'),
      resourceName: r.resourceName,
      patternType: known(PATTERN_TYPE_OF, r.resourcePatternType, 'pattern type'),
      principal: acl.principal,
      host: acl.host,
      operation: known(OPERATION_OF, acl.operation, 'operation'),
      permission: known(PERMISSION_OF, acl.permissionType, 'permission'),
    })),
  );
}
