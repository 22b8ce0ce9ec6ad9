export { createRedisClient, DEFAULT_SENTINEL_NAME, parseSentinels, type RedisTarget, type SentinelAddress, type SentinelTarget } from './redis-client';
