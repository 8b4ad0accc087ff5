import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { programClasses, programs, type ProgramRow } from '../../db/schema/programs';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A class of a program as the owner's screen lists it. */
export interface ProgramClassRow {
  id: string;
  title: string;
  duration: string | null;
}

export interface ProgramWithClasses {
  program: ProgramRow;
  /** In the program's order. */
  classes: ProgramClassRow[];
}

export interface ProgramFields {
  title: string;
  description: string;
  classesPerWeek: number;
}

export type ProgramWrite =
  | { status: 'done'; program: ProgramRow }
  | { status: 'limit' }
  | { status: 'missing' }
  /** Ids that are no class of the owner's (another owner's, or none at all). */
  | { status: 'unknown'; ids: string[] };

export function programsRepository(db: Db) {
  const owned = (ownerId: string, id: string) =>
    and(eq(programs.id, id), eq(programs.ownerId, ownerId));

  /** The programs' classes in order, by program. */
  async function classesOf(ids: string[]): Promise<Map<string, ProgramClassRow[]>> {
    const byProgram = new Map<string, ProgramClassRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byProgram;
    const rows = await db
      .select({
        programId: programClasses.programId,
        id: videos.id,
        title: videos.title,
        duration: videos.duration,
      })
      .from(programClasses)
      .innerJoin(videos, eq(videos.id, programClasses.videoId))
      .where(inArray(programClasses.programId, ids))
      .orderBy(asc(programClasses.programId), asc(programClasses.position));
    for (const { programId, ...row } of rows) byProgram.get(programId)?.push(row);
    return byProgram;
  }

  /**
   * Checks that every id is a class of the owner's and holds those rows (FOR SHARE) until the
   * transaction ends, so a class deleted meanwhile cannot slip in: the ids that are not.
   */
  async function foreignIds(tx: Tx, ownerId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.userId, ownerId), inArray(videos.id, [...ids])))
      .for('share');
    const mine = new Set(found.map((row) => row.id));
    return ids.filter((id) => !mine.has(id));
  }

  async function setClasses(tx: Tx, programId: string, ids: readonly string[]): Promise<void> {
    await tx.delete(programClasses).where(eq(programClasses.programId, programId));
    if (ids.length === 0) return;
    await tx
      .insert(programClasses)
      .values(ids.map((videoId, position) => ({ programId, videoId, position })));
  }

  return {
    /** The owner's programs, oldest first, each with its classes in order. */
    async list(ownerId: string): Promise<ProgramWithClasses[]> {
      const rows = await db
        .select()
        .from(programs)
        .where(eq(programs.ownerId, ownerId))
        .orderBy(asc(programs.createdAt), asc(programs.id));
      const classes = await classesOf(rows.map((row) => row.id));
      return rows.map((program) => ({ program, classes: classes.get(program.id) ?? [] }));
    },

    async find(ownerId: string, id: string): Promise<ProgramWithClasses | null> {
      const [program] = await db.select().from(programs).where(owned(ownerId, id));
      if (!program) return null;
      return { program, classes: (await classesOf([id])).get(id) ?? [] };
    },

    /** Adds one unless the owner has `limit` (the owner's row locked: two adds cannot both pass). */
    async create(
      ownerId: string,
      fields: ProgramFields,
      classIds: readonly string[],
      limit: number,
    ): Promise<ProgramWrite> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(programs)
          .where(eq(programs.ownerId, ownerId));
        if ((held?.n ?? 0) >= limit) return { status: 'limit' } as const;
        const unknown = await foreignIds(tx, ownerId, classIds);
        if (unknown.length > 0) return { status: 'unknown', ids: unknown } as const;
        const [row] = await tx
          .insert(programs)
          .values({ ownerId, ...fields })
          .returning();
        await setClasses(tx, row!.id, classIds);
        return { status: 'done', program: row! } as const;
      });
    },

    /** Changes the fields given and, with `classIds`, the whole order (under the row's lock). */
    async update(
      ownerId: string,
      id: string,
      fields: Partial<ProgramFields>,
      classIds: readonly string[] | undefined,
      at: Date,
    ): Promise<ProgramWrite> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(programs).where(owned(ownerId, id)).for('update');
        if (!before) return { status: 'missing' } as const;
        if (classIds) {
          const unknown = await foreignIds(tx, ownerId, classIds);
          if (unknown.length > 0) return { status: 'unknown', ids: unknown } as const;
          await setClasses(tx, id, classIds);
        }
        const [row] = await tx
          .update(programs)
          .set({ ...fields, updatedAt: at })
          .where(eq(programs.id, id))
          .returning();
        return { status: 'done', program: row! } as const;
      });
    },

    /** Deletes the program (its classes stay in the library): what it was. */
    remove: async (ownerId: string, id: string): Promise<ProgramRow | null> =>
      (await db.delete(programs).where(owned(ownerId, id)).returning())[0] ?? null,

    /**
     * Sets (or clears) the cover under the row's lock and answers the row with the cover it
     * replaced, so racing uploads each delete exactly the files they replaced.
     */
    async swapCover(
      ownerId: string,
      id: string,
      coverId: string | null,
      at: Date,
    ): Promise<{ program: ProgramRow; previousCoverId: string | null } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(programs).where(owned(ownerId, id)).for('update');
        if (!before) return null;
        const [row] = await tx
          .update(programs)
          .set({ coverId, updatedAt: at })
          .where(eq(programs.id, id))
          .returning();
        return { program: row!, previousCoverId: before.coverId };
      });
    },
  };
}

export type ProgramsRepository = ReturnType<typeof programsRepository>;
