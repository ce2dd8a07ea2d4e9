import { commitmentText, parseFairArgs } from '@casino/cards';
import { CommandOutput } from '@casino/game-kit';
import { FairFanTanReport, verifyFairFanTanRound } from '../fair-round';
import { parseBeadRange } from './range-arg';

const USAGE =
  'usage: verify fan-tan --server-seed <64 hex> --client-seed <seed> --nonce <n> [--commitment <sha256 hex>] ' +
  "[--bead-range MIN-MAX (the table's; default 40-139)] [--json]\n" +
  '  recomputes an automatic Fan Tan round from its revealed seeds; exit 1 if --commitment does not match the ' +
  'server seed, 2 on bad input';

/** `npm run verify -- fan-tan …`: the exit code (0 fine, 1 commitment mismatch, 2 bad input). */
export function runFanTanVerify(argv: string[], io: CommandOutput): number {
  const args = parseFairArgs(argv, ['bead-range']);
  const range = args.ok ? parseBeadRange(args.extra['bead-range']) : args;
  if (!args.ok || !range.ok) {
    io.err(`${!args.ok ? args.message : !range.ok ? range.message : ''}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const report = verifyFairFanTanRound(args.claim, range.range);
  io.out(`${args.json ? JSON.stringify(report) : describeFanTanRound(report)}\n`);
  return report.commitmentMatches === false ? 1 : 0;
}

export function describeFanTanRound(r: FairFanTanReport): string {
  const pad = (s: string) => s.padEnd(18);
  return [
    `Automatic Fan Tan round — ${r.scheme}, beads ${r.range.min}..${r.range.max}`,
    `${pad('server seed')}${r.serverSeed}`,
    `${pad('server seed hash')}${r.serverSeedHash}`,
    `${pad('commitment')}${commitmentText(r)}`,
    `${pad('client seed')}${r.clientSeed}`,
    `${pad('nonce')}${r.nonce}`,
    `${pad('beads')}${r.count}  → result ${r.result}`,
  ].join('\n');
}
