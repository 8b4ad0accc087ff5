import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiV1Endpoints } from '@shared/api-v1.contract';
import { isFlagSet } from '@shared/flags';
import { OBJECT_URL_HEADER, TUS_QUERY_REFUSED, uploadEndpoints } from '@shared/uploads.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES } from '@shared/videos.contract';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { contentTypeFor } from '../../media/media-files';
import type { RouteCollector, RouteInput } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { LocalDiskStore, STREAM_BUFFER_BYTES } from '../../storage/local-disk';
import { isValidKey, type ObjectStore } from '../../storage/object-store';
import { sendStoredFile } from '../../storage/send-stored-file';
import { decodeTusId, type TusServer } from './tus.server';
import {
  UPLOAD_URL_LIMIT,
  UPLOAD_URL_MESSAGES,
  type UploadAllowance,
  type UploadsService,
} from './uploads.service';

/** The signed-in user of the owner routes (tus' discovery, OPTIONS, is public and has none). */
type Owner = RouteInput<typeof uploadEndpoints.tusCreate>['user'];

interface Deps {
  uploads: UploadsService;
  store: ObjectStore;
  tus: TusServer;
  /** How many more videos the owner's plan allows; throws the plan-quota 403 when none. */
  videoSlotsLeft(user: Owner): Promise<number>;
}

/** Objects are served with a CSP that runs nothing, so even an SVG logo cannot script the app. */
const OBJECT_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const FILE_NOT_FOUND = 'File not found';

/**
 * The body of a request as a stream that can be destroyed (cap reached, disk error) without
 * destroying the request itself, so the 413 still reaches the client. A dropped connection fails it.
 */
function detachedBody(raw: IncomingMessage): Readable {
  const body = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  raw.on('error', (err) => body.destroy(err));
  raw.on('close', () => {
    if (!raw.complete) body.destroy(new Error('upload connection closed early'));
  });
  raw.pipe(body);
  return body;
}

/** Reads tus' Upload-Metadata header: comma-separated "key base64value" pairs. */
function tusMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [name, value] = pair.trim().split(' ');
    if (name) out[name] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

export function uploadsRoutes(routes: RouteCollector, deps: Deps): void {
  const { uploads, store, tus } = deps;

  // One scope whose bodies are never parsed or buffered: each route streams (or ignores) the raw body.
  const rawBodies = (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
  };

  routes.group(rawBodies, (scope) => {
    /** product.md §7: no body (a JSON content type may come with it); answers a pre-signed upload URL. */
    scope.route(
      uploadEndpoints.uploadUrl,
      async ({ user }) =>
        uploads.issueUploadUrl(user.id, isFlagSet(user.isAdmin) ? 'unlimited' : {}),
      {
        config: {
          rateLimit: {
            max: UPLOAD_URL_LIMIT.max,
            timeWindow: UPLOAD_URL_LIMIT.windowMs,
            keyGenerator: perSession,
            errorResponseBuilder: () => ({ statusCode: 429, message: UPLOAD_URL_MESSAGES.tooMany }),
          },
        },
      },
    );

    scope.route(uploadEndpoints.putObject, async ({ params, request, reply }) => {
      const key = params['*'];
      if (!(store instanceof LocalDiskStore) || !isValidKey(key)) {
        throw new HttpError(403, UPLOAD_URL_MESSAGES.invalid);
      }
      const length = request.headers['content-length'];
      try {
        const { size } = await uploads.receivePut(
          key,
          request.query as Record<string, string>,
          detachedBody(request.raw),
          length === undefined ? undefined : Number(length),
        );
        return { message: 'Upload complete', size };
      } catch (error) {
        // The client may still be sending: close the connection once the answer is out.
        if (error instanceof HttpError && error.statusCode === 413)
          reply.header('connection', 'close');
        throw error;
      }
    });

    // GET and HEAD in one route, so HEAD keeps the real Content-Length (Fastify's implied HEAD would not).
    scope.route(uploadEndpoints.getObject, async ({ params, request, reply }) => {
      const key = params['*'];
      if (!(store instanceof LocalDiskStore) || !isValidKey(key))
        throw new NotFoundError(FILE_NOT_FOUND);
      const query = request.query as { expires?: string; signature?: string; download?: string };
      const check = store.verify('GET', key, query);
      if (check === 'invalid') throw new HttpError(403, 'This file link is not valid.');
      if (check === 'expired') throw new HttpError(403, 'This file link has expired.');
      const info = await store.head(key);
      if (!info) throw new NotFoundError(FILE_NOT_FOUND);

      const contentType = (await uploads.contentTypeOf(key)) ?? contentTypeFor(key);
      const maxAge = Math.max(0, Number(query.expires) - Math.floor(Date.now() / 1000));
      reply
        .header('content-security-policy', OBJECT_CSP)
        .header('cross-origin-resource-policy', 'same-origin');
      return sendStoredFile(
        store,
        request,
        reply,
        { ...info, key, contentType },
        {
          cacheControl: `private, max-age=${maxAge}`,
          downloadName: query.download,
          notFoundMessage: FILE_NOT_FOUND,
        },
      );
    });

    // tus: POST creates an upload; HEAD/PATCH/DELETE work on one. Checked here, then handed over.
    // The owner's routes have a user; OPTIONS (the protocol's discovery) is public.
    const tusHandler = async ({
      user,
      request,
      reply,
    }: {
      user?: Owner;
      request: FastifyRequest;
      reply: FastifyReply;
    }) => {
      // tus reads an id from the whole URL: a query string could name another upload than the path.
      if (request.url.includes('?')) throw new ValidationError(TUS_QUERY_REFUSED);
      if (user) {
        if (request.method === 'POST') {
          const { length, allowance } = await admitTusUpload(request, user);
          const key = uploads.newKey(user.id);
          await uploads.registerTusUpload(user.id, key, length, allowance);
          tus.assignKey(request.raw, key);
        } else {
          const key = decodeTusId((request.params as { '*'?: string })['*']);
          const row = key ? await uploads.findOwned(user.id, key) : undefined;
          if (!key || !row || row.via !== 'tus') throw new NotFoundError('Upload not found');
          // tus works on this key and no other.
          tus.assignKey(request.raw, key);
          if (request.method === 'DELETE' && row.status === 'complete') {
            // Finished uploads left the staging area: tus cannot delete them, the store can.
            if (!(await uploads.cancelFinishedTus(key)))
              throw new NotFoundError('Upload not found');
            return reply.status(204).header('tus-resumable', '1.0.0').send();
          }
          // A termination tus will carry out (it answers 412 without the protocol header).
          if (request.method === 'DELETE' && request.headers['tus-resumable'] === '1.0.0') {
            await uploads.cancelUnfinishedTus(key);
          }
          if (
            request.method === 'HEAD' &&
            (row.status === 'complete' || row.status === 'attached')
          ) {
            // Finished uploads left the staging area: answer for them so a client can resume to 100%.
            return reply
              .status(200)
              .header('tus-resumable', '1.0.0')
              .header('upload-offset', String(row.size ?? 0))
              .header('upload-length', String(row.size ?? 0))
              .header('cache-control', 'no-store')
              .header(OBJECT_URL_HEADER, store.addressFor(key))
              .send();
          }
        }
      }
      // What the hooks set (the API's RateLimit and Cache-Control headers) goes out with tus' answer.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };

    /** The declared length and type, then the limits the new upload is held to. */
    async function admitTusUpload(
      request: FastifyRequest,
      user: Owner,
    ): Promise<{ length: number; allowance: UploadAllowance }> {
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) {
        throw new ValidationError('Upload-Length is required');
      }
      if (Number(length) > VIDEO_MAX_BYTES)
        throw new HttpError(413, VIDEO_MESSAGES.tooLargeDescription);
      const type =
        tusMetadata(request.headers['upload-metadata'] as string | undefined).filetype ?? '';
      if (!type.startsWith('video/'))
        throw new ValidationError(VIDEO_MESSAGES.invalidTypeDescription);
      // An early answer for owners (creating the video checks the quota again). Admins also send
      // enhanced files for other owners' videos through here, which no quota counts.
      if (isFlagSet(user.isAdmin)) return { length: Number(length), allowance: 'unlimited' };
      return { length: Number(length), allowance: { videoSlots: await deps.videoSlotsLeft(user) } };
    }

    scope.route(uploadEndpoints.tusOptions, tusHandler);
    scope.route(uploadEndpoints.tusUploadOptions, tusHandler);
    scope.route(uploadEndpoints.tusCreate, tusHandler);
    scope.route(uploadEndpoints.tusUpload, tusHandler);
    // The same uploads with an API key (issue #19): a read-and-write key's owner is the user.
    scope.route(apiV1Endpoints.uploadCreate, tusHandler);
    scope.route(apiV1Endpoints.upload, tusHandler);
  });
}
