import type { FastifyInstance } from 'fastify';
import { isAppHost } from '../lib/app-hosts';

/** What helmet would send: one year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on responses to https requests: over plain http browsers ignore
 * it (RFC 6797 §8.1), and an http deployment has no https to pin. Whether a request came over
 * https is `request.protocol`: the socket's, or X-Forwarded-Proto from a trusted proxy only.
 * Only on the app's own hosts: on a gym's custom domain, includeSubDomains would pin every name
 * of the gym's own domain to https for a year.
 */
export function registerHsts(app: FastifyInstance, appHosts: readonly string[]): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https' && isAppHost(request.hostname, appHosts)) {
      reply.header('strict-transport-security', HSTS_VALUE);
    }
  });
}
