import { serverSeedHash } from '@casino/cards';
import { fairBeadCount } from '../fair-round';
import { runFanTanVerify } from './verify-command';

const serverSeed = 'c3'.repeat(32);

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = runFanTanVerify(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('npm run verify -- fan-tan', () => {
  const seeds = ['--server-seed', serverSeed, '--client-seed', 'ft-table', '--nonce', '3'];

  it('recomputes the bead count at the table’s range and checks the commitment', () => {
    const ok = run([
      ...seeds,
      '--commitment',
      serverSeedHash(serverSeed),
      '--bead-range',
      '20-119',
      '--json',
    ]);
    expect(ok.code).toBe(0);
    const count = fairBeadCount({ serverSeed, clientSeed: 'ft-table', nonce: 3 }, { min: 20, max: 119 });
    expect(JSON.parse(ok.out)).toMatchObject({
      commitmentMatches: true,
      count,
      range: { min: 20, max: 119 },
    });
    expect(run(seeds).out).toMatch(/beads {13}\d+ {2}→ result [1-4]/);
  });

  it('exits 1 on a commitment that does not match, 2 on bad input', () => {
    expect(run([...seeds, '--commitment', '0'.repeat(64)]).code).toBe(1);
    expect(run([...seeds, '--bead-range', '20-118'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('multiple of 4'),
    });
    expect(run([...seeds, '--bead-range', 'lots']).code).toBe(2);
    expect(run(['--nonce', 'x']).code).toBe(2);
  });
});
