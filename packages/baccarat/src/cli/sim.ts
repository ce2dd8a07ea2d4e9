#!/usr/bin/env node
import { cryptoRandom, randomInt, seededRandom } from '@casino/cards';
import { BACCARAT_BET_TYPES } from '../bet-types';
import { simulateBaccarat } from '../sim';
import { defaultTableRules } from '../table-rules';
import { fail, parseCommonArgs, percent } from './args';

const USAGE =
  'usage: sim --rounds N [--decks 1..8] [--variant commission|no-commission|rng] [--seed S] [--json]';

function main(): void {
  const { variant, decks, json, values } = parseCommonArgs(process.argv.slice(2), ['rounds', 'seed'], USAGE);
  const rounds = Number(values.rounds ?? 1_000_000);
  if (!Number.isSafeInteger(rounds) || rounds < 2) fail(USAGE, '--rounds must be an integer >= 2');
  // Without --seed, pick one at random and print it, so any run can be repeated.
  const seed = (values.seed as string | undefined) ?? randomInt(cryptoRandom(), 0xffffffff).toString(16);
  const rules = { ...defaultTableRules(variant), decks };
  const started = process.hrtime.bigint();
  const report = simulateBaccarat(rules, rounds, seededRandom(seed), seed);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const f = report.frequencies;
  const lines = [
    `Baccarat simulation — ${rounds} rounds, ${decks} decks, ${variant}, seed ${seed}, ${report.shoes} shoes, ` +
      `${seconds.toFixed(2)} s`,
    `Outcomes: Player ${percent(f.player)}  Banker ${percent(f.banker)}  Tie ${percent(f.tie)}`,
    '',
    `${'bet'.padEnd(15)}${'measured'.padStart(11)}${'95% CI'.padStart(24)}${'exact'.padStart(11)}  in CI`,
    ...BACCARAT_BET_TYPES.map((type) => {
      const bet = report.bets[type];
      const ci = `${percent(bet.ciLow, 3)} – ${percent(bet.ciHigh, 3)}`;
      return (
        `${type.padEnd(15)}${percent(bet.measured, 3).padStart(11)}${ci.padStart(24)}` +
        `${percent(bet.exact, 3).padStart(11)}  ${bet.exactWithinCi ? 'yes' : 'NO'}`
      );
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
