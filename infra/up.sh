#!/usr/bin/env bash
# Brings up what the platform needs: a Kafka broker (started or reused) and the PostgreSQL databases.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../scripts/node-env.sh"
bash "$here/kafka/kafka.sh" up
# On a SASL broker (KAFKA_SECURITY=sasl, docs/kafka-security.md) the services may neither create topics nor use
# any without ACLs: the admin makes both now (the scripts that need the build).
if [ "$(bash "$here/kafka/kafka.sh" security)" = sasl ]; then
  bash "$here/../scripts/build.sh" @casino/kafka @casino/events
  bash "$here/kafka/kafka.sh" topics
fi
node "$here/postgres/ensure-databases.mjs"
