import multipart from '@fastify/multipart';
import {
  brandingEndpoints,
  BRANDING_MESSAGES,
  DOMAIN_MESSAGES,
  HERO_FIELD,
  HERO_MAX_BYTES,
  HERO_MESSAGES,
  LOGO_FIELD,
  LOGO_MESSAGES,
} from '@shared/branding.contract';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import { multipartLimits, readOneFile, uploadRateLimit } from '../../plugins/one-file-upload';
import type { RouteCollector } from '../../plugins/routes';
import type { ObjectStore } from '../../storage/object-store';
import { sendImage } from '../../storage/send-image';
import { toPublicUser } from '../auth/public-user';
import { heroKey, logoKey, toBrandingDto, type BrandingService } from './branding.service';

interface Deps {
  branding: BrandingService;
  store: ObjectStore;
}

/** Gym branding (product.md §2 Gym Customization, §3, §5, §7 upload-logo, §9 custom domain), the logo and hero files. */
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

  // Public: the gym page shows the logo and the hero to anyone. Names are random and never reused.
  routes.route(brandingEndpoints.logo, ({ params, request, reply }) =>
    sendImage(store, request, reply, {
      key: logoKey(params.ownerId, params.file),
      file: params.file,
      type: 'image/png',
      missing: 'Logo not found',
    }),
  );
  routes.route(brandingEndpoints.hero, ({ params, request, reply }) =>
    sendImage(store, request, reply, {
      key: heroKey(params.ownerId, params.file),
      file: params.file,
      type: 'image/webp',
      missing: 'Image not found',
    }),
  );

  // Multipart is parsed only in these scopes, streamed, and cut off past each file's limit.
  routes.group(
    async (scope) => {
      await scope.register(multipart, multipartLimits(LOGO_MAX_BYTES));
    },
    (multipartRoutes) =>
      multipartRoutes.route(
        brandingEndpoints.uploadLogo,
        async ({ user, request, reply }) => {
          const updated = await branding.uploadLogo(user, () =>
            readOneFile(request, reply, LOGO_FIELD, LOGO_MAX_BYTES, {
              missing: LOGO_MESSAGES.missingFile,
              tooLarge: LOGO_MESSAGES.tooLargeDescription,
            }),
          );
          const dto = toBrandingDto(updated);
          return {
            logoUrl: dto.logoUrl!,
            logoIconUrl: dto.logoIconUrl!,
            user: toPublicUser(updated),
          };
        },
        uploadRateLimit('Too many logo uploads. Please try again later.'),
      ),
  );
  routes.group(
    async (scope) => {
      await scope.register(multipart, multipartLimits(HERO_MAX_BYTES));
    },
    (multipartRoutes) =>
      multipartRoutes.route(
        brandingEndpoints.uploadHero,
        async ({ user, request, reply }) => {
          const updated = await branding.uploadHero(user, () =>
            readOneFile(request, reply, HERO_FIELD, HERO_MAX_BYTES, {
              missing: HERO_MESSAGES.missingFile,
              tooLarge: HERO_MESSAGES.tooLarge,
            }),
          );
          return { message: HERO_MESSAGES.uploaded, branding: toBrandingDto(updated) };
        },
        uploadRateLimit(HERO_MESSAGES.tooManyUploads),
      ),
  );
}
