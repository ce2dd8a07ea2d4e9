/**
 * Access control entries of a broker with an authorizer (docs/kafka-security.md), in the port's words: the
 * admin creates, lists and deletes them. A binding allows (or denies) one principal one operation on the
 * resources its pattern matches.
 */

export type AclResourceType = 'topic' | 'group' | 'cluster' | 'transactional-id';

/** `literal`: the resource of exactly that name; `prefixed`: every resource whose name starts with it. */
export type AclPatternType = 'literal' | 'prefixed';

export type AclOperation =
  | 'all'
  | 'read'
  | 'write'
  | 'create'
  | 'delete'
  | 'alter'
  | 'describe'
  | 'describe-configs'
  | 'alter-configs'
  | 'idempotent-write';

export type AclPermission = 'allow' | 'deny';

export interface AclBinding {
  resourceType: AclResourceType;
  resourceName: string;
  patternType: AclPatternType;
  /** `User:<name>` (a SASL user's principal). */
  principal: string;
  /** `*` for any host. */
  host: string;
  operation: AclOperation;
  permission: AclPermission;
}

/** Which bindings to list or delete: every field given must match, an absent one matches any. */
export interface AclBindingFilter {
  resourceType?: AclResourceType;
  resourceName?: string;
  patternType?: AclPatternType;
  principal?: string;
  host?: string;
  operation?: AclOperation;
  permission?: AclPermission;
}
