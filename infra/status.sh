#!/usr/bin/env bash
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/kafka/kafka.sh" status
node "$here/postgres/ensure-databases.mjs"
