import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ADMIN_DOMAIN_MESSAGES,
  ADMIN_DOMAIN_REVOKE_PATH,
  ADMIN_DOMAINS_PATH,
  ADMIN_MESSAGES,
  ADMIN_VIDEOS_PATH,
  adminVideosQuery,
  ENHANCED_FIELD,
  enhancedFromUploadBody,
  revokeDomainBody,
  updateStatusBody,
  type AdminVideoResponse,
  type RevokeDomainResponse,
  type VideoEventsResponse,
} from '@shared/admin.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES } from '@shared/videos.contract';
import type { Db } from '../../db/client';
import type { MediaJobs } from '../../jobs/media-jobs';
import { mediaRepository } from '../../jobs/media.repository';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { parseRange } from '../../storage/byte-range';
import { contentDisposition, type ObjectStore } from '../../storage/object-store';
import { uploadsRepository } from '../uploads/uploads.repository';
import { uploadsService } from '../uploads/uploads.service';
import { adminDomainsRepository } from './admin-domains.repository';
import { adminDomainsService } from './admin-domains.service';
import { adminRepository } from './admin.repository';
import { adminService } from './admin.service';

interface Deps {
  db: Db;
  store: ObjectStore;
  guards: Guards;
  media?: MediaJobs;
  now: () => number;
}

/** Room for the multipart framing around a 2 GB file before a declared length is refused outright. */
const MULTIPART_OVERHEAD = 64 * 1024;

type IdParams = { Params: { id: string } };

/** The admin desk (spec §2 Admin area, §4, §7 admin calls). Every route is for admins only. */
export function adminRoutes(app: FastifyInstance, { db, store, guards, media, now }: Deps): void {
  const uploadsRepo = uploadsRepository(db);
  const admin = adminService({
    repo: adminRepository(db),
    media: mediaRepository(db),
    uploads: uploadsService({ repo: uploadsRepo, store, now }),
    uploadsRepo,
    store,
    jobs: media,
    now,
  });

  const domains = adminDomainsService({ repo: adminDomainsRepository(db), log: app.log });

  app.get(ADMIN_DOMAINS_PATH, async (request, reply) => {
    await guards.admin(request, reply);
    reply.header('cache-control', 'private, no-store');
    return domains.list();
  });

  app.post(ADMIN_DOMAIN_REVOKE_PATH, async (request, reply) => {
    const user = await guards.admin(request, reply);
    const { ownerId, domain } = parse(revokeDomainBody, request.body);
    const body: RevokeDomainResponse = {
      message: ADMIN_DOMAIN_MESSAGES.revoked,
      revoked: await domains.revoke(user, ownerId, domain),
    };
    return body;
  });

  app.get(ADMIN_VIDEOS_PATH, async (request, reply) => {
    await guards.admin(request, reply);
    return admin.list(parse(adminVideosQuery, request.query));
  });

  app.get<IdParams>(`${ADMIN_VIDEOS_PATH}/:id`, async (request, reply) => {
    await guards.admin(request, reply);
    const body: AdminVideoResponse = { video: await admin.get(request.params.id) };
    return body;
  });

  app.get<IdParams>(`${ADMIN_VIDEOS_PATH}/:id/events`, async (request, reply) => {
    await guards.admin(request, reply);
    const body: VideoEventsResponse = { events: await admin.events(request.params.id) };
    return body;
  });

  // The owner's logo (an upload, readable only through a signed link): redirects to one.
  app.get<IdParams>(`${ADMIN_VIDEOS_PATH}/:id/logo`, async (request, reply) => {
    await guards.admin(request, reply);
    const link = await admin.logoLink(request.params.id);
    if (!link) throw new NotFoundError('This video has no logo');
    return reply.header('cache-control', 'private, no-store').redirect(link, 302);
  });

  app.put<IdParams>(`${ADMIN_VIDEOS_PATH}/:id/status`, async (request, reply) => {
    const user = await guards.admin(request, reply);
    const input = parse(updateStatusBody, request.body);
    const body: AdminVideoResponse = {
      video: await admin.changeStatus(user, request.params.id, input),
    };
    return body;
  });

  // GET and HEAD in one route, so HEAD keeps the real Content-Length.
  app.route<IdParams>({
    method: ['GET', 'HEAD'],
    url: `${ADMIN_VIDEOS_PATH}/:id/download`,
    handler: async (request, reply) => {
      const user = await guards.admin(request, reply);
      const original = await admin.original(request.params.id);
      const { size } = original;
      reply
        .header('content-type', original.contentType)
        .header('content-disposition', contentDisposition(original.row.video.originalFileName))
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      const range = parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      reply.header('content-length', range ? range.end - range.start + 1 : size);
      if (range)
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      if (request.method === 'HEAD') return reply.send();
      // A download from the start is an admin action worth recording; resumed ranges are not.
      if (!range || range.start === 0) await admin.recordDownload(user, original.row);
      return reply.send(await store.get(original.key, range ?? undefined));
    },
  });

  // Multipart is parsed only in this scope, streamed into the store, and cut off past 2 GB.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte past the cap reaches the store, whose own 2 GB cap then refuses the file (busboy
      // would otherwise end a too-large file quietly at the limit).
      limits: {
        fileSize: VIDEO_MAX_BYTES + 1,
        files: 1,
        fields: 5,
        parts: 6,
        fieldSize: 1024,
        headerPairs: 50,
      },
    });

    scope.post<IdParams>(`${ADMIN_VIDEOS_PATH}/:id/enhanced`, async (request, reply) => {
      const user = await guards.admin(request, reply);
      if (!request.isMultipart()) {
        // The resumable path: the file went up through tus; the body names it.
        const { uploadURL } = parse(enhancedFromUploadBody, request.body);
        const body: AdminVideoResponse = {
          video: await admin.enhancedFromUpload(user, request.params.id, uploadURL),
        };
        return body;
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > VIDEO_MAX_BYTES + MULTIPART_OVERHEAD) {
        throw closing(reply, new HttpError(413, VIDEO_MESSAGES.tooLargeDescription));
      }
      const target = await admin.checkEnhancedTarget(request.params.id).catch((error: unknown) => {
        throw closing(reply, error);
      });
      try {
        const part = await request.file();
        if (!part || part.fieldname !== ENHANCED_FIELD)
          throw new ValidationError(ADMIN_MESSAGES.enhancedMissingFile);
        const body: AdminVideoResponse = {
          video: await admin.uploadEnhanced(user, target, part.file),
        };
        return body;
      } catch (error) {
        throw closing(reply, multipartError(error));
      }
    });
  });
}

/** The client may still be sending a large body: close the connection once the answer is out. */
function closing(reply: FastifyReply, error: unknown): unknown {
  reply.header('connection', 'close');
  return error;
}

function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, VIDEO_MESSAGES.tooLargeDescription);
  if (typeof code === 'string' && code.startsWith('FST_'))
    return new ValidationError(ADMIN_MESSAGES.enhancedMissingFile);
  return error;
}
