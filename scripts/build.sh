#!/usr/bin/env bash
# Builds every workspace through turbo (cached); its logs go to stderr.
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
echo "[build] building workspaces (turbo, cached)…" >&2
npx turbo run build --output-logs=errors-only --log-prefix=none >&2
