import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageSettings } from '../../core/storage';
import { s3PublicBase } from '../../core/storage/s3-storage';

/** What the headers read of the app's config: the origins the pages may use. */
export interface SecurityHeadersConfig {
  publicUrl: string;
  storage: StorageSettings;
  map: { tileUrl: string | null };
  volunteers: { geocoderUrl: string | null };
}

/** Hosted reel and post videos play in YouTube's privacy-enhanced player. */
const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * What the app's pages may use: camera and microphone (reels, SOS evidence) and the
 * position (SOS, volunteers, feed) for the app itself only; nothing for embedded frames.
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(self), payment=(), usb=(), serial=()';

/** Uploaded files are data, never a page: a file opened directly runs nothing and loads nothing. */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`. */
export function originOfTemplate(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return undefined;
  const host = (match[2] as string).replace(/\{[^}]*\}/g, '*');
  return `${(match[1] as string).toLowerCase()}://${host}`;
}

/** The origins outside the app that the browser loads media from and uploads media to. */
function mediaOrigins(config: SecurityHeadersConfig): { read: string[]; upload: string[] } {
  if (config.storage.kind !== 's3') return { read: [], upload: [] };
  const { s3 } = config.storage;
  const read = originOfTemplate(s3PublicBase(s3));
  const upload = originOfTemplate(s3PublicBase({ ...s3, publicUrl: undefined }));
  return { read: read ? [read] : [], upload: upload ? [upload] : [] };
}

/**
 * The inline scripts of the built index.html (the early SOS, apps/web/src/early-sos), each
 * allowed by its sha256 hash: the page's one exception to scripts from our own origin. Taken
 * from the very page the server sends (read once at start), so the page and its policy agree.
 */
export function inlineScriptHashes(html: string | undefined): string[] {
  const hashes: string[] = [];
  for (const match of (html ?? '').matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

const defined = (values: (string | undefined | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * The app's Content-Security-Policy: scripts only from our own origin (and the page's own
 * inline scripts, by hash), other origins only where config names them.
 */
export function appCspDirectives(config: SecurityHeadersConfig, inlineScripts: readonly string[] = []): Record<string, string[] | null> {
  const tiles = config.map.tileUrl ? originOfTemplate(config.map.tileUrl) : undefined;
  const geocoder = config.volunteers.geocoderUrl ? originOfTemplate(config.volunteers.geocoderUrl) : undefined;
  const media = mediaOrigins(config);
  return {
    'default-src': ["'self'"],
    // HEIC photos are decoded by libheif compiled to WebAssembly, which needs
    // 'wasm-unsafe-eval'; JavaScript eval stays forbidden.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...inlineScripts],
    'worker-src': ["'self'", 'blob:'],
    // MUI writes its styles into <style> tags at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': defined(["'self'", 'data:', 'blob:', tiles, ...media.read]),
    'media-src': defined(["'self'", 'blob:', ...media.read]),
    'connect-src': defined(["'self'", geocoder, ...media.upload]),
    'frame-src': [VIDEO_EMBED_ORIGIN],
    'font-src': ["'self'", 'data:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': config.publicUrl.startsWith('https://') ? [] : null,
    'script-src-attr': ["'none'"],
  };
}

/**
 * Security headers on every response (@fastify/helmet): the CSP above, nosniff,
 * frame-ancestors 'none' and X-Frame-Options, Referrer-Policy, and HSTS when the app is
 * reached over https. Helmet has no Permissions-Policy, so that one header is added here.
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  { config, indexHtml }: { config: SecurityHeadersConfig; indexHtml: string | undefined },
): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  const inlineScripts = inlineScriptHashes(indexHtml);
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config, inlineScripts) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The YouTube player is a cross-origin frame that needs no isolation from us.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/media/')) reply.header('content-security-policy', MEDIA_CSP);
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
