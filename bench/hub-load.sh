#!/usr/bin/env bash
# The hub under load (see HubLoad.java): 5,000 shares from 200 simulated drives across 20 models,
# then 2,000 reads, 8 clients each. Loopback only; a fresh PostgreSQL schema, dropped after.
#   eval "$(.ci/postgres.sh)"; bench/hub-load.sh
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
: "${SUSTAIN_TEST_PG_URL:?run eval \"\$(.ci/postgres.sh)\" first}"
bin/sustain --version >/dev/null   # builds the jar when the sources changed
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sustain-hub-load.XXXXXX")"
SCHEMA="hubload_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
DB="$SUSTAIN_TEST_PG_URL&currentSchema=$SCHEMA"
HUB_PID=""
cleanup() {
  if [ -n "$HUB_PID" ]; then kill "$HUB_PID" 2>/dev/null || true; wait "$HUB_PID" 2>/dev/null || true; fi
  "$JAVA" -cp target/sustain.jar bench/HubDrop.java "$SUSTAIN_TEST_PG_URL" "$SCHEMA" || true
  rm -rf "$WORK"
}
trap cleanup EXIT
"$JAVA" --enable-native-access=ALL-UNNAMED -jar target/sustain.jar hub --db "$DB" --port 0 \
  --shares-per-minute 1000000 >"$WORK/hub.out" 2>&1 &
HUB_PID=$!
for _ in $(seq 1 600); do grep -q '^Hub over' "$WORK/hub.out" && break; sleep 0.1; done
PORT="$(sed -n 's/^Hub over.*http:\/\/127\.0\.0\.1:\([0-9]*\)\/.*/\1/p' "$WORK/hub.out")"
[ -n "$PORT" ] || { cat "$WORK/hub.out" >&2; exit 1; }
"$JAVA" -cp target/sustain.jar bench/HubLoad.java "http://127.0.0.1:$PORT"
