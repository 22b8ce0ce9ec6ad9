# shellcheck shell=bash
# What deploy/backup.sh and deploy/restore.sh share: running psql, pg_dump and the object copy
# on this host or in the compose services. Sourced with $repo set to the repository root.

: "${repo:?the repository root}" "${mode:?host or compose}"

# The app's migrations, as Kysely records them (apps/server/src/core/db/migrate.ts).
# shellcheck disable=SC2034 # used by the scripts that source this file
MIGRATION_SQL='SELECT coalesce(max(name), '"''"') FROM kysely_migration'
# shellcheck disable=SC2034
MIGRATION_COUNT_SQL='SELECT count(*) FROM kysely_migration'

say() { printf '[%s %s] %s\n' "$(basename "$0" .sh)" "$(date -u +%H:%M:%S)" "$*"; }
now_ms() { date +%s%3N; }
file_size() { wc -c <"$1" | tr -d ' '; }

dc() { docker compose -f "$repo/deploy/compose.yaml" --env-file "${COMPOSE_ENV_FILE:-$repo/deploy/.env}" "$@"; }

# check_tools host|compose [extra tools...]
check_tools() {
  local mode="$1" tool missing=()
  shift
  local tools=(sha256sum)
  if [[ "$mode" == compose ]]; then
    tools+=(docker)
  else
    tools+=(psql pg_dump node "$@")
    [[ -n "${DATABASE_URL:-}" ]] || { echo "DATABASE_URL is not set (the app's database; or use --compose)" >&2; exit 2; }
  fi
  for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
  [[ ${#missing[@]} -eq 0 ]] || { echo "missing on this host: ${missing[*]}" >&2; exit 2; }
}

# db_query SQL: one statement's value(s), unaligned, on the app's database.
db_query() {
  if [[ "$mode" == compose ]]; then
    # shellcheck disable=SC2016 # expanded in the container
    printf '%s\n' "$1" | dc exec -T postgres sh -c 'exec psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtq -v ON_ERROR_STOP=1'
  else
    printf '%s\n' "$1" | PGOPTIONS='-c client_min_messages=warning' psql -XAtq -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL"
  fi
}

db_dump() {
  if [[ "$mode" == compose ]]; then
    # shellcheck disable=SC2016 # expanded in the container
    dc exec -T postgres sh -c 'exec pg_dump -U "$POSTGRES_USER" -d "$POSTGRES_DB" --format=custom' >"$1"
  else
    pg_dump --format=custom --dbname="$DATABASE_URL" --file="$1"
  fi
}

# The object copy (apps/server/src/cli/bucket-copy.ts) with this host's environment: from the
# source when the dev dependencies are installed, else the built bundle.
bucket_copy() {
  local data_dir
  # The server reads DATA_DIR relative to where it was started; so does this, before cd.
  data_dir="$(realpath -m "${DATA_DIR:-./data}")"
  if [[ -f "$repo/apps/server/src/cli/bucket-copy.ts" && -d "$repo/node_modules/tsx" ]]; then
    (cd "$repo" && DATA_DIR="$data_dir" node --import tsx apps/server/src/cli/bucket-copy.ts "$@")
  elif [[ -f "$repo/apps/server/dist/bucket-copy.js" ]]; then
    DATA_DIR="$data_dir" node "$repo/apps/server/dist/bucket-copy.js" "$@"
  else
    echo "neither apps/server/dist/bucket-copy.js (npm run build) nor the dev dependencies (npm ci) are there" >&2
    return 1
  fi
}

# buckets_download DIR: every object into DIR/public and DIR/private, with their indexes.
buckets_download() {
  if [[ "$mode" == compose ]]; then
    # A one-off app container has the app's settings and network; its copy comes out as a tar stream.
    # shellcheck disable=SC2016 # expanded in the container
    dc run --rm --no-deps -T app sh -c 'd="$(mktemp -d)" && node apps/server/dist/bucket-copy.js download "$d" >&2 && tar -C "$d" -cf - .' |
      tar -C "$1" -xf - --no-same-owner
  else
    bucket_copy download "$1"
  fi
}

# buckets_upload DIR: the objects of DIR back into the buckets (or the media directory).
buckets_upload() {
  if [[ "$mode" == compose ]]; then
    # shellcheck disable=SC2016 # expanded in the container
    tar -C "$1" -cf - . | dc run --rm --no-deps -T app sh -c 'd="$(mktemp -d)" && tar -C "$d" -xf - && node apps/server/dist/bucket-copy.js upload "$d"'
  else
    bucket_copy upload "$1"
  fi
}

# The indexes bucket-copy writes (JSON.stringify with an indent of 1: one field a line).
index_count() { grep -c '^ *"key": ' "$1" || true; }
index_bytes() { awk '/^ *"size": / { gsub(/,/, "", $2); total += $2 } END { printf "%d\n", total }' "$1"; }
index_source() { sed -n 's/^ "source": "\(.*\)",$/\1/p' "$1"; }
