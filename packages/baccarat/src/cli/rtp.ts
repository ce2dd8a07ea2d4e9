#!/usr/bin/env node
import { BACCARAT_BET_TYPES } from '../bet-types';
import { exactBaccaratReturns } from '../exact';
import { defaultTableRules } from '../table-rules';
import { parseCommonArgs, percent } from './args';

const USAGE = 'usage: rtp [--decks 1..8] [--variant commission|no-commission|rng] [--json]';

function main(): void {
  const { variant, decks, json } = parseCommonArgs(process.argv.slice(2), [], USAGE);
  const started = process.hrtime.bigint();
  const report = exactBaccaratReturns(decks, defaultTableRules(variant).payTable, variant);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (json) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const lines = [
    `Baccarat exact return — ${decks} decks, ${variant} (${defaultTableRules(variant).payTable} pay table)`,
    `Outcomes: Player ${percent(report.probabilities.player)}  Banker ${percent(report.probabilities.banker)}  ` +
      `Tie ${percent(report.probabilities.tie)}`,
    '',
    `${'bet'.padEnd(15)}${'RTP'.padStart(10)}${'house edge'.padStart(13)}`,
    ...BACCARAT_BET_TYPES.map(
      (type) =>
        `${type.padEnd(15)}${percent(report.bets[type].rtp).padStart(10)}` +
        `${percent(report.bets[type].houseEdge).padStart(13)}`,
    ),
    '',
    `(exact enumeration over rank compositions, ${ms.toFixed(1)} ms)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
