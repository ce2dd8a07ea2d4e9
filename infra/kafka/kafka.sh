#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft) without Docker, from Maven Central artifacts.
#   kafka.sh fetch | format | start | wait | topics | stop | status | up (= fetch format start wait)
# Every command is safe to re-run. A broker already answering on the port is reused. With KAFKA_BROKERS set,
# that cluster is used and nothing is fetched or started.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cache="$here/.cache"
libs="$cache/libs"
data="$cache/data"
pidfile="$cache/kafka.pid"
logfile="$cache/kafka.log"
port="${KAFKA_PORT:-9092}"
controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
kafka_version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"

say() { echo "[kafka] $*"; }
die() { echo "[kafka] ERROR: $*" >&2; exit 1; }

require_java() {
  command -v java >/dev/null 2>&1 || die "Java is not installed. Kafka needs Java 17 or newer (Debian: apt-get install openjdk-17-jre-headless)."
  local major
  major="$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)"
  [ -n "$major" ] && [ "$major" -ge 11 ] || die "Java ${major:-?} found; Kafka $kafka_version needs Java 11+ (17 recommended)."
}

our_broker_running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

probe() { node "$here/probe.mjs" "127.0.0.1:$1"; }

fetch() {
  if [ -f "$libs/.complete-$kafka_version" ]; then say "jars cached ($(ls "$libs" | wc -l) files, Kafka $kafka_version)"; return; fi
  command -v mvn >/dev/null 2>&1 || die "Maven (mvn) is not installed; it fetches the Kafka jars from Maven Central (Debian: apt-get install maven)."
  require_java
  say "fetching Kafka $kafka_version jars from Maven Central (first run only)…"
  rm -rf "$libs"; mkdir -p "$libs"
  mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" \
    || die "Maven could not fetch the Kafka artifacts (is Maven Central reachable?)."
  touch "$libs/.complete-$kafka_version"
  say "jars cached in ${libs#$root/}"
}

write_config() {
  mkdir -p "$data"
  sed -e "s|@DATA_DIR@|$data|" -e "s|@PORT@|$port|" -e "s|@CONTROLLER_PORT@|$controller_port|" \
    "$here/server.properties.template" > "$cache/server.properties"
}

format() {
  if [ -f "$data/meta.properties" ]; then say "storage already formatted"; return; fi
  require_java
  write_config
  # A KRaft cluster id is 16 random bytes in URL-safe base64 without padding; one starting with '-' would be
  # read as an option by the storage tool, so draw again.
  local cluster_id
  cluster_id="$(node -e "let id; do id = require('crypto').randomBytes(16).toString('base64url'); while (id.startsWith('-')); console.log(id)")"
  java -cp "$libs/*" -Dlog4j.configuration="file:$here/log4j.properties" kafka.tools.StorageTool format \
    -t "$cluster_id" -c "$cache/server.properties" >/dev/null || die "formatting Kafka storage failed"
  say "storage formatted (cluster $cluster_id)"
}

start() {
  if our_broker_running; then say "broker already running (pid $(cat "$pidfile"))"; return; fi
  local state=0
  probe "$port" || state=$?
  if [ "$state" -eq 0 ]; then say "a Kafka broker already answers on 127.0.0.1:$port; reusing it"; return; fi
  if [ "$state" -eq 1 ]; then
    die "port $port is taken by something that is not Kafka ($(ss -ltnpH "sport = :$port" 2>/dev/null | sed -n 's/.*users:((\"\([^\"]*\)\".*/\1/p' | head -1 || true)). Stop it, or set KAFKA_PORT / KAFKA_BROKERS."
  fi
  state=0; probe "$controller_port" || state=$?
  [ "$state" -eq 2 ] || die "the controller port $controller_port is taken; stop what uses it or set KAFKA_CONTROLLER_PORT."
  require_java
  [ -f "$data/meta.properties" ] || die "storage not formatted; run: bash infra/kafka/kafka.sh format"
  write_config
  # C1 only: on two shared cores the C2 compiler's first minutes cost the other processes more than its faster
  # code saves (bench:ledger's first run after a start: p99 31-43 ms with C1, 36-59 ms with C2; ADR 0005).
  # KAFKA_EXTRA_JVM_OPTS comes last and may override (e.g. -XX:TieredStopAtLevel=4). GC pauses go to gc.log.
  # shellcheck disable=SC2086
  nohup java -Xms256m -Xmx768m -XX:+UseG1GC -XX:TieredStopAtLevel=1 ${KAFKA_EXTRA_JVM_OPTS:-} \
    -Xlog:gc:file="$cache/gc.log":uptime,time -cp "$libs/*" \
    -Dlog4j.configuration="file:$here/log4j.properties" kafka.Kafka "$cache/server.properties" >"$logfile" 2>&1 &
  echo $! > "$pidfile"
  say "broker starting (pid $!, log ${logfile#$root/})"
}

wait_ready() {
  local deadline=$((SECONDS + ${KAFKA_WAIT_SECONDS:-90}))
  until probe "$port"; do
    if [ -f "$pidfile" ] && ! our_broker_running; then
      tail -20 "$logfile" >&2 || true
      die "the broker exited during start-up (log above)"
    fi
    [ $SECONDS -lt $deadline ] || die "the broker did not answer on 127.0.0.1:$port within ${KAFKA_WAIT_SECONDS:-90}s (log: ${logfile#$root/})"
    sleep 0.5
  done
  say "broker ready on 127.0.0.1:$port"
}

topics() {
  node "$here/create-topics.mjs"
}

stop() {
  if our_broker_running; then
    local pid; pid="$(cat "$pidfile")"
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
    say "broker stopped (pid $pid)"
  else
    say "no broker started by this checkout is running"
  fi
  rm -f "$pidfile"
}

status() {
  if [ -n "${KAFKA_BROKERS:-}" ]; then say "using KAFKA_BROKERS=$KAFKA_BROKERS"; return; fi
  local state=0; probe "$port" || state=$?
  case "$state" in
    0) if our_broker_running; then say "running (pid $(cat "$pidfile")) on 127.0.0.1:$port"; else say "a broker not started by this checkout answers on 127.0.0.1:$port"; fi ;;
    1) say "port $port is taken by something that is not Kafka" ;;
    *) say "not running" ;;
  esac
}

cmd="${1:-status}"
if [ -n "${KAFKA_BROKERS:-}" ] && [ "$cmd" != topics ] && [ "$cmd" != status ]; then
  say "KAFKA_BROKERS=$KAFKA_BROKERS is set: using that cluster, starting nothing"; exit 0
fi
case "$cmd" in
  fetch) fetch ;;
  format) format ;;
  start) start ;;
  wait) wait_ready ;;
  topics) topics ;;
  stop) stop ;;
  status) status ;;
  up) fetch; format; start; wait_ready ;;
  *) die "unknown command '$cmd' (fetch | format | start | wait | topics | stop | status | up)" ;;
esac
