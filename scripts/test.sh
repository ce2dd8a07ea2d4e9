#!/usr/bin/env bash
# `npm test`: installs, starts Kafka and PostgreSQL databases, builds, then lint + typecheck + every test suite.
# A broker it starts is left running for the next run (`npm run infra:down` stops it).
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
step() { printf '\n==> %s\n' "$*"; }

bash scripts/prepare-platform.sh
require_project_node
node -e "require('./packages/test-support/dist').dropStaleTestDatabases().catch(()=>{})" 2>/dev/null || true
step "formatting, import cycles (files, folders, packages), lint of the JavaScript scripts"
npx prettier --check . --log-level warn
npm run --silent check:cycles
npm run --silent lint:scripts
step "lint, typecheck and tests (Node.js $(node --version))"
log="$(mktemp)"
status=0
npx turbo run lint typecheck test --concurrency=2 --output-logs=full --summarize 2>&1 | tee "$log" || status=$?
# The slowest tasks of this run (turbo's run summary), to see where CI's minutes go.
node -e '
  const { readdirSync, statSync } = require("fs");
  const dir = ".turbo/runs";
  const newest = readdirSync(dir).map((f) => `${dir}/${f}`).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  const tasks = require(require("path").resolve(newest)).tasks.filter((t) => t.execution && t.cache.status !== "HIT");
  const secs = (t) => (t.execution.endTime - t.execution.startTime) / 1000;
  const first = Math.min(...tasks.map((t) => t.execution.startTime));
  console.log("\nslowest tasks (seconds taken, started at +seconds):");
  for (const t of tasks.sort((a, b) => secs(b) - secs(a)).slice(0, 15)) {
    const at = ((t.execution.startTime - first) / 1000).toFixed(0);
    console.log(`${secs(t).toFixed(0).padStart(6)}  +${at.padEnd(5)} ${t.taskId}`);
  }
' 2>/dev/null || true
# One closing line over every jest run (turbo prints each workspace's own).
node -e '
  const text = require("fs").readFileSync(process.argv[1], "utf8");
  let passed = 0, failed = 0, skipped = 0;
  for (const m of text.matchAll(/Tests:\s+(.*?)\s+\d+ total/g)) {
    for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped)/g)) {
      if (kind === "passed") passed += +n; else if (kind === "failed") failed += +n; else skipped += +n;
    }
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$log"
rm -f "$log"
exit "$status"
