#!/usr/bin/env bash
# Sourced by the project's scripts: puts the project's own Node.js first on PATH. package.json pins the `node`
# package (the Node.js binary from the npm registry, of the major in .nvmrc) and npm links it as
# node_modules/.bin/node; npm scripts already put that folder first, this does the same for a script run directly
# (`bash infra/up.sh`) and for everything the script starts (turbo, jest, the services, the tools).
project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
case "$PATH" in
  "$project_root/node_modules/.bin:"*) ;;
  *) PATH="$project_root/node_modules/.bin:$PATH" ;;
esac
export PATH
# Forget a `node` looked up before the install put the project's one in place.
hash -r

project_node_major() { tr -d ' v\n' <"$project_root/.nvmrc"; }

# 0 when `node` on PATH is of the project's major.
project_node_ok() {
  local version
  version="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  [ "${version%%.*}" = "$(project_node_major)" ]
}

# Stops the script unless `node` is the project's Node.js (.nvmrc), saying which one it found.
require_project_node() {
  project_node_ok && return 0
  local found want
  found="$(command -v node || true)"
  want="$(project_node_major)"
  if [ "$found" = "$project_root/node_modules/.bin/node" ]; then
    echo "ERROR: node_modules/.bin/node is $(node --version 2>/dev/null || echo 'not runnable'), but .nvmrc says" \
      "Node.js $want: package.json's \"node\" devDependency must be a $want.x version." >&2
  else
    echo "ERROR: this project runs on Node.js $want (.nvmrc), installed by \`npm install\` as node_modules/.bin/node" \
      "(the \"node\" package); \`node\` here is ${found:-missing}${found:+ ($(node --version 2>/dev/null))}." \
      "Run \`bash scripts/ensure-deps.sh\` with install scripts allowed." >&2
  fi
  exit 1
}
