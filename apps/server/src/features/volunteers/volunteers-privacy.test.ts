import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { LatLon, NearbyVolunteer } from '@saathi/shared';
import { build } from '../../../test/build';
import { lonStepDeg, snapToCell } from '../../domain/volunteer-grid';
import { makeVolunteer, nearby, pair, project } from './volunteers.fixtures';
import { nearbyQuery } from './volunteers.repository';
import { geoPoint } from '../../core/db/geo';

const t = build({ VOLUNTEERS_NEARBY_PER_MINUTE: '100000' });

/**
 * A cell is "about 250 m" (DESIGN.md §8); SPEC.md's map scale is 110574 m per degree of
 * latitude and 111320 m per degree of longitude at the equator. Written here, not imported, so
 * a changed cell size fails these tests instead of moving them.
 */
const CELL_M = 250;
const CELL_LAT_DEG = CELL_M / 110_574;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('the privacy grid', () => {
  it('computes the same cells in SQL as in TypeScript, and every cell is about 250 m square', async () => {
    const rand = random(7);
    const points: LatLon[] = Array.from({ length: 200 }, () => ({ latitude: 8 + rand() * 27, longitude: 68 + rand() * 29 }));
    for (const p of points) {
      const volunteer = await makeVolunteer(t, { at: p });
      const { rows } = await nearbyQuery({ origin: p, rangeM: 300, callerId: 0, now: t.clock.now() }).execute(t.db);
      const mine = rows.find((r) => r.id === volunteer.id);
      const cell = snapToCell(p);
      expect(mine?.lat).toBeCloseTo(cell.latitude, 9);
      expect(mine?.lon).toBeCloseTo(cell.longitude, 9);
      // The point lies inside its cell.
      expect(Math.abs(p.latitude - cell.latitude)).toBeLessThanOrEqual(CELL_LAT_DEG / 2 + 1e-12);
      // Rows are 250 m of latitude: a centre lies half a row above a whole number of rows.
      const rowsBelow = cell.latitude / CELL_LAT_DEG - 0.5;
      expect(Math.abs(rowsBelow - Math.round(rowsBelow))).toBeLessThan(1e-6);
      expect(Math.abs(p.longitude - cell.longitude)).toBeLessThanOrEqual(lonStepDeg(cell.latitude) / 2 + 1e-12);
      const widthM = lonStepDeg(cell.latitude) * 111_320 * Math.cos((cell.latitude * Math.PI) / 180);
      expect(widthM).toBeCloseTo(CELL_M, 6);
    }
  });

  it('withstands 1,000 probes from varied origins and radii: nothing finer than the cell leaks', async () => {
    const rand = random(2024);
    const centre = snapToCell({ latitude: 26.9124, longitude: 75.7873 });
    // Two volunteers share one cell at different exact points; a third sits in the next cell.
    const inCell = [await project(t, centre, 40, 30), await project(t, centre, 90, 200)];
    const neighbour = await project(t, centre, 250, 90);
    expect(inCell.map(snapToCell)).toEqual([centre, centre]);
    expect(snapToCell(neighbour)).not.toEqual(centre);
    const a = await makeVolunteer(t, { at: inCell[0]! });
    const b = await makeVolunteer(t, { at: inCell[1]! });
    const c = await makeVolunteer(t, { at: neighbour });
    const exact = new Map<number, LatLon>([
      [a.id, inCell[0]!],
      [b.id, inCell[1]!],
      [c.id, neighbour],
    ]);
    const attacker = await t.loginAs(await t.factory.user());

    let sightings = 0;
    for (let i = 0; i < 1000; i++) {
      const range = 100 + Math.floor(rand() * 49) * 100;
      const origin = await probeOrigin(centre, range, rand);
      const res = await nearby(t, attacker, { location: pair(origin), range });
      expect(res.statusCode).toBe(200);
      const seen = new Map(res.json<NearbyVolunteer[]>().map((v) => [v.id, v]));
      // Same cell, same answer: the attacker cannot tell the two apart, whatever the probe.
      expect(seen.has(a.id)).toBe(seen.has(b.id));
      for (const [id, volunteer] of seen) {
        const truth = exact.get(id);
        if (!truth) continue;
        sightings += 1;
        const cell = snapToCell(truth);
        // Every sighting is the cell centre, never a point nearer the truth.
        expect(volunteer.location.coordinates[0]).toBeCloseTo(cell.longitude, 6);
        expect(volunteer.location.coordinates[1]).toBeCloseTo(cell.latitude, 6);
      }
    }
    // The probes did find them (otherwise the test would prove nothing).
    expect(sightings).toBeGreaterThan(300);
  });
});

/** Origins around the target at distances near the probed radius, where trilateration works best. */
async function probeOrigin(target: LatLon, range: number, rand: () => number): Promise<LatLon> {
  const distance = Math.max(0, range + (rand() - 0.5) * 600);
  const bearing = rand() * 360;
  const { rows } = await sql<{ lat: number; lon: number }>`
    SELECT ST_Y(p::geometry) AS lat, ST_X(p::geometry) AS lon
    FROM (SELECT ST_Project(${geoPoint(target)},
                            ${distance}::float8, radians(${bearing}::float8)) AS p) x`.execute(t.db);
  return { latitude: rows[0]!.lat, longitude: rows[0]!.lon };
}

describe('the nearby query plan', () => {
  it('finds candidates through the GiST indexes with ST_DWithin', async () => {
    const query = nearbyQuery({ origin: { latitude: 19.076, longitude: 72.8777 }, rangeM: 500, callerId: 0, now: t.clock.now() });
    const plan = await t.db.connection().execute(async (conn) => {
      // With a handful of rows a sequential scan is cheaper; the question is whether the index can be used.
      await sql`SET enable_seqscan = off`.execute(conn);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(conn);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(conn);
      }
    });
    expect(plan).toMatch(/Index Scan using saved_locations_volunteer_cell_gix on saved_locations/);
    expect(plan).toMatch(/Index Scan using users_last_location_cell_gix on users/);
    expect(plan).toMatch(/_st_dwithin|&&/i);
  });

  it('runs on connections that never start parallel workers (their start-up would dwarf the index work)', async () => {
    // Several at once, so the pool opens several connections; each must carry the setting.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => sql<{ max_parallel_workers_per_gather: string }>`SHOW max_parallel_workers_per_gather`.execute(t.db)),
    );
    for (const { rows } of settings) expect(rows[0]?.max_parallel_workers_per_gather).toBe('0');
  });
});
