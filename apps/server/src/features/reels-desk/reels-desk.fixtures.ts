import type { GrantedRole } from '@saathi/shared';
import { bearer, type TestApp } from '../../../test/build';

type Method = 'GET' | 'POST' | 'PATCH';

/** Callers with roles, reels and reports for the reels desk tests, as the app would have them. */
export function deskFixtures(t: TestApp) {
  const call = (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  return {
    call,
    async user(values: { name?: string; roles?: GrantedRole[]; language?: string } = {}) {
      const user = await t.factory.user({ name: values.name ?? 'Test User', roles: values.roles ?? [] });
      if (values.language) await t.db.updateTable('users').set({ language: values.language }).where('id', '=', user.id).execute();
      return { id: user.id, token: await t.loginAs(user) };
    },
    async reel(
      values: { title?: string; uploaderId?: number | null; hosted?: boolean; minutesAgo?: number; status?: 'active' | 'hidden' } = {},
    ): Promise<number> {
      const at = new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000);
      const row = await t.db
        .insertInto('incidents')
        .values({
          title: values.title ?? 'Reel',
          video_url: values.hosted ? 'https://youtu.be/dQw4w9WgXcQ' : '/media/reels/demo.webm',
          video_source: values.hosted ? 'youtube' : 'normal',
          uploader_id: values.uploaderId ?? null,
          status: values.status ?? 'active',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Audit rows about a reel, oldest first. */
    async auditOf(reelId: number) {
      return t.db.selectFrom('audit_log').selectAll().where('target_type', '=', 'reel').where('target_id', '=', String(reelId)).orderBy('id').execute();
    },
    async notificationsOf(userId: number) {
      return t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
    /** The ids the public reels feed shows this viewer. */
    async feedIds(token: string): Promise<number[]> {
      const res = await call('GET', '/incidents/reels?pageSize=50', token);
      return res.json<{ id: number }[]>().map((r) => r.id);
    },
  };
}
