import { parseArgs, UsageError, workerCount } from './args';

describe('parseArgs', () => {
  it('reads players, rounds, windows, shares and flags', () => {
    const o = parseArgs([
      '--players',
      '10000',
      '--rounds',
      '2',
      '--betting-ms',
      '8000',
      '--json',
      '--late-share',
      '0.5',
    ]);
    expect(o).toMatchObject({ players: 10_000, rounds: 2, bettingMs: 8_000, json: true, lateShare: 0.5 });
  });

  it('refuses unknown flags and out-of-range values', () => {
    expect(() => parseArgs(['--players', '0'])).toThrow(UsageError);
    expect(() => parseArgs(['--cancel-share', '2'])).toThrow(UsageError);
    expect(() => parseArgs(['--nope', '1'])).toThrow(/unknown flag/);
  });

  it('keeps the late window inside a short betting window', () => {
    expect(parseArgs(['--betting-ms', '2000']).lateWindowMs).toBe(1_500);
  });

  it('spreads sockets over one client process per 2,500 players unless told', () => {
    expect(workerCount(parseArgs(['--players', '10000']))).toBe(4);
    expect(workerCount(parseArgs(['--players', '200']))).toBe(1);
    expect(workerCount(parseArgs(['--players', '200', '--workers', '3']))).toBe(3);
  });
});
