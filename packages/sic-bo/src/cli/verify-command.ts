import { commitmentText, parseFairArgs } from '@casino/cards';
import { CommandOutput } from '@casino/game-kit';
import { diceTotal, isTriple } from '../dice';
import { FairSicBoReport, verifyFairSicBoRound } from '../fair-round';

const USAGE =
  'usage: verify sic-bo --server-seed <64 hex> --client-seed <seed> --nonce <n> [--commitment <sha256 hex>] ' +
  '[--json]\n  recomputes an automatic Sic Bo round from its revealed seeds; exit 1 if --commitment does not ' +
  'match the server seed, 2 on bad input';

/** `npm run verify -- sic-bo …`: the exit code (0 fine, 1 commitment mismatch, 2 bad input). */
export function runSicBoVerify(argv: string[], io: CommandOutput): number {
  const args = parseFairArgs(argv);
  if (!args.ok) {
    io.err(`${args.message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const report = verifyFairSicBoRound(args.claim);
  io.out(`${args.json ? JSON.stringify(report) : describeSicBoRound(report)}\n`);
  return report.commitmentMatches === false ? 1 : 0;
}

export function describeSicBoRound(r: FairSicBoReport): string {
  const pad = (s: string) => s.padEnd(18);
  return [
    `Automatic Sic Bo round — ${r.scheme}`,
    `${pad('server seed')}${r.serverSeed}`,
    `${pad('server seed hash')}${r.serverSeedHash}`,
    `${pad('commitment')}${commitmentText(r)}`,
    `${pad('client seed')}${r.clientSeed}`,
    `${pad('nonce')}${r.nonce}`,
    `${pad('dice')}${r.dice.join(' ')}  total ${diceTotal(r.dice)}${isTriple(r.dice) ? '  triple' : ''}`,
  ].join('\n');
}
