import { serverSeedHash } from '@casino/cards';
import { fairDice } from '../fair-round';
import { runSicBoVerify } from './verify-command';

const serverSeed = 'c3'.repeat(32);

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = runSicBoVerify(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('npm run verify -- sic-bo', () => {
  const seeds = ['--server-seed', serverSeed, '--client-seed', 'sb-table', '--nonce', '12'];

  it('recomputes the dice and checks the commitment', () => {
    const ok = run([...seeds, '--commitment', serverSeedHash(serverSeed), '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({
      scheme: 'hmac-sha256-dice/v1',
      commitmentMatches: true,
      dice: [...fairDice({ serverSeed, clientSeed: 'sb-table', nonce: 12 })],
    });
    const text = run(seeds);
    expect(text.out).toContain('not given');
    expect(text.out).toMatch(/dice {14}\d \d \d {2}total \d+/);
  });

  it('exits 1 on a commitment that does not match, 2 on bad input', () => {
    expect(run([...seeds, '--commitment', '0'.repeat(64)])).toMatchObject({ code: 1 });
    const bad = run(['--server-seed', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('64 lowercase hex');
    expect(run(['--help']).code).toBe(0);
  });
});
