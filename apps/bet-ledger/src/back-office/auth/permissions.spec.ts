import { allows, PERMISSIONS, permissionsOf, STAFF_ROLES, SYSTEM_PRINCIPAL } from './permissions';

describe('permissions', () => {
  it("gives the platform admin (and the system token) every permission but a pit boss's approval of a void", () => {
    expect(permissionsOf(SYSTEM_PRINCIPAL)).toEqual(
      Object.keys(PERMISSIONS).filter((p) => p !== 'rounds.approve-void'),
    );
  });

  it('lets only a platform pit boss approve a void after betting closed (a second person)', () => {
    expect(STAFF_ROLES.filter((role) => allows({ role, operatorId: null }, 'rounds.approve-void'))).toEqual([
      'pit_boss',
    ]);
    expect(allows({ role: 'pit_boss', operatorId: 'op-a' }, 'rounds.approve-void')).toBe(false);
  });

  it("never gives an operator's staff a platform-only permission", () => {
    for (const role of STAFF_ROLES)
      for (const p of permissionsOf({ role, operatorId: 'op-a' }))
        expect(PERMISSIONS[p].platformOnly).toBe(false);
    expect(allows({ role: 'admin', operatorId: 'op-a' }, 'staff.manage')).toBe(false);
    expect(allows({ role: 'pit_boss', operatorId: null }, 'rounds.intervene')).toBe(true);
  });

  it('keeps money reports from dealers and support', () => {
    expect(allows({ role: 'dealer', operatorId: null }, 'reports.financial')).toBe(false);
    expect(allows({ role: 'support', operatorId: null }, 'reports.financial')).toBe(false);
    expect(allows({ role: 'support', operatorId: 'op-a' }, 'players.read')).toBe(true);
    expect(allows({ role: 'finance', operatorId: null }, 'rounds.intervene')).toBe(false);
  });
});
