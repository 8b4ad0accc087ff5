import { API_MESSAGES, apiV1Endpoints } from '@shared/api-v1.contract';
import { PUBLIC_GYM_PATH } from '@shared/gyms.contract';
import { idOrNotFound } from '../../lib/ids';
import type { RouteCollector } from '../../plugins/routes';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { InstructorsService } from '../instructors/instructors.service';
import type { LocationsService } from '../locations/locations.service';
import type { RideTrackService } from '../ride-track/ride-track.service';
import type { ReenhanceService } from '../videos/reenhance.service';
import type { VideosService } from '../videos/videos.service';
import { absolute, apiOrigin, toApiClass } from './api-class';
import { pageOf } from './class-cursor';

interface Deps {
  videos: VideosService;
  reenhance: ReenhanceService;
  analytics: AnalyticsService;
  locations: LocationsService;
  instructors: InstructorsService;
  rideTracks: RideTrackService;
  /** PUBLIC_URL's origin and the app's host names: where the API's absolute addresses point. */
  origin: { publicOrigin: string | undefined; appHosts: readonly string[] };
}

const classId = (params: { id: string }) => idOrNotFound(params.id, API_MESSAGES.classNotFound);

/**
 * The Cadence API (issue #19): the web's services under an API key, in the API's shapes. The key's
 * owner is `user`; every id is checked against them by the services (another owner's: 404).
 */
export function apiV1Routes(
  routes: RouteCollector,
  { videos, reenhance, analytics, locations, instructors, rideTracks, origin: hosts }: Deps,
): void {
  routes.route(apiV1Endpoints.listClasses, async ({ user, query, request }) => {
    const origin = apiOrigin(request, hosts);
    const rows = (await videos.list(user.id)).filter(
      (row) => !query.status || row.processingStatus === query.status,
    );
    const page = pageOf(
      rows,
      (row) => ({ uploadedAt: row.uploadedAt.getTime(), id: row.id }),
      query,
    );
    return { data: page.items.map((row) => toApiClass(row, origin)), nextCursor: page.nextCursor };
  });

  routes.route(apiV1Endpoints.createClass, async ({ user, body, request }) => {
    const row = await videos.create(user, {
      title: body.title,
      description: body.description,
      originalFileUrl: body.upload,
      originalFileName: body.fileName,
      replaceBackground: body.replaceBackground,
      backgroundDescription: body.backgroundDescription,
      addLogo: body.addLogo,
      logoFileUrl: null,
      logoPlacement: body.logoPlacement,
      enhancementNotes: body.enhancementNotes,
      instructorId: body.instructorId,
      difficulty: body.difficulty,
      classType: body.classType,
      music: body.music,
      equipmentNotes: body.equipmentNotes,
    });
    return toApiClass(row, apiOrigin(request, hosts));
  });

  routes.route(apiV1Endpoints.getClass, async ({ user, params, request }) =>
    toApiClass(await videos.get(user.id, classId(params)), apiOrigin(request, hosts)),
  );

  routes.route(apiV1Endpoints.updateClass, async ({ user, params, body, request }) =>
    toApiClass(await videos.update(user.id, classId(params), body), apiOrigin(request, hosts)),
  );

  routes.route(apiV1Endpoints.getRideTrack, ({ user, params }) =>
    rideTracks.ownTrack(user, classId(params)),
  );
  routes.route(apiV1Endpoints.getRideTrackVtt, async ({ user, params, reply }) =>
    reply
      .type('text/vtt; charset=utf-8')
      .send(rideTracks.vtt(await rideTracks.ownTrack(user, classId(params)))),
  );
  routes.route(apiV1Endpoints.putRideTrack, async ({ user, params, body }) => ({
    segments: (await rideTracks.save(user, classId(params), body)).rideTrack.segments,
  }));
  routes.route(apiV1Endpoints.deleteRideTrack, async ({ user, params, reply }) => {
    await rideTracks.remove(user, classId(params));
    return reply.status(204).send();
  });

  routes.route(apiV1Endpoints.deleteClass, async ({ user, params, reply }) => {
    await videos.remove(user.id, classId(params));
    return reply.status(204).send();
  });

  routes.route(apiV1Endpoints.reprocessClass, async ({ user, params, body, request }) =>
    toApiClass(
      await reenhance.reenhance(user, classId(params), body.backgroundId),
      apiOrigin(request, hosts),
    ),
  );

  routes.route(apiV1Endpoints.analytics, ({ user, query }) => analytics.overview(user, query));

  routes.route(apiV1Endpoints.listInstructors, async ({ user, request }) => {
    const origin = apiOrigin(request, hosts);
    const view = await instructors.view(user);
    return {
      data: view.instructors.map((instructor) => ({
        ...instructor,
        photoUrl: absolute(origin, instructor.photoUrl),
      })),
      nextCursor: null,
    };
  });

  routes.route(apiV1Endpoints.listLocations, async ({ user, request }) => {
    const origin = apiOrigin(request, hosts);
    const view = await locations.view(user);
    return {
      // An account that has not set up its gym yet has no page of its own.
      data: view.locations
        .filter((location) => location.slug !== '')
        .map((location) => ({
          id: location.id,
          name: location.name,
          slug: location.slug,
          url:
            location.customDomainStatus === 'verified' && location.customDomain
              ? `https://${location.customDomain}`
              : `${origin}${PUBLIC_GYM_PATH.replace(':gymSlug', encodeURIComponent(location.slug))}`,
          online: location.online,
          classIds: location.videoIds,
        })),
      nextCursor: null,
    };
  });
}
