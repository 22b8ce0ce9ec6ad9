import type { FeaturePlugin } from '../../feature-plugin';

/** A tracking token as links carry it (12 letters and digits in SMS; 43 in links written before). */
const TOKEN = /^[A-Za-z0-9_-]{12,100}$/;

/**
 * `/t/<token>`: the short form of a tracking link that fits an SMS variable (core/sms
 * smsLink), answered with a redirect to the tracking page `/track/<token>`. Registered at the
 * root, outside /api. The web app has the same route, for a browser whose service worker
 * answers first.
 */
export const shortLinkPlugin: FeaturePlugin = async (app) => {
  app.get('/t/:token', { schema: { hide: true } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('cache-control', 'no-store');
    if (!TOKEN.test(token)) return reply.redirect('/track/invalid', 302);
    return reply.redirect(`/track/${token}`, 302);
  });
};
