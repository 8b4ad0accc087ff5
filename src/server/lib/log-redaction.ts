import type { FastifyRequest } from 'fastify';
import { SCREEN_PAIRINGS_PATH } from '@shared/screens';

/** Query parameters that carry a secret: link signatures (the app's and S3's), tokens, passwords. */
const SECRET_PARAMS = new Set([
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'token',
  'password',
  'secret',
]);
/** Paths whose next segment is a secret: a screen's pairing id (the poll that hands out its token). */
const SECRET_PATH_PREFIXES = [`${SCREEN_PAIRINGS_PATH}/`];
export const REDACTED = '[redacted]';
/** Longer URLs are cut in the log: a log line stays small whatever a client sends. */
const URL_LOG_MAX = 2048;

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The path with a secret segment (after a SECRET_PATH_PREFIXES entry, any case) replaced. */
function redactPath(path: string): string {
  const lower = path.toLowerCase();
  const prefix = SECRET_PATH_PREFIXES.find((p) => lower.startsWith(p.toLowerCase()));
  if (!prefix) return path;
  const end = path.indexOf('/', prefix.length);
  return `${path.slice(0, prefix.length)}${REDACTED}${end === -1 ? '' : path.slice(end)}`;
}

/** The URL with secret path segments and the value of every secret-bearing query parameter replaced. */
export function redactUrl(url: string): string {
  const cut = url.length > URL_LOG_MAX ? url.slice(0, URL_LOG_MAX) : url;
  const q = cut.indexOf('?');
  if (q === -1) return redactPath(cut);
  const params = cut
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${redactPath(cut.slice(0, q))}?${params.join('&')}`;
}

/**
 * Fastify's request serializer with the URL redacted: request logging ("incoming request") writes
 * every signed link's URL, and a signature in a log is a working link for whoever reads the log.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket ? request.socket.remotePort : undefined,
    };
  },
};
