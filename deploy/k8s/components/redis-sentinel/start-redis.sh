#!/bin/sh
# The redis container of each saathi-redis pod. The master is whichever pod the sentinels name
# (after a failover it is not pod 0); when no sentinel answers yet (the first start), pod 0.
# REDIS_PASSWORD and REDIS_SENTINEL_PASSWORD (optional keys of the Secret saathi-app, the same
# the app reads) protect the servers and the sentinels.
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
echo "master: ${master}"
# Live events, ten minutes of event replay and rate-limit counts: nothing that must survive a
# restart, so no persistence. The pod announces its DNS name, which survives a reschedule.
set -- --port 6379 --save '' --appendonly no --protected-mode no \
  --maxmemory "${REDIS_MAXMEMORY}" --maxmemory-policy allkeys-lru \
  --replica-announce-ip "$me"
if [ -n "${REDIS_PASSWORD:-}" ]; then
  set -- "$@" --requirepass "$REDIS_PASSWORD" --masterauth "$REDIS_PASSWORD"
fi
if [ "$master" != "$me" ]; then
  set -- "$@" --replicaof "$master" 6379
fi
exec redis-server "$@"
