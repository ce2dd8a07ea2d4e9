/** Back-office roles (ledger_staff.role). */
export const STAFF_ROLES = ['admin', 'finance', 'support', 'pit_boss', 'dealer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Every back-office permission, the roles that hold it, and whether an operator's staff (scoped to one operator)
 * may hold it at all. The one place access is decided: each route names its permission (`@Requires`).
 */
export const PERMISSIONS = {
  /** Turnover, GGR, margin, top players, voided/disputed rounds. */
  'reports.financial': { roles: ['admin', 'finance'], platformOnly: false },
  /** Measured RTP per bet type against the exact figure. */
  'reports.rtp': { roles: ['admin', 'finance', 'pit_boss'], platformOnly: false },
  /** Balances, bets, a player's history, bet search. */
  'players.read': { roles: ['admin', 'finance', 'support'], platformOnly: false },
  /** Personal limits. */
  'players.write': { roles: ['admin', 'support'], platformOnly: false },
  /** VIP limits above the table's maximum: a risk decision (docs/rules/restrictions.md#vip-limits). */
  'players.vip': { roles: ['admin'], platformOnly: false },
  /** Demo/test funding from the operator's account. */
  'players.fund': { roles: ['admin'], platformOnly: true },
  /** Round recall (an operator's staff see their operator's bets only). */
  'rounds.read': { roles: ['admin', 'finance', 'support', 'pit_boss', 'dealer'], platformOnly: false },
  /** Disputed and stuck rounds: the list, void, resubmit, their audit. */
  'rounds.intervene': { roles: ['admin', 'pit_boss'], platformOnly: true },
  /**
   * A pit boss's approval of a round's void after betting closed (docs/ledger.md#voids-after-betting-closed): a
   * second person beside the dealer, so no other role, and never the system token.
   */
  'rounds.approve-void': { roles: ['pit_boss'], platformOnly: true },
  'tables.read': { roles: ['admin', 'finance', 'support', 'pit_boss', 'dealer'], platformOnly: false },
  'tables.write': { roles: ['admin', 'pit_boss'], platformOnly: true },
  'quarantine.manage': { roles: ['admin'], platformOnly: true },
  'staff.manage': { roles: ['admin'], platformOnly: true },
  /** The operator registry: operators, wallet mode, API keys (issue, revoke), suspension. */
  'operators.manage': { roles: ['admin'], platformOnly: true },
  'audit.read': { roles: ['admin', 'finance'], platformOnly: true },
  /** The daily exchange rates reports convert with (docs/back-office.md#converted-reports): platform-wide. */
  'rates.write': { roles: ['admin', 'finance'], platformOnly: true },
} as const satisfies Record<string, { roles: readonly StaffRole[]; platformOnly: boolean }>;

export type Permission = keyof typeof PERMISSIONS;

/** Who calls a back-office route: a logged-in staff member, or the platform's system token (scripts, tests). */
export interface StaffPrincipal {
  kind: 'staff' | 'system';
  /** null for the system token. */
  staffId: string | null;
  username: string;
  role: StaffRole;
  /** Set for an operator's staff: they see that operator's data only. */
  operatorId: string | null;
}

export const SYSTEM_PRINCIPAL: StaffPrincipal = {
  kind: 'system',
  staffId: null,
  username: 'system',
  role: 'admin',
  operatorId: null,
};

/** Whether `who` holds `permission`. */
export function allows(who: Pick<StaffPrincipal, 'role' | 'operatorId'>, permission: Permission): boolean {
  const rule = PERMISSIONS[permission];
  if (!(rule.roles as readonly StaffRole[]).includes(who.role)) return false;
  return !(rule.platformOnly && who.operatorId !== null);
}

/** Every permission `who` holds (shown at login so a client can hide what it may not use). */
export function permissionsOf(who: Pick<StaffPrincipal, 'role' | 'operatorId'>): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => allows(who, p));
}
