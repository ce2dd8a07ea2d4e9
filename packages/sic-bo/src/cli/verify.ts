#!/usr/bin/env node
import { runSicBoVerify } from './verify-command';

process.exitCode = runSicBoVerify(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
