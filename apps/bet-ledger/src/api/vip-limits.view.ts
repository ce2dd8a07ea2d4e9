import { VipAuditEntry, VipGrant } from '../vip-limits/vip-limits.repository';

/** VIP grants and their audit as JSON: amounts as decimal strings of minor units. */
export function vipView(v: { grants: VipGrant[]; audit: VipAuditEntry[] }) {
  return {
    grants: v.grants.map((g) => ({ ...g, max: g.max.toString() })),
    audit: v.audit.map((a) => ({
      ...a,
      maxBefore: a.maxBefore?.toString() ?? null,
      maxAfter: a.maxAfter?.toString() ?? null,
    })),
  };
}
