import { checkFairClaim, commitmentText, parseFairArgs } from './fair-check';
import { serverSeedHash } from './provably-fair';

const serverSeed = 'ab'.repeat(32);

describe('fair claims', () => {
  it('checks revealed seeds against the commitment', () => {
    const hash = serverSeedHash(serverSeed);
    const good = checkFairClaim({ serverSeed, clientSeed: 'c', nonce: 3, commitment: hash });
    expect(good).toEqual({
      serverSeed,
      clientSeed: 'c',
      nonce: 3,
      serverSeedHash: hash,
      commitmentMatches: true,
    });
    expect(commitmentText(good)).toBe('matches sha256(server seed)');
    const bad = checkFairClaim({ serverSeed, clientSeed: 'c', nonce: 3, commitment: '0'.repeat(64) });
    expect(commitmentText(bad)).toContain('DOES NOT MATCH');
    expect(checkFairClaim({ serverSeed, clientSeed: 'c', nonce: 3 }).commitmentMatches).toBeNull();
  });

  it('parses a verify command’s arguments and refuses bad ones with the reason', () => {
    const args = ['--server-seed', serverSeed, '--client-seed', 'table-1', '--nonce', '7', '--json'];
    expect(parseFairArgs([...args, '--range', '10-20'], ['range'])).toEqual({
      ok: true,
      help: false,
      json: true,
      claim: { serverSeed, clientSeed: 'table-1', nonce: 7 },
      extra: { range: '10-20' },
    });
    expect(parseFairArgs(['--server-seed', 'xyz'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('64'),
    });
    expect(parseFairArgs([...args.slice(0, 4), '--nonce', '-1'])).toMatchObject({ ok: false });
    expect(parseFairArgs([...args.slice(0, 2), '--client-seed', 'a:b', '--nonce', '1'])).toMatchObject({
      ok: false,
    });
    expect(parseFairArgs([...args, '--commitment', 'nope'])).toMatchObject({ ok: false });
    expect(parseFairArgs(['--what'])).toMatchObject({ ok: false });
    expect(parseFairArgs(['--help'])).toMatchObject({ ok: true, help: true });
  });
});
