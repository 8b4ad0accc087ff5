import {
  ONBOARDING_ALREADY_COMPLETE,
  RESERVED_SLUGS,
  SLUG_SUGGESTIONS_MAX,
  slugCandidates,
  type CheckSlugResponse,
  type SlugPurpose,
} from '@shared/onboarding.contract';
import { SLUG_AVAILABLE, SLUG_RESERVED, SLUG_TAKEN } from '@shared/slug.contract';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, NotFoundError, isUniqueViolation } from '../../lib/errors';
import type { UserPatch } from '../auth/auth.service';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { ClaimOptions, SlugLookup, SlugsRepository } from './slugs.repository';

/**
 * The rules for a gym's public slug, shared by onboarding and the dashboard's slug edit. A change is
 * told to `publicGyms` (decision 0028).
 */
export function slugService(
  slugs: SlugsRepository,
  publicGyms: Pick<PublicGymCache, 'invalidate'>,
) {
  /** Up to SLUG_SUGGESTIONS_MAX free slugs near a refused one (`except`: an owner whose own are free). */
  async function suggestions(except: string | null, slug: string): Promise<string[]> {
    const candidates = slugCandidates(slug).filter((c) => !RESERVED_SLUGS.has(c));
    const held = await slugs.heldByOthers(except, candidates);
    return candidates.filter((c) => !held.has(c)).slice(0, SLUG_SUGGESTIONS_MAX);
  }

  return {
    /** The owner a public slug leads to: their current slug, or one they used before (`redirected`). */
    findOwner(slug: string): Promise<SlugLookup | undefined> {
      return slugs.findUserBySlugOrRedirect(slug);
    },

    /**
     * Available when not reserved and no other owner holds it, now or as an old slug; for the gym
     * the owner's own current or old slug counts as free, for a further location nothing held is
     * (one slug, one page) but that location's own old slugs (`location`, if it is the owner's). A
     * refused slug comes with free ones near it.
     */
    async check(
      userId: string,
      slug: string,
      purpose: SlugPurpose = 'gym',
      location?: string,
    ): Promise<CheckSlugResponse> {
      const except = purpose === 'gym' ? userId : null;
      const own = purpose === 'location' && location ? { ownerId: userId, location } : undefined;
      if (RESERVED_SLUGS.has(slug))
        return {
          available: false,
          message: SLUG_RESERVED,
          suggestions: await suggestions(except, slug),
        };
      if (await slugs.isHeldByAnother(except, slug, own))
        return {
          available: false,
          message: SLUG_TAKEN,
          suggestions: await suggestions(except, slug),
        };
      return { available: true, message: SLUG_AVAILABLE, suggestions: [] };
    },

    /** Makes `slug` the owner's public slug (with `patch` in the same write); the old one keeps working. */
    async change(
      userId: string,
      slug: string,
      patch: UserPatch = {},
      options: ClaimOptions = {},
    ): Promise<UserRow> {
      if (RESERVED_SLUGS.has(slug)) throw new ConflictError(SLUG_RESERVED);
      let result;
      try {
        result = await slugs.claim(userId, slug, patch, options);
      } catch (error) {
        if (isUniqueViolation(error, 'users_company_slug_key')) throw new ConflictError(SLUG_TAKEN);
        throw error;
      }
      if (result.status === 'taken') throw new ConflictError(SLUG_TAKEN);
      if (result.status === 'missing') throw new NotFoundError('Account not found');
      if (result.status === 'onboarded') throw new ConflictError(ONBOARDING_ALREADY_COMPLETE);
      await publicGyms.invalidate(userId);
      return result.user;
    },
  };
}

export type SlugService = ReturnType<typeof slugService>;
