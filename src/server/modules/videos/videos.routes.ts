import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createVideoBody,
  OWNER_VIDEOS_PATH,
  updateVideoBody,
  VIDEOS_PATH,
  type VideoDto,
  type VideoResponse,
} from '@shared/videos.contract';
import { NotFoundError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { toVideoDto } from './video-dto';
import { VIDEO_NOT_FOUND, type VideosService } from './videos.service';

interface Deps {
  videos: VideosService;
  guards: Guards;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of the path; anything that is not a uuid cannot be a video (404, never a 500). */
function videoId(request: FastifyRequest): string {
  const { id } = request.params as { id?: string };
  if (!id || !UUID.test(id)) throw new NotFoundError(VIDEO_NOT_FOUND);
  return id.toLowerCase();
}

export function videosRoutes(app: FastifyInstance, { videos, guards }: Deps): void {
  app.get(OWNER_VIDEOS_PATH, async (request, reply): Promise<VideoDto[]> => {
    const user = await guards.user(request, reply);
    return (await videos.list(user.id)).map(toVideoDto);
  });

  app.post(VIDEOS_PATH, async (request, reply) => {
    const user = await guards.user(request, reply);
    const input = parse(createVideoBody, request.body);
    const video = await videos.create(user, input);
    const body: VideoResponse = { video: toVideoDto(video) };
    return reply.status(201).send(body);
  });

  app.get(`${VIDEOS_PATH}/:id`, async (request, reply): Promise<VideoResponse> => {
    const user = await guards.user(request, reply);
    return { video: toVideoDto(await videos.get(user.id, videoId(request))) };
  });

  app.patch(`${VIDEOS_PATH}/:id`, async (request, reply): Promise<VideoResponse> => {
    const user = await guards.user(request, reply);
    const id = videoId(request);
    const patch = parse(updateVideoBody, request.body);
    return { video: toVideoDto(await videos.update(user.id, id, patch)) };
  });

  app.delete(`${VIDEOS_PATH}/:id`, async (request, reply) => {
    const user = await guards.user(request, reply);
    await videos.remove(user.id, videoId(request));
    return reply.status(204).send();
  });

  /** The stored original through a short-lived signed link (?download=1 saves it under its name). */
  app.get(`${VIDEOS_PATH}/:id/original`, async (request, reply) => {
    const user = await guards.user(request, reply);
    const download = (request.query as { download?: string }).download === '1';
    const url = await videos.originalLink(user.id, videoId(request), download);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
}
