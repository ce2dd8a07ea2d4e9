#!/usr/bin/env node
/* Sic Bo simulated through the automatic table's draw: `npm run sim -- sic-bo [--rounds N] [--seed S] [--json]`. */
import { cryptoRandom, seededRandom } from '@casino/cards';
import { measuredReturnsTable } from '@casino/game-kit';
import { parseArgs } from 'node:util';
import { simulateSicBo } from '../sim';

const USAGE =
  'usage: sim sic-bo [--rounds N] [--seed S] [--json]   (no --seed: node:crypto, the production source)';

function main(argv: string[]): number {
  let values: { json?: boolean; rounds?: string; seed?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, rounds: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const rounds = Number(values.rounds ?? 1_000_000);
  if (!Number.isSafeInteger(rounds) || rounds < 2) {
    process.stderr.write(`--rounds must be an integer >= 2\n${USAGE}\n`);
    return 2;
  }
  // With --seed the run can be repeated; without it the dice come from node:crypto, as at an automatic table.
  const random = values.seed === undefined ? cryptoRandom() : seededRandom(values.seed);
  const seed = values.seed ?? 'crypto';
  const started = process.hrtime.bigint();
  const report = simulateSicBo(rounds, random, seed);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } else {
    process.stdout.write(
      `Sic Bo simulation — ${rounds} rounds, source ${seed}, one unit on one bet of each key, ${seconds.toFixed(2)} s\n\n` +
        `${measuredReturnsTable(report.bets)}\n`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
