import { describe, expect, it } from 'vitest';
import { sosDistanceBand, type LiveEvent } from '@saathi/shared';
import { build } from '../../../test/build';
import { addContact, freshPlace, get, makeVolunteer, offset, post, raiseSos, recipientsOf, type LatLon } from '../../../test/sos-fixtures';
import { LAT_STEP_DEG, lonStepDeg, snapToCell } from '../../domain/volunteer-grid';
import { geoPoint } from '../../core/db/geo';

/**
 * DESIGN.md §8: before a volunteer accepts an SOS, nobody learns a distance computed from their
 * exact point, only a band from their ~250 m privacy cell. Otherwise three alerts raised from
 * three points would locate a volunteer to metres (trilateration).
 */
const t = build({ SOS_ESCALATION_SECONDS: '30' });

/** Raises an SOS at `at` and runs the fan-out, widening `steps` times (30 s apart). */
async function raiseAndFanOut(token: string, at: LatLon, steps = 0): Promise<number> {
  const res = await raiseSos(t, token, { ...at, threat: 'medical' });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  for (let i = 0; i < steps; i++) {
    t.clock.advance(30_000);
    await t.app.outbox.drain();
  }
  return res.json().id as number;
}

/** The text and data of the alert a volunteer got for an SOS. */
const alertOf = (eventId: number, userId: number) =>
  t.db.selectFrom('notifications').select(['body', 'data']).where('sos_event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirstOrThrow();

async function owner(name = 'Neha Kulkarni') {
  const victim = await t.factory.user({ name });
  return { victim, token: await t.loginAs(victim) };
}

describe('distance bands', () => {
  it('are 0-500, 500-1000, 1000-2000 and 2000-5000 m, upper bounds included, clamped beyond 5 km', () => {
    expect([0, 500, 500.4, 501, 1000, 1001, 2000, 2001, 5000, 5001, 12_000].map(sosDistanceBand)).toEqual([
      '0-500',
      '0-500',
      '500-1000',
      '500-1000',
      '500-1000',
      '1000-2000',
      '1000-2000',
      '2000-5000',
      '2000-5000',
      '2000-5000',
      '2000-5000',
    ]);
  });
});

describe("what the SOS owner learns of a volunteer's distance", () => {
  it("raised exactly on a volunteer's home: no distanceM, only the band 0-500", async () => {
    const home = freshPlace();
    const volunteer = await makeVolunteer(t, { at: home, name: 'Asha Verma' });
    const { token } = await owner();
    const eventId = await raiseAndFanOut(token, home);

    const body = (await get(t, token, `/api/sos/${eventId}`)).json();
    expect(body.alerted).toEqual([
      expect.objectContaining({ userId: volunteer.id, kind: 'volunteer', status: 'notified', distanceM: null, distanceBand: '0-500' }),
    ]);
    expect(body.accepted).toEqual([]);
    // Nothing exact is even stored before an answer.
    expect((await recipientsOf(t, eventId)).map((r) => r.distance_m)).toEqual([null]);

    // The volunteer, in turn, learns only a band of how far the victim is.
    const alert = await alertOf(eventId, volunteer.id);
    expect(alert.body).toBe('Neha needs help within 500 m of you. Can you go?');
    expect(alert.data).toMatchObject({ distanceBand: '0-500' });
    expect(alert.data).not.toHaveProperty('distanceM');
    const view = (await get(t, await t.loginAs(volunteer), `/api/sos/${eventId}`)).json();
    expect(view.victim).toMatchObject({ distanceM: null, distanceBand: '0-500', location: null, mapsUrl: null });
  });

  it('measures the band (and the widening step) from the cell centre, not the exact point', async () => {
    // A volunteer 120 m south of their cell's centre, and an SOS 400 m further south: the exact
    // distance is 400 m, but their cell's centre is 520 m away.
    const centre = snapToCell(freshPlace());
    const farHome = offset(centre, -120);
    const far = await makeVolunteer(t, { at: farHome, name: 'Ravi Kumar' });
    const { token } = await owner();
    const sosAt = offset(farHome, -400);
    const eventId = await raiseAndFanOut(token, sosAt);
    // Not reached by the 500 m step although 400 m away: the cell is what counts.
    expect((await get(t, token, `/api/sos/${eventId}`)).json().alerted).toEqual([]);
    t.clock.advance(30_000);
    await t.app.outbox.drain();
    const [entry] = (await get(t, token, `/api/sos/${eventId}`)).json().alerted;
    expect(entry).toMatchObject({ userId: far.id, distanceM: null, distanceBand: '500-1000', radiusM: 1000 });
    const [row] = await recipientsOf(t, eventId);
    expect(row?.cell_distance_m).toBeGreaterThanOrEqual(515);
    expect(row?.cell_distance_m).toBeLessThanOrEqual(525);

    // And the other way round: 580 m away exactly, but the cell's centre is 470 m away.
    const centre2 = snapToCell(freshPlace());
    const nearHome = offset(centre2, 110);
    const near = await makeVolunteer(t, { at: nearHome, via: 'live', name: 'Ravi Kumar' });
    const second = await owner();
    const eventId2 = await raiseAndFanOut(second.token, offset(centre2, -470));
    const alerted = (await get(t, second.token, `/api/sos/${eventId2}`)).json().alerted;
    expect(alerted).toEqual([expect.objectContaining({ userId: near.id, distanceM: null, distanceBand: '0-500', radiusM: 500 })]);
  });

  it('tells a volunteer 1–2 km away the band in words', async () => {
    const centre = snapToCell(freshPlace());
    const volunteer = await makeVolunteer(t, { at: offset(centre, 1500, 40), name: 'Asha Verma' });
    const { token } = await owner('Kavya Iyer');
    const eventId = await raiseAndFanOut(token, centre, 2);
    const alert = await alertOf(eventId, volunteer.id);
    expect(alert.body).toBe('Kavya needs help 1–2 km from you. Can you go?');
    expect(alert.data).toMatchObject({ distanceBand: '1000-2000' });
  });

  it('shows distanceM once the volunteer accepts, while the event is active; the band alone after a withdrawal or the end', async () => {
    const centre = snapToCell(freshPlace());
    const homeA = offset(centre, 300, 20);
    const a = await makeVolunteer(t, { at: homeA, name: 'Asha Verma' });
    const b = await makeVolunteer(t, { at: offset(centre, -700), name: 'Ravi Kumar' });
    const { victim, token } = await owner();
    const live: LiveEvent[] = [];
    const unsubscribe = await t.app.bus.subscribe(victim.id, (event) => live.push(event));
    try {
      const eventId = await raiseAndFanOut(token, centre, 1);
      const tokenA = await t.loginAs(a);
      const tokenB = await t.loginAs(b);

      // A accepts without sending a position: measured from their saved place, at that moment.
      const acceptedA = (await post(t, tokenA, `/api/sos/${eventId}/accept`)).json();
      expect(acceptedA.distanceM).toBeGreaterThan(295);
      expect(acceptedA.distanceM).toBeLessThan(305);
      // B accepts from where they are now.
      const acceptedB = (await post(t, tokenB, `/api/sos/${eventId}/accept`, offset(centre, -650))).json();
      expect(acceptedB.distanceM).toBeGreaterThan(640);
      expect(acceptedB.distanceM).toBeLessThan(660);

      let body = (await get(t, token, `/api/sos/${eventId}`)).json();
      const byUser = (id: number) => body.alerted.find((r: { userId: number }) => r.userId === id);
      expect(byUser(a.id)).toMatchObject({ status: 'accepted', distanceM: acceptedA.distanceM, distanceBand: '0-500' });
      expect(byUser(b.id)).toMatchObject({ status: 'accepted', distanceM: acceptedB.distanceM, distanceBand: '500-1000' });
      expect(body.accepted.map((r: { distanceM: number }) => r.distanceM).sort()).toEqual([acceptedA.distanceM, acceptedB.distanceM].sort());
      const volunteerView = (await get(t, tokenA, `/api/sos/${eventId}`)).json();
      expect(volunteerView.victim).toMatchObject({ distanceM: acceptedA.distanceM, distanceBand: '0-500', location: expect.any(Object) });

      // The live events the owner got carry the same.
      const acceptedEvents = live.filter((e) => e.type === 'sos.accepted');
      expect(acceptedEvents.map((e) => e.data.recipient.distanceM).sort()).toEqual([acceptedA.distanceM, acceptedB.distanceM].sort());
      // The victim's notifications come through the outbox.
      await t.app.outbox.drain();
      const texts = (await get(t, token, '/api/notifications')).json().items.map((n: { body: string }) => n.body);
      expect(texts).toEqual(expect.arrayContaining([`Asha accepted your SOS (${acceptedA.distanceM} m away).`]));

      // B withdraws: the exact distance goes with them.
      const withdrawn = (await post(t, tokenB, `/api/sos/${eventId}/decline`)).json();
      expect(withdrawn).toMatchObject({ status: 'declined', distanceM: null });
      const declined = live.find((e) => e.type === 'sos.declined');
      expect(declined?.type === 'sos.declined' && declined.data.recipient).toMatchObject({ userId: b.id, distanceM: null, distanceBand: '500-1000' });
      body = (await get(t, token, `/api/sos/${eventId}`)).json();
      expect(byUser(b.id)).toMatchObject({ status: 'declined', distanceM: null, distanceBand: '500-1000' });
      expect((await recipientsOf(t, eventId)).find((r) => r.recipient_user_id === b.id)?.distance_m).toBeNull();

      // After the end, the owner's view keeps only the bands.
      await post(t, token, `/api/sos/${eventId}/resolve`);
      body = (await get(t, token, `/api/sos/${eventId}`)).json();
      expect(byUser(a.id)).toMatchObject({ status: 'accepted', distanceM: null, distanceBand: '0-500' });
      expect(body.accepted).toEqual([expect.objectContaining({ userId: a.id, distanceM: null, distanceBand: '0-500' })]);
    } finally {
      await unsubscribe();
    }
  });

  it('measures an accept without a position where the volunteer is when accepting (fresh live position)', async () => {
    const centre = snapToCell(freshPlace());
    const volunteer = await makeVolunteer(t, { at: offset(centre, 200), via: 'live', name: 'Asha Verma' });
    const { token } = await owner();
    const eventId = await raiseAndFanOut(token, centre);
    // Alerted at ~200 m; by the time they accept, their phone reported them ~600 m away.
    t.clock.advance(60_000);
    await t.db
      .updateTable('users')
      .set({ last_location: geoPoint(offset(centre, 600)), last_location_at: t.clock.now() })
      .where('id', '=', volunteer.id)
      .execute();
    const accepted = (await post(t, await t.loginAs(volunteer), `/api/sos/${eventId}/accept`)).json();
    expect(accepted.distanceM).toBeGreaterThan(595);
    expect(accepted.distanceM).toBeLessThan(605);
  });
});

/** A small deterministic generator (LCG), so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A uniformly random point inside the privacy cell holding `p`, away from its edges. */
function elsewhereInCell(p: LatLon, rand: () => number): LatLon {
  const row = Math.floor(p.latitude / LAT_STEP_DEG);
  const step = lonStepDeg(snapToCell(p).latitude);
  const column = Math.floor(p.longitude / step);
  return { latitude: (row + 0.02 + rand() * 0.96) * LAT_STEP_DEG, longitude: (column + 0.02 + rand() * 0.96) * step };
}

/** Ids and times differ between two otherwise identical runs; everything else must not. */
function stripIdsAndTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripIdsAndTimes);
  if (typeof value === 'string') return value.replace(/sosEventId=\d+/g, 'sosEventId=<id>');
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (/^(id|userId|eventId|notificationId|sosEventId|actorId|volunteerId)$/.test(key)) return [key, child === null ? null : '<id>'];
      if (key === 'at' || /At$/.test(key)) return [key, child === null ? null : '<time>'];
      return [key, stripIdsAndTimes(child)];
    }),
  );
}

describe('property: nothing the owner sees changes when a volunteer moves inside their cell', () => {
  const CASES = 24;

  it(`holds for ${CASES} random volunteers, SOS points and outcomes (seeded)`, { timeout: 120_000 }, async () => {
    const rand = random(20_261_121);
    let alertedCases = 0;

    for (let i = 0; i < CASES; i++) {
      // Regions 40 km apart (away from freshPlace's), so no case reaches another's volunteers.
      const sosAt: LatLon = { latitude: 20 + Math.floor(i / 6) * 0.4 + rand() * 0.001, longitude: 80 + (i % 6) * 0.4 + rand() * 0.001 };
      const distance = rand() * 4700;
      const bearing = rand() * 2 * Math.PI;
      const spot = offset(sosAt, distance * Math.cos(bearing), distance * Math.sin(bearing));
      const [first, second] = [elsewhereInCell(spot, rand), elsewhereInCell(spot, rand)] as [LatLon, LatLon];
      expect(snapToCell(second)).toEqual(snapToCell(first));
      const via = rand() < 0.5 ? 'place' : 'live';
      const declines = rand() < 0.3;
      const ending = rand() < 0.5 ? 'resolve' : 'cancel';
      const otherDistance = rand() * 1500;
      const otherBearing = rand() * 2 * Math.PI;

      // The same two volunteers in both runs; only the first one's point moves (inside its cell).
      const mover = await makeVolunteer(t, { at: first, via, name: 'Asha Verma' });
      await makeVolunteer(t, { at: offset(sosAt, otherDistance * Math.cos(otherBearing), otherDistance * Math.sin(otherBearing)), name: 'Ravi Kumar' });
      const moverToken = await t.loginAs(mover);

      const run = async (at: LatLon) => {
        if (via === 'place') {
          await t.db
            .updateTable('saved_locations')
            .set({ location: geoPoint(at) })
            .where('user_id', '=', mover.id)
            .execute();
        } else {
          await t.db
            .updateTable('users')
            .set({ last_location: geoPoint(at), last_location_at: t.clock.now() })
            .where('id', '=', mover.id)
            .execute();
        }
        const { victim, token } = await owner();
        await addContact(t, victim.id, { name: 'Didi', phoneNumber: '6000000042' });
        const live: LiveEvent[] = [];
        const unsubscribe = await t.app.bus.subscribe(victim.id, (event) => live.push(event));
        try {
          const raised = await raiseSos(t, token, { ...sosAt, threat: 'harassment' });
          const eventId = raised.json().id as number;
          await t.app.outbox.drain();
          const afterFirstStep = (await get(t, token, `/api/sos/${eventId}`)).json();
          for (let step = 1; step <= 3; step++) {
            t.clock.advance(30_000);
            await t.app.outbox.drain();
          }
          const declined = declines ? (await post(t, moverToken, `/api/sos/${eventId}/decline`)).statusCode : null;
          const active = (await get(t, token, `/api/sos/${eventId}`)).json();
          const ended = (await post(t, token, `/api/sos/${eventId}/${ending}`)).json();
          await t.app.outbox.drain();
          const after = (await get(t, token, `/api/sos/${eventId}`)).json();
          const notifications = (await get(t, token, '/api/notifications')).json();
          return { seen: stripIdsAndTimes({ raised: raised.json(), afterFirstStep, declined, active, ended, after, live, notifications }), active };
        } finally {
          await unsubscribe();
        }
      };

      const a = await run(first);
      const b = await run(second);
      expect(b.seen, `case ${i}: ${JSON.stringify({ sosAt, first, second, via, declines, ending })}`).toEqual(a.seen);
      if (a.active.alerted.some((r: { name: string }) => r.name === 'Asha')) alertedCases += 1;
    }
    // Every mover's cell is within 5 km: each was alerted, so the comparison was never vacuous.
    expect(alertedCases).toBe(CASES);
  });
});
