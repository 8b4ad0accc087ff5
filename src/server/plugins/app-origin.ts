import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isAppHost } from '../lib/app-hosts';

/**
 * Where links the app sends out (emails) point: PUBLIC_URL's origin, else the origin the request
 * reached when that host is one of the app's own (protocol and host: the socket's, or a trusted
 * proxy's X-Forwarded-*). Null for any other host: a link is never built from a Host header the
 * app does not own.
 */
export function appOrigin(
  request: FastifyRequest,
  { publicOrigin, appHosts }: Pick<Config, 'publicOrigin' | 'appHosts'>,
): string | null {
  if (publicOrigin) return publicOrigin;
  return isAppHost(request.hostname, appHosts) ? `${request.protocol}://${request.host}` : null;
}
