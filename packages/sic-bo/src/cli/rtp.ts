#!/usr/bin/env node
/* Exact return of every Sic Bo bet: `npm run rtp -- sic-bo [--pay-table standard] [--json]`. */
import { runRtpCommand } from '@casino/game-kit';
import { exactSicBoReturns } from '../exact';
import { isSicBoPayTable, SIC_BO_PAY_TABLE_NAMES } from '../pay-table';

process.exitCode = runRtpCommand(
  {
    game: 'sicBo',
    command: 'sic-bo',
    title: 'Sic Bo: exact return by settling every bet against the 216 dice results',
    payTables: SIC_BO_PAY_TABLE_NAMES,
    figures: (name) => exactSicBoReturns(isSicBoPayTable(name) ? name : 'standard'),
  },
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
);
