#!/usr/bin/env node
import { benchBaccarat } from '../bench';
import { fail, parseCommonArgs } from './args';

const USAGE = 'usage: bench [--rounds N] [--variant commission|no-commission|rng] [--json]';

function main(): void {
  const { variant, json, values } = parseCommonArgs(process.argv.slice(2), ['rounds'], USAGE);
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  if (rounds !== undefined && (!Number.isSafeInteger(rounds) || rounds < 1))
    fail(USAGE, '--rounds must be >= 1');
  const result = benchBaccarat({ rounds, variant });
  if (json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  process.stdout.write(
    `baccarat rounds/s (deal + outcome + settle 8 bets, 1 thread): ${result.baccaratRoundsPerSec.toLocaleString('en-US')}\n` +
      `baccarat exact 8-deck enumeration: ${result.baccaratExactMs} ms\n`,
  );
}

main();
