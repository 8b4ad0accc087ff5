import { BACKGROUND_MESSAGES, backgroundEndpoints } from '@shared/backgrounds.contract';
import { NotFoundError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { sendStoredFile } from '../../storage/send-stored-file';
import type { ObjectStore } from '../../storage/object-store';
import type { ReenhanceService } from '../videos/reenhance.service';
import { toVideoDto } from '../videos/video-dto';
import { videoId } from '../videos/videos.routes';
import type { BackgroundsService } from './backgrounds.service';

/** Each re-run is a full enhancement on the media worker: a few per owner and hour. */
export const REENHANCE_LIMIT = { max: 6, windowMs: 60 * 60 * 1000 };
const PREVIEW_NOT_FOUND = 'Background not found';
/** A preview is drawn by code that changes only with a release: cached a day. */
const PREVIEW_CACHE = 'public, max-age=86400';

/** The built-in backgrounds with their previews, and the owner's re-run with one (decision 0027). */
export function backgroundsRoutes(
  routes: RouteCollector,
  {
    backgrounds,
    reenhance,
    store,
  }: { backgrounds: BackgroundsService; reenhance: ReenhanceService; store: ObjectStore },
): void {
  routes.route(backgroundEndpoints.list, async () => ({ backgrounds: backgrounds.list() }));

  routes.route(backgroundEndpoints.preview, async ({ params, request, reply }) => {
    const key = await backgrounds.preview(params.id);
    const info = key ? await store.head(key) : null;
    if (!key || !info) throw new NotFoundError(PREVIEW_NOT_FOUND);
    return sendStoredFile(
      store,
      request,
      reply,
      { key, size: info.size, contentType: 'image/jpeg' },
      { cacheControl: PREVIEW_CACHE, notFoundMessage: PREVIEW_NOT_FOUND },
    );
  });

  routes.route(
    backgroundEndpoints.reenhance,
    async ({ user, params, body }) => ({
      video: toVideoDto(await reenhance.reenhance(user, videoId(params), body.backgroundId)),
    }),
    {
      config: {
        rateLimit: {
          max: REENHANCE_LIMIT.max,
          timeWindow: REENHANCE_LIMIT.windowMs,
          keyGenerator: perSession,
          errorResponseBuilder: () => ({ statusCode: 429, message: BACKGROUND_MESSAGES.tooMany }),
        },
      },
    },
  );
}
