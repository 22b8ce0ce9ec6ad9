#!/bin/sh
# The sentinel container of each saathi-redis pod: watches the master `saathi` with the two
# other sentinels; two of three agree that it is down before one of them promotes a replica.
set -eu
headless="saathi-redis-headless.${POD_NAMESPACE}.svc.cluster.local"
me="$(hostname).${headless}"
ask_sentinel() {
  if [ -n "${REDIS_SENTINEL_PASSWORD:-}" ]; then
    REDISCLI_AUTH="$REDIS_SENTINEL_PASSWORD" redis-cli --no-auth-warning -h "$1" -p 26379 --raw sentinel get-master-addr-by-name saathi
  else
    env -u REDISCLI_AUTH redis-cli -h "$1" -p 26379 --raw sentinel get-master-addr-by-name saathi
  fi
}
master=""
for i in 0 1 2; do
  answer="$(ask_sentinel "saathi-redis-${i}.${headless}" 2>/dev/null | head -n 1 || true)"
  case "$answer" in
    '' | *ERR* | *error* | *NOAUTH*) ;;
    *)
      master="$answer"
      break
      ;;
  esac
done
[ -n "$master" ] || master="saathi-redis-0.${headless}"
# Sentinel rewrites its configuration file as it learns: a fresh one in the pod's own volume.
{
  echo 'port 26379'
  echo 'sentinel resolve-hostnames yes'
  echo 'sentinel announce-hostnames yes'
  echo "sentinel announce-ip ${me}"
  if [ -n "${REDIS_SENTINEL_PASSWORD:-}" ]; then echo "requirepass ${REDIS_SENTINEL_PASSWORD}"; fi
  echo "sentinel monitor saathi ${master} 6379 2"
  if [ -n "${REDIS_PASSWORD:-}" ]; then echo "sentinel auth-pass saathi ${REDIS_PASSWORD}"; fi
  echo 'sentinel down-after-milliseconds saathi 5000'
  echo 'sentinel failover-timeout saathi 30000'
  echo 'sentinel parallel-syncs saathi 1'
} >/sentinel/sentinel.conf
exec redis-sentinel /sentinel/sentinel.conf
