import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/core/db/database';
import { migrations } from '../../src/core/db/migrations';
import type { Database } from '../../src/core/db/schema';
import { createStorage } from '../../src/core/storage';
import { createFactory } from '../factory';
import { adminQuery, quoteIdent, withDatabase } from '../pg-admin';
import { createRecordingSms } from '../recording-sms';
import { startS3Peer, type S3Peer } from '../s3-peer';
import { freshPlace } from '../sos-fixtures';
import { bearer, Cleanups, migratedDatabase, scratchDatabaseName } from './cluster';

/**
 * deploy/backup.sh and deploy/restore.sh as an operator runs them on a host: an app with an SOS,
 * its contact and evidence, and a photo in the media bucket is backed up; the backup is restored
 * into a fresh database (no PostGIS, no tables) and empty buckets on another S3 store; an app
 * built on what was restored answers the SOS to its owner, with the same session, and plays the
 * same evidence bytes. The durations printed are the figures deploy/README.md quotes.
 */
const execFileAsync = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const AUTH_SECRET = 'backup-test-secret-backup-test-secret-0001';
/** The first bytes of a MediaRecorder webm (an EBML header, DocType webm), then a cluster of our own. */
const WEBM_START = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff', 'hex');

const cleanups = new Cleanups();
afterAll(async () => {
  await cleanups.run();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.add(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An app on `databaseUrl` with STORAGE=s3 on `peer`, closed with the file or by `close` (the app, then its connections). */
async function appOn(databaseUrl: string, peer: S3Peer): Promise<{ app: App; db: Kysely<Database>; close: () => Promise<void> }> {
  const dataDir = await tempDir('saathi-backup-app-');
  const handle = await openDatabase({ databaseUrl, dataDir, poolSize: 3 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    ...peer.env,
  });
  const logStream = { write: (line: string) => console.error(line.trimEnd()) };
  const app = await buildApp(config, { db: handle, sms: createRecordingSms(), logStream });
  await app.ready();
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await app.close();
      await handle.close();
    })());
  cleanups.add(close);
  return { app, db: handle.db, close };
}

/** Runs a deploy/ script as on a host whose environment is the app's; its output is returned, a failure rejected with it. */
async function script(name: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = await execFileAsync('bash', [path.join(repo, 'deploy', name), ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LANG: 'C.UTF-8', ...env },
    timeout: 60_000,
  });
  return { ...result, ms: Date.now() - started };
}

const manifestOf = async (dir: string) =>
  Object.fromEntries(
    (await fs.readFile(path.join(dir, 'manifest.txt'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

describe('deploy/backup.sh and deploy/restore.sh', () => {
  it('restore a backup into a fresh database and empty buckets, where the owner reads the SOS and its evidence back', { timeout: 120_000 }, async () => {
    const adminUrl = inject('pgAdminUrl');
    const [sourceStore, targetStore] = [await startS3Peer(), await startS3Peer()];
    cleanups.add(() => sourceStore.close());
    cleanups.add(() => targetStore.close());

    // ---- the data: a user's SOS to a contact, a recording, a photo in the public bucket.
    const source = await migratedDatabase(cleanups);
    const { app: before } = await appOn(source.url, sourceStore);
    const factory = createFactory(() => source.db);
    const victim = await factory.user({ name: 'Neha Kulkarni' });
    await source.db.insertInto('emergency_contacts').values({ user_id: victim.id, name: 'Didi', phone_number: '9833000071' }).execute();
    // A volunteer place: its cell is a generated column, computed again as the dump's rows go in.
    const home = freshPlace();
    await source.db
      .insertInto('saved_locations')
      .values({
        user_id: victim.id,
        name: 'Home',
        is_volunteer_location: true,
        location: sql<string>`ST_SetSRID(ST_MakePoint(${home.longitude}::float8, ${home.latitude}::float8), 4326)::geography`,
      })
      .execute();
    const cells = (db: Kysely<Database>) =>
      db
        .selectFrom('saved_locations')
        .select(sql<string>`ST_AsText(volunteer_cell)`.as('cell'))
        .where('user_id', '=', victim.id)
        .execute();
    const cellsBefore = await cells(source.db);
    expect(cellsBefore).toEqual([{ cell: expect.stringMatching(/^POINT\(/) }]);
    const token = await factory.loginAs(victim);
    const raised = await before.inject({
      method: 'POST',
      url: '/api/sos',
      headers: bearer(token),
      payload: { ...freshPlace(), accuracy: 10, threat: 'harassment', contactsOnly: true },
    });
    expect(raised.statusCode).toBe(201);
    const eventId = raised.json().id as number;
    await before.outbox.drain();
    const recording = Buffer.concat([WEBM_START, randomBytes(40_000)]);
    for (const [sequence, chunk] of [recording.subarray(0, 20_000), recording.subarray(20_000)].entries()) {
      const saved = await before.inject({
        method: 'POST',
        url: `/api/sos/${eventId}/evidence?sequence=${sequence}&kind=video`,
        headers: { ...bearer(token), 'content-type': 'video/webm' },
        payload: chunk,
      });
      expect(saved.statusCode).toBe(201);
    }
    const photo = randomBytes(5_000);
    const photoKey = `posts/backup-${randomBytes(4).toString('hex')}.jpg`;
    const media = createStorage({ storage: { kind: 's3', s3: sourceStore.s3, privateS3: sourceStore.privateS3 } }, os.tmpdir(), AUTH_SECRET);
    await media.put(photoKey, photo, 'image/jpeg');
    media.close();

    const view = (await before.inject({ method: 'GET', url: `/api/sos/${eventId}`, headers: bearer(token) })).json();
    expect(view.alerted.map((r: { kind: string; name: string; phoneNumber: string }) => [r.kind, r.name, r.phoneNumber])).toEqual([
      ['contact', 'Didi', '9833000071'],
    ]);
    const evidence = (await before.inject({ method: 'GET', url: `/api/sos/${eventId}/evidence`, headers: bearer(token) })).json();
    expect(evidence.recordings).toHaveLength(1);

    // ---- the backup, as a cron job on the host would take it.
    const backups = await tempDir('saathi-backups-');
    const backup = await script('backup.sh', ['--out', backups, '--keep', '3'], { DATABASE_URL: source.url, ...sourceStore.env });
    const [written] = await fs.readdir(backups);
    expect(written).toMatch(/^saathi-\d{8}T\d{6}Z$/);
    const dir = path.join(backups, written!);
    const manifest = await manifestOf(dir);
    expect(manifest).toMatchObject({
      format: 'saathi-backup-1',
      migration: Object.keys(migrations).sort().at(-1),
      migrations: String(Object.keys(migrations).length),
      public_source: sourceStore.bucket,
      public_objects: '1',
      private_source: sourceStore.privateBucket,
      private_objects: '2',
    });
    expect(backup.stdout).not.toContain(source.url);

    // ---- the restore: a fresh database (no PostGIS yet), empty buckets on another store.
    const name = scratchDatabaseName();
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
    cleanups.add(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    const targetUrl = withDatabase(adminUrl, name);
    const targetEnv = { DATABASE_URL: targetUrl, ...targetStore.env };
    const restore = await script('restore.sh', [dir], targetEnv);
    expect(restore.stdout).toMatch(/the restored data holds 1 active SOS alert/);
    console.log(
      `backup: ${backup.ms} ms (dump ${manifest.dump_bytes} bytes of a ${manifest.database_size_bytes}-byte database, ` +
        `${manifest.public_objects} public and ${manifest.private_objects} private objects); restore: ${restore.ms} ms\n` +
        `${backup.stdout}${restore.stdout}`,
    );

    // ---- the restored app: the same session, the same SOS with its contact, the same bytes.
    const restoredApp = await appOn(targetUrl, targetStore);
    const after = restoredApp.app;
    const restored = await after.inject({ method: 'GET', url: `/api/sos/${eventId}`, headers: bearer(token) });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual(view);
    expect(restored.json()).toMatchObject({ role: 'owner', status: 'active', threat: 'harassment', userId: victim.id });
    const list = (await after.inject({ method: 'GET', url: `/api/sos/${eventId}/evidence`, headers: bearer(token) })).json();
    expect(list.recordings).toEqual(evidence.recordings);
    const played = await after.inject({ method: 'GET', url: list.recordings[0].url as string, headers: bearer(token) });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(recording)).toBe(true);
    expect(await cells(restoredApp.db)).toEqual(cellsBefore);
    const served = await fetch(`${targetStore.endpoint}/${targetStore.bucket}/${photoKey}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    // A second restore over the data now there is refused, and changes nothing.
    await restoredApp.close();
    const refused = await script('restore.sh', ['--skip-objects', dir], targetEnv).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not empty') });
  });
});
