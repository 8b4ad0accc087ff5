import type { FastifyInstance } from 'fastify';
import { PLAYBACK_BEACON_PATH, PLAYBACK_RESUME_PATH } from '@shared/playback';
import { playbackBeacon, playbackResumeQuery } from '@shared/playback.contract';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { playbackRepository } from './playback.repository';
import { playbackService } from './playback.service';

interface Deps {
  db: Db;
  now?: () => number;
}

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
export function playbackRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const playback = playbackService({ repo: playbackRepository(db), now: now ?? Date.now });

  app.post(
    PLAYBACK_BEACON_PATH,
    { config: { rateLimit: PLAYBACK_LIMITS.beacon } },
    async (request, reply) => {
      const beacon = parse(playbackBeacon, jsonBody(request.body));
      const body = await playback.record(beacon);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    PLAYBACK_RESUME_PATH,
    { config: { rateLimit: PLAYBACK_LIMITS.resume } },
    async (request, reply) => {
      const query = parse(playbackResumeQuery, request.query);
      const body = await playback.resume(query);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
