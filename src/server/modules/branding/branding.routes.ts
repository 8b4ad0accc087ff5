import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  BRANDING_DOMAIN_PATH,
  BRANDING_DOMAIN_VERIFY_PATH,
  BRANDING_MESSAGES,
  BRANDING_PATH,
  DOMAIN_MESSAGES,
  LOGO_FIELD,
  LOGO_MESSAGES,
  LOGOS_PATH,
  UPLOAD_LOGO_PATH,
  updateBrandingBody,
  updateDomainBody,
  type BrandingResponse,
  type UpdateBrandingResponse,
  type UpdateDomainResponse,
  type UploadLogoResponse,
} from '@shared/branding.contract';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import type { Db } from '../../db/client';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { perSession } from '../../plugins/session';
import { ObjectMissingError, type ObjectStore } from '../../storage/object-store';
import { toPublicUser } from '../auth/public-user';
import { brandingRepository } from './branding.repository';
import { brandingService, logoKey, toBrandingDto } from './branding.service';
import type { TxtResolver } from './txt-resolver';

interface Deps {
  db: Db;
  store: ObjectStore;
  guards: Guards;
  /** The app's own host names (config.appHosts). */
  appHosts: readonly string[];
  resolveTxt: TxtResolver;
  now: () => number;
}

/** Room for the multipart framing around a 5 MB file before a declared length is refused outright. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Logo uploads per owner per hour: re-encoding costs CPU, and no one needs more. */
export const LOGO_UPLOAD_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 };
/** Stored logos never change under a name (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () => new HttpError(413, LOGO_MESSAGES.tooLargeDescription);

/** Gym branding (spec §2 Gym Customization, §3, §5, §7 upload-logo, §9 custom domain) and the logo files. */
export function brandingRoutes(app: FastifyInstance, { db, store, guards, appHosts, resolveTxt, now }: Deps): void {
  const branding = brandingService({ repo: brandingRepository(db), store, appHosts, resolveTxt, now, log: app.log });

  app.get(BRANDING_PATH, async (request, reply) => {
    const user = await guards.user(request, reply);
    const body: BrandingResponse = { branding: toBrandingDto(user) };
    return body;
  });

  app.put(BRANDING_PATH, async (request, reply) => {
    const user = await guards.user(request, reply);
    const input = parse(updateBrandingBody, request.body);
    const updated = await branding.update(user, input);
    const body: UpdateBrandingResponse = {
      message: BRANDING_MESSAGES.saved,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
    return body;
  });

  app.put(BRANDING_DOMAIN_PATH, async (request, reply) => {
    const user = await guards.user(request, reply);
    const { domain } = parse(updateDomainBody, request.body);
    const updated = await branding.setDomain(user, domain);
    const body: UpdateDomainResponse = {
      message: domain ? DOMAIN_MESSAGES.saved : DOMAIN_MESSAGES.removed,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
    return body;
  });

  app.post(BRANDING_DOMAIN_VERIFY_PATH, async (request, reply) => {
    const user = await guards.user(request, reply);
    const updated = await branding.verifyDomain(user);
    const body: UpdateDomainResponse = {
      message: DOMAIN_MESSAGES.verified,
      branding: toBrandingDto(updated),
      user: toPublicUser(updated),
    };
    return body;
  });

  // Public: the gym page shows the logo to anyone. Names are random and never reused.
  app.get<{ Params: { ownerId: string; file: string } }>(
    `${LOGOS_PATH}/:ownerId/:file`,
    async (request, reply) => {
      const key = logoKey(request.params.ownerId, request.params.file);
      if (!key) throw new NotFoundError('Logo not found');
      const info = await store.head(key);
      if (!info) throw new NotFoundError('Logo not found');
      const etag = `"${request.params.file.replace(/\.png$/, '')}-${info.size}"`;
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
    },
  );

  // Multipart is parsed only in this scope, streamed, and cut off past 5 MB.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024, headerPairs: 50 },
    });

    scope.post(
      UPLOAD_LOGO_PATH,
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
      async (request, reply) => {
        const user = await guards.user(request, reply);
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
          if (!part || part.fieldname !== LOGO_FIELD) throw new ValidationError(LOGO_MESSAGES.missingFile);
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
        const body: UploadLogoResponse = {
          logoUrl: dto.logoUrl!,
          logoIconUrl: dto.logoIconUrl!,
          user: toPublicUser(updated),
        };
        return body;
      },
    );
  });
}
