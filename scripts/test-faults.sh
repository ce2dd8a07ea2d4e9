#!/usr/bin/env bash
# `npm run test:faults`: the fault suite alone, each against the real processes: the soak specs (`*.soak.spec.ts`,
# CASINO_SOAK=1) run only here, every other one also in `npm test`. The ledger crash test runs here as the long
# soak, 100 SIGKILLs (about 14 min on 2 busy cores; see docs/reliability.md); LEDGER_CRASH_KILLS overrides it.
# `npm test` keeps the crash test's small default (5).
set -euo pipefail
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
export LEDGER_CRASH_KILLS="${LEDGER_CRASH_KILLS:-100}"
export CASINO_SOAK=1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
bash scripts/prepare-platform.sh

# workspace folder, then its fault specs
suites=(
  "apps/bet-ledger test/kafka-security.spec.ts test/table-catalogue.spec.ts test/quarantine.spec.ts test/early-events.spec.ts test/transient-faults.spec.ts test/outbox-refusals.spec.ts test/crash.spec.ts test/restriction-race.spec.ts test/concurrency.spec.ts test/round-interventions.spec.ts"
  "packages/table-kit test/outbox-refusals.spec.ts"
  "apps/baccarat-service test/contract.spec.ts test/dealer-accounts.spec.ts"
  "apps/blackjack-service test/contract.spec.ts"
  "apps/studio-games-service test/contract.spec.ts"
  "packages/kafka test/cluster-failover.soak.spec.ts"
  "apps/roulette-service test/contract.spec.ts test/player-sockets.spec.ts test/infrastructure-restarts.spec.ts test/kafka-cluster-failover.soak.spec.ts test/rolling-restart.soak.spec.ts"
)
printf '==> faults: the ledger crash test with LEDGER_CRASH_KILLS=%s\n' "$LEDGER_CRASH_KILLS"
status=0
for suite in "${suites[@]}"; do
  read -r dir specs <<<"$suite"
  printf '\n==> faults: %s\n' "$dir"
  # shellcheck disable=SC2086 # the spec list is meant to split
  (cd "$dir" && npx jest --runInBand $specs) || status=$?
done
exit "$status"
