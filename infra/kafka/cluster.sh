#!/usr/bin/env bash
# Three Kafka brokers (KRaft, each broker and controller, one quorum) on this machine, SASL/SCRAM as the
# development broker (kafka.sh, whose jars and templates it uses): replication factor 3 and min.insync.replicas 2
# by default, as in production (docs/deployment.md). For the failure tests: one broker can be killed and started
# again while the other two go on.
#   cluster.sh up                  fetch, format (once), start the three, wait until each answers
#   cluster.sh start|stop N        one broker (1, 2, 3); stop N is a SIGKILL (a crash, not a shutdown)
#   cluster.sh wait N              until broker N answers
#   cluster.sh down                stop the three (SIGTERM, then SIGKILL) and keep their storage
#   cluster.sh destroy             down, then delete their storage
#   cluster.sh brokers             the client addresses, comma separated (KAFKA_BROKERS)
#   cluster.sh status
# Ports: clients KAFKA_CLUSTER_PORT (default 29092), 29094, 29096; controllers the next port of each.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
base="${KAFKA_CLUSTER_STATE_DIR:-$here/.cache/cluster}"
first_port="${KAFKA_CLUSTER_PORT:-29092}"
nodes="1 2 3"
# shellcheck source=principals.sh
. "$here/principals.sh"

say() { echo "[kafka-cluster] $*"; }
die() { echo "[kafka-cluster] ERROR: $*" >&2; exit 1; }
dev_password() { printf '%s-dev-password-not-for-production' "$1"; }

port_of() { echo $((first_port + ($1 - 1) * 2)); }
controller_port_of() { echo $(($(port_of "$1") + 1)); }
state_of() { echo "$base/node-$1"; }
pid_of() { cat "$(state_of "$1")/kafka.pid" 2>/dev/null || true; }
running() { local pid; pid="$(pid_of "$1")"; [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }
brokers() { local out=(); for n in $nodes; do out+=("127.0.0.1:$(port_of "$n")"); done; (IFS=,; echo "${out[*]}"); }
voters() { local out=(); for n in $nodes; do out+=("$n@127.0.0.1:$(controller_port_of "$n")"); done; (IFS=,; echo "${out[*]}"); }
check_node() { [[ "${1:-}" =~ ^[123]$ ]] || die "which broker? 1, 2 or 3 (got '${1:-}')"; }

# The development broker's templates (server.properties.template, listeners.sasl.template), made a member of
# the three-node quorum with production's replication.
write_config() {
  local n="$1" state; state="$(state_of "$n")"
  mkdir -p "$state/data"
  cat "$here/server.properties.template" "$here/listeners.sasl.template" | sed \
    -e "s|^node.id=.*|node.id=$n|" \
    -e "s|^controller.quorum.voters=.*|controller.quorum.voters=$(voters)|" \
    -e "s|^offsets.topic.replication.factor=.*|offsets.topic.replication.factor=3|" \
    -e "s|^transaction.state.log.replication.factor=.*|transaction.state.log.replication.factor=3|" \
    -e "s|^transaction.state.log.min.isr=.*|transaction.state.log.min.isr=2|" \
    -e "s|^num.partitions=.*|num.partitions=1\ndefault.replication.factor=3\nmin.insync.replicas=2|" \
    -e "s|@DATA_DIR@|$state/data|" -e "s|@PORT@|$(port_of "$n")|g" \
    -e "s|@CONTROLLER_PORT@|$(controller_port_of "$n")|g" \
    -e "s|@BROKER_PASSWORD@|$(dev_password broker)|g" > "$state/server.properties"
}

format() {
  local id_file="$base/cluster-id" cluster_id
  mkdir -p "$base"
  if [ ! -f "$id_file" ]; then
    node -e "let id; do id = require('crypto').randomBytes(16).toString('base64url'); while (id.startsWith('-')); console.log(id)" > "$id_file"
  fi
  cluster_id="$(cat "$id_file")"
  local scram=()
  for user in $principals; do scram+=(--add-scram "SCRAM-SHA-512=[name=$user,password=$(dev_password "$user")]"); done
  for n in $nodes; do
    [ -f "$(state_of "$n")/data/meta.properties" ] && continue
    write_config "$n"
    java -cp "$here/.cache/libs/*" -Dlog4j.configuration="file:$here/log4j.properties" kafka.tools.StorageTool \
      format -t "$cluster_id" -c "$(state_of "$n")/server.properties" "${scram[@]}" >/dev/null \
      || die "formatting broker $n's storage failed"
    say "broker $n formatted (cluster $cluster_id, ${base#$root/})"
  done
}

start() {
  local n="$1" state; state="$(state_of "$n")"
  if running "$n"; then say "broker $n already running (pid $(pid_of "$n"))"; return; fi
  [ -f "$state/data/meta.properties" ] || die "broker $n is not formatted: run cluster.sh up"
  write_config "$n"
  # As kafka.sh: C1 only and a small heap, three of them sharing the machine with the platform.
  # shellcheck disable=SC2086
  nohup java -Xms128m -Xmx512m -XX:+UseG1GC -XX:TieredStopAtLevel=1 ${KAFKA_EXTRA_JVM_OPTS:-} -cp "$here/.cache/libs/*" \
    -Dlog4j.configuration="file:$here/log4j.properties" kafka.Kafka "$state/server.properties" \
    >"$state/kafka.log" 2>&1 &
  echo $! > "$state/kafka.pid"
  say "broker $n starting (pid $!, 127.0.0.1:$(port_of "$n"))"
}

wait_ready() {
  local n="$1" deadline=$((SECONDS + ${KAFKA_WAIT_SECONDS:-120}))
  until node "$here/probe.mjs" "127.0.0.1:$(port_of "$n")" sasl; do
    running "$n" || { tail -20 "$(state_of "$n")/kafka.log" >&2 || true; die "broker $n exited during start-up"; }
    [ $SECONDS -lt $deadline ] || die "broker $n did not answer within ${KAFKA_WAIT_SECONDS:-120}s"
    sleep 0.5
  done
  say "broker $n ready on 127.0.0.1:$(port_of "$n")"
}

kill_node() {
  local n="$1" pid; pid="$(pid_of "$n")"
  if running "$n"; then kill -9 "$pid"; say "broker $n killed (pid $pid)"; else say "broker $n is not running"; fi
  rm -f "$(state_of "$n")/kafka.pid"
}

down() {
  for n in $nodes; do running "$n" && kill "$(pid_of "$n")"; done
  for n in $nodes; do
    for _ in $(seq 1 60); do running "$n" || break; sleep 0.5; done
    kill_node "$n" >/dev/null
  done
  say "stopped"
}

cmd="${1:-status}"
case "$cmd" in
  up)
    bash "$here/kafka.sh" fetch >/dev/null
    format
    for n in $nodes; do start "$n"; done
    for n in $nodes; do wait_ready "$n"; done ;;
  start) check_node "${2:-}"; start "$2" ;;
  wait) check_node "${2:-}"; wait_ready "$2" ;;
  stop) check_node "${2:-}"; kill_node "$2" ;;
  down) down ;;
  destroy) down; rm -rf "$base"; say "storage deleted" ;;
  brokers) brokers ;;
  status) for n in $nodes; do if running "$n"; then say "broker $n running (pid $(pid_of "$n"), 127.0.0.1:$(port_of "$n"))"; else say "broker $n not running"; fi; done ;;
  *) die "unknown command '$cmd' (up | start N | wait N | stop N | down | destroy | brokers | status)" ;;
esac
