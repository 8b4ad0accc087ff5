import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instructors, type InstructorRow } from '../../db/schema/instructors';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { isUniqueViolation } from '../../lib/errors';

export type InstructorWrite =
  | { status: 'done'; instructor: InstructorRow }
  | { status: 'taken' }
  | { status: 'limit' }
  | { status: 'missing' };

const NAME_KEY = 'instructors_owner_name_key';

export function instructorsRepository(db: Db) {
  const owned = (ownerId: string, id: string) =>
    and(eq(instructors.id, id), eq(instructors.ownerId, ownerId));

  return {
    /** The owner's instructors by name, each with how many of the owner's classes name them. */
    list: (ownerId: string) =>
      db
        .select({ instructor: instructors, classCount: count(videos.id) })
        .from(instructors)
        .leftJoin(videos, and(eq(videos.instructorId, instructors.id), eq(videos.userId, ownerId)))
        .where(eq(instructors.ownerId, ownerId))
        .groupBy(instructors.id)
        .orderBy(asc(sql`lower(${instructors.name})`), asc(instructors.id)),

    find: async (ownerId: string, id: string): Promise<InstructorRow | null> =>
      (await db.select().from(instructors).where(owned(ownerId, id)))[0] ?? null,

    /** Adds one unless the owner has `limit` (the owner's row locked: two adds cannot both pass). */
    async create(ownerId: string, name: string, limit: number): Promise<InstructorWrite> {
      try {
        return await db.transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
          const [held] = await tx
            .select({ n: count() })
            .from(instructors)
            .where(eq(instructors.ownerId, ownerId));
          if ((held?.n ?? 0) >= limit) return { status: 'limit' } as const;
          const [row] = await tx.insert(instructors).values({ ownerId, name }).returning();
          return { status: 'done', instructor: row! } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error, NAME_KEY)) return { status: 'taken' };
        throw error;
      }
    },

    async rename(ownerId: string, id: string, name: string, at: Date): Promise<InstructorWrite> {
      try {
        const [row] = await db
          .update(instructors)
          .set({ name, updatedAt: at })
          .where(owned(ownerId, id))
          .returning();
        return row ? { status: 'done', instructor: row } : { status: 'missing' };
      } catch (error) {
        if (isUniqueViolation(error, NAME_KEY)) return { status: 'taken' };
        throw error;
      }
    },

    /** Deletes the row (its classes keep playing without an instructor): what it was. */
    remove: async (ownerId: string, id: string): Promise<InstructorRow | null> =>
      (await db.delete(instructors).where(owned(ownerId, id)).returning())[0] ?? null,

    /**
     * Sets (or clears) the photo under the row's lock and answers the row with what it replaced,
     * so racing uploads each delete exactly the photo they replaced.
     */
    async swapPhoto(
      ownerId: string,
      id: string,
      photo: { url: string; key: string } | null,
      at: Date,
    ): Promise<{ instructor: InstructorRow; previousKey: string | null } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(instructors)
          .where(owned(ownerId, id))
          .for('update');
        if (!before) return null;
        const [row] = await tx
          .update(instructors)
          .set({ photoUrl: photo?.url ?? null, photoKey: photo?.key ?? null, updatedAt: at })
          .where(eq(instructors.id, id))
          .returning();
        return { instructor: row!, previousKey: before.photoKey };
      });
    },

    /** How many of the owner's classes name the instructor. */
    async classCount(ownerId: string, id: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(videos)
        .where(and(eq(videos.userId, ownerId), eq(videos.instructorId, id)));
      return row?.n ?? 0;
    },
  };
}

export type InstructorsRepository = ReturnType<typeof instructorsRepository>;
