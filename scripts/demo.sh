#!/usr/bin/env bash
# `npm run demo`: the platform's main job. Installs, starts Kafka and PostgreSQL, builds, and runs the demo.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
step() { printf '\n==> %s\n' "$*"; }
step "dependencies"
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
step "infrastructure"
bash infra/kafka/kafka.sh fetch
bash infra/kafka/kafka.sh format
bash infra/kafka/kafka.sh start
node infra/postgres/ensure-databases.mjs
step "build"
bash scripts/build.sh
bash infra/kafka/kafka.sh wait
bash infra/kafka/kafka.sh topics
step "demo: ledger, game services and simulated players"
exec node tools/demo/dist/main.js "$@"
