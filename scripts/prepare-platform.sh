#!/usr/bin/env bash
# What `npm test`, `npm run test:faults` and `npm run demo` need before they run: dependencies, Chromium, promtool, a
# Kafka broker (started in the background, or the one already answering), the PostgreSQL databases, every workspace
# built and the platform's topics.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
step() { printf '\n==> %s\n' "$*"; }
step "dependencies"
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-promtool.sh
step "infrastructure: Kafka broker (background) and PostgreSQL"
bash infra/kafka/kafka.sh fetch
bash infra/kafka/kafka.sh format
bash infra/kafka/kafka.sh start
node infra/postgres/ensure-databases.mjs
step "build"
bash scripts/build.sh
bash infra/kafka/kafka.sh wait
bash infra/kafka/kafka.sh topics
