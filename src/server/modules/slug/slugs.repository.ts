import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isFlagSet } from '@shared/flags';
import { OLD_SLUGS_KEPT } from '@shared/onboarding.contract';
import type { Db } from '../../db/client';
import { gymLocations, locationSlugRedirects } from '../../db/schema/locations';
import { slugRedirects, users, type UserRow } from '../../db/schema/users';
import type { UserPatch } from '../auth/auth.service';

export interface SlugLookup {
  user: UserRow;
  /** True when the slug asked for is one the owner used before; `user.companySlug` is the current one. */
  redirected: boolean;
}

export type ClaimResult =
  | { status: 'claimed'; user: UserRow }
  | { status: 'taken' }
  | { status: 'missing' }
  | { status: 'onboarded' };

export interface ClaimOptions {
  /** Onboarding's claim: refused (status 'onboarded') once the owner has completed onboarding. */
  firstOnly?: boolean;
}

/**
 * Public slugs and the old slugs kept in `slug_redirects`. One namespace: a slug is held by the owner
 * whose current slug it is, or by the owner who used it before.
 */
export function slugsRepository(db: Db) {
  return {
    /** The owner a public slug leads to: by their current slug, or by one they used before. */
    async findUserBySlugOrRedirect(slug: string): Promise<SlugLookup | undefined> {
      const [direct] = await db.select().from(users).where(eq(users.companySlug, slug)).limit(1);
      if (direct) return { user: direct, redirected: false };
      const [old] = await db
        .select({ user: users })
        .from(slugRedirects)
        .innerJoin(users, eq(users.id, slugRedirects.userId))
        .where(eq(slugRedirects.slug, slug))
        .limit(1);
      return old ? { user: old.user, redirected: true } : undefined;
    },

    /** True when an owner other than `userId` (null: anyone) holds the slug, now or as an old one, or a location does. */
    async isHeldByAnother(
      userId: string | null,
      slug: string,
      /** A location of `ownerId` whose own old slugs are free to it. */
      own?: { ownerId: string; location: string },
    ): Promise<boolean> {
      const [current] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companySlug, slug), userId ? ne(users.id, userId) : undefined))
        .limit(1);
      if (current) return true;
      const [old] = await db
        .select({ userId: slugRedirects.userId })
        .from(slugRedirects)
        .where(
          and(eq(slugRedirects.slug, slug), userId ? ne(slugRedirects.userId, userId) : undefined),
        )
        .limit(1);
      if (old) return true;
      // A location's page or old slug (any owner's, their own included: one slug, one page).
      const [location] = await db
        .select({ id: gymLocations.id })
        .from(gymLocations)
        .where(eq(gymLocations.slug, slug))
        .limit(1);
      if (location) return true;
      const [oldOfLocation] = await db
        .select({ locationId: locationSlugRedirects.locationId, ownerId: gymLocations.ownerId })
        .from(locationSlugRedirects)
        .innerJoin(gymLocations, eq(gymLocations.id, locationSlugRedirects.locationId))
        .where(eq(locationSlugRedirects.slug, slug))
        .limit(1);
      if (!oldOfLocation) return false;
      return !(oldOfLocation.locationId === own?.location && oldOfLocation.ownerId === own.ownerId);
    },

    /**
     * Which of `slugs` are held by owners other than `userId` (null: by anyone), now or as an old
     * slug, or by a location (one query each, for suggestions).
     */
    async heldByOthers(userId: string | null, slugs: string[]): Promise<Set<string>> {
      if (slugs.length === 0) return new Set();
      const current = await db
        .select({ slug: users.companySlug })
        .from(users)
        .where(and(inArray(users.companySlug, slugs), userId ? ne(users.id, userId) : undefined));
      const old = await db
        .select({ slug: slugRedirects.slug })
        .from(slugRedirects)
        .where(
          and(
            inArray(slugRedirects.slug, slugs),
            userId ? ne(slugRedirects.userId, userId) : undefined,
          ),
        );
      const located = await db
        .select({ slug: gymLocations.slug })
        .from(gymLocations)
        .where(inArray(gymLocations.slug, slugs));
      const locatedBefore = await db
        .select({ slug: locationSlugRedirects.slug })
        .from(locationSlugRedirects)
        .where(inArray(locationSlugRedirects.slug, slugs));
      return new Set(
        [...current, ...old, ...located, ...locatedBefore]
          .map((r) => r.slug)
          .filter((s): s is string => !!s),
      );
    },

    /** The old slugs an owner still holds, newest first. */
    async listOldSlugs(userId: string): Promise<string[]> {
      const rows = await db
        .select({ slug: slugRedirects.slug })
        .from(slugRedirects)
        .where(eq(slugRedirects.userId, userId))
        .orderBy(sql`${slugRedirects.createdAt} desc`);
      return rows.map((r) => r.slug);
    },

    /**
     * Makes `slug` the owner's current slug (with `patch` in the same update), in one transaction:
     * the previous slug becomes a redirect to this owner, and an old slug of the owner's own is taken
     * back. Claims on the same slugs are serialised with advisory locks, so a slug being released into
     * `slug_redirects` and another owner claiming it never interleave; the unique index on
     * users.company_slug stays the last word (a violation propagates to the caller).
     */
    async claim(
      userId: string,
      slug: string,
      patch: UserPatch = {},
      options: ClaimOptions = {},
    ): Promise<ClaimResult> {
      return db.transaction(async (tx) => {
        const [me] = await tx
          .select({ companySlug: users.companySlug, onboarded: users.onboardingCompleted })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!me) return { status: 'missing' } as const;
        // Checked under the row lock: two calls at once cannot both pass.
        if (options.firstOnly && isFlagSet(me.onboarded)) return { status: 'onboarded' } as const;

        const previous = me.companySlug;
        const keys = [...new Set([slug, previous].filter((k): k is string => Boolean(k)))].sort();
        for (const key of keys) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${key}`}))`);
        }

        const [holder] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companySlug, slug), ne(users.id, userId)))
          .limit(1);
        const [redirect] = await tx
          .select({ userId: slugRedirects.userId })
          .from(slugRedirects)
          .where(eq(slugRedirects.slug, slug))
          .limit(1);
        const [location] = await tx
          .select({ id: gymLocations.id })
          .from(gymLocations)
          .where(eq(gymLocations.slug, slug))
          .limit(1);
        const [locationBefore] = await tx
          .select({ slug: locationSlugRedirects.slug })
          .from(locationSlugRedirects)
          .where(eq(locationSlugRedirects.slug, slug))
          .limit(1);
        if (holder || location || locationBefore || (redirect && redirect.userId !== userId))
          return { status: 'taken' } as const;

        if (redirect) await tx.delete(slugRedirects).where(eq(slugRedirects.slug, slug));
        if (previous && previous !== slug) {
          await tx
            .insert(slugRedirects)
            .values({ slug: previous, userId })
            .onConflictDoUpdate({
              target: slugRedirects.slug,
              set: { userId, createdAt: new Date() },
            });
        }
        // The newest OLD_SLUGS_KEPT old slugs keep redirecting; older ones are released.
        await tx.execute(sql`
          delete from ${slugRedirects} where ${slugRedirects.userId} = ${userId}
            and ${slugRedirects.slug} not in (
              select ${slugRedirects.slug} from ${slugRedirects} where ${slugRedirects.userId} = ${userId}
              order by ${slugRedirects.createdAt} desc, ${slugRedirects.slug} limit ${OLD_SLUGS_KEPT})`);
        const [row] = await tx
          .update(users)
          .set({ ...patch, companySlug: slug, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return { status: 'claimed', user: row! } as const;
      });
    },
  };
}

export type SlugsRepository = ReturnType<typeof slugsRepository>;
