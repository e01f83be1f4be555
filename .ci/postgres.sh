#!/usr/bin/env bash
# Installs (if needed) and starts a local PostgreSQL server for Sustain's store tests, creates a
# test user and database, and prints one shell line on stdout (everything else goes to stderr):
#   eval "$(.ci/postgres.sh)"      # sets and exports SUSTAIN_TEST_PG_URL=jdbc:postgresql://...
# With --url it prints the bare JDBC URL instead.
# Run as root on Debian/Ubuntu. Idempotent: a second call reuses the running cluster and the test
# user's password (kept root-only in PW_FILE), so a suite already running with the first URL keeps
# working. The password is for a throwaway test database on 127.0.0.1 only.
set -euo pipefail

DB_NAME="${SUSTAIN_PG_DB:-sustain_test}"
DB_USER="${SUSTAIN_PG_USER:-sustain_test}"
# The password: the one given, else the one an earlier call made on this machine, else a fresh
# random one. Tests must never depend on its value.
PW_FILE="${SUSTAIN_PG_PASSWORD_FILE:-/var/lib/postgresql/.sustain-test-password}"
if [ -n "${SUSTAIN_PG_PASSWORD:-}" ]; then
  DB_PASSWORD="$SUSTAIN_PG_PASSWORD"
elif [ -s "$PW_FILE" ]; then
  DB_PASSWORD="$(cat "$PW_FILE")"
else
  DB_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 20)"
fi

log() { echo "postgres.sh: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
  log "must run as root (it installs and starts a server)"
  exit 2
fi

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  log "installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >&2
  apt-get install -y -q postgresql >&2
fi

VERSION="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
CLUSTER=main
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$VERSION $CLUSTER"; then
  log "creating cluster $VERSION/$CLUSTER"
  pg_createcluster "$VERSION" "$CLUSTER" >&2
fi

STATUS="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {print $4}')"
if [ "$STATUS" != "online" ]; then
  log "starting cluster $VERSION/$CLUSTER"
  # pg_ctlcluster switches to the cluster owner (postgres) itself; no systemd needed.
  pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi

PORT="$(pg_lsclusters -h | awk -v v="$VERSION" -v c="$CLUSTER" '$1==v && $2==c {print $3}')"
for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "$PORT"; then break; fi
  sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$PORT" >&2

# From /: the postgres user may not enter the folder the checkout is in (a clone in mktemp -d).
psql_admin() { (cd / && runuser -u postgres -- psql -v ON_ERROR_STOP=1 -q -p "$PORT" "$@"); }

# The password goes in through a psql variable (quoted with :'pw'), never through the command line.
psql_admin -d postgres -v user="$DB_USER" -v pw="$DB_PASSWORD" >&2 <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
ALTER ROLE :"user" WITH LOGIN PASSWORD :'pw';
SQL
psql_admin -d postgres -v user="$DB_USER" -v db="$DB_NAME" >&2 <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL
# Tests create and drop their own schemas in this database.
psql_admin -d "$DB_NAME" -v user="$DB_USER" >&2 <<'SQL'
GRANT ALL ON SCHEMA public TO :"user";
SQL

# Kept for the next call (root only: the file is the password).
(umask 077 && mkdir -p "$(dirname "$PW_FILE")" && printf '%s' "$DB_PASSWORD" >"$PW_FILE")

log "PostgreSQL $VERSION on 127.0.0.1:$PORT, database $DB_NAME, user $DB_USER"
URL="jdbc:postgresql://127.0.0.1:${PORT}/${DB_NAME}?user=${DB_USER}&password=${DB_PASSWORD}"
if [ "${1:-}" = "--url" ]; then
  echo "$URL"
else
  # Single quotes: the URL holds '&' and '?', which the shell would otherwise interpret.
  printf "export SUSTAIN_TEST_PG_URL='%s'\n" "$URL"
fi
