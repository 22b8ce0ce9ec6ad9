import { bearer, type TestApp } from '../../../test/build';

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
