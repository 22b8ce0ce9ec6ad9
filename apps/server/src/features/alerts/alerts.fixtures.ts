import { sql } from 'kysely';
import type { Language, LocalAlertCategory } from '@saathi/shared';
import { bearer, type TestApp } from '../../../test/build';
import type { PushPeer } from '../../../test/push-peer';
import { subscribePush, type LatLon } from '../../../test/sos-fixtures';

export const send = (t: TestApp, token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload }) });

/** 12:00 India time (06:30 UTC) on a weekday: pushes are allowed. */
export const NOON_IST = new Date('2026-11-25T06:30:00.000Z');
/** 23:00 India time: only fire, flooding and building collapse ring. */
export const ELEVEN_PM_IST = new Date('2026-11-25T17:30:00.000Z');

export interface Person {
  id: number;
  token: string;
}

/** A signed-in adult (born 1990). */
export async function adult(t: TestApp, overrides: { name?: string; dob?: string | null } = {}): Promise<Person> {
  const user = await t.factory.user({ name: overrides.name ?? 'Ravi Kumar', dob: overrides.dob === undefined ? '1990-05-01' : overrides.dob });
  return { id: user.id, token: await t.loginAs(user) };
}

export async function moderator(t: TestApp): Promise<Person> {
  const user = await t.factory.user({ name: 'Mod Erator', dob: '1985-01-01', roles: ['moderator'] });
  return { id: user.id, token: await t.loginAs(user) };
}

/** A volunteer with a valid responder badge (approved, within its year). */
export async function responder(t: TestApp, profession = 'firefighter'): Promise<Person> {
  const person = await adult(t, { name: 'Fire Fighter' });
  await t.db
    .updateTable('users')
    .set({ verified_profession: profession, verified_until: new Date(t.clock.now().getTime() + 30 * 86_400_000) })
    .where('id', '=', person.id)
    .execute();
  return person;
}

export interface Neighbour extends Person {
  /** The push-peer subscription of their phone. */
  sub: string;
}

/** Someone with a saved place at `home`, opted in to `categories` through the API, with a phone subscribed to pushes. */
export async function neighbour(t: TestApp, peer: PushPeer, home: LatLon, categories: LocalAlertCategory[], language: Language = 'en-US'): Promise<Neighbour> {
  const person = await adult(t, { name: 'Near Neighbour' });
  await t.db.updateTable('users').set({ language }).where('id', '=', person.id).execute();
  await t.db
    .insertInto('saved_locations')
    .values({
      user_id: person.id,
      name: 'Home',
      location: sql<string>`ST_SetSRID(ST_MakePoint(${home.longitude}::float8, ${home.latitude}::float8), 4326)::geography`,
    })
    .execute();
  const res = await send(t, person.token, 'PUT', '/api/users/me/alert-settings', { categories });
  if (res.statusCode !== 200) throw new Error(`alert settings answered ${res.statusCode}: ${res.body}`);
  return { ...person, sub: await subscribePush(t, peer, person.id) };
}

export async function report(t: TestApp, who: Person, at: LatLon, category: LocalAlertCategory = 'flooding', text = 'Water knee deep under the bridge') {
  return send(t, who.token, 'POST', '/api/alerts', { category, ...at, text });
}

/** Reports and returns the alert id (fails the test on anything but 201). */
export async function reported(t: TestApp, who: Person, at: LatLon, category: LocalAlertCategory = 'flooding', text?: string): Promise<number> {
  const res = await report(t, who, at, category, text);
  if (res.statusCode !== 201) throw new Error(`reporting answered ${res.statusCode}: ${res.body}`);
  return res.json<{ id: number }>().id;
}

export async function verified(t: TestApp, by: Person, id: number): Promise<void> {
  const res = await send(t, by.token, 'POST', `/api/alerts/${id}/verify`);
  if (res.statusCode !== 200) throw new Error(`verifying answered ${res.statusCode}: ${res.body}`);
  await t.app.outbox.drain();
}

/** The pushes a phone received, decrypted. */
export const pushesTo = (peer: PushPeer, sub: string) =>
  peer.received.filter((p) => p.subscriptionId === sub).map((p) => p.payload as { type: string; title: string; body: string; url: string });

export const alertRowsOf = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['type', 'title', 'body', 'data'])
    .where('user_id', '=', userId)
    .where('type', 'like', 'alerts.%')
    .orderBy('id')
    .execute();

/** The keys every alert answer has, and nothing else (nothing about who reported it). */
export const ALERT_KEYS = [
  'ageMinutes',
  'canResolve',
  'canVerify',
  'category',
  'createdAt',
  'expiresAt',
  'id',
  'latitude',
  'longitude',
  'pushRadiusM',
  'reportedByMe',
  'reports',
  'resolvedAt',
  'status',
  'text',
  'verifiedAt',
  'verifierProfession',
  'verifierRole',
];
