import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  adminEndpoints,
  ADMIN_DOMAIN_MESSAGES,
  ADMIN_MESSAGES,
  ENHANCED_FIELD,
  enhancedFromUploadBody,
} from '@shared/admin.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES } from '@shared/videos.contract';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { RouteCollector } from '../../plugins/routes';
import type { ObjectStore } from '../../storage/object-store';
import { sendStoredFile } from '../../storage/send-stored-file';
import type { adminDomainsService } from './admin-domains.service';
import type { AdminService } from './admin.service';

interface Deps {
  admin: AdminService;
  domains: ReturnType<typeof adminDomainsService>;
  store: ObjectStore;
}

/** Room for the multipart framing around a 2 GB file before a declared length is refused outright. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The admin desk (product.md §2 Admin area, §4, §7 admin calls). Every route is for admins only. */
export function adminRoutes(routes: RouteCollector, { admin, domains, store }: Deps): void {
  routes.route(adminEndpoints.domains, async ({ reply }) => {
    reply.header('cache-control', 'private, no-store');
    return domains.list();
  });

  routes.route(adminEndpoints.revokeDomain, async ({ user, body }) => ({
    message: ADMIN_DOMAIN_MESSAGES.revoked,
    revoked: await domains.revoke(user, body),
  }));

  routes.route(adminEndpoints.videos, async ({ query }) => admin.list(query));

  routes.route(adminEndpoints.video, async ({ params }) => ({ video: await admin.get(params.id) }));

  routes.route(adminEndpoints.events, async ({ params }) => ({
    events: await admin.events(params.id),
  }));

  // The owner's logo (an upload, readable only through a signed link): redirects to one.
  routes.route(adminEndpoints.logo, async ({ params, reply }) => {
    const link = await admin.logoLink(params.id);
    if (!link) throw new NotFoundError('This video has no logo');
    return reply.header('cache-control', 'private, no-store').redirect(link, 302);
  });

  routes.route(adminEndpoints.status, async ({ user, params, body }) => ({
    video: await admin.changeStatus(user, params.id, body),
  }));

  // GET and HEAD in one route, so HEAD keeps the real Content-Length.
  routes.route(adminEndpoints.download, async ({ user, params, request, reply }) => {
    const original = await admin.original(params.id);
    return sendStoredFile(store, request, reply, original, {
      cacheControl: 'private, no-store',
      downloadName: original.row.video.originalFileName,
      notFoundMessage: ADMIN_MESSAGES.originalMissing,
      // A download from the start is an admin action worth recording; resumed ranges are not.
      beforeBody: async (range) => {
        if (!range || range.start === 0) await admin.recordDownload(user, original.row);
      },
    });
  });

  // Multipart is parsed only in this scope, streamed into the store, and cut off past 2 GB.
  const multipartBodies = async (scope: FastifyInstance) => {
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
  };

  routes.group(multipartBodies, (scope) =>
    scope.route(adminEndpoints.enhanced, async ({ user, params, request, reply }) => {
      if (!request.isMultipart()) {
        // The resumable path: the file went up through tus; the body names it.
        const { uploadURL } = parse(enhancedFromUploadBody, request.body);
        return { video: await admin.enhancedFromUpload(user, params.id, uploadURL) };
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > VIDEO_MAX_BYTES + MULTIPART_OVERHEAD) {
        throw closing(reply, new HttpError(413, VIDEO_MESSAGES.tooLargeDescription));
      }
      const target = await admin.checkEnhancedTarget(params.id).catch((error: unknown) => {
        throw closing(reply, error);
      });
      try {
        const part = await request.file();
        if (!part || part.fieldname !== ENHANCED_FIELD)
          throw new ValidationError(ADMIN_MESSAGES.enhancedMissingFile);
        return { video: await admin.uploadEnhanced(user, target, part.file) };
      } catch (error) {
        throw closing(reply, multipartError(error));
      }
    }),
  );
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
