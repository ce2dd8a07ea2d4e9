import { rouletteMoments } from '../rtp/theoretical-rtp';
import { DriftInput, driftAlerts } from './rtp-drift';

const red = () => {
  const m = rouletteMoments().get('red');
  if (!m) throw new Error('no moments for red');
  return m;
};

/** n bets of stake s on red that returned `returned` in all. */
const input = (n: number, s: bigint, returned: bigint, moments = red()): DriftInput => ({
  tableId: 'rou-1',
  game: 'roulette',
  betKind: 'red',
  currency: 'EUR',
  bets: BigInt(n),
  staked: BigInt(n) * s,
  returned,
  stakeSq: BigInt(n) * s * s,
  moments,
});

describe('driftAlerts (99.9% band, z = 3.29)', () => {
  // Red: θ = 36/37, per-unit σ² ≈ 0.9993; 10,000 equal bets → se = σ/100.
  const n = 10_000;
  const se = Math.sqrt(red().variance) / Math.sqrt(n);
  const at = (z: number) => BigInt(Math.round((red().rtp + z * se) * n * 100));

  it('leaves a table inside its band alone (z = 3.2)', () => {
    expect(driftAlerts([input(n, 100n, at(3.2))])).toEqual([]);
    expect(driftAlerts([input(n, 100n, at(-3.2))])).toEqual([]);
  });

  it('flags a table paying too much or too little (|z| = 3.4)', () => {
    const [hi] = driftAlerts([input(n, 100n, at(3.4))]);
    expect(hi).toMatchObject({ key: 'rtp/rou-1/red/EUR', kind: 'rtp_drift', turnover: '1000000' });
    expect(hi.z).toBeCloseTo(3.4, 2);
    expect(hi.high999 - hi.theoretical).toBeCloseTo(3.290526731491926 * se, 9);
    expect(driftAlerts([input(n, 100n, at(-3.4))])[0].z).toBeCloseTo(-3.4, 2);
  });

  it('widens the band with Σs²: one big stake among small ones moves less', () => {
    // Same Σs and Σreturned, but a concentrated stake (larger Σs²) is still within its wider band.
    const even = input(n, 100n, at(3.4));
    const lumpy = { ...even, stakeSq: even.stakeSq * 2n };
    expect(driftAlerts([even])).toHaveLength(1);
    expect(driftAlerts([lumpy])).toEqual([]);
  });

  it('never flags a kind without an exact figure, or without turnover', () => {
    expect(driftAlerts([{ ...input(n, 100n, 0n), moments: undefined }])).toEqual([]);
    expect(driftAlerts([input(0, 100n, 0n)])).toEqual([]);
  });
});
