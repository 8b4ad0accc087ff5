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
 * Sends helmet's headers on every answer. Set on the raw response, as helmet does, so an answer a
 * route writes itself (tus, after `reply.hijack()`) has them too, and a route's own `reply.header`
 * still replaces one (e.g. a stored file's CSP). @fastify/helmet built helmet's middleware again
 * for each request, parsing the CSP every time: a tenth of the public gym answer's CPU (decision
 * 0028's profile); these are the same headers.
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
    done(null, payload);
  });
}

/** Whether a Cache-Control value lets shared caches keep the answer (a `public` directive). */
export function isPublicCache(cacheControl: unknown): boolean {
  return String(cacheControl ?? '')
    .split(',')
    .some((directive) => directive.trim().toLowerCase() === 'public');
}
