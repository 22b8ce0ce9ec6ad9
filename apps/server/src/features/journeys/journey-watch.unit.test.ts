import { describe, expect, it } from 'vitest';
import { advanceWatch, dueCheck, EMPTY_WATCH, watchAfterAnswer, watchDueAt, type WatchPoint, type WatchState } from './journey-watch';

const MINUTE = 60_000;
const START = new Date('2026-12-07T18:00:00Z');
const HOME = { latitude: 23.0338, longitude: 72.585 };
/** A point `northM` metres north of HOME (and `eastM` east), `minutes` after the start. */
const at = (minutes: number, northM: number, eastM = 0, accuracy = 10): WatchPoint => ({
  latitude: HOME.latitude + northM / 110_574,
  longitude: HOME.longitude + eastM / (111_320 * Math.cos((HOME.latitude * Math.PI) / 180)),
  accuracy,
  at: new Date(START.getTime() + minutes * MINUTE),
});
const time = (minutes: number) => new Date(START.getTime() + minutes * MINUTE);

/** Feeds a recorded track batch by batch (a batch a minute, as a phone on a poor network might), returning the state. */
function replay(track: WatchPoint[], journey: Parameters<typeof advanceWatch>[2], from: WatchState = EMPTY_WATCH): WatchState {
  let state = from;
  for (let i = 0; i < track.length; i += 2) state = advanceWatch(state, track.slice(i, i + 2), journey);
  return state;
}

describe('the journey watch', () => {
  const walkHome = { destination: at(0, 3000), mode: 'walk' as const };

  it('asks nothing on a steady walk, and plans its next look within 10 minutes of the newest point', () => {
    // 75 m a minute for 20 minutes, a point every 30 s: a new stop window every 100 m.
    const track = Array.from({ length: 41 }, (_, i) => at(i / 2, (i / 2) * 75));
    const state = replay(track, walkHome);
    for (const minute of [5, 12, 20]) expect(dueCheck(state, time(minute), MINUTE, false)).toBeNull();
    const next = watchDueAt(state, MINUTE)?.getTime() ?? 0;
    expect(next).toBeGreaterThan(time(28).getTime());
    expect(next).toBeLessThanOrEqual(time(30).getTime());
  });

  it('a 12-minute stop (GPS wandering 30 m) is due as "stopped" at 10 minutes, unless it is near a place', () => {
    const walk = Array.from({ length: 11 }, (_, i) => at(i / 2, (i / 2) * 75));
    const jitter = [0, 25, -20, 30, -10, 15];
    const stop = Array.from({ length: 24 }, (_, i) => at(5.5 + i / 2, 400 + (jitter[i % jitter.length] as number), jitter[(i + 3) % jitter.length]));
    const state = replay([...walk, ...stop], walkHome);
    // The stop began where the walk slowed, by minute 5.5 at the latest.
    const stopped = state.stillSince?.getTime() ?? 0;
    expect(stopped).toBeGreaterThanOrEqual(time(4).getTime());
    expect(stopped).toBeLessThanOrEqual(time(5.5).getTime());
    expect(dueCheck(state, new Date(stopped + 10 * MINUTE - 1), MINUTE, false)).toBeNull();
    expect(dueCheck(state, new Date(stopped + 10 * MINUTE), MINUTE, false)).toBe('stopped');
    // The tea stall by a saved place: the same stop asks nothing.
    expect(dueCheck(state, time(16), MINUTE, true)).toBeNull();
    // Walking on starts a new stop window.
    const on = advanceWatch(state, [at(17.5, 600)], walkHome);
    expect(on.stillSince).toEqual(time(17.5));
    expect(dueCheck(on, time(18), MINUTE, false)).toBeNull();
  });

  it('vague points neither end a stop nor move the nearest distance', () => {
    const still = Array.from({ length: 25 }, (_, i) => at(i / 2, 0));
    const withCellFixes = [...still, at(4, 1800, 0, 2000), at(7, -2500, 0, 1500)];
    const state = replay(withCellFixes, walkHome);
    expect(state.stillSince).toEqual(time(0));
    expect(state.closestM).toBeCloseTo(3000, -2);
    expect(dueCheck(state, time(10), MINUTE, false)).toBe('stopped');
  });

  it('a taxi that turns away: off course once 3 km farther than its nearest point, for 3 minutes', () => {
    const taxi = { destination: at(0, 8000), mode: 'auto' as const };
    // North at 400 m a minute for 10 minutes (4 km from the destination), then south.
    const north = Array.from({ length: 21 }, (_, i) => at(i / 2, (i / 2) * 400));
    const south = Array.from({ length: 30 }, (_, i) => at(10.5 + i / 2, 4000 - (i + 1) * 200));
    const state = replay([...north, ...south], taxi);
    // 3 km farther than the nearest (4 km) is 1 km north of the start: minute 17.5 (the last point back south of it, 18).
    const away = state.offCourseSince?.getTime() ?? 0;
    expect(away).toBeGreaterThanOrEqual(time(17.5).getTime());
    expect(away).toBeLessThanOrEqual(time(18).getTime());
    expect(dueCheck(state, new Date(away + 3 * MINUTE - 1), MINUTE, false)).toBeNull();
    expect(dueCheck(state, new Date(away + 3 * MINUTE), MINUTE, false)).toBe('off_course');
    // The same turn on foot is off course after 1 km.
    const onFoot = replay([...north.slice(0, 5), at(2.5, 0), at(3, -200)], { destination: taxi.destination, mode: 'walk' });
    expect(onFoot.offCourseSince).toEqual(time(3));
  });

  it('a detour that comes back within the distance is not off course', () => {
    const taxi = { destination: at(0, 8000), mode: 'auto' as const };
    const track = [at(0, 0), at(1, 2000), at(2, 1000), at(3, 0), at(4, 1500), at(5, 3000)];
    const state = replay(track, taxi);
    expect(state.offCourseSince).toBeNull();
  });

  it('no point for 10 minutes is "silent"; late and repeated points change nothing', () => {
    const state = replay([at(0, 0), at(1, 75), at(2, 150)], walkHome);
    expect(dueCheck(state, time(11.9), MINUTE, true)).toBeNull();
    expect(dueCheck(state, time(12), MINUTE, true)).toBe('silent');
    expect(advanceWatch(state, [at(1.5, 5000), at(2, 150)], walkHome)).toEqual(state);
  });

  it('after "I\'m OK" it starts afresh from where the person is', () => {
    const state = replay(
      Array.from({ length: 30 }, (_, i) => at(i / 2, 0)),
      walkHome,
    );
    const fresh = watchAfterAnswer(state, time(16), at(0, 0), walkHome.destination);
    expect(fresh.stillSince).toEqual(time(16));
    expect(fresh.offCourseSince).toBeNull();
    expect(dueCheck(fresh, time(25), MINUTE, false)).toBeNull();
    expect(watchDueAt(fresh, MINUTE)).toEqual(time(26));
  });
});
