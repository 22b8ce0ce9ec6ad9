import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en-US/community.json';
import { distanceLabel, mapsUrl, publicPostUrl, relativeTimeText, whatsappLinks, whatsappPhone } from './card-text';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en-US', resources: { 'en-US': { community: en } }, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);

describe('card text', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('writes relative times from India-time timestamps', () => {
    // 17:29:30 IST is 11:59:30 UTC: 30 seconds ago.
    expect(relativeTimeText(t, '2026-03-10 17:29:30', now)).toBe('Just now');
    expect(relativeTimeText(t, '2026-03-10 17:25:00', now)).toBe('5 minutes ago');
    expect(relativeTimeText(t, '2026-03-10 16:30:00', now)).toBe('1 hour ago');
    expect(relativeTimeText(t, '2026-03-07 17:30:00', now)).toBe('3 days ago');
    expect(relativeTimeText(t, 'garbage', now)).toBe('');
  });

  it('writes distances in metres under 1 km and kilometres above', () => {
    expect(distanceLabel(t, 0.25, 'en-US')).toBe('250 m away');
    expect(distanceLabel(t, 3.24, 'en-US')).toMatch(/^3\.2 km away$/);
    expect(distanceLabel(t, null, 'en-US')).toBe('');
  });

  it('builds maps, WhatsApp and public links', () => {
    expect(mapsUrl({ x: 72.57, y: 23.02 })).toBe('https://www.google.com/maps?q=23.02,72.57');
    expect(whatsappPhone('98250 12345')).toBe('919825012345');
    expect(whatsappPhone('919825012345')).toBe('919825012345');
    const links = whatsappLinks('9825012345', 'Hi & bye');
    expect(links.app).toBe('whatsapp://send?phone=919825012345&text=Hi%20%26%20bye');
    expect(links.web).toBe('https://wa.me/919825012345?text=Hi%20%26%20bye');
    expect(publicPostUrl(7, 'https://saathi.example')).toBe('https://saathi.example/saathi-community-post/7');
  });
});
