import multipart from '@fastify/multipart';
import {
  brandingEndpoints,
  BRANDING_MESSAGES,
  DOMAIN_MESSAGES,
  LOGO_FIELD,
  LOGO_MESSAGES,
} from '@shared/branding.contract';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { ObjectMissingError, type ObjectStore } from '../../storage/object-store';
import { toPublicUser } from '../auth/public-user';
import { logoKey, toBrandingDto, type BrandingService } from './branding.service';

interface Deps {
  branding: BrandingService;
  store: ObjectStore;
}

/** Room for the multipart framing around a 5 MB file before a declared length is refused outright. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Logo uploads per owner per hour: re-encoding costs CPU, and no one needs more. */
export const LOGO_UPLOAD_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };
/** Stored logos never change under a name (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () => new HttpError(413, LOGO_MESSAGES.tooLargeDescription);

/** Gym branding (product.md §2 Gym Customization, §3, §5, §7 upload-logo, §9 custom domain) and the logo files. */
export function brandingRoutes(routes: RouteCollector, { branding, store }: Deps): void {
  routes.route(brandingEndpoints.get, async ({ user }) => ({ branding: toBrandingDto(user) }));

  routes.route(brandingEndpoints.update, async ({ user, body }) => {
    const updated = await branding.update(user, body);
    return {
      message: BRANDING_MESSAGES.saved,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
  });

  routes.route(brandingEndpoints.setDomain, async ({ user, body: { domain } }) => {
    const updated = await branding.setDomain(user, domain);
    return {
      message: domain ? DOMAIN_MESSAGES.saved : DOMAIN_MESSAGES.removed,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
  });

  routes.route(brandingEndpoints.verifyDomain, async ({ user }) => {
    const updated = await branding.verifyDomain(user);
    return {
      message: DOMAIN_MESSAGES.verified,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
  });

  // Public: the gym page shows the logo to anyone. Names are random and never reused.
  routes.route(brandingEndpoints.logo, async ({ params, request, reply }) => {
    const key = logoKey(params.ownerId, params.file);
    if (!key) throw new NotFoundError('Logo not found');
    const info = await store.head(key);
    if (!info) throw new NotFoundError('Logo not found');
    const etag = `"${params.file.replace(/\.png$/, '')}-${info.size}"`;
    reply
      .header('content-type', 'image/png')
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header('content-length', info.size);
    if (request.method === 'HEAD') return reply.send();
    try {
      return reply.send(await store.get(key));
    } catch (error) {
      if (error instanceof ObjectMissingError) throw new NotFoundError('Logo not found');
      throw error;
    }
  });

  // Multipart is parsed only in this scope, streamed, and cut off past 5 MB.
  routes.group(
    async (scope) => {
      await scope.register(multipart, {
        limits: {
          fileSize: LOGO_MAX_BYTES,
          files: 1,
          fields: 10,
          parts: 12,
          fieldSize: 1024,
          headerPairs: 50,
        },
      });
    },
    (multipartRoutes) =>
      multipartRoutes.route(
        brandingEndpoints.uploadLogo,
        async ({ user, request, reply }) => {
          const declared = Number(request.headers['content-length']);
          if (Number.isFinite(declared) && declared > LOGO_MAX_BYTES + MULTIPART_OVERHEAD) {
            // Answer at once; the rest of the body is not worth reading.
            reply.header('connection', 'close');
            throw tooLarge();
          }
          if (!request.isMultipart()) throw new ValidationError(LOGO_MESSAGES.missingFile);

          let bytes: Buffer;
          try {
            const part = await request.file();
            if (!part || part.fieldname !== LOGO_FIELD)
              throw new ValidationError(LOGO_MESSAGES.missingFile);
            bytes = await part.toBuffer();
          } catch (error) {
            if (error instanceof HttpError) throw error;
            const code = (error as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE') {
              reply.header('connection', 'close');
              throw tooLarge();
            }
            // Malformed or truncated multipart, too many parts: the caller's fault, never a 500.
            throw new ValidationError(LOGO_MESSAGES.missingFile);
          }

          const updated = await branding.uploadLogo(user, bytes);
          const dto = toBrandingDto(updated);
          return {
            logoUrl: dto.logoUrl!,
            logoIconUrl: dto.logoIconUrl!,
            user: toPublicUser(updated),
          };
        },
        {
          config: {
            rateLimit: {
              max: LOGO_UPLOAD_LIMIT.max,
              timeWindow: LOGO_UPLOAD_LIMIT.windowMs,
              keyGenerator: perSession,
              errorResponseBuilder: () => ({
                statusCode: 429,
                message: 'Too many logo uploads. Please try again later.',
              }),
            },
          },
        },
      ),
  );
}
