import { playbackEndpointsWithSchemas as endpoints } from '@shared/playback.contract';
import { ValidationError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import type { playbackService } from './playback.service';

/**
 * Per IP: a gym's tablets often share one address, each sending a beacon every 15 s plus pauses,
 * so the limits leave room for a busy spin room and stop a flood.
 */
export const PLAYBACK_LIMITS = {
  beacon: { max: 300, timeWindow: 60_000 },
  resume: { max: 120, timeWindow: 60_000 },
} as const;

/**
 * navigator.sendBeacon sends text/plain unless given a typed Blob: such a body arrives as a string
 * (Fastify's text/plain parser) and is read as JSON here.
 */
function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ValidationError('Malformed JSON in request body');
  }
}

/** The class player's beacons and resume position (no login: riders are anonymous). */
export function playbackRoutes(
  routes: RouteCollector,
  { playback }: { playback: ReturnType<typeof playbackService> },
): void {
  routes.route(
    endpoints.beacon,
    async ({ body, reply }) => {
      return reply.header('cache-control', 'no-store').send(await playback.record(body));
    },
    { config: { rateLimit: PLAYBACK_LIMITS.beacon }, readBody: jsonBody },
  );

  routes.route(
    endpoints.resume,
    async ({ query, reply }) => {
      return reply.header('cache-control', 'no-store').send(await playback.resume(query));
    },
    { config: { rateLimit: PLAYBACK_LIMITS.resume } },
  );
}
