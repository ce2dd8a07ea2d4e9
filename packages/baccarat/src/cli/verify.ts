#!/usr/bin/env node
import { runVerify } from './verify-command';

process.exitCode = runVerify(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
