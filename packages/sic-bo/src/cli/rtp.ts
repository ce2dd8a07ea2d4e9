#!/usr/bin/env node
/* Exact return of every Sic Bo bet: `npm run rtp -- sic-bo [--json] [--pay-table standard]`. */
import { exactFiguresJson, exactFiguresTable } from '@casino/game-kit';
import { parseArgs } from 'node:util';
import { exactSicBoReturns } from '../exact';
import { isSicBoPayTable, SIC_BO_PAY_TABLE_NAMES } from '../pay-table';

const USAGE = `usage: rtp sic-bo [--pay-table ${SIC_BO_PAY_TABLE_NAMES.join('|')}] [--json]`;

function main(argv: string[]): number {
  let values: { json?: boolean; 'pay-table'?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, 'pay-table': { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const payTable = values['pay-table'] ?? 'standard';
  if (!isSicBoPayTable(payTable)) {
    process.stderr.write(`unknown pay table ${payTable}\n${USAGE}\n`);
    return 2;
  }
  const figures = exactSicBoReturns(payTable);
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ game: 'sicBo', payTable, bets: exactFiguresJson(figures) })}\n`);
  } else {
    process.stdout.write(
      `Sic Bo (${payTable} pay table): exact return by settling every bet against the 216 dice results\n\n` +
        `${exactFiguresTable(figures)}\n`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
