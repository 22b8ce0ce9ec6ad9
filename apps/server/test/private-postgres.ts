import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './spawn-server';

/**
 * A PostgreSQL server of the test's own (initdb, then pg_ctl) on a free port in a temporary
 * directory, which the test may crash and start again: what a database restart or crash looks
 * like to the app, without touching the server other tests share. The PostGIS the migrations
 * create is the one installed for this version.
 */
export interface PrivatePostgres {
  port: number;
  /** A `postgres://` URL of `database` on this server (user postgres, no password). */
  url(database?: string): string;
  /** `pg_ctl stop -m immediate`: every server process quits at once, no checkpoint, as after a crash (recovery runs at the next start). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** The server's log, for a failure message. */
  log(): Promise<string>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

const execFileAsync = promisify(execFile);
/** The version the project runs on (README: PostgreSQL 15+ with PostGIS; CI installs postgresql-15-postgis-3). */
const VERSION = 15;

async function binDir(): Promise<string> {
  const dir = process.env.SAATHI_TEST_PG_BIN ?? `/usr/lib/postgresql/${VERSION}/bin`;
  const missing: string[] = [];
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    await fs.access(path.join(dir, tool), fs.constants.X_OK).catch(() => missing.push(tool));
  }
  if (missing.length > 0) {
    throw new Error(
      `The PostgreSQL restart test runs a server of its own and needs ${missing.join(', ')} in ${dir}, which ${missing.length > 1 ? 'are' : 'is'} missing. ` +
        `On Debian: apt-get install postgresql-${VERSION}-postgis-3 (.ci/run installs it), or set SAATHI_TEST_PG_BIN to the bin directory of another PostgreSQL ${VERSION} with PostGIS.`,
    );
  }
  return dir;
}

/**
 * initdb refuses to run as root: then the server's tools run as the `postgres` user (which
 * Debian's PostgreSQL package creates), and the directory is handed to it.
 */
async function runAs(): Promise<{ uid: number; gid: number; wrap: (command: string, args: string[]) => [string, string[]] } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([execFileAsync('id', ['-u', 'postgres']), execFileAsync('id', ['-g', 'postgres'])]).then(
    (ids) => ids.map((id) => Number(id.stdout.trim())),
    () => {
      throw new Error(
        'Running as root, the PostgreSQL restart test runs the server as the `postgres` user, and there is none (Debian creates it with the postgresql package).',
      );
    },
  );
  return { uid: uid as number, gid: gid as number, wrap: (command, args) => ['runuser', ['-u', 'postgres', '--', command, ...args]] };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await binDir();
  const user = await runAs();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'saathi-pg-'));
  if (user) await fs.chown(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const tool = async (name: string, args: string[]) => {
    const [command, argv] = user ? user.wrap(path.join(bin, name), args) : [path.join(bin, name), args];
    try {
      await execFileAsync(command, argv, { cwd: dir, timeout: 30_000 });
    } catch (error) {
      const log = await fs.readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`${name} ${args.join(' ')} failed: ${(error as Error).message}\n${log}`, { cause: error });
    }
  };
  // The socket goes to the directory too (Debian's default one needs root); fsync off: the test
  // crashes the server, not the machine, so what was written survives in the page cache.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`;
  const start = () => tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);

  await tool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  await start();
  let stopped = false;
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    crash: () => tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
    start,
    log: () => fs.readFile(logFile, 'utf8').catch(() => ''),
    async destroy() {
      if (stopped) return;
      stopped = true;
      await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
