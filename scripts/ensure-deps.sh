#!/usr/bin/env bash
# Installs the workspace's dependencies when they are missing or older than package-lock.json.
# Progress goes to stderr so tools that print JSON keep a clean stdout.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v node >/dev/null 2>&1 || { echo "ERROR: Node.js 20+ is required." >&2; exit 1; }
major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge 20 ] || { echo "ERROR: Node.js 20+ is required (found $(node -v))." >&2; exit 1; }
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] installing dependencies from package-lock.json…" >&2
  # `npm install` with every version pinned installs exactly the committed lock (which lists the optional
  # packages of every platform, @swc/core-* and @turbo/*) and leaves it unchanged.
  npm install --no-audit --no-fund --loglevel=error >&2
else
  echo "[deps] dependencies up to date" >&2
fi
