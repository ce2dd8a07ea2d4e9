#!/usr/bin/env bash
# Brings up what the platform needs: a Kafka broker (started or reused) and the PostgreSQL databases.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$here/kafka/kafka.sh" up
node "$here/postgres/ensure-databases.mjs"
