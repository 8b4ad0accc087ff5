import { checkSlugQuery, onboardingEndpoints } from '@shared/onboarding.contract';
import type { RouteCollector } from '../../plugins/routes';
import { perSession } from '../../plugins/session';
import { toPublicUser } from '../auth/public-user';
import type { OnboardingService } from './onboarding.service';

/** Slug checks per owner per minute: the form checks as the owner types (debounced), never more. */
export const SLUG_CHECK_LIMIT = { max: 60, windowMs: 60 * 1000 };
export const SLUG_CHECK_LIMITED = 'Too many URL checks. Please wait a minute and try again.';

export function onboardingRoutes(
  routes: RouteCollector,
  { onboarding }: { onboarding: OnboardingService },
): void {
  routes.route(
    onboardingEndpoints.checkSlug,
    async ({ user, request, reply }) => {
      // Its own 400: the form reads `available` from every answer.
      const result = checkSlugQuery.safeParse(request.query ?? {});
      if (!result.success) {
        return reply.status(400).send({
          available: false,
          message: result.error.issues[0]?.message ?? 'Invalid slug',
          suggestions: [],
        });
      }
      const { slug, purpose, location } = result.data;
      return onboarding.checkSlug(user.id, slug, purpose, location);
    },
    {
      ownQueryErrors: true,
      config: {
        rateLimit: {
          max: SLUG_CHECK_LIMIT.max,
          timeWindow: SLUG_CHECK_LIMIT.windowMs,
          keyGenerator: perSession,
          errorResponseBuilder: () => ({ statusCode: 429, message: SLUG_CHECK_LIMITED }),
        },
      },
    },
  );

  routes.route(onboardingEndpoints.complete, async ({ user, body }) => {
    const updated = await onboarding.complete(user, body);
    return { message: 'Onboarding complete', user: toPublicUser(updated) };
  });
}
