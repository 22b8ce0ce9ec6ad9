#!/usr/bin/env bash
# Restores a backup written by deploy/backup.sh: checks its checksums, restores the database
# into an empty one (creating PostGIS first), then copies the objects back into the buckets
# (or the media directory), and says how long each part took. deploy/README.md ("Backups")
# has the drill and what to do before the app starts on the restored data.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: deploy/restore.sh [--compose] [--force] [--skip-objects] [--jobs N] BACKUP_DIR

Restores BACKUP_DIR (a saathi-<time> directory written by deploy/backup.sh):
  1. checks every file against its SHA256SUMS;
  2. restores database.dump into the app's database, which must be empty (no tables but
     those of extensions) and have no other connection: stop the app first. The dump's
     extensions (PostGIS) are created first, then pg_restore --no-owner --no-privileges
     --exit-on-error, in one transaction (or with N parallel jobs);
  3. copies the objects back into the media and private buckets (or, with STORAGE=local,
     the media directory); objects of the same key are overwritten, others are left.

  --compose       the deploy/compose.yaml services, as for backup.sh --compose (run
                  `docker compose ... stop nginx app` first; the database and the store
                  keep running).
  (default)       this host, with the server's variables in the environment: DATABASE_URL
                  (the database to restore into), STORAGE and S3_* (or DATA_DIR), and
                  pg_restore and psql of the dump's PostgreSQL version or newer.
  --force         restore into a database that holds tables: its schema public is dropped
                  first, with everything in it.
  --skip-objects  the database only.
  --jobs N        pg_restore with N parallel jobs (faster on large databases; not in one
                  transaction, so a failed restore leaves a partial database: run again
                  with --force).
USAGE
}

mode=host
force=false
objects=true
jobs=1
backup=''
while [[ $# -gt 0 ]]; do
  case "$1" in
    --compose) mode=compose ;;
    --force) force=true ;;
    --skip-objects) objects=false ;;
    --jobs)
      [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || { echo "--jobs needs a number (1 or more)" >&2; exit 2; }
      jobs="$2"
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    -*) usage >&2; exit 2 ;;
    *)
      [[ -z "$backup" ]] || { usage >&2; exit 2; }
      backup="$1"
      ;;
  esac
  shift
done
[[ -n "$backup" ]] || { usage >&2; exit 2; }
[[ -f "$backup/manifest.txt" && -f "$backup/SHA256SUMS" && -f "$backup/database.dump" ]] ||
  { echo "$backup is not a complete backup (manifest.txt, SHA256SUMS, database.dump)" >&2; exit 2; }
backup="$(cd "$backup" && pwd)"

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deploy/backup-lib.sh
source "$repo/deploy/backup-lib.sh"
check_tools "$mode" pg_restore

manifest() { sed -n "s/^$1=//p" "$backup/manifest.txt"; }
started="$(now_ms)"
say "restoring $(basename "$backup") (taken $(manifest taken_at), migration $(manifest migration)) ($mode)"

step="$(now_ms)"
(cd "$backup" && sha256sum --quiet --strict -c SHA256SUMS) || { echo "the backup's files do not match SHA256SUMS: not restored" >&2; exit 1; }
verify_ms=$(($(now_ms) - step))
say "checksums match ($(wc -l <"$backup/SHA256SUMS" | tr -d ' ') files) in ${verify_ms} ms"

# ---- the database
step="$(now_ms)"
others="$(db_query 'SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')"
if [[ "$others" != 0 ]]; then
  echo "$others other connection(s) to the database $(db_query 'SELECT current_database()'): stop the app (and anything else using it) first" >&2
  exit 1
fi
# Tables, views and sequences outside the system schemas that no extension owns.
tables="$(db_query "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')")"
if [[ "$tables" != 0 ]]; then
  if [[ "$force" != true ]]; then
    echo "the database $(db_query 'SELECT current_database()') is not empty ($tables tables, views or sequences): not restored. Restore into an empty database, or pass --force to drop its schema public first." >&2
    exit 1
  fi
  say "--force: dropping schema public ($tables tables, views or sequences) and what is in it"
  db_query 'DROP SCHEMA public CASCADE; CREATE SCHEMA public; GRANT USAGE ON SCHEMA public TO PUBLIC' >/dev/null
fi

# The dump's extensions are created here, not by pg_restore: CREATE EXTENSION and its COMMENT
# would fail for a database owner who is not a superuser, even when the extension is there.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ "$mode" == compose ]]; then
  dc cp "$backup/database.dump" postgres:/tmp/saathi-restore.dump >/dev/null
  dc exec -T postgres pg_restore --list /tmp/saathi-restore.dump >"$work/list"
else
  pg_restore --list "$backup/database.dump" >"$work/list"
fi
extension_entry='^[0-9]+; [0-9]+ [0-9]+ (EXTENSION - |COMMENT - EXTENSION )'
mapfile -t extensions < <(sed -nE 's/^[0-9]+; [0-9]+ [0-9]+ EXTENSION - ([a-z0-9_]+) .*/\1/p' "$work/list")
for extension in "${extensions[@]}"; do
  db_query "CREATE EXTENSION IF NOT EXISTS \"$extension\"" >/dev/null
done
grep -Ev "$extension_entry" "$work/list" >"$work/list.restore"

restore_options=(--no-owner --no-privileges --exit-on-error)
if [[ "$jobs" -gt 1 ]]; then restore_options+=("--jobs=$jobs"); else restore_options+=(--single-transaction); fi
if [[ "$mode" == compose ]]; then
  dc exec -T postgres sh -c 'cat >/tmp/saathi-restore.list' <"$work/list.restore"
  # shellcheck disable=SC2016 # expanded in the container
  dc exec -T postgres sh -c 'pg_restore -U "$POSTGRES_USER" -d "$POSTGRES_DB" "$@" --use-list=/tmp/saathi-restore.list /tmp/saathi-restore.dump; code=$?; rm -f /tmp/saathi-restore.dump /tmp/saathi-restore.list; exit $code' \
    sh "${restore_options[@]}"
else
  pg_restore "${restore_options[@]}" --use-list="$work/list.restore" --dbname="$DATABASE_URL" "$backup/database.dump"
fi
migration="$(db_query "$MIGRATION_SQL")"
if [[ "$migration" != "$(manifest migration)" ]]; then
  echo "the restored database is at migration '$migration', the backup's manifest says '$(manifest migration)'" >&2
  exit 1
fi
database_ms=$(($(now_ms) - step))
say "database restored: $(db_query "$MIGRATION_COUNT_SQL") migrations (last $migration), $(db_query 'SELECT pg_size_pretty(pg_database_size(current_database()))') in ${database_ms} ms"

# ---- the objects
objects_ms=0
if [[ "$objects" == true ]]; then
  step="$(now_ms)"
  buckets_upload "$backup/buckets"
  objects_ms=$(($(now_ms) - step))
  say "objects restored: $(manifest public_objects) public, $(manifest private_objects) private in ${objects_ms} ms"
else
  say "objects not restored (--skip-objects)"
fi

total_ms=$(($(now_ms) - started))
say "restore done in ${total_ms} ms: checksums ${verify_ms} ms, database ${database_ms} ms, objects ${objects_ms} ms"
active="$(db_query "SELECT count(*) FROM sos_events WHERE status = 'active'")"
pending="$(db_query "SELECT count(*) FROM outbox WHERE status = 'pending'")"
say "the restored data holds $active active SOS alert(s) and $pending pending delivery job(s): read \"After a restore\" in deploy/README.md before starting the app"
