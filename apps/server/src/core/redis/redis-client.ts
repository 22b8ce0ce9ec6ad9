import net from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';

/** One Redis Sentinel to ask where the primary is. */
export interface SentinelAddress {
  host: string;
  port: number;
}

/**
 * A Redis primary found through Sentinel (REDIS_SENTINELS): the sentinels to ask, the name they
 * monitor it by, and the passwords of each side. A client asks the sentinels for the primary when
 * it connects and again whenever the connection breaks, so it follows a failover.
 */
export interface SentinelTarget {
  sentinels: SentinelAddress[];
  /** The master name of `sentinel monitor <name> …` (REDIS_SENTINEL_NAME). */
  name: string;
  /** The sentinels' own password (their `requirepass`). */
  sentinelPassword?: string | undefined;
  /** The password of the primary and its replicas. */
  password?: string | undefined;
}

/** Where the app's Redis is: a `redis://` URL (REDIS_URL), or sentinels that name its primary. */
export type RedisTarget = string | SentinelTarget;

export const DEFAULT_SENTINEL_NAME = 'mymaster';

/** How soon a client tries again after its connection broke: quickly at first, then every second. */
const retryStrategy = (times: number) => Math.min(times * 50, 1000);

/**
 * A client of `target`. With sentinels, every (re)connection asks them for the current primary,
 * and a server that answers a write with READONLY (a primary demoted while this client stayed
 * connected) makes the client reconnect, through the sentinels, and send the command again.
 */
export function createRedisClient(target: RedisTarget, options: RedisOptions = {}): Redis {
  if (typeof target === 'string') return new Redis(target, { retryStrategy, ...options });
  return new Redis({
    retryStrategy,
    sentinels: target.sentinels.map(({ host, port }) => ({ host, port })),
    name: target.name,
    role: 'master',
    ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
    ...(target.password === undefined ? {} : { password: target.password }),
    // No sentinel answered: ask them all again soon (a failover is under way, or they restart).
    sentinelRetryStrategy: (times: number) => Math.min(times * 100, 1000),
    reconnectOnError: (error: Error) => (error.message.startsWith('READONLY') ? 2 : false),
    ...options,
  });
}

const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const ADDRESS = /^(?:\[(?<v6>[^\]]*)\]|(?<host>[^:]*)):(?<port>[^:]*)$/;

/**
 * REDIS_SENTINELS: `host:port` entries separated by commas (`sentinel-1:26379,sentinel-2:26379`;
 * an IPv6 address in brackets, `[fd00::1]:26379`). Returns the sentinels, or what is wrong with
 * each entry that is not one.
 */
export function parseSentinels(text: string): { sentinels: SentinelAddress[]; problems: string[] } {
  const sentinels: SentinelAddress[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry === '')) return { sentinels, problems: ['lists no sentinel (host:port, separated by commas)'] };
  for (const entry of entries) {
    if (entry === '') {
      problems.push('has an empty entry (two commas in a row, or one at an end)');
      continue;
    }
    const match = ADDRESS.exec(entry);
    if (!match?.groups) {
      problems.push(`"${entry}" is not host:port (e.g. sentinel-1:26379; an IPv6 address in brackets, [fd00::1]:26379)`);
      continue;
    }
    const { v6, host = v6 ?? '', port: portText = '' } = match.groups;
    const hostOk = v6 === undefined ? HOSTNAME.test(host) : net.isIPv6(host);
    const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
    if (!hostOk) problems.push(`"${entry}": "${host}" is not a host name or IP address`);
    if (!(port >= 1 && port <= 65_535)) problems.push(`"${entry}": the port must be a number from 1 to 65535`);
    if (!hostOk || !(port >= 1 && port <= 65_535)) continue;
    const key = `${host.toLowerCase()}:${port}`;
    if (seen.has(key)) {
      problems.push(`"${entry}" is listed twice`);
      continue;
    }
    seen.add(key);
    sentinels.push({ host, port });
  }
  return { sentinels: problems.length > 0 ? [] : sentinels, problems };
}
