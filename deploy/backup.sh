#!/usr/bin/env bash
# Backs up Saathi: the database (pg_dump --format=custom) and every object of the media bucket
# and the private bucket (or, with STORAGE=local, the media directory), into one timestamped
# directory with a manifest and SHA-256 checksums. deploy/restore.sh puts it back.
# deploy/README.md ("Backups") says how to schedule it and what it does not keep.
set -euo pipefail

usage() {
  cat <<'USAGE'
Usage: deploy/backup.sh [--compose] [--out DIR] [--keep N]

Writes DIR/saathi-<UTC time>/ (DIR: $BACKUP_DIR, else ./backups) holding
  database.dump     pg_dump --format=custom of the app's database
  buckets/          public/ and private/: every stored object, with public.json and
                    private.json listing each key, size, SHA-256 and content type
  manifest.txt      time, database size, migration level, object counts, durations
  SHA256SUMS        checksums of every file above (restore.sh checks them first)
A backup is written under a .partial name and renamed when complete.

  --compose   the deploy/compose.yaml services: pg_dump runs in the postgres container
              and the object copy in a one-off app container, both with the settings of
              deploy/.env (or $COMPOSE_ENV_FILE). Needs docker only.
  (default)   this host: pg_dump and psql of PostgreSQL 15 or newer, and Node.js with this
              repository installed (npm ci, or npm run build), with the server's variables
              in the environment: DATABASE_URL, STORAGE and S3_* (or DATA_DIR with
              STORAGE=local), as the server has them.
  --out DIR   where to write (default $BACKUP_DIR, else ./backups).
  --keep N    afterwards, delete all but the newest N complete backups in DIR.

Nothing secret is printed: the database is named by its name, never its URL.
USAGE
}

mode=host
out_root="${BACKUP_DIR:-./backups}"
keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --compose) mode=compose ;;
    --out)
      [[ $# -ge 2 ]] || { usage >&2; exit 2; }
      out_root="$2"
      shift
      ;;
    --keep)
      [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || { echo "--keep needs a number of backups (1 or more)" >&2; exit 2; }
      keep="$2"
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

# The backup holds personal data (SOS evidence, phone numbers): readable by its owner only.
umask 077
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deploy/backup-lib.sh
source "$repo/deploy/backup-lib.sh"
check_tools "$mode"

mkdir -p "$out_root"
out_root="$(cd "$out_root" && pwd)"
name="saathi-$(date -u +%Y%m%dT%H%M%SZ)"
target="$out_root/$name"
work="$target.partial"
[[ ! -e "$target" && ! -e "$work" ]] || { echo "$target already exists" >&2; exit 1; }
mkdir -p "$work/buckets"
# A failed run leaves nothing that looks like a backup.
trap 'rm -rf "$work"' EXIT

started="$(now_ms)"
say "backup $name ($mode) into $out_root"

say "database: $(db_query 'SELECT current_database()'), $(db_query 'SELECT pg_size_pretty(pg_database_size(current_database()))')"
database_name="$(db_query 'SELECT current_database()')"
database_bytes="$(db_query 'SELECT pg_database_size(current_database())')"
server_version="$(db_query 'SHOW server_version')"
migration="$(db_query "$MIGRATION_SQL")"
migrations="$(db_query "$MIGRATION_COUNT_SQL")"
[[ -n "$migration" ]] || { echo "the database has no migrations: is DATABASE_URL the app's database?" >&2; exit 1; }

# The database first, then the objects: the files the dump's rows point to were written before
# it (a key is never reused), so they are in the copy that follows.
step="$(now_ms)"
taken_at="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
db_dump "$work/database.dump"
dump_ms=$(($(now_ms) - step))
dump_bytes="$(file_size "$work/database.dump")"
say "database dumped: $dump_bytes bytes in ${dump_ms} ms"

step="$(now_ms)"
buckets_download "$work/buckets"
buckets_ms=$(($(now_ms) - step))
public_objects="$(index_count "$work/buckets/public.json")"
private_objects="$(index_count "$work/buckets/private.json")"
public_bytes="$(index_bytes "$work/buckets/public.json")"
private_bytes="$(index_bytes "$work/buckets/private.json")"
say "objects copied: $public_objects public ($public_bytes bytes), $private_objects private ($private_bytes bytes) in ${buckets_ms} ms"

total_ms=$(($(now_ms) - started))
cat >"$work/manifest.txt" <<MANIFEST
format=saathi-backup-1
name=$name
taken_at=$taken_at
mode=$mode
database=$database_name
database_size_bytes=$database_bytes
server_version=$server_version
migration=$migration
migrations=$migrations
dump_bytes=$dump_bytes
public_source=$(index_source "$work/buckets/public.json")
public_objects=$public_objects
public_bytes=$public_bytes
private_source=$(index_source "$work/buckets/private.json")
private_objects=$private_objects
private_bytes=$private_bytes
dump_ms=$dump_ms
buckets_ms=$buckets_ms
total_ms=$total_ms
MANIFEST
sums="$(cd "$work" && find . -type f -print0 | sort -z | xargs -0 sha256sum)"
printf '%s\n' "$sums" >"$work/SHA256SUMS"

mv "$work" "$target"
trap - EXIT
say "backup written: $target ($(du -sh "$target" | cut -f1), ${total_ms} ms; migration $migration)"

if [[ "$keep" -gt 0 ]]; then
  mapfile -t old < <(find "$out_root" -mindepth 1 -maxdepth 1 -type d -name 'saathi-*' ! -name '*.partial' | sort | head -n "-$keep")
  for dir in "${old[@]}"; do
    rm -rf "$dir"
    say "removed old backup $(basename "$dir")"
  done
fi
