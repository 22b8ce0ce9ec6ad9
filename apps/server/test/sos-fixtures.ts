import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { TestApp } from './build';
import { bearer, build } from './build';
import { startPushPeer, type PushPeer } from './push-peer';
import type { TestUser } from './factory';

export interface LatLon {
  latitude: number;
  longitude: number;
}

let placeIndex = 0;
/**
 * A fresh spot in India per call, far (> 20 km) from every other one, so the volunteers of
 * one test are never in range of another test's SOS in the same database.
 */
export function freshPlace(): LatLon {
  placeIndex += 1;
  return { latitude: 12 + (placeIndex % 40) * 0.3, longitude: 74 + Math.floor(placeIndex / 40) * 0.3 + (process.pid % 7) * 0.01 };
}

/** The point `metres` north-east... of `from` along a bearing (flat-earth is fine under 10 km). */
export function offset(from: LatLon, northM: number, eastM = 0): LatLon {
  return {
    latitude: from.latitude + northM / 110_574,
    longitude: from.longitude + eastM / (111_320 * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

export interface VolunteerOptions {
  at: LatLon;
  /** 'place': a saved volunteer location; 'live': the device's last position. */
  via?: 'place' | 'live';
  /** For 'live': when the position was reported (default: the test clock's now). */
  seenAt?: Date;
  available?: boolean;
  name?: string;
}

export async function makeVolunteer(t: TestApp, options: VolunteerOptions): Promise<TestUser> {
  const user = await t.factory.user({ name: options.name ?? 'Asha Verma' });
  const point = sql<string>`ST_SetSRID(ST_MakePoint(${options.at.longitude}::float8, ${options.at.latitude}::float8), 4326)::geography`;
  await t.db
    .updateTable('users')
    .set({
      available_for_community: options.available ?? true,
      ...(options.via === 'live' ? { last_location: point, last_location_at: options.seenAt ?? t.clock.now(), share_live_location: true } : {}),
    })
    .where('id', '=', user.id)
    .execute();
  if (options.via !== 'live') {
    await t.db.insertInto('saved_locations').values({ user_id: user.id, name: 'Home', is_volunteer_location: true, location: point }).execute();
  }
  return user;
}

export async function addContact(t: TestApp, ownerId: number, contact: { name: string; phoneNumber: string }): Promise<void> {
  await t.db.insertInto('emergency_contacts').values({ user_id: ownerId, name: contact.name, phone_number: contact.phoneNumber }).execute();
}

/** Registers a push-peer subscription for the user, as the browser's update-fcm-token call would. */
export async function subscribePush(t: TestApp, peer: PushPeer, userId: number): Promise<string> {
  const sub = peer.subscription(`user-${userId}-${Math.random().toString(36).slice(2, 8)}`);
  await t.db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, kind: 'webpush', endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .execute();
  return sub.id;
}

export async function raiseSos(t: TestApp, token: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/sos', headers: bearer(token), payload: body });
}

export async function post(t: TestApp, token: string, url: string, payload?: unknown) {
  return t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function get(t: TestApp, token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** The recipients of an event as rows (what the fan-out wrote). */
export async function recipientsOf(t: TestApp, eventId: number) {
  return t.db
    .selectFrom('sos_notifications')
    .select(['recipient_user_id', 'recipient_kind', 'contact_phone', 'status', 'delivery_status', 'distance_m', 'cell_distance_m', 'radius_m'])
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

/**
 * The app as the SOS fan-out tests build it (escalation after 30 s, links on a public origin),
 * with a push service started for the file: `peer` is set in `beforeAll`, closed after.
 */
export function buildWithPushPeer(env: Record<string, string> = {}): { t: TestApp; peer: PushPeer } {
  const t = build({ SOS_ESCALATION_SECONDS: '30', PUBLIC_URL: 'https://saathi.example', ...env });
  const ctx = { t } as { t: TestApp; peer: PushPeer };
  beforeAll(async () => {
    ctx.peer = await startPushPeer();
  });
  afterAll(async () => {
    await ctx.peer?.close();
  });
  return ctx;
}
