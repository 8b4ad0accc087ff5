import multipart from '@fastify/multipart';
import { LOGO_FIELD, LOGO_MESSAGES } from '@shared/branding.contract';
import { LOCATION_MESSAGES, locationsEndpoints, MAIN_LOCATION } from '@shared/locations.contract';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import { multipartLimits, readOneFile, uploadRateLimit } from '../../plugins/one-file-upload';
import type { RouteCollector } from '../../plugins/routes';
import type { BrandingService } from '../branding/branding.service';
import type { LocationsService } from './locations.service';
import { idOrNotFound } from '../../lib/ids';

/** The :id of the path: a further location's uuid (or 'main' where allowed); else 404, never a 500. */
function locationId(params: { id: string }, options: { main?: boolean } = {}): string {
  if (options.main && params.id === MAIN_LOCATION) return MAIN_LOCATION;
  return idOrNotFound(params.id, LOCATION_MESSAGES.notFound);
}

/**
 * An Elite Studio account's locations (issue #18 part 5). A location's logo and custom domain follow
 * the gym's rules, which the branding service keeps for both.
 */
export function locationsRoutes(
  routes: RouteCollector,
  { locations, branding }: { locations: LocationsService; branding: BrandingService },
): void {
  routes.route(locationsEndpoints.list, ({ user }) => locations.view(user));
  routes.route(locationsEndpoints.create, ({ user, body }) => locations.create(user, body));
  routes.route(locationsEndpoints.update, ({ user, params, body }) =>
    locations.update(user, locationId(params), body),
  );
  routes.route(locationsEndpoints.remove, ({ user, params }) =>
    locations.remove(user, locationId(params)),
  );
  routes.route(locationsEndpoints.classes, ({ user, params, body }) =>
    locations.setClasses(user, locationId(params, { main: true }), body.videoIds),
  );

  routes.route(locationsEndpoints.setDomain, async ({ user, params, body: { domain } }) => {
    await branding.setLocationDomain(user, locationId(params), domain);
    const message = domain ? LOCATION_MESSAGES.domainSaved : LOCATION_MESSAGES.domainRemoved;
    return { message, locations: await locations.view(user) };
  });
  routes.route(locationsEndpoints.verifyDomain, async ({ user, params }) => {
    await branding.verifyLocationDomain(user, locationId(params));
    return { message: LOCATION_MESSAGES.domainVerified, locations: await locations.view(user) };
  });
  routes.route(locationsEndpoints.removeLogo, async ({ user, params }) => {
    await branding.removeLocationLogo(user, locationId(params));
    return { message: LOCATION_MESSAGES.logoRemoved, locations: await locations.view(user) };
  });
  // Multipart is parsed only in this scope, streamed, and cut off past the logo's limit.
  routes.group(
    async (scope) => {
      await scope.register(multipart, multipartLimits(LOGO_MAX_BYTES));
    },
    (multipartRoutes) =>
      multipartRoutes.route(
        locationsEndpoints.uploadLogo,
        async ({ user, params, request, reply }) => {
          await branding.uploadLocationLogo(user, locationId(params), () =>
            readOneFile(request, reply, LOGO_FIELD, LOGO_MAX_BYTES, {
              missing: LOGO_MESSAGES.missingFile,
              tooLarge: LOGO_MESSAGES.tooLargeDescription,
            }),
          );
          return { message: LOCATION_MESSAGES.logoSaved, locations: await locations.view(user) };
        },
        uploadRateLimit('Too many logo uploads. Please try again later.'),
      ),
  );
}
