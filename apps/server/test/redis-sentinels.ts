import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { SentinelTarget } from '../src/core/redis';
import { freePort } from './spawn-server';
import { waitFor } from './wait-for';

/**
 * A Redis primary, its replica and three sentinels watching them, as real processes on free
 * ports in a temporary directory: what a deployment with Redis Sentinel runs, with timeouts
 * short enough for a test (the primary counts as down after 1 s without an answer).
 */
export interface SentinelSetup {
  /** The master name the sentinels monitor. */
  name: string;
  primaryPort: number;
  replicaPort: number;
  sentinelPorts: number[];
  /** REDIS_SENTINELS and REDIS_SENTINEL_NAME for an app. */
  env: { REDIS_SENTINELS: string; REDIS_SENTINEL_NAME: string };
  target: SentinelTarget;
  /** The port of the primary the sentinels name now (asking each in turn until one answers). */
  primaryNow(): Promise<number>;
  /** A short-lived client of one data node (for looking at keys). */
  client(port: number): Redis;
  /** SIGKILL of the primary: no shutdown, no last words to the replica. */
  killPrimary(): Promise<void>;
  /** What the processes printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

export const DOWN_AFTER_MS = 1000;
export const FAILOVER_TIMEOUT_MS = 3000;

/** `command` on PATH or in the usual places, else undefined. */
async function findBinary(command: string): Promise<string | undefined> {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin', '/usr/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, command);
    if (
      await fs.access(candidate, fs.constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

/** Fails (never skips) when Redis or its sentinel is missing, saying what to install. */
async function binaries(): Promise<{ server: string; sentinel: string }> {
  const [server, sentinel] = await Promise.all([findBinary('redis-server'), findBinary('redis-sentinel')]);
  const missing = [server ? undefined : 'redis-server', sentinel ? undefined : 'redis-sentinel'].filter(Boolean);
  if (!server || !sentinel) {
    throw new Error(
      `The Redis Sentinel failover test needs ${missing.join(' and ')} on PATH, which ${missing.length > 1 ? 'are' : 'is'} not installed. ` +
        `On Debian: apt-get install ${missing.join(' ')} (.ci/run installs them; no service needs to run, the test starts its own).`,
    );
  }
  return { server, sentinel };
}

const quietClient = (port: number) => {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => undefined);
  return client;
};

/** One command to the node on `port`, on a connection of its own; undefined when it does not answer. */
async function ask(port: number, ...args: (string | number)[]): Promise<unknown> {
  const client = quietClient(port);
  try {
    await client.connect();
    return await client.call(String(args[0]), ...args.slice(1).map(String));
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

export async function startSentinels({ name = 'saathi' }: { name?: string } = {}): Promise<SentinelSetup> {
  const bin = await binaries();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-sentinel-'));
  const children: ChildProcess[] = [];
  let log = '';
  const run = (label: string, command: string, args: string[]) => {
    const child = spawn(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const record = (chunk: Buffer) => (log += chunk.toString().replace(/^(?=.)/gm, `[${label}] `));
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
    await fs.rm(dir, { recursive: true, force: true });
  };

  try {
    const [primaryPort, replicaPort, ...sentinelPorts] = (await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()])) as [
      number,
      number,
      ...number[],
    ];
    // No persistence, and a replica that syncs at once (diskless, without the default 5 s wait).
    const node = (port: number) => [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--repl-diskless-sync-delay',
      '0',
    ];
    const primary = run('primary', bin.server, node(primaryPort));
    run('replica', bin.server, [...node(replicaPort), '--replicaof', '127.0.0.1', String(primaryPort)]);
    await waitFor(async () => (await ask(primaryPort, 'PING')) === 'PONG', { timeoutMs: 5000, what: `the Redis primary on ${primaryPort}\n${log}` });
    await waitFor(async () => String(await ask(replicaPort, 'INFO', 'replication')).includes('master_link_status:up'), {
      timeoutMs: 5000,
      what: `the replica in sync\n${log}`,
    });

    for (const [i, port] of sentinelPorts.entries()) {
      const conf = path.join(dir, `sentinel-${i + 1}.conf`);
      // Sentinel rewrites its file (what it learns: replicas, other sentinels, the epoch).
      await fs.writeFile(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${primaryPort} 2`,
          `sentinel down-after-milliseconds ${name} ${DOWN_AFTER_MS}`,
          `sentinel failover-timeout ${name} ${FAILOVER_TIMEOUT_MS}`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      run(`sentinel-${i + 1}`, bin.sentinel, [conf]);
    }
    // Each sentinel must know the replica (to promote it) and the two others (to agree the primary is down and elect a leader).
    await waitFor(
      async () => {
        const known = await Promise.all(
          sentinelPorts.map(async (port) => {
            const replicas = await ask(port, 'SENTINEL', 'REPLICAS', name);
            const sentinels = await ask(port, 'SENTINEL', 'SENTINELS', name);
            return Array.isArray(replicas) && replicas.length === 1 && Array.isArray(sentinels) && sentinels.length === sentinelPorts.length - 1;
          }),
        );
        return known.every(Boolean);
      },
      { timeoutMs: 10_000, intervalMs: 100, what: `the sentinels to know the replica and each other\n${log}` },
    );

    const sentinels = sentinelPorts.map((port) => ({ host: '127.0.0.1', port }));
    return {
      name,
      primaryPort,
      replicaPort,
      sentinelPorts,
      env: { REDIS_SENTINELS: sentinels.map(({ host, port }) => `${host}:${port}`).join(','), REDIS_SENTINEL_NAME: name },
      target: { sentinels, name },
      async primaryNow() {
        for (const port of sentinelPorts) {
          const address = await ask(port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name);
          if (Array.isArray(address)) return Number(address[1]);
        }
        throw new Error(`no sentinel answered\n${log}`);
      },
      client: quietClient,
      async killPrimary() {
        const exited = new Promise((resolve) => primary.once('exit', resolve));
        primary.kill('SIGKILL');
        await exited;
      },
      output: () => log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
