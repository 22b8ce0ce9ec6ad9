import { describe, expect, it } from 'vitest';
import { leftToNetwork } from './navigation-fallback';

describe('which page loads the service worker answers with the app shell', () => {
  it('leaves what the server answers itself to the network', () => {
    for (const path of [
      '/news/feed.xml',
      '/news/feed.xml?language=hi',
      '/api',
      '/api/health',
      '/api/docs',
      '/api/docs/json',
      '/api?x=1',
      '/media/reels/demo.webm',
      '/media/posts/1/photo.jpg?sig=abc',
      '/robots.txt',
      '/sitemap.xml',
      '/.well-known/assetlinks.json',
      '/.well-known/security.txt',
    ]) {
      expect(leftToNetwork(path), path).toBe(true);
    }
  });

  it('answers every screen of the app with the shell, also those the server adds preview tags to', () => {
    for (const path of [
      '/',
      '/sos',
      '/sos-mode?sosEventId=12&contactsOnly=false',
      '/news',
      '/news/1',
      '/news/heavy-rain-alert-for-ahmedabad?language=gu',
      '/news/manage/new',
      '/saathi-community-post/5',
      '/community-post/5',
      '/track/AbC_dEf-123456789012345',
      '/certificates/ABCDEFGH',
      '/login/community',
      '/account?tab=volunteering',
      '/alerts/3',
      '/apiary',
      '/mediation?q=a.b',
      '/no-such-page',
    ]) {
      expect(leftToNetwork(path), path).toBe(false);
    }
  });
});
