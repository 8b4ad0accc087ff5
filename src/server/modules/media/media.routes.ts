import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFlagSet } from '@shared/flags';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retiredMedia, videos } from '../../db/schema/videos';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { contentTypeFor } from '../../media/media-files';
import { hlsVersionOf, MEDIA_ROUTE_PREFIX, mediaKeys } from '../../media/media-paths';
import type { Guards } from '../../plugins/guards';
import { parseRange } from '../../storage/byte-range';
import {
  contentDisposition,
  isValidKey,
  ObjectMissingError,
  type ObjectStore,
} from '../../storage/object-store';

interface Deps {
  db: Db;
  store: ObjectStore;
  guards: Guards;
}

export const MEDIA_NOT_FOUND = 'Media not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERSION = /^[A-Z0-9-]{1,64}$/i;

/** Segments and init files never change under their versioned path; playlists are re-read often. */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  playlist: 'public, max-age=60',
  still: 'public, max-age=3600',
  enhanced: 'public, max-age=3600',
  private: 'private, max-age=3600',
} as const;

type MediaRow = Pick<
  typeof videos.$inferSelect,
  | 'id'
  | 'userId'
  | 'processingStatus'
  | 'thumbnailUrl'
  | 'previewUrl'
  | 'enhancedKey'
  | 'hlsUrl'
  | 'originalFileName'
  | 'title'
>;

async function findMedia(db: Db, videoId: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select({
      id: videos.id,
      userId: videos.userId,
      processingStatus: videos.processingStatus,
      thumbnailUrl: videos.thumbnailUrl,
      previewUrl: videos.previewUrl,
      enhancedKey: videos.enhancedKey,
      hlsUrl: videos.hlsUrl,
      originalFileName: videos.originalFileName,
      title: videos.title,
    })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  return row;
}

/** A replaced ladder still inside its grace period (riders who started it ride on). */
async function isRetiring(db: Db, videoId: string, version: string): Promise<boolean> {
  const [row] = await db
    .select({ prefix: retiredMedia.prefix })
    .from(retiredMedia)
    .where(
      and(
        eq(retiredMedia.videoId, videoId),
        eq(retiredMedia.version, version),
        gt(retiredMedia.deleteAfter, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

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
 * - preview.mp4: the owner (or an admin) only: it is the raw upload;
 * - enhanced.mp4 and hls/<version>/...: public once the video is enhanced, else owner or admin.
 */
export function mediaRoutes(app: FastifyInstance, { db, store, guards }: Deps): void {
  async function video(request: FastifyRequest): Promise<MediaRow> {
    const { id } = request.params as { id?: string };
    if (!id || !UUID.test(id)) throw new NotFoundError(MEDIA_NOT_FOUND);
    const row = await findMedia(db, id.toLowerCase());
    if (!row) throw new NotFoundError(MEDIA_NOT_FOUND);
    return row;
  }

  /** The owner of the video or an admin (signed in), without refusing anyone. */
  async function isOwnerOrAdmin(request: FastifyRequest, reply: FastifyReply, row: MediaRow) {
    const user = await guards.currentUser(request, reply);
    return user !== null && (user.id === row.userId || isFlagSet(user.isAdmin));
  }

  /** Signed out: 401; another owner's video: 404 (its existence is not confirmed). */
  async function ownerOrAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
    row: MediaRow,
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
    const info = await store.head(key);
    if (!info) throw new NotFoundError(MEDIA_NOT_FOUND);
    reply
      .header('content-type', options.contentType ?? contentTypeFor(key))
      .header('accept-ranges', 'bytes')
      .header('cache-control', options.cache)
      .header('x-content-type-options', 'nosniff');
    if (options.isPublic) {
      // Public media may be played from a CDN or another origin (hls.js fetches with CORS).
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
    }
    if (options.downloadName)
      reply.header('content-disposition', contentDisposition(options.downloadName));
    const range = parseRange(request.headers.range, info.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${info.size}`).send();
    }
    reply.header('content-length', range ? range.end - range.start + 1 : info.size);
    if (range)
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    // HEAD: the headers (with the real length) and an empty stream, so nothing is read.
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    try {
      return reply.send(await store.get(key, range ?? undefined));
    } catch (error) {
      if (error instanceof ObjectMissingError) throw new NotFoundError(MEDIA_NOT_FOUND);
      throw error;
    }
  }

  for (const still of ['thumbnail', 'poster'] as const) {
    app.get(`${MEDIA_ROUTE_PREFIX}/:id/${still}.jpg`, async (request, reply) => {
      const row = await video(request);
      const isPublic = row.processingStatus === 'enhanced';
      if (!isPublic) await ownerOrAdmin(request, reply, row);
      if (!row.thumbnailUrl) throw new NotFoundError(MEDIA_NOT_FOUND);
      return send(request, reply, mediaKeys[still](row.id), {
        cache: isPublic ? CACHE.still : CACHE.private,
        isPublic,
      });
    });
  }

  app.get(`${MEDIA_ROUTE_PREFIX}/:id/preview.mp4`, async (request, reply) => {
    const row = await video(request);
    await ownerOrAdmin(request, reply, row);
    if (!row.previewUrl) throw new NotFoundError(MEDIA_NOT_FOUND);
    return send(request, reply, mediaKeys.preview(row.id), {
      cache: CACHE.private,
      isPublic: false,
    });
  });

  app.get(`${MEDIA_ROUTE_PREFIX}/:id/enhanced.mp4`, async (request, reply) => {
    const row = await video(request);
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
  });

  app.get(`${MEDIA_ROUTE_PREFIX}/:id/hls/:version/*`, async (request, reply) => {
    const row = await video(request);
    const { version, '*': rest = '' } = request.params as { version: string; '*': string };
    if (
      !VERSION.test(version) ||
      row.processingStatus !== 'enhanced' ||
      (hlsVersionOf(row.hlsUrl) !== version && !(await isRetiring(db, row.id, version)))
    ) {
      throw new NotFoundError(MEDIA_NOT_FOUND);
    }
    const key = `${mediaKeys.hls(row.id, version)}${rest}`;
    const cache = rest.endsWith('.m3u8') ? CACHE.playlist : CACHE.immutable;
    return send(request, reply, key, { cache, isPublic: true });
  });
}
