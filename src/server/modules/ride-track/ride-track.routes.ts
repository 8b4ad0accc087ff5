import type { FastifyReply, FastifyRequest } from 'fastify';
import { rideTrackEndpoints } from '@shared/ride-track.contract';
import { editRateLimit } from '../../plugins/edit-limit';
import type { Guards } from '../../plugins/guards';
import type { RouteCollector } from '../../plugins/routes';
import { isNotModified } from '../../storage/conditional-get';
import type { RideTrackService } from './ride-track.service';

/** Riders' copies are checked again after a minute; a save changes the tag (and the page's `v`). */
const PUBLIC_CACHE = 'public, max-age=60';
const PRIVATE_CACHE = 'private, no-store';

/** A class's ride track: the owner's editor, and the player's public copy (JSON or WebVTT). */
export function rideTrackRoutes(
  routes: RouteCollector,
  { rideTracks, guards }: { rideTracks: RideTrackService; guards: Pick<Guards, 'currentUser'> },
): void {
  routes.route(rideTrackEndpoints.get, ({ user, params }) => rideTracks.ownerView(user, params.id));
  routes.route(
    rideTrackEndpoints.save,
    ({ user, params, body }) => rideTracks.save(user, params.id, body),
    editRateLimit,
  );
  routes.route(
    rideTrackEndpoints.remove,
    ({ user, params }) => rideTracks.remove(user, params.id),
    editRateLimit,
  );

  /** The public copy as JSON or WebVTT, or 304 when the client's is current. */
  async function sendPublic(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    as: 'json' | 'vtt',
  ): Promise<FastifyReply> {
    const { track, etag, isPublic } = await rideTracks.publicTrack(id, () =>
      guards.currentUser(request, reply),
    );
    // One tag per representation: a cache must not answer the JSON's tag with the WebVTT.
    const tag = as === 'json' ? etag : `${etag.slice(0, -1)}-vtt"`;
    reply.header('etag', tag);
    if (isPublic) {
      reply
        .header('cache-control', PUBLIC_CACHE)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
    } else {
      // Its owner's or an admin's, read with their session: kept by no one.
      reply.header('cache-control', PRIVATE_CACHE);
    }
    if (isNotModified(request.headers, { etag: tag })) return reply.status(304).send();
    return as === 'json'
      ? reply.type('application/json; charset=utf-8').send(JSON.stringify(track))
      : reply.type('text/vtt; charset=utf-8').send(rideTracks.vtt(track));
  }

  routes.route(rideTrackEndpoints.publicJson, ({ params, request, reply }) =>
    sendPublic(request, reply, params.id, 'json'),
  );
  routes.route(rideTrackEndpoints.publicVtt, ({ params, request, reply }) =>
    sendPublic(request, reply, params.id, 'vtt'),
  );
}
