import {
  RESERVED_SLUGS,
  type CheckSlugResponse,
  type CompleteOnboardingBody,
} from '@shared/onboarding.contract';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError, isUniqueViolation } from '../../lib/errors';
import type { UsersRepository } from '../auth/users.repository';

export const SLUG_TAKEN = 'This URL slug is already taken. Please try another.';
export const SLUG_RESERVED = 'This URL is reserved. Please choose another.';
export const SLUG_AVAILABLE = 'This URL is available!';

export function onboardingService(users: UsersRepository) {
  return {
    /** A slug is available when it is not reserved and no other owner has it (yours counts as free). */
    async checkSlug(userId: string, slug: string): Promise<CheckSlugResponse> {
      if (RESERVED_SLUGS.has(slug)) return { available: false, message: SLUG_RESERVED };
      const holder = await users.findBySlug(slug);
      if (holder && holder.id !== userId) return { available: false, message: SLUG_TAKEN };
      return { available: true, message: SLUG_AVAILABLE };
    },

    /**
     * Sets the company fields and the onboarding flag in one statement (one transaction); the
     * unique index decides a race for one slug, and the loser gets a 409, never a 500.
     */
    async complete(userId: string, input: CompleteOnboardingBody): Promise<UserRow> {
      if (RESERVED_SLUGS.has(input.companySlug)) throw new ConflictError(SLUG_RESERVED);
      try {
        const updated = await users.update(userId, {
          companyName: input.companyName,
          companyType: input.companyType,
          companyDescription: input.companyDescription || null,
          companySlug: input.companySlug,
          onboardingCompleted: 'true',
        });
        if (!updated) throw new NotFoundError('Account not found');
        return updated;
      } catch (error) {
        if (isUniqueViolation(error, 'users_company_slug_key')) throw new ConflictError(SLUG_TAKEN);
        throw error;
      }
    },
  };
}

export type OnboardingService = ReturnType<typeof onboardingService>;
