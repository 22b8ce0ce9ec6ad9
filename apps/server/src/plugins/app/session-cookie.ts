import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * How the web app holds its session: an HttpOnly cookie that page scripts cannot read,
 * sent only by our own pages (SameSite=Strict), and only over https when the app is
 * served over https. Over https the `__Host-` prefix also pins it to this host and path.
 */
export interface SessionCookie {
  name: string;
  options: CookieSerializeOptions;
}

export function sessionCookie(config: { publicUrl: string; sessionTtlDays: number }): SessionCookie {
  const secure = config.publicUrl.startsWith('https://');
  return {
    name: secure ? '__Host-saathi_session' : 'saathi_session',
    options: { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: config.sessionTtlDays * 86_400 },
  };
}
