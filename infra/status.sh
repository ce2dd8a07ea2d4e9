#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../scripts/node-env.sh"
bash "$here/kafka/kafka.sh" status
node "$here/postgres/ensure-databases.mjs"
