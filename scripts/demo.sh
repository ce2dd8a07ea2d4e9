#!/usr/bin/env bash
# `npm run demo`: the platform's main job. Installs, starts Kafka and PostgreSQL, builds, and runs the demo.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
step() { printf '\n==> %s\n' "$*"; }
bash scripts/prepare-platform.sh
require_project_node
step "demo: ledger, game services and simulated players (Node.js $(node --version))"
exec node tools/demo/dist/main.js "$@"
