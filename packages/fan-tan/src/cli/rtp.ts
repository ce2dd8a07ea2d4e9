#!/usr/bin/env node
/* Exact return of every Fan Tan bet: `npm run rtp -- fan-tan [--pay-table standard] [--json]`. */
import { runRtpCommand } from '@casino/game-kit';
import { exactFanTanReturns } from '../exact';
import { FAN_TAN_PAY_TABLE_NAMES, isFanTanPayTable } from '../pay-table';

process.exitCode = runRtpCommand(
  {
    game: 'fanTan',
    command: 'fan-tan',
    title: 'Fan Tan: exact return, net of commission, by settling every bet against the four results',
    payTables: FAN_TAN_PAY_TABLE_NAMES,
    figures: (name) => exactFanTanReturns(isFanTanPayTable(name) ? name : 'standard'),
  },
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
);
