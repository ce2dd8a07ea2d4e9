#!/usr/bin/env bash
# Stops what this checkout started (a reused broker or the system PostgreSQL is left alone).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../scripts/node-env.sh"
bash "$here/kafka/kafka.sh" stop
