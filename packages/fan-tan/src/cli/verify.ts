#!/usr/bin/env node
import { runFanTanVerify } from './verify-command';

process.exitCode = runFanTanVerify(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
