import { PreparedStatements } from './prepared-sql';

describe('PreparedStatements', () => {
  it('names a text the third time it is sent, then always the same name', () => {
    const p = new PreparedStatements();
    expect(p.nameOf('SELECT 1')).toBeUndefined();
    expect(p.nameOf('SELECT 1')).toBeUndefined();
    const name = p.nameOf('SELECT 1');
    expect(name).toMatch(/^ledger_[0-9a-f]{24}$/);
    expect(p.nameOf('SELECT 1')).toBe(name);
    for (let i = 0; i < 3; i++) p.nameOf('SELECT 2');
    expect(p.nameOf('SELECT 2')).not.toBe(name);
  });

  it('prepares at most 64 texts; texts built per call stay unnamed', () => {
    const p = new PreparedStatements();
    for (let t = 0; t < 70; t++) for (let i = 0; i < 3; i++) p.nameOf(`SELECT ${t}`);
    const named = Array.from({ length: 70 }, (_, t) => p.nameOf(`SELECT ${t}`)).filter(
      (n) => n !== undefined,
    );
    expect(named).toHaveLength(64);
    // Seen once each: never prepared.
    const once = Array.from({ length: 2_000 }, (_, t) => new PreparedStatements().nameOf(`SELECT ${t} once`));
    expect(once.every((n) => n === undefined)).toBe(true);
  });
});
