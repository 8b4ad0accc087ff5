import type { FastifyInstance } from 'fastify';
import { checkSlugQuery, completeOnboardingBody } from '@shared/onboarding.contract';
import { parse } from '../../lib/validate';
import type { Guards } from '../../plugins/guards';
import { toPublicUser } from '../auth/public-user';
import type { OnboardingService } from './onboarding.service';

interface Deps {
  onboarding: OnboardingService;
  guards: Guards;
}

export function onboardingRoutes(app: FastifyInstance, { onboarding, guards }: Deps): void {
  app.get('/api/auth/check-slug', async (request, reply) => {
    const user = await guards.user(request, reply);
    const result = checkSlugQuery.safeParse(request.query ?? {});
    if (!result.success) {
      return reply
        .status(400)
        .send({ available: false, message: result.error.issues[0]?.message ?? 'Invalid slug' });
    }
    return onboarding.checkSlug(user.id, result.data.slug);
  });

  app.post('/api/auth/complete-onboarding', async (request, reply) => {
    const user = await guards.user(request, reply);
    const input = parse(completeOnboardingBody, request.body);
    const updated = await onboarding.complete(user, input);
    return { message: 'Onboarding complete', user: toPublicUser(updated) };
  });
}
