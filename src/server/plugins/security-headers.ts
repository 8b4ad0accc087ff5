import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, worked out once: its middleware is run at start against a response that only
 * records what it sets. The options never change while the app runs, so neither do the headers.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return Object.fromEntries(headers);
}

/**
 * Content types a browser only ever shows as media (an image, a video or its segments, an HLS
 * playlist), never runs as a document. An SVG can hold scripts and is a document when opened on
 * its own, so it is not one of them.
 */
const MEDIA_ONLY_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/mp2t',
  'audio/mp4',
  'application/vnd.apple.mpegurl',
]);

/**
 * helmet's headers that govern a document (its scripts, framing, opener, referrer, DNS prefetch,
 * origin cluster) and say nothing for a JPEG or a video segment. Named one by one: any other
 * header (nosniff, the resource policy, HSTS, one a later helmet adds) stays on media too.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Sends helmet's headers on every answer. Set on the raw response, as helmet does, so an answer a
 * route writes itself (tus, after `reply.hijack()`) has them too, and a route's own `reply.header`
 * still replaces one (e.g. a stored file's CSP). @fastify/helmet built helmet's middleware again
 * for each request, parsing the CSP every time: a tenth of the public gym answer's CPU (decision
 * 0028's profile); these are the same headers.
 *
 * An answer whose type is media only (MEDIA_ONLY_TYPES) goes without helmet's document headers:
 * nine of a poster's 21 header lines, each checked and joined by Node for every answer (decision
 * 0054). A header a route set itself (a stored file's `sandbox` CSP) stays.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // An answer that sets a cookie (a session slid forward while a public route read it) is never
  // kept by a shared cache, whatever the route said: the next caller would get the cookie.
  // Registered after the cookie plugin, so its Set-Cookie is already there.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.hasHeader('set-cookie') && isPublicCache(reply.getHeader('cache-control')))
      reply.header('cache-control', 'private, no-store');
    // helmet's copies only: a route's own `reply.header` is kept apart and still sent.
    if (isMediaOnly(reply.getHeader('content-type')))
      for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    done(null, payload);
  });
}

/**
 * Whether a Content-Type (parameters aside) is one a browser only shows as media. A list of types
 * is not: a browser would take the last of them, this the first.
 */
function isMediaOnly(contentType: unknown): boolean {
  if (typeof contentType !== 'string' || contentType.includes(',')) return false;
  const semicolon = contentType.indexOf(';');
  const type = semicolon === -1 ? contentType : contentType.slice(0, semicolon);
  return MEDIA_ONLY_TYPES.has(type.trim().toLowerCase());
}

/** Whether a Cache-Control value lets shared caches keep the answer (a `public` directive). */
export function isPublicCache(cacheControl: unknown): boolean {
  return String(cacheControl ?? '')
    .split(',')
    .some((directive) => directive.trim().toLowerCase() === 'public');
}
