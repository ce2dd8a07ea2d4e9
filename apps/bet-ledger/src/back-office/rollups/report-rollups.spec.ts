import { RollupBet } from '../../rounds/round-book';
import { ReportRollupChanges } from './report-rollups';

const bet = (over: Partial<RollupBet>): RollupBet => ({
  operatorId: 'op-a',
  playerId: 'p1',
  game: 'baccarat',
  tableId: 't1',
  currency: 'EUR',
  betKind: 'player',
  stake: 100n,
  returned: 200n,
  ...over,
});

describe('ReportRollupChanges', () => {
  it('writes nothing when nothing settled', () => {
    expect(new ReportRollupChanges().statement()).toBeUndefined();
  });

  it('sums bets per key, squares stakes exactly, and sends the keys in order', () => {
    const r = new ReportRollupChanges();
    r.add(bet({ tableId: 't2', stake: 4_000_000_000n, returned: 0n }));
    r.add(bet({ stake: 100n }));
    r.add(bet({ stake: 50n, returned: 0n, playerId: 'p0' }));
    const s = r.statement();
    expect(s?.cteList).toBe(true);
    const p = s?.params as string[][];
    expect(p[2]).toEqual(['t1', 't2']); // tables, in key order
    expect(p[5]).toEqual(['2', '1']); // bets
    expect(p[6]).toEqual(['150', '4000000000']); // Σ stake
    expect(p[7]).toEqual(['200', '0']); // Σ returned
    expect(p[8]).toEqual(['12500', '16000000000000000000']); // Σ stake², past 2^63 as numeric
    expect(p[10]).toEqual(['p0', 'p1']); // players, in key order
    expect(p[14]).toEqual(['50', '4000000100']);
  });
});
