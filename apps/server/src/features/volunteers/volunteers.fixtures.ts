import { sql } from 'kysely';
import type { LatLon, Profession } from '@saathi/shared';
import type { TestApp } from '../../../test/build';
import { bearer } from '../../../test/build';
import { geoPoint } from '../../core/db/geo';

let placeCounter = 0;

/**
 * A place of its own for each test (spread ~20 km apart across Gujarat), so volunteers from
 * one test never fall inside another test's radius.
 */
export function freshPlace(): LatLon {
  placeCounter += 1;
  return { latitude: 21 + (placeCounter % 20) * 0.2, longitude: 70 + Math.floor(placeCounter / 20) * 0.2 };
}

/** The geodesic point `metres` from `from` towards `bearingDeg` (0 = north), as PostGIS computes it. */
export async function project(t: TestApp, from: LatLon, metres: number, bearingDeg = 0): Promise<LatLon> {
  const { rows } = await sql<{ lat: number; lon: number }>`
    SELECT ST_Y(p::geometry) AS lat, ST_X(p::geometry) AS lon
    FROM (SELECT ST_Project(${geoPoint(from)},
                            ${metres}::float8, radians(${bearingDeg}::float8)) AS p) x`.execute(t.db);
  const row = rows[0];
  if (!row) throw new Error('ST_Project returned nothing');
  return { latitude: row.lat, longitude: row.lon };
}

export interface VolunteerOptions {
  at: LatLon | LatLon[];
  profession?: Profession | null;
  available?: boolean;
  /** 'place': saved volunteer locations; 'live': last shared device position. */
  via?: 'place' | 'live';
  seenAt?: Date;
  /** Saved but not marked as a volunteer location. */
  notVolunteerPlace?: boolean;
}

export async function makeVolunteer(t: TestApp, options: VolunteerOptions): Promise<{ id: number }> {
  const user = await t.factory.user({ name: 'Kavya Desai' });
  const points = Array.isArray(options.at) ? options.at : [options.at];
  const live = options.via === 'live';
  await t.db
    .updateTable('users')
    .set({
      available_for_community: options.available ?? true,
      profession: options.profession === undefined ? 'Nurse' : options.profession,
      share_live_location: live,
      ...(live && points[0]
        ? {
            last_location: geoPoint(points[0]),
            last_location_at: options.seenAt ?? t.clock.now(),
          }
        : {}),
    })
    .where('id', '=', user.id)
    .execute();
  if (!live) {
    for (const [index, p] of points.entries()) {
      await t.db
        .insertInto('saved_locations')
        .values({
          user_id: user.id,
          name: `Place ${index + 1}`,
          is_volunteer_location: !options.notVolunteerPlace,
          location: geoPoint(p),
          position: index,
        })
        .execute();
    }
  }
  return { id: user.id };
}

export async function nearby(t: TestApp, token: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/community/volunteers-nearby?${search.toString()}`, headers: bearer(token) });
}

export const pair = (p: LatLon) => `${p.latitude}, ${p.longitude}`;
