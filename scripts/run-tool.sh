#!/usr/bin/env bash
# Runs one of the platform's command-line tools after making sure it is installed and built.
#   run-tool.sh rtp <engine> [flags]   exact return to player (every packages/<engine> with src/cli/rtp.ts)
#   run-tool.sh sim <engine> [flags]   simulation through the real shoe (every packages/<engine> with src/cli/sim.ts)
#   run-tool.sh bench-engines [--json]                       engine throughput
#   run-tool.sh bench-roads [--json] [--shoes N] [--seed S]   baccarat roads over full shoes
#   run-tool.sh bench-ledger [--json] [--instances N]        ledger throughput through Kafka
#   run-tool.sh bench-kafka-floor [--json]                   bench:ledger's workload through Kafka alone (no ledger)
#   run-tool.sh bench-reports [--json] [--bets N]              report latency over N generated bets' rollups
#   run-tool.sh bench-table [--players N] [--json]           N socket.io players at one baccarat table
#   run-tool.sh bench-wallet [--concurrency N] [--json]      debits at the reference operator wallet
#   run-tool.sh ledger-verify                                ledger invariants against the database
#   run-tool.sh reconcile --operator X --date D --statement F  a seamless operator's statement vs the platform's calls
#   run-tool.sh operator <create|add-key|revoke-key|suspend|activate> [flags]   the ledger's operator registry
#   run-tool.sh staff <create|password|disable|enable|list> [flags]             the back office's staff accounts
#   run-tool.sh dealer <create|password|tables|suspend|activate|list|schema-down> --service <game> [flags]
#                                                            a game service's dealer accounts
#   run-tool.sh migrate <ledger|baccarat|blackjack|roulette|studio-games> <up|down|status>
#                                                            a database's migrations (DATABASE_URL, or the development one)
#   run-tool.sh verify rng-round [flags]                     recompute a provably fair RNG baccarat round
#   run-tool.sh verify <engine> [flags]                      recompute an automatic table's round (sic-bo, fan-tan)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
tool="${1:?tool name}"; shift
bash scripts/ensure-deps.sh
# The game services: the apps built on @casino/table-kit (apps/<service>-service), as deploy-check finds them.
games="$(grep -l '"@casino/table-kit"' apps/*-service/package.json | sed -E 's#apps/(.*)-service/package.json#\1#' | paste -sd'|')"
case "$tool" in
  rtp|sim)
    game="${1:-}"
    # The engines that have the command: no list to keep (packages/<engine>/src/cli/<tool>.ts).
    if ! [[ "$game" =~ ^[a-z][a-z-]*$ && -f "packages/$game/src/cli/$tool.ts" ]]; then
      engines=(packages/*/src/cli/"$tool".ts); engines=("${engines[@]#packages/}"); engines=("${engines[@]%%/*}")
      echo "usage: npm run $tool -- <$(IFS='|'; echo "${engines[*]}" | sed 's/|/ | /g')> [flags]" >&2; exit 2
    fi
    shift
    script="packages/$game/dist/cli/$tool.js"
    bash scripts/build.sh "@casino/$game"
    [ -f "$script" ] || { echo "ERROR: $game has no $tool command" >&2; exit 2; }
    exec node "$script" "$@" ;;
  bench-engines)
    bash scripts/build.sh @casino/bench
    exec node tools/bench/dist/engines.js "$@" ;;
  bench-roads)
    # Pure code only: build the roads and the engine, then just the bench's roads folder (not the ledger's).
    bash scripts/build.sh @casino/roads
    npx tsc -p tools/bench/tsconfig.roads.json >&2
    exec node tools/bench/dist/roads/bench.js "$@" ;;
  bench-ledger)
    # @casino/bench depends on @casino/bet-ledger: the ledger it starts as a process is built too.
    bash scripts/build.sh @casino/bench
    bash infra/up.sh >&2
    bash infra/kafka/kafka.sh topics >&2
    exec node --expose-gc tools/bench/dist/ledger/bench.js "$@" ;;
  bench-kafka-floor)
    bash scripts/build.sh @casino/bench
    bash infra/up.sh >&2
    bash infra/kafka/kafka.sh topics >&2
    exec node --expose-gc tools/bench/dist/kafka-floor/bench.js "$@" ;;
  bench-reports)
    # PostgreSQL only: the reports' service is called in process on a scratch database (no Kafka).
    bash scripts/build.sh @casino/bench
    exec node tools/bench/dist/reports/bench.js "$@" ;;
  bench-wallet)
    # PostgreSQL only: the reference operator wallet runs as a process on a scratch database.
    bash scripts/build.sh @casino/bench
    exec node tools/bench/dist/wallet/bench.js "$@" ;;
  bench-table)
    # Builds the ledger and the baccarat service it starts as processes (dependencies of @casino/bench-table).
    bash scripts/build.sh @casino/bench-table
    bash infra/up.sh >&2
    # One socket is one descriptor in the service and one in a client process: raise the soft limit to the hard one.
    ulimit -n "$(ulimit -Hn)"
    exec node tools/bench-table/dist/main.js "$@" ;;
  reconcile)
    bash scripts/build.sh @casino/bet-ledger
    exec node apps/bet-ledger/dist/cli/reconcile.js "$@" ;;
  ledger-verify)
    bash scripts/build.sh @casino/bet-ledger
    node infra/postgres/ensure-databases.mjs >&2
    exec node apps/bet-ledger/dist/cli/verify.js "$@" ;;
  migrate)
    target="${1:-}"
    [[ "$target" =~ ^(ledger|$games)$ ]] || { echo "usage: npm run migrate -- <ledger|${games}> <up|down|status>" >&2; exit 2; }
    shift
    if [ "$target" = ledger ]; then
      bash scripts/build.sh @casino/bet-ledger
      script=apps/bet-ledger/dist/cli/migrate.js
    else
      bash scripts/build.sh @casino/table-kit
      script=packages/table-kit/dist/migrations/cli/migrate.js
    fi
    node infra/postgres/ensure-databases.mjs >&2
    if [ -z "${DATABASE_URL:-}${DATABASE_URL_FILE:-}" ]; then
      DATABASE_URL="$(node -e "process.stdout.write(require('./infra/postgres/urls.cjs').databaseUrl())")"
      export DATABASE_URL
    fi
    exec node "$script" "$@" ;;
  operator)
    bash scripts/build.sh @casino/bet-ledger
    node infra/postgres/ensure-databases.mjs >&2
    exec node apps/bet-ledger/dist/cli/operator.js "$@" ;;
  staff)
    bash scripts/build.sh @casino/bet-ledger
    node infra/postgres/ensure-databases.mjs >&2
    exec node apps/bet-ledger/dist/cli/staff.js "$@" ;;
  dealer)
    bash scripts/build.sh @casino/table-kit
    node infra/postgres/ensure-databases.mjs >&2
    # The services' database (infra/postgres/urls.cjs) unless DATABASE_URL says otherwise.
    DATABASE_URL="$(node -p "require('./infra/postgres/urls.cjs').databaseUrl()")" \
      exec node packages/table-kit/dist/dealer-accounts/cli/dealer.js "$@" ;;
  verify)
    # `rng-round`: an RNG baccarat round; `<engine>`: a provably fair round of that engine (no list to keep:
    # packages/<engine>/src/cli/verify.ts, e.g. sic-bo, fan-tan).
    check="${1:-}"
    if [[ "$check" =~ ^[a-z][a-z-]*$ && -f "packages/$check/src/cli/verify.ts" ]]; then
      shift
      bash scripts/build.sh "@casino/$check"
      exec node "packages/$check/dist/cli/verify.js" "$@"
    fi
    bash scripts/build.sh @casino/baccarat
    exec node packages/baccarat/dist/cli/verify.js "$@" ;;
  *) echo "unknown tool '$tool'" >&2; exit 2 ;;
esac
