#!/usr/bin/env bash
# Prometheus's promtool for the alert rules' test (infra/observability, tools/deploy-check): Debian's `prometheus`
# package provides it. Installs it with apt-get when missing (root, as on CI); otherwise says how, and the rules'
# test fails naming what is missing.
set -euo pipefail
if command -v "${PROMTOOL:-promtool}" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "[promtool] not installed: run 'sudo apt-get install prometheus' for the alert rules' test" >&2
  exit 0
fi
echo "[promtool] installing Debian's prometheus (apt-get) for promtool…" >&2
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d 101: the package's server is never started by its install (only promtool is wanted).
policy=/usr/sbin/policy-rc.d
made_policy=false
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made_policy=true
fi
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus; } >&2; then
  echo "[promtool] apt-get install prometheus failed: the alert rules' test cannot run" >&2
fi
if [ "$made_policy" = true ]; then rm -f "$policy"; fi
