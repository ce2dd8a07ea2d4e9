import { GamblingUsageChanges } from './gambling-usage';

describe('GamblingUsageChanges', () => {
  it('sums a transaction’s changes per wallet into one upsert of the periods of its time', () => {
    const changes = new GamblingUsageChanges('2026-11-25T13:00:00.000Z');
    changes.add('7', 100n, 0n, 100n);
    changes.add('3', 0n, 40n, -100n);
    changes.add('7', -30n, 0n, -30n);
    const st = changes.statement();
    expect(st?.text).toContain('ON CONFLICT (account_id) DO UPDATE');
    expect(st?.params).toEqual([
      ['7', '3'],
      ['70', '0'],
      ['0', '40'],
      ['70', '-100'],
      '2026-11-25T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
    ]);
  });

  it('writes nothing when nothing changed in the end', () => {
    const changes = new GamblingUsageChanges('2026-11-25T13:00:00.000Z');
    expect(changes.statement()).toBeUndefined();
    changes.add('7', 100n, 0n, 100n);
    changes.add('7', -100n, 0n, -100n);
    expect(changes.statement()).toBeUndefined();
  });
});
