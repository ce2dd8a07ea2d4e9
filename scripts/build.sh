#!/usr/bin/env bash
# Builds workspaces through turbo (cached); its logs go to stderr.
#   build.sh                 every workspace
#   build.sh @casino/bench   that workspace and what it depends on
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
filters=()
for name in "$@"; do filters+=("--filter=$name..."); done
echo "[build] building ${*:-all workspaces} (turbo, cached)…" >&2
npx turbo run build "${filters[@]}" --output-logs=errors-only --log-prefix=none >&2
