import type { NewsArticle, NewsListItem } from '@saathi/shared';
import { jsonResponse, stubFetch } from './contract-answers';

/** A published article as `GET /api/news` lists it (test data). */
export function makeListItem(overrides: Partial<NewsListItem> & Pick<NewsListItem, 'id' | 'slug' | 'title'>): NewsListItem {
  return {
    language: 'en',
    languages: ['en', 'hi', 'gu'],
    summary: `${overrides.title}: the summary.`,
    author: 'Saathi Safety Desk',
    category: 'safety',
    tags: [],
    breaking: false,
    imageUrl: `/media/news/${overrides.slug}.jpg`,
    thumbnailUrl: `/media/news/${overrides.slug}-thumb.jpg`,
    publishedAt: '2026-11-12T04:30:00.000Z',
    ...overrides,
  };
}

export function makeArticle(item: NewsListItem, bodyHtml = `<p>${item.title}: the whole text.</p>`): NewsArticle {
  return { ...item, bodyHtml };
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | 'offline';
export type Route = (request: SeenRequest) => Reply | undefined;

/**
 * Stubs `fetch`, the app's one way out: each request goes to the first route that answers it
 * (`'offline'` rejects like a dropped connection), else 404; every request is recorded and every
 * answer checked against the contract (src/test/contract-answers.ts).
 */
export function stubApi(...routes: Route[]) {
  const requests: SeenRequest[] = [];
  stubFetch(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const request = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    requests.push(request);
    for (const route of routes) {
      const reply = route(request);
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      if (reply) return jsonResponse(reply.status, reply.body);
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return {
    requests,
    to: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
  };
}
