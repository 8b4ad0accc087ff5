import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OLD_SLUGS_KEPT } from '@shared/onboarding.contract';
import {
  gymLocations,
  locationSlugRedirects,
  videoLocations,
  type GymLocationRow,
} from '../../db/schema/locations';
import { slugRedirects, users, type UserRow } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { isUniqueViolation } from '../../lib/errors';

export interface LocationValues {
  name: string;
  slug: string;
  primaryColor: string | null;
  secondaryColor: string | null;
}

export type LocationWrite =
  | { status: 'done'; location: GymLocationRow }
  | { status: 'taken' }
  | { status: 'limit' }
  | { status: 'missing' };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The slug module's lock for a slug (slugs.repository claim): a gym and a location never race. */
async function lockSlug(tx: Tx, slug: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`slug:${slug}`}))`);
}

/**
 * A gym's slug (current or old) or another location's (current or old): the slug cannot be this
 * location's. Its own old slugs are free to it (it may move back).
 */
async function slugHeld(tx: Tx, slug: string, exceptLocation: string | null): Promise<boolean> {
  const [gym] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companySlug, slug))
    .limit(1);
  if (gym) return true;
  const [old] = await tx
    .select({ slug: slugRedirects.slug })
    .from(slugRedirects)
    .where(eq(slugRedirects.slug, slug))
    .limit(1);
  if (old) return true;
  const [other] = await tx
    .select({ id: gymLocations.id })
    .from(gymLocations)
    .where(
      exceptLocation
        ? and(eq(gymLocations.slug, slug), ne(gymLocations.id, exceptLocation))
        : eq(gymLocations.slug, slug),
    )
    .limit(1);
  if (other) return true;
  const [before] = await tx
    .select({ locationId: locationSlugRedirects.locationId })
    .from(locationSlugRedirects)
    .where(eq(locationSlugRedirects.slug, slug))
    .limit(1);
  return Boolean(before && before.locationId !== exceptLocation);
}

/**
 * After a location's slug changed from `previous`: the previous slug redirects to it, its own old
 * slug taken back stops redirecting, and only the newest OLD_SLUGS_KEPT are kept.
 */
async function keepOldSlug(tx: Tx, locationId: string, previous: string, slug: string) {
  if (previous === slug) return;
  await tx.delete(locationSlugRedirects).where(eq(locationSlugRedirects.slug, slug));
  await tx
    .insert(locationSlugRedirects)
    .values({ slug: previous, locationId })
    .onConflictDoUpdate({
      target: locationSlugRedirects.slug,
      set: { locationId, createdAt: new Date() },
    });
  await tx.execute(sql`
    delete from ${locationSlugRedirects} where ${locationSlugRedirects.locationId} = ${locationId}
      and ${locationSlugRedirects.slug} not in (
        select ${locationSlugRedirects.slug} from ${locationSlugRedirects}
        where ${locationSlugRedirects.locationId} = ${locationId}
        order by ${locationSlugRedirects.createdAt} desc, ${locationSlugRedirects.slug}
        limit ${OLD_SLUGS_KEPT})`);
}

/** Locations of Elite Studio accounts and the classes each offers (issue #18 part 5). */
export function locationsRepository(db: Db) {
  return {
    async list(ownerId: string): Promise<GymLocationRow[]> {
      return db
        .select()
        .from(gymLocations)
        .where(eq(gymLocations.ownerId, ownerId))
        .orderBy(asc(gymLocations.createdAt), asc(gymLocations.id));
    },

    /** The owner's classes with where they are offered: the first location, and further ones. */
    async offers(
      ownerId: string,
    ): Promise<{ id: string; title: string; offeredAtMain: boolean; at: string[] }[]> {
      const rows = await db
        .select({ id: videos.id, title: videos.title, offeredAtMain: videos.offeredAtMain })
        .from(videos)
        .where(eq(videos.userId, ownerId))
        .orderBy(desc(videos.uploadedAt));
      const links = rows.length
        ? await db
            .select()
            .from(videoLocations)
            .where(
              inArray(
                videoLocations.videoId,
                rows.map((r) => r.id),
              ),
            )
        : [];
      return rows.map((r) => ({
        ...r,
        at: links.filter((l) => l.videoId === r.id).map((l) => l.locationId),
      }));
    },

    /** A location by its slug or an old one (`redirected`), with its owner (the public page). */
    async findBySlug(
      slug: string,
    ): Promise<{ location: GymLocationRow; owner: UserRow; redirected: boolean } | undefined> {
      const [row] = await db
        .select({ location: gymLocations, owner: users })
        .from(gymLocations)
        .innerJoin(users, eq(users.id, gymLocations.ownerId))
        .where(eq(gymLocations.slug, slug))
        .limit(1);
      if (row) return { ...row, redirected: false };
      const [old] = await db
        .select({ location: gymLocations, owner: users })
        .from(locationSlugRedirects)
        .innerJoin(gymLocations, eq(gymLocations.id, locationSlugRedirects.locationId))
        .innerJoin(users, eq(users.id, gymLocations.ownerId))
        .where(eq(locationSlugRedirects.slug, slug))
        .limit(1);
      return old ? { ...old, redirected: true } : undefined;
    },

    /** The ids of the classes a further location offers. */
    async videoIdsAt(locationId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: videoLocations.videoId })
        .from(videoLocations)
        .where(eq(videoLocations.locationId, locationId));
      return new Set(rows.map((r) => r.id));
    },

    /** A location of this owner (null for anyone else's: the caller answers not found). */
    async find(ownerId: string, id: string): Promise<GymLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(gymLocations)
        .where(and(eq(gymLocations.id, id), eq(gymLocations.ownerId, ownerId)))
        .limit(1);
      return row;
    },

    /** Adds a location: the slug free everywhere, at most `limit` in all (the first included). */
    async create(ownerId: string, values: LocationValues, limit: number): Promise<LocationWrite> {
      try {
        return await db.transaction(async (tx) => {
          const [owner] = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, ownerId))
            .for('update');
          if (!owner) return { status: 'missing' } as const;
          const [held] = await tx
            .select({ n: count() })
            .from(gymLocations)
            .where(eq(gymLocations.ownerId, ownerId));
          if ((held?.n ?? 0) + 1 >= limit) return { status: 'limit' } as const;
          await lockSlug(tx, values.slug);
          if (await slugHeld(tx, values.slug, null)) return { status: 'taken' } as const;
          const [location] = await tx
            .insert(gymLocations)
            .values({ ownerId, ...values })
            .returning();
          return { status: 'done', location: location! } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'gym_locations_slug_unique')) return { status: 'taken' };
        throw error;
      }
    },

    async update(ownerId: string, id: string, values: LocationValues): Promise<LocationWrite> {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ slug: gymLocations.slug })
            .from(gymLocations)
            .where(and(eq(gymLocations.id, id), eq(gymLocations.ownerId, ownerId)))
            .for('update');
          if (!before) return { status: 'missing' } as const;
          for (const key of [...new Set([values.slug, before.slug])].sort())
            await lockSlug(tx, key);
          if (await slugHeld(tx, values.slug, id)) return { status: 'taken' } as const;
          const [location] = await tx
            .update(gymLocations)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(gymLocations.id, id))
            .returning();
          await keepOldSlug(tx, id, before.slug, values.slug);
          return { status: 'done', location: location! } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'gym_locations_slug_unique')) return { status: 'taken' };
        throw error;
      }
    },

    /**
     * Deletes a further location; the classes only it offered go back to the first location.
     * Answers what was deleted (its logo's files are the caller's to delete), or null for none.
     */
    async remove(ownerId: string, id: string): Promise<{ logoUrl: string | null } | null> {
      return db.transaction(async (tx) => {
        const [location] = await tx
          .select({ id: gymLocations.id, logoUrl: gymLocations.logoUrl })
          .from(gymLocations)
          .where(and(eq(gymLocations.id, id), eq(gymLocations.ownerId, ownerId)))
          .for('update');
        if (!location) return null;
        await tx.execute(sql`
          update ${videos} set offered_at_main = true
          where ${videos.userId} = ${ownerId} and not ${videos.offeredAtMain}
            and ${videos.id} in (select video_id from ${videoLocations} where location_id = ${id})
            and not exists (select 1 from ${videoLocations} other
              where other.video_id = ${videos.id} and other.location_id <> ${id})`);
        await tx.delete(gymLocations).where(eq(gymLocations.id, id));
        return { logoUrl: location.logoUrl };
      });
    },

    /**
     * Sets the classes a location offers ('main': the first). Refused, with the titles, when a class
     * would then be offered nowhere; 'unknown' when an id is not one of the owner's classes.
     */
    async setClasses(
      ownerId: string,
      locationId: string | 'main',
      videoIds: string[],
    ): Promise<
      { status: 'done' } | { status: 'unknown' } | { status: 'nowhere'; titles: string[] }
    > {
      return db.transaction(async (tx) => {
        // One change at a time per owner: two tabs cannot each remove a class's last location.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
        const wanted = new Set(videoIds);
        const owned = await tx
          .select({ id: videos.id, title: videos.title, offeredAtMain: videos.offeredAtMain })
          .from(videos)
          .where(eq(videos.userId, ownerId));
        if ([...wanted].some((id) => !owned.some((v) => v.id === id)))
          return { status: 'unknown' } as const;
        const links = await tx
          .select()
          .from(videoLocations)
          .innerJoin(gymLocations, eq(gymLocations.id, videoLocations.locationId))
          .where(eq(gymLocations.ownerId, ownerId));
        const elsewhere = (videoId: string) =>
          links.some(
            (l) =>
              l.video_locations.videoId === videoId && l.video_locations.locationId !== locationId,
          ) ||
          (locationId !== 'main' && owned.find((v) => v.id === videoId)!.offeredAtMain);
        const nowhere = owned.filter((v) => !wanted.has(v.id) && !elsewhere(v.id));
        if (nowhere.length > 0)
          return { status: 'nowhere', titles: nowhere.map((v) => v.title) } as const;

        if (locationId === 'main') {
          // One write: each of the owner's classes is offered at the first location or not.
          await tx
            .update(videos)
            .set({
              offeredAtMain: wanted.size ? inArray(videos.id, [...wanted]) : sql`false`,
            })
            .where(eq(videos.userId, ownerId));
        } else {
          await tx.delete(videoLocations).where(eq(videoLocations.locationId, locationId));
          if (wanted.size > 0)
            await tx
              .insert(videoLocations)
              .values([...wanted].map((videoId) => ({ videoId, locationId })));
        }
        return { status: 'done' } as const;
      });
    },
  };
}

export type LocationsRepository = ReturnType<typeof locationsRepository>;
