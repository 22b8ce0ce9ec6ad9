import type { CreateNewsArticleBody, EditorNewsArticle } from '@saathi/shared';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../../test/build';

/** Signed-in people of each role, and calls of the newsroom API as them. */
export function newsFixtures(t: TestApp) {
  const as = async (roles: Array<'editor' | 'moderator' | 'admin'> = [], overrides: { name?: string } = {}) => {
    const user = await t.factory.user({ roles, name: overrides.name ?? 'Test User' });
    // Sessions outlive the far-off days some tests move the clock to.
    return { id: user.id, token: await t.loginAs(user, { expiresAt: new Date('2099-01-01T00:00:00Z') }) };
  };

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  const article = (overrides: Partial<CreateNewsArticleBody> = {}): CreateNewsArticleBody => ({
    category: 'safety',
    author: 'Saathi Safety Desk',
    translations: {
      en: { title: 'Flood warning for the old city', summary: 'Stay away from the river banks.', body: 'The river is **rising**.' },
      hi: { title: 'पुराने शहर के लिए बाढ़ की चेतावनी', summary: 'नदी के किनारों से दूर रहें।', body: 'नदी का पानी **बढ़ रहा है**।' },
    },
    ...overrides,
  });

  async function create(token: string, overrides: Partial<CreateNewsArticleBody> = {}): Promise<EditorNewsArticle> {
    const res = await call('POST', '/api/news', token, article(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<EditorNewsArticle>();
  }

  async function publish(token: string, id: number, at?: Date): Promise<EditorNewsArticle> {
    const res = await call('POST', `/api/news/${id}/publish`, token, at ? { at: at.toISOString() } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EditorNewsArticle>();
  }

  async function auditRows(articleId: number) {
    return t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'actor_roles', 'before', 'after'])
      .where('target_type', '=', 'news_article')
      .where('target_id', '=', String(articleId))
      .orderBy('id')
      .execute();
  }

  return { as, call, article, create, publish, auditRows };
}
