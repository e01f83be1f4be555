#!/usr/bin/env bash
# The dashboard under load (see ServeLoad.java): 10,000 runs in a fresh history, 50 clients on
# /api/runs and the runs page, then the same write with and without 50 live viewers. Loopback
# only; bounded (REQUESTS requests or SECONDS seconds, PAIRS writes of 12 s each).
#   bench/serve-load.sh                 # a SQLite history in a temp dir
# Clients pause PACE_MS (500) between requests, as people do; a saturated round follows.
#   DB='jdbc:postgresql://...' bench/serve-load.sh   # a PostgreSQL one (a fresh schema please)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
bin/sustain --version >/dev/null   # builds the jar when the sources changed
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sustain-serve-load.XXXXXX")"
SERVE_PID=""
cleanup() {
  if [ -n "$SERVE_PID" ]; then kill "$SERVE_PID" 2>/dev/null || true; wait "$SERVE_PID" 2>/dev/null || true; fi
  rm -rf "$WORK" /dev/shm/sustain-serve-load
}
trap cleanup EXIT
DB="${DB:-$WORK/history.db}"
export SUSTAIN_RUNS="$WORK/runs"
# The history is filled first (the server migrates it at start and must find it made).
"$JAVA" --enable-native-access=ALL-UNNAMED -cp target/sustain.jar -Druns="${RUNS:-10000}" -Dclients=0 -Drequests=0 -Dpairs=0 \
  bench/ServeLoad.java "$DB" 1 /dev/null target/sustain.jar | head -1
"$JAVA" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -jar target/sustain.jar serve --db "$DB" --port 0 >"$WORK/serve.out" 2>&1 &
SERVE_PID=$!
for _ in $(seq 1 600); do grep -q '^Serving' "$WORK/serve.out" && break; sleep 0.1; done
PORT="$(sed -n 's/^Serving.*http:\/\/127\.0\.0\.1:\([0-9]*\)\/.*/\1/p' "$WORK/serve.out")"
[ -n "$PORT" ] || { cat "$WORK/serve.out" >&2; exit 1; }
mkdir -p /dev/shm/sustain-serve-load
"$JAVA" --enable-native-access=ALL-UNNAMED -cp target/sustain.jar -Dfill=skip -Dclients="${CLIENTS:-50}" -Drequests="${REQUESTS:-5000}" -Dpace="${PACE_MS:-500}" \
  -Dseconds="${SECONDS_MAX:-120}" -Dviewers="${VIEWERS:-50}" -Dpairs="${PAIRS:-3}" \
  bench/ServeLoad.java "$DB" "$PORT" /dev/shm/sustain-serve-load target/sustain.jar
