#!/usr/bin/env bash
# A single-node Apache Kafka broker (KRaft) without Docker, from Maven Central artifacts.
#   kafka.sh fetch | format | start | wait | topics | acls | stop | status | security | up (= fetch format start wait)
# Every command is safe to re-run. A broker already answering on the port is reused (if it is of the same
# security mode). With KAFKA_BROKERS set, that cluster is used and nothing is fetched or started.
#
# Settings (environment):
#   KAFKA_SECURITY          sasl (default) | plaintext. sasl: SCRAM-SHA-512
#                           users for every principal and ACLs (docs/kafka-security.md).
#   KAFKA_PORT              client port (default 9092); KAFKA_CONTROLLER_PORT controller port (default 9093)
#   KAFKA_STATE_DIR         this instance's storage, config, pid file and logs (default .cache for plaintext,
#                           .cache/sasl for sasl), so a second broker can run beside the default one
#   KAFKA_TOPIC_PREFIX      for `topics` and `acls`: the topics' prefix
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/scripts/node-env.sh"
cache="$here/.cache"
libs="$cache/libs"
security="${KAFKA_SECURITY:-sasl}"
case "$security" in
  plaintext) default_state="$cache" ;;
  sasl) default_state="$cache/sasl" ;;
  *) echo "[kafka] ERROR: KAFKA_SECURITY must be plaintext or sasl (got '$security')" >&2; exit 1 ;;
esac
state="${KAFKA_STATE_DIR:-$default_state}"
data="$state/data"
pidfile="$state/kafka.pid"
logfile="$state/kafka.log"
config="$state/server.properties"
# Written by `format`: the security mode the storage was made for (no file: plaintext, as before it existed).
security_marker="$state/security"
port="${KAFKA_PORT:-9092}"
controller_port="${KAFKA_CONTROLLER_PORT:-9093}"
kafka_version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"
# SCRAM users of a SASL broker: the broker itself, the admin of the scripts and tests, one per service.
# shellcheck source=principals.sh
. "$here/principals.sh"

say() { echo "[kafka] $*"; }
die() { echo "[kafka] ERROR: $*" >&2; exit 1; }

# Development passwords are public defaults (docs/kafka-security.md); @casino/kafka's devKafkaPassword is the
# same rule, and clients refuse to fall back on it with NODE_ENV=production.
dev_password() { printf '%s-dev-password-not-for-production' "$1"; }

require_java() {
  command -v java >/dev/null 2>&1 || die "Java is not installed. Kafka needs Java 17 or newer (Debian: apt-get install openjdk-17-jre-headless)."
  local major
  major="$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)"
  [ -n "$major" ] && [ "$major" -ge 11 ] || die "Java ${major:-?} found; Kafka $kafka_version needs Java 11+ (17 recommended)."
}

our_broker_running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }

# 0: a Kafka broker answers (of this mode, when $2 is given); 1: not Kafka; 2: nothing; 3: Kafka of the other mode.
probe() { node "$here/probe.mjs" "127.0.0.1:$1" ${2:+"$2"}; }

storage_security() { if [ -f "$security_marker" ]; then cat "$security_marker"; else echo plaintext; fi; }

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
  cat "$here/server.properties.template" "$here/listeners.$security.template" | sed \
    -e "s|@DATA_DIR@|$data|" -e "s|@PORT@|$port|g" -e "s|@CONTROLLER_PORT@|$controller_port|g" \
    -e "s|@BROKER_PASSWORD@|$(dev_password broker)|g" > "$config"
}

format() {
  if [ -f "$data/meta.properties" ]; then say "storage already formatted ($(storage_security), ${state#$root/})"; return; fi
  require_java
  write_config
  # A KRaft cluster id is 16 random bytes in URL-safe base64 without padding; one starting with '-' would be
  # read as an option by the storage tool, so draw again.
  local cluster_id
  cluster_id="$(node -e "let id; do id = require('crypto').randomBytes(16).toString('base64url'); while (id.startsWith('-')); console.log(id)")"
  # SCRAM credentials can only be bootstrapped into a KRaft cluster's storage (KIP-900): the broker needs the
  # `broker` user before anything can authenticate.
  local scram=()
  if [ "$security" = sasl ]; then
    for user in $principals; do scram+=(--add-scram "SCRAM-SHA-512=[name=$user,password=$(dev_password "$user")]"); done
  fi
  java -cp "$libs/*" -Dlog4j.configuration="file:$here/log4j.properties" kafka.tools.StorageTool format \
    -t "$cluster_id" -c "$config" "${scram[@]}" >/dev/null || die "formatting Kafka storage failed"
  echo "$security" > "$security_marker"
  say "storage formatted (cluster $cluster_id, $security${scram:+, SCRAM users: $principals}, ${state#$root/})"
}

start() {
  if our_broker_running; then
    [ "$(storage_security)" = "$security" ] || die "the broker of ${state#$root/} (pid $(cat "$pidfile")) runs $(storage_security), not $security"
    say "broker already running (pid $(cat "$pidfile"), $security)"; return
  fi
  local state_code=0
  probe "$port" "$security" || state_code=$?
  case "$state_code" in
    0) say "a $security Kafka broker already answers on 127.0.0.1:$port; reusing it"; return ;;
    3) die "a Kafka broker that is not $security answers on 127.0.0.1:$port. Stop it first (KAFKA_SECURITY=$([ "$security" = sasl ] && echo plaintext || echo sasl) bash infra/kafka/kafka.sh stop), or set KAFKA_PORT / KAFKA_BROKERS." ;;
    1) die "port $port is taken by something that is not Kafka ($(ss -ltnpH "sport = :$port" 2>/dev/null | sed -n 's/.*users:((\"\([^\"]*\)\".*/\1/p' | head -1 || true)). Stop it, or set KAFKA_PORT / KAFKA_BROKERS." ;;
  esac
  state_code=0; probe "$controller_port" || state_code=$?
  [ "$state_code" -eq 2 ] || die "the controller port $controller_port is taken; stop what uses it or set KAFKA_CONTROLLER_PORT."
  require_java
  [ -f "$data/meta.properties" ] || die "storage not formatted; run: bash infra/kafka/kafka.sh format"
  [ "$(storage_security)" = "$security" ] || die "the storage in ${state#$root/} was formatted for $(storage_security), not $security (its SCRAM users are made at format time); use another KAFKA_STATE_DIR"
  write_config
  # C1 only: on two shared cores the C2 compiler's first minutes cost the other processes more than its faster
  # code saves (bench:ledger's first run after a start: p99 31-43 ms with C1, 36-59 ms with C2; ADR 0005).
  # KAFKA_EXTRA_JVM_OPTS comes last and may override (e.g. -XX:TieredStopAtLevel=4). GC pauses go to gc.log.
  # shellcheck disable=SC2086
  nohup java -Xms256m -Xmx768m -XX:+UseG1GC -XX:TieredStopAtLevel=1 ${KAFKA_EXTRA_JVM_OPTS:-} \
    -Xlog:gc:file="$state/gc.log":uptime,time -cp "$libs/*" \
    -Dlog4j.configuration="file:$here/log4j.properties" kafka.Kafka "$config" >"$logfile" 2>&1 &
  echo $! > "$pidfile"
  say "broker starting (pid $!, $security on 127.0.0.1:$port, log ${logfile#$root/})"
}

wait_ready() {
  local deadline=$((SECONDS + ${KAFKA_WAIT_SECONDS:-90}))
  until probe "$port" "$security"; do
    if [ -f "$pidfile" ] && ! our_broker_running; then
      tail -20 "$logfile" >&2 || true
      die "the broker exited during start-up (log above)"
    fi
    [ $SECONDS -lt $deadline ] || die "the broker did not answer on 127.0.0.1:$port within ${KAFKA_WAIT_SECONDS:-90}s (log: ${logfile#$root/})"
    sleep 0.5
  done
  say "broker ready on 127.0.0.1:$port ($security)"
}

# The node scripts reach this instance (or KAFKA_BROKERS); on a SASL broker as the admin: KAFKA_ADMIN_USERNAME
# and KAFKA_ADMIN_PASSWORD, by default `admin` with its development password.
node_script() {
  if [ "$security" = sasl ]; then
    KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$port}" KAFKA_SECURITY=sasl \
      KAFKA_SASL_USERNAME="${KAFKA_ADMIN_USERNAME:-admin}" KAFKA_SASL_PASSWORD="${KAFKA_ADMIN_PASSWORD:-}" \
      node "$here/$1"
  else
    KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$port}" KAFKA_SECURITY=plaintext node "$here/$1"
  fi
}

topics() {
  node_script create-topics.mjs
  # Services may not create topics on a SASL broker, and their ACLs are what let them use these ones.
  if [ "$security" = sasl ]; then acls; fi
}

acls() {
  [ "$security" = sasl ] || die "ACLs need KAFKA_SECURITY=sasl (a plaintext broker has no authorizer)"
  node_script create-acls.mjs
}

stop() {
  if our_broker_running; then
    local pid; pid="$(cat "$pidfile")"
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
    say "broker stopped (pid $pid)"
  else
    say "no broker started by this checkout is running (${state#$root/})"
  fi
  rm -f "$pidfile"
}

status() {
  if [ -n "${KAFKA_BROKERS:-}" ]; then say "using KAFKA_BROKERS=$KAFKA_BROKERS ($security)"; return; fi
  local state_code=0; probe "$port" "$security" || state_code=$?
  case "$state_code" in
    0) if our_broker_running; then say "running (pid $(cat "$pidfile")) on 127.0.0.1:$port ($security)"; else say "a $security broker not started by this checkout answers on 127.0.0.1:$port"; fi ;;
    1) say "port $port is taken by something that is not Kafka" ;;
    3) say "a broker that is not $security answers on 127.0.0.1:$port" ;;
    *) say "not running ($security)" ;;
  esac
}

cmd="${1:-status}"
if [ -n "${KAFKA_BROKERS:-}" ] && [ "$cmd" != topics ] && [ "$cmd" != acls ] && [ "$cmd" != status ] && [ "$cmd" != security ]; then
  say "KAFKA_BROKERS=$KAFKA_BROKERS is set: using that cluster, starting nothing"; exit 0
fi
case "$cmd" in
  fetch) fetch ;;
  format) format ;;
  start) start ;;
  wait) wait_ready ;;
  topics) topics ;;
  acls) acls ;;
  stop) stop ;;
  status) status ;;
  security) echo "$security" ;;
  up) fetch; format; start; wait_ready ;;
  *) die "unknown command '$cmd' (fetch | format | start | wait | topics | acls | stop | status | security | up)" ;;
esac
