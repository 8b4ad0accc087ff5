import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFlagSet } from '@shared/flags';
import { mediaEndpoints } from '@shared/media.contract';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { capMasterPlaylist, FULL_LADDER_TOP, MASTER_PLAYLIST } from '../../media/hls-args';
import { contentTypeFor, readMasterPlaylist } from '../../media/media-files';
import { PREVIEW_PLAYLIST, PREVIEW_SEGMENT } from '../../media/growing-preview';
import { hlsVersionOf, mediaKeys, previewKindOf } from '../../media/media-paths';
import type { Guards } from '../../plugins/guards';
import type { RouteCollector } from '../../plugins/routes';
import { isValidKey, type ObjectStore } from '../../storage/object-store';
import { isNotModified } from '../../storage/conditional-get';
import { sendStoredFile } from '../../storage/send-stored-file';
import type { HotFiles } from '../../storage/hot-files';
import { publicMediaRows } from './public-media-rows';
import type { PlansService } from '../plans/plans.service';
import type { VideoMediaRow, VideosService } from '../videos/videos.service';
import { isUuid } from '../../lib/ids';

interface Deps {
  videos: Pick<VideosService, 'findForMedia' | 'isRetiring'>;
  /** The owner's plan's top rung: a master playlist lists no variant above it. */
  plans: Pick<PlansService, 'topRungOf'>;
  store: ObjectStore;
  /** Public files kept in memory (decision 0053). */
  hotFiles: HotFiles;
  guards: Guards;
}

export const MEDIA_NOT_FOUND = 'Media not found';

const VERSION = /^[A-Z0-9-]{1,64}$/i;

/** Routes whose public answers (and only those) may be replayed for a second (decision 0053). */
const REPLAYABLE = { config: { replayable: true } };

/** Segments and init files never change under their versioned path; playlists are re-read often. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  playlist: 'public, max-age=60',
  still: 'public, max-age=3600',
  enhanced: 'public, max-age=3600',
  private: 'private, max-age=3600',
  growing: 'private, no-cache',
} as const;

/** "Class 1.mov" -> "Class 1-enhanced.mp4" */
export function enhancedDownloadName(originalFileName: string): string {
  const dot = originalFileName.lastIndexOf('.');
  const base = dot > 0 ? originalFileName.slice(0, dot) : originalFileName;
  return `${base || 'video'}-enhanced.mp4`;
}

/**
 * The name a rider's download gets: the class title (public on the gym page) as a slug, never the
 * owner's file name. "Hill Climb: 45'" -> "hill-climb-45.mp4"; a title with no letters or digits
 * -> "class-<id start>.mp4".
 */
export function publicDownloadName(title: string, videoId: string): string {
  // By code points, so the cut never splits a character.
  const slug = [...title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')]
    .slice(0, 80)
    .join('')
    .replace(/^-/, '')
    .replace(/-$/, '');
  return `${slug || `class-${videoId.slice(0, 8)}`}.mp4`;
}

/**
 * The pipeline's files, streamed from the object store with ranges:
 * - thumbnail.jpg, poster.jpg: public once the video is enhanced (the gym page shows them), else
 *   owner or admin;
 * - preview.mp4, preview/ (the growing HLS preview), before.jpg: the owner (or an admin) only: they
 *   are the raw upload;
 * - before.m4a, after.m4a (the A/B audio): the owner (or an admin) only, while the report names
 *   them (an admin's enhanced file clears it);
 * - enhanced.mp4 and hls/<version>/...: public once the video is enhanced, else owner or admin.
 */
export function mediaRoutes(
  routes: RouteCollector,
  { videos, plans, store, hotFiles, guards }: Deps,
): void {
  const rows = publicMediaRows((id) => videos.findForMedia(id));

  /** The video's row; `fresh`: as stored now, never the remembered public row. */
  async function video({ id }: { id: string }, fresh = false): Promise<VideoMediaRow> {
    if (!isUuid(id)) throw new NotFoundError(MEDIA_NOT_FOUND);
    const lower = id.toLowerCase();
    const row = await (fresh ? rows.fresh(lower) : rows.find(lower));
    if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
    return row;
  }

  /** The owner of the video or an admin (signed in), without refusing anyone. */
  async function isOwnerOrAdmin(request: FastifyRequest, reply: FastifyReply, row: VideoMediaRow) {
    const user = await guards.currentUser(request, reply);
    return user !== null && (user.id === row.userId || isFlagSet(user.isAdmin));
  }

  /** Signed out: 401; another owner's video: 404 (its existence is not confirmed). */
  async function ownerOrAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
    row: VideoMediaRow,
  ): Promise<void> {
    const user = await guards.currentUser(request, reply);
    if (!user) throw new UnauthorizedError();
    if (user.id !== row.userId && !isFlagSet(user.isAdmin))
      throw new NotFoundError(MEDIA_NOT_FOUND);
  }

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    options: { cache: string; isPublic: boolean; downloadName?: string; contentType?: string },
  ) {
    if (!isValidKey(key)) throw new NotFoundError(MEDIA_NOT_FOUND);
    // Public files may be kept in memory; a private one is only ever read for its audience.
    const found = options.isPublic
      ? await hotFiles.find(key)
      : await store.head(key).then((info) => info && { info, bytes: null });
    if (!found) throw new NotFoundError(MEDIA_NOT_FOUND);
    // Bytes from memory count against its budget until this answer has gone out (or was cut).
    const release = found.bytes && hotFiles.hold(found.bytes);
    if (release) reply.raw.once('close', release);
    if (options.isPublic) {
      // Public media may be played from a CDN or another origin (hls.js fetches with CORS).
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
    }
    const file = {
      ...found.info,
      bytes: found.bytes,
      key,
      contentType: options.contentType ?? contentTypeFor(key),
    };
    return sendStoredFile(store, request, reply, file, {
      cacheControl: options.cache,
      downloadName: options.downloadName,
      notFoundMessage: MEDIA_NOT_FOUND,
    });
  }

  /**
   * A ladder's master playlist, listing only the variants the owner's plan offers now (a downgrade
   * stops offering the taller rungs at once; their files stay). Elite Studio's plan offers every
   * rung, so its masters go out as stored; any other is read (a few hundred bytes) and, when it
   * lists a taller rung, answered without it under an ETag of its own (and no Last-Modified: the
   * stored file's date would let a copy of the whole master pass as this answer).
   */
  async function sendMaster(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    row: VideoMediaRow,
  ) {
    const plain = () => send(request, reply, key, { cache: CACHE.playlist, isPublic: true });
    const top = await plans.topRungOf(row.userId);
    if (top >= FULL_LADDER_TOP || !isValidKey(key)) return plain();
    const info = await store.head(key);
    if (!info) throw new NotFoundError(MEDIA_NOT_FOUND);
    const master = await readMasterPlaylist(store, key, info.size);
    const capped = master === null ? null : capMasterPlaylist(master, top);
    if (capped === null || capped === master) return plain();
    const etag = `"${(info.etag ?? `${info.size}`).replace(/^W\//, '').replace(/"/g, '')}-top${top}"`;
    reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-type', contentTypeFor(key))
      .header('cache-control', CACHE.playlist)
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag);
    if (isNotModified(request.headers, { etag })) return reply.status(304).send();
    return reply.send(capped);
  }

  for (const still of ['thumbnail', 'poster'] as const) {
    routes.route(
      mediaEndpoints[still],
      async ({ params, request, reply }) => {
        const row = await video(params);
        const isPublic = row.processingStatus === 'enhanced';
        if (!isPublic) await ownerOrAdmin(request, reply, row);
        if (!row.thumbnailUrl) throw new NotFoundError(MEDIA_NOT_FOUND);
        return send(request, reply, mediaKeys[still](row.id), {
          cache: isPublic ? CACHE.still : CACHE.private,
          isPublic,
        });
      },
      REPLAYABLE,
    );
  }

  routes.route(mediaEndpoints.before, async ({ params, request, reply }) => {
    const row = await video(params);
    await ownerOrAdmin(request, reply, row);
    return send(request, reply, mediaKeys.before(row.id), {
      cache: CACHE.private,
      isPublic: false,
    });
  });

  for (const [name, key] of [
    ['beforeAudio', mediaKeys.beforeAudio],
    ['afterAudio', mediaKeys.afterAudio],
  ] as const) {
    routes.route(mediaEndpoints[name], async ({ params, request, reply }) => {
      const row = await video(params);
      await ownerOrAdmin(request, reply, row);
      if (!row.hasAudioClips) throw new NotFoundError(MEDIA_NOT_FOUND);
      return send(request, reply, key(row.id), { cache: CACHE.private, isPublic: false });
    });
  }

  routes.route(mediaEndpoints.preview, async ({ params, request, reply }) => {
    const row = await video(params);
    await ownerOrAdmin(request, reply, row);
    if (!row.previewUrl) throw new NotFoundError(MEDIA_NOT_FOUND);
    return send(request, reply, mediaKeys.preview(row.id), {
      cache: CACHE.private,
      isPublic: false,
    });
  });

  routes.route(mediaEndpoints.previewHls, async ({ params, request, reply }) => {
    const row = await video(params);
    await ownerOrAdmin(request, reply, row);
    const name = params['*'];
    const isPlaylist = name === PREVIEW_PLAYLIST;
    if (previewKindOf(row.previewUrl) !== 'hls' || !(isPlaylist || PREVIEW_SEGMENT.test(name)))
      throw new NotFoundError(MEDIA_NOT_FOUND);
    return send(request, reply, `${mediaKeys.previewHls(row.id)}${name}`, {
      // The playlist grows while the preview is transcoded: always asked again.
      cache: isPlaylist ? CACHE.growing : CACHE.private,
      isPublic: false,
    });
  });

  routes.route(
    mediaEndpoints.enhanced,
    async ({ params, request, reply }) => {
      const row = await video(params);
      const isPublic = row.processingStatus === 'enhanced';
      if (!isPublic) await ownerOrAdmin(request, reply, row);
      if (!row.enhancedKey) throw new NotFoundError(MEDIA_NOT_FOUND);
      const download = (request.query as { download?: string }).download === '1';
      // The owner's file name only to the owner and admins (and then never from a shared cache).
      const ownName = download && (!isPublic || (await isOwnerOrAdmin(request, reply, row)));
      return send(request, reply, row.enhancedKey, {
        // An admin's upload may be stored under a key without an extension.
        contentType: 'video/mp4',
        cache: isPublic && !ownName ? CACHE.enhanced : CACHE.private,
        isPublic,
        downloadName: !download
          ? undefined
          : ownName
            ? enhancedDownloadName(row.originalFileName)
            : publicDownloadName(row.title, row.id),
      });
    },
    REPLAYABLE,
  );

  routes.route(
    mediaEndpoints.hls,
    async ({ params, request, reply }) => {
      const { version, '*': rest } = params;
      if (!VERSION.test(version)) throw new NotFoundError(MEDIA_NOT_FOUND);
      const servable = async (row: VideoMediaRow) =>
        row.processingStatus === 'enhanced' &&
        (hlsVersionOf(row.hlsUrl) === version || (await videos.isRetiring(row.id, version)));
      let row = await video(params);
      if (!(await servable(row))) {
        // Only public rows are remembered: one may predate a ladder just packaged, so ask the stored row.
        if (row.processingStatus !== 'enhanced') throw new NotFoundError(MEDIA_NOT_FOUND);
        row = await video(params, true);
        if (!(await servable(row))) throw new NotFoundError(MEDIA_NOT_FOUND);
      }
      const key = `${mediaKeys.hls(row.id, version)}${rest}`;
      if (rest === MASTER_PLAYLIST) return sendMaster(request, reply, key, row);
      const cache = rest.endsWith('.m3u8') ? CACHE.playlist : CACHE.immutable;
      return send(request, reply, key, { cache, isPublic: true });
    },
    REPLAYABLE,
  );
}
