#!/usr/bin/env node
/* Fan Tan simulated through the automatic table's draw: `npm run sim -- fan-tan [--rounds N] [--seed S] [--json]`. */
import { cryptoRandom, seededRandom } from '@casino/cards';
import { measuredReturnsTable, percentText } from '@casino/game-kit';
import { parseArgs } from 'node:util';
import { simulateFanTan } from '../sim';
import { parseBeadRange } from './range-arg';

const USAGE =
  'usage: sim fan-tan [--rounds N] [--seed S] [--bead-range MIN-MAX] [--json]   ' +
  '(no --seed: node:crypto, the production source)';

function main(argv: string[]): number {
  let values: { json?: boolean; rounds?: string; seed?: string; 'bead-range'?: string };
  try {
    values = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean' },
        rounds: { type: 'string' },
        seed: { type: 'string' },
        'bead-range': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const rounds = Number(values.rounds ?? 1_000_000);
  const range = parseBeadRange(values['bead-range']);
  if (!Number.isSafeInteger(rounds) || rounds < 2 || !range.ok) {
    process.stderr.write(`${range.ok ? '--rounds must be an integer >= 2' : range.message}\n${USAGE}\n`);
    return 2;
  }
  // With --seed the run can be repeated; without it the heaps come from node:crypto, as at an automatic table.
  const random = values.seed === undefined ? cryptoRandom() : seededRandom(values.seed);
  const seed = values.seed ?? 'crypto';
  const started = process.hrtime.bigint();
  const report = simulateFanTan(rounds, random, seed, range.range);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    const f = Object.entries(report.frequencies).map(([n, p]) => `${n}: ${percentText(p, 3)}`);
    process.stdout.write(
      `Fan Tan simulation — ${rounds} rounds, beads ${range.range.min}..${range.range.max}, source ${seed}, ` +
        `1.00 on one bet of each kind, ${seconds.toFixed(2)} s\nResults: ${f.join('  ')}\n\n` +
        `${measuredReturnsTable(report.bets)}\n`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
