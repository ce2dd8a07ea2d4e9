#!/usr/bin/env bash
# Debian's Chromium for the player web client's browser tests (apps/player-web/test): playwright-core drives the
# system browser at /usr/bin/chromium; no browser is ever downloaded. Installs it with apt-get when missing (root,
# as on CI); otherwise says how, and the browser tests are skipped outside CI.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "[chromium] not installed: run 'sudo apt-get install chromium' for the browser tests" >&2
  exit 0
fi
echo "[chromium] installing Debian's chromium (apt-get)…" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium; } >&2; then
  echo "[chromium] apt-get install chromium failed: the browser tests cannot run" >&2
fi
