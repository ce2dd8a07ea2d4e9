import { runVerify } from './verify-command';

const VECTOR = {
  serverSeed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  clientSeed: 'player-seed',
  nonce: 1,
};
const COMMITMENT = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';

function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = runVerify(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('verify command line', () => {
  it('npm run verify -- rng-round prints the round, --json too, and fails on a wrong commitment', () => {
    const args = ['--server-seed', VECTOR.serverSeed, '--client-seed', 'player-seed', '--nonce', '1'];
    const text = run(['rng-round', ...args, '--commitment', COMMITMENT]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('matches sha256(server seed)');
    expect(text.out).toMatch(/cards drawn\s+AC 2S 9C 4S 6S AD/);
    expect(text.out).toMatch(/Player\s+AC 2S 6S\s+= 9/);
    expect(text.out).toMatch(/Banker\s+9C 4S AD\s+= 4/);
    expect(text.out).toContain('Player wins 9 to 4');

    const json = run(['rng-round', ...args, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      serverSeedHash: COMMITMENT,
      commitmentMatches: null,
      drawn: ['AC', '2S', '9C', '4S', '6S', 'AD'],
      cards: ['AC', '9C', '2S', '4S', '6S', 'AD'],
      winner: 'player',
      playerTotal: 9,
      bankerTotal: 4,
      dealOrder: 'player-first',
      decks: 6,
    });

    const wrong = run(['rng-round', ...args, '--commitment', 'f'.repeat(64), '--json']);
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.out)).toMatchObject({ commitmentMatches: false });

    expect(run(['rng-round', ...args.slice(0, 4)]).code).toBe(2);
    expect(run(['rng-round', ...args.slice(0, 2), '--client-seed', 'a:b', '--nonce', '1']).code).toBe(2);
    expect(run(['rng-round', ...args, '--commitment', 'XYZ']).code).toBe(2);
    expect(run(['rng-round', ...args, '--nonce', '-1']).code).toBe(2);
    expect(run(['shoe']).code).toBe(2);
    expect(run(['--help']).code).toBe(0);
  });
});
