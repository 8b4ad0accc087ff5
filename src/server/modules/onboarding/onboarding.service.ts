import { isFlagSet } from '@shared/flags';
import {
  ONBOARDING_ALREADY_COMPLETE,
  type CheckSlugResponse,
  type CompleteOnboardingBody,
  type SlugPurpose,
} from '@shared/onboarding.contract';
import { ConflictError } from '../../lib/errors';
import type { UserRow } from '../../db/schema/users';
import type { SlugService } from '../slug/slug.service';

export function onboardingService(slugs: SlugService) {
  return {
    /** The slug rules of the slug service: reserved words, and slugs other owners hold now or held. */
    checkSlug(
      userId: string,
      slug: string,
      purpose: SlugPurpose,
      location?: string,
    ): Promise<CheckSlugResponse> {
      return slugs.check(userId, slug, purpose, location);
    },

    /**
     * Sets the company fields, the slug and the onboarding flag in one transaction; a slug another
     * owner holds (now, as an old slug, or by winning a race for it) is a 409, never a 500, and so is
     * a second call once onboarding is complete.
     */
    complete(user: UserRow, input: CompleteOnboardingBody): Promise<UserRow> {
      // Once per account: calling it again would be a second, unlimited slug change.
      if (isFlagSet(user.onboardingCompleted)) throw new ConflictError(ONBOARDING_ALREADY_COMPLETE);
      return slugs.change(
        user.id,
        input.companySlug,
        {
          companyName: input.companyName,
          companyType: input.companyType,
          companyDescription: input.companyDescription || null,
          onboardingCompleted: 'true',
        },
        { firstOnly: true },
      );
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
