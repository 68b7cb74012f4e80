#!/usr/bin/env bash
# Makes a local PostgreSQL available for the PostgreSQL-mode tests and prints
#   export TEST_DATABASE_URL=postgres://abp_test:abp_test@127.0.0.1:5432/postgres
# Installs Debian's postgresql when it is missing (needs root) and starts the cluster if it is down.
set -euo pipefail
log() { printf '[postgres] %s\n' "$*" >&2; }
die() { printf '[postgres] ERROR: %s\n' "$*" >&2; exit 1; }

# The caller evals stdout, so only the final export line may go there: everything in this block
# (apt-get, pg_ctlcluster's "Removed stale pid file", psql) writes to stderr instead. A block
# redirection, not `exec 3>&1`, so that the server started here does not inherit the caller's pipe
# and keep `$(…)` waiting for ever.
{
if ! command -v pg_lsclusters >/dev/null 2>&1 || [[ -z "$(pg_lsclusters -h 2>/dev/null)" ]]; then
  [[ $EUID -eq 0 ]] || die "PostgreSQL is not installed; run as root so that it can be installed (apt-get install postgresql), or install it yourself"
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends postgresql >/dev/null
fi

read -r VERSION CLUSTER PORT STATUS _ < <(pg_lsclusters -h | head -n 1)
if [[ "$STATUS" != online* ]]; then
  [[ $EUID -eq 0 ]] || die "the PostgreSQL cluster $VERSION/$CLUSTER is down; run as root to start it"
  log "starting cluster $VERSION/$CLUSTER on port $PORT"
  # A server that was killed (the machine image was taken while it ran) leaves its socket lock
  # behind; pg_ctlcluster removes a stale pid file itself but not this one.
  for lock in /var/run/postgresql/.s.PGSQL."$PORT".lock; do
    [[ -f "$lock" ]] || continue
    owner="$(head -n 1 "$lock" 2>/dev/null || true)"
    if [[ -z "$owner" ]] || ! kill -0 "$owner" 2>/dev/null; then
      log "removing the stale socket lock $lock (pid ${owner:-?} is gone)"
      rm -f "$lock" "${lock%.lock}"
    fi
  done
  pg_ctlcluster "$VERSION" "$CLUSTER" start
fi

for _ in $(seq 1 50); do
  su postgres -c "psql -p $PORT -qAt -c 'select 1'" >/dev/null 2>&1 && break
  sleep 0.2
done
su postgres -c "psql -p $PORT -qAt" >/dev/null <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'abp_test') THEN
    CREATE ROLE abp_test LOGIN CREATEDB PASSWORD 'abp_test';
  END IF;
END $$;
SQL
# Scratch databases from earlier runs are not needed any more.
for db in $(su postgres -c "psql -p $PORT -qAt -c \"select datname from pg_database where datname like 'abp_test_%'\""); do
  su postgres -c "psql -p $PORT -qAt -c 'DROP DATABASE IF EXISTS $db WITH (FORCE)'" >/dev/null || true
done
} >&2
echo "export TEST_DATABASE_URL=postgres://abp_test:abp_test@127.0.0.1:${PORT}/postgres"
