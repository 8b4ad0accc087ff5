import type { CheckSlugResponse, CompleteOnboardingBody } from '@shared/onboarding.contract';
import type { UserRow } from '../../db/schema/users';
import type { SlugService } from '../slug/slug.service';

export { SLUG_AVAILABLE, SLUG_RESERVED, SLUG_TAKEN } from '../slug/slug.service';

export function onboardingService(slugs: SlugService) {
  return {
    /** The slug rules of the slug service: reserved words, and slugs other owners hold now or held. */
    checkSlug(userId: string, slug: string): Promise<CheckSlugResponse> {
      return slugs.check(userId, slug);
    },

    /**
     * Sets the company fields, the slug and the onboarding flag in one transaction; a slug another
     * owner holds (now, as an old slug, or by winning a race for it) is a 409, never a 500.
     */
    complete(userId: string, input: CompleteOnboardingBody): Promise<UserRow> {
      return slugs.change(userId, input.companySlug, {
        companyName: input.companyName,
        companyType: input.companyType,
        companyDescription: input.companyDescription || null,
        onboardingCompleted: 'true',
      });
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
