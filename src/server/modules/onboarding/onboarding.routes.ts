import { checkSlugQuery, onboardingEndpoints } from '@shared/onboarding.contract';
import type { RouteCollector } from '../../plugins/routes';
import { toPublicUser } from '../auth/public-user';
import type { OnboardingService } from './onboarding.service';

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
        return reply
          .status(400)
          .send({ available: false, message: result.error.issues[0]?.message ?? 'Invalid slug' });
      }
      return onboarding.checkSlug(user.id, result.data.slug);
    },
    { ownQueryErrors: true },
  );

  routes.route(onboardingEndpoints.complete, async ({ user, body }) => {
    const updated = await onboarding.complete(user, body);
    return { message: 'Onboarding complete', user: toPublicUser(updated) };
  });
}
