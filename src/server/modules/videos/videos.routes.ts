import { processingTimeEndpoints } from '@shared/processing-time.contract';
import { videoEndpoints } from '@shared/videos.contract';
import type { RouteCollector } from '../../plugins/routes';
import { editRateLimit } from '../../plugins/edit-limit';
import type { ProcessingTimeService } from './processing-time.service';
import { toVideoDto } from './video-dto';
import { VIDEO_NOT_FOUND, type VideosService } from './videos.service';
import { idOrNotFound } from '../../lib/ids';

/** The :id of the path; anything that is not a uuid cannot be a video (404, never a 500). */
export function videoId(params: { id: string }): string {
  return idOrNotFound(params.id, VIDEO_NOT_FOUND);
}

/** The owner's videos (product.md §7), and how long a new one takes to be ready. */
export function videosRoutes(
  routes: RouteCollector,
  { videos, processingTime }: { videos: VideosService; processingTime: ProcessingTimeService },
): void {
  routes.route(processingTimeEndpoints.get, () => processingTime.get());

  routes.route(videoEndpoints.list, async ({ user }) =>
    (await videos.list(user.id)).map(toVideoDto),
  );

  routes.route(videoEndpoints.create, async ({ user, body }) => ({
    video: toVideoDto(await videos.create(user, body)),
  }));

  routes.route(videoEndpoints.get, async ({ user, params }) => ({
    video: toVideoDto(await videos.get(user.id, videoId(params))),
  }));

  routes.route(
    videoEndpoints.update,
    async ({ user, params, body }) => {
      const id = videoId(params);
      return { video: toVideoDto(await videos.update(user.id, id, body)) };
    },
    editRateLimit,
  );

  routes.route(videoEndpoints.remove, async ({ user, params, reply }) => {
    await videos.remove(user.id, videoId(params));
    return reply.status(204).send();
  });

  /** The stored original through a short-lived signed link (?download=1 saves it under its name). */
  routes.route(videoEndpoints.original, async ({ user, params, query, reply }) => {
    const url = await videos.originalLink(user.id, videoId(params), query.download === '1');
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
}
