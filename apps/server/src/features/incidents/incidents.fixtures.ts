import fs from 'node:fs/promises';
import { bearer, type TestApp } from '../../../test/build';

/** A real webm (38 KB): 3.5 s, made by ffmpeg, which writes its Duration (3508 ms). */
export const webmBytes = (): Promise<Buffer> => fs.readFile(new URL('../../core/media/fixtures/ffmpeg-libvpx.webm', import.meta.url));
export const WEBM_DURATION_MS = 3508;

/**
 * What the recorder page uploads: 2 s from Chromium's MediaRecorder, with no Duration and
 * Clusters of unknown size. Chromium plays it as 1.947 s.
 */
export const recordedWebmBytes = (): Promise<Buffer> => fs.readFile(new URL('../../core/media/fixtures/chromium-mediarecorder.webm', import.meta.url));
export const RECORDED_DURATION_MS = 1947;

export interface Presigned {
  presignedUrl: string;
  headers: Record<string, string>;
  videoUrl: string;
}

/** Helpers for the reels tests: callers and API calls the way the web app makes them. */
export function reelFixtures(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    call,
    async user(name = 'Meera Iyer') {
      const user = await t.factory.user({ name });
      return { ...user, token: await t.loginAs(user) };
    },
    async reel(values: { title?: string; minutesAgo?: number; uploaderId?: number | null } = {}): Promise<number> {
      const createdAt = new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000);
      const row = await t.db
        .insertInto('incidents')
        .values({
          title: values.title ?? 'Reel',
          video_url: '/media/reels/demo.webm',
          uploader_id: values.uploaderId ?? null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async presign(token: string, contentType = 'video/webm'): Promise<Presigned> {
      const res = await call('GET', `/incidents/get-presigned-url?fileName=reel.webm&contentType=${encodeURIComponent(contentType)}`, token);
      if (res.statusCode !== 200) throw new Error(`presign failed: ${res.statusCode} ${res.body}`);
      return res.json<Presigned>();
    },
    async reelCount(): Promise<number> {
      const row = await t.db
        .selectFrom('incidents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
