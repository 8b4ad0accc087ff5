import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gymLocations, videoLocations, type GymLocationRow } from '../../db/schema/locations';
import {
  screenPairings,
  screens,
  timetableEntries,
  timetableEntryScreens,
  type ScreenRow,
  type TimetableEntryRow,
} from '../../db/schema/screens';
import { users, type UserRow } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { isUniqueViolation } from '../../lib/errors';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A timetable entry with its screens (none listed: every screen of its page) and its class. */
export interface EntryWithClass {
  entry: TimetableEntryRow;
  screenIds: string[];
  title: string;
  /** The class's length as stored (text seconds), or null when unknown. */
  duration: string | null;
}

/** The class an entry names, as the rules read it; null when it is no class of the owner's. */
export interface EntryClass {
  id: string;
  title: string;
  duration: string | null;
  processingStatus: string;
  hlsUrl: string | null;
  /** Offered on the entry's page (the main page's flag, or the location's list). */
  offered: boolean;
}

/** What a timetable write is checked against, read under the owner's lock. */
export interface EntryContext {
  /** The page is the main one or a location of the owner's. */
  pageKnown: boolean;
  video: EntryClass | null;
  /** The page's screens. */
  pageScreenIds: Set<string>;
  /** The page's other entries. */
  others: EntryWithClass[];
  /** The owner's entries, this one included when it is a change. */
  held: number;
}

export interface EntryValues {
  locationId: string | null;
  videoId: string;
  dayOfWeek: number;
  startMinute: number;
  /** Empty: every screen of the page. */
  screenIds: string[];
}

export type EntryWrite =
  | { status: 'done'; entry: EntryWithClass }
  | { status: 'missing' }
  | { status: 'refused'; refusal: Error };

export type ScreenWrite =
  | { status: 'done'; screen: ScreenRow }
  | { status: 'missing' }
  | { status: 'limit' }
  | { status: 'location' }
  | { status: 'code' };

/** A screen found by its token, with what its page needs. */
export interface ScreenWithPage {
  screen: ScreenRow;
  owner: UserRow;
  location: GymLocationRow | null;
}

export function screensRepository(db: Db) {
  const ownedScreen = (ownerId: string, id: string) =>
    and(eq(screens.id, id), eq(screens.ownerId, ownerId));
  const onPage = (
    column: typeof screens.locationId | typeof timetableEntries.locationId,
    locationId: string | null,
  ) => (locationId === null ? isNull(column) : eq(column, locationId));

  /** The owner's row, locked: their screens and entries change one write at a time. */
  const lockOwner = (tx: Tx, ownerId: string) =>
    tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');

  async function locationIsOwners(tx: Tx, ownerId: string, locationId: string | null) {
    if (locationId === null) return true;
    const [row] = await tx
      .select({ id: gymLocations.id })
      .from(gymLocations)
      .where(and(eq(gymLocations.id, locationId), eq(gymLocations.ownerId, ownerId)));
    return Boolean(row);
  }

  /**
   * Entries listing only screens that are gone from their page play nowhere: deleted, rather than
   * turned into "every screen" by an empty list.
   */
  async function dropStrandedEntries(tx: Tx, ownerId: string): Promise<void> {
    await tx.delete(timetableEntries).where(
      and(
        eq(timetableEntries.ownerId, ownerId),
        eq(timetableEntries.allScreens, false),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(timetableEntryScreens)
            .where(eq(timetableEntryScreens.entryId, timetableEntries.id)),
        ),
      ),
    );
  }

  /** Entries with their screens and class, in the week's order. */
  async function entriesWhere(
    runner: Db | Tx,
    where: ReturnType<typeof and>,
  ): Promise<EntryWithClass[]> {
    const rows = await runner
      .select({ entry: timetableEntries, title: videos.title, duration: videos.duration })
      .from(timetableEntries)
      .innerJoin(videos, eq(videos.id, timetableEntries.videoId))
      .where(where)
      .orderBy(
        asc(timetableEntries.dayOfWeek),
        asc(timetableEntries.startMinute),
        asc(timetableEntries.createdAt),
        asc(timetableEntries.id),
      );
    const ids = rows.map((row) => row.entry.id);
    const links =
      ids.length === 0
        ? []
        : await runner
            .select()
            .from(timetableEntryScreens)
            .where(inArray(timetableEntryScreens.entryId, ids));
    const byEntry = new Map<string, string[]>();
    for (const link of links) {
      byEntry.set(link.entryId, [...(byEntry.get(link.entryId) ?? []), link.screenId]);
    }
    return rows.map((row) => ({ ...row, screenIds: (byEntry.get(row.entry.id) ?? []).sort() }));
  }

  async function entryContext(
    tx: Tx,
    ownerId: string,
    values: EntryValues,
    entryId: string | null,
  ): Promise<EntryContext> {
    const pageKnown = await locationIsOwners(tx, ownerId, values.locationId);
    const [video] = await tx
      .select({
        id: videos.id,
        title: videos.title,
        duration: videos.duration,
        processingStatus: videos.processingStatus,
        hlsUrl: videos.hlsUrl,
        offeredAtMain: videos.offeredAtMain,
      })
      .from(videos)
      .where(and(eq(videos.id, values.videoId), eq(videos.userId, ownerId)))
      .for('share');
    let offered = false;
    if (video && values.locationId === null) offered = video.offeredAtMain;
    else if (video && values.locationId !== null) {
      const [link] = await tx
        .select({ id: videoLocations.videoId })
        .from(videoLocations)
        .where(
          and(
            eq(videoLocations.videoId, video.id),
            eq(videoLocations.locationId, values.locationId),
          ),
        );
      offered = Boolean(link);
    }
    const pageScreens = await tx
      .select({ id: screens.id })
      .from(screens)
      .where(and(eq(screens.ownerId, ownerId), onPage(screens.locationId, values.locationId)));
    const others = await entriesWhere(
      tx,
      and(
        eq(timetableEntries.ownerId, ownerId),
        onPage(timetableEntries.locationId, values.locationId),
        entryId ? ne(timetableEntries.id, entryId) : undefined,
      ),
    );
    const [held] = await tx
      .select({ n: count() })
      .from(timetableEntries)
      .where(eq(timetableEntries.ownerId, ownerId));
    return {
      pageKnown,
      video: video ? { ...video, offered } : null,
      pageScreenIds: new Set(pageScreens.map((s) => s.id)),
      others,
      held: held?.n ?? 0,
    };
  }

  async function setEntryScreens(tx: Tx, entryId: string, screenIds: readonly string[]) {
    await tx.delete(timetableEntryScreens).where(eq(timetableEntryScreens.entryId, entryId));
    if (screenIds.length === 0) return;
    await tx
      .insert(timetableEntryScreens)
      .values(screenIds.map((screenId) => ({ entryId, screenId })));
  }

  return {
    // ---- Pairings (the screen's side) ----

    /** A new pairing, or 'taken' when its code is live already (the caller draws another). */
    async createPairing(
      pollHash: string,
      code: string,
      expiresAt: Date,
      now: Date,
    ): Promise<'done' | 'taken'> {
      await db.delete(screenPairings).where(lt(screenPairings.expiresAt, now));
      try {
        await db.insert(screenPairings).values({ pollHash, code, expiresAt });
        return 'done';
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken';
        throw err;
      }
    },

    /** A live pairing by its poll id's hash. */
    async findPairing(pollHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(screenPairings)
        .where(and(eq(screenPairings.pollHash, pollHash), gt(screenPairings.expiresAt, now)));
      return row ?? null;
    },

    /**
     * Hands a claimed pairing's screen its token, once: the pairing row is deleted and the token's
     * hash set on the screen in one transaction (two polls at once: one of them gets it).
     */
    async takePairing(pollHash: string, tokenHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [taken] = await tx
          .delete(screenPairings)
          .where(
            and(
              eq(screenPairings.pollHash, pollHash),
              gt(screenPairings.expiresAt, now),
              sql`${screenPairings.screenId} is not null`,
            ),
          )
          .returning();
        if (!taken?.screenId) return null;
        const [screen] = await tx
          .update(screens)
          .set({ tokenHash })
          .where(eq(screens.id, taken.screenId))
          .returning();
        return screen ?? null;
      });
    },

    // ---- Screens (the owner's side) ----

    list: (ownerId: string): Promise<ScreenRow[]> =>
      db
        .select()
        .from(screens)
        .where(eq(screens.ownerId, ownerId))
        .orderBy(asc(screens.pairedAt), asc(screens.id)),

    /**
     * Pairs the screen waiting with `code` (live, not yet claimed): a new screen of the owner's on
     * its page; the pairing then waits for the screen's next poll (until `pickUpBy`).
     */
    async claim(
      ownerId: string,
      code: string,
      fields: { name: string; locationId: string | null },
      limit: number,
      now: Date,
      pickUpBy: Date,
    ): Promise<ScreenWrite> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, ownerId);
        const [held] = await tx
          .select({ n: count() })
          .from(screens)
          .where(eq(screens.ownerId, ownerId));
        if ((held?.n ?? 0) >= limit) return { status: 'limit' } as const;
        if (!(await locationIsOwners(tx, ownerId, fields.locationId))) {
          return { status: 'location' } as const;
        }
        const [pairing] = await tx
          .select()
          .from(screenPairings)
          .where(
            and(
              eq(screenPairings.code, code),
              gt(screenPairings.expiresAt, now),
              isNull(screenPairings.screenId),
            ),
          )
          .for('update');
        if (!pairing) return { status: 'code' } as const;
        const [screen] = await tx
          .insert(screens)
          .values({ ownerId, ...fields, pairedAt: now })
          .returning();
        await tx
          .update(screenPairings)
          .set({ screenId: screen!.id, expiresAt: pickUpBy })
          .where(eq(screenPairings.pollHash, pairing.pollHash));
        return { status: 'done', screen: screen! } as const;
      });
    },

    /**
     * Renames a screen and/or moves it to another page; a move takes it off its old page's
     * entries (an entry left with none of its screens is deleted).
     */
    async update(
      ownerId: string,
      id: string,
      fields: { name?: string; locationId?: string | null },
    ): Promise<ScreenWrite> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, ownerId);
        const [before] = await tx.select().from(screens).where(ownedScreen(ownerId, id));
        if (!before) return { status: 'missing' } as const;
        const moved = fields.locationId !== undefined && fields.locationId !== before.locationId;
        if (moved && !(await locationIsOwners(tx, ownerId, fields.locationId ?? null))) {
          return { status: 'location' } as const;
        }
        if (fields.name === undefined && !moved) return { status: 'done', screen: before } as const;
        const [screen] = await tx
          .update(screens)
          .set({ name: fields.name, locationId: moved ? fields.locationId : undefined })
          .where(eq(screens.id, id))
          .returning();
        if (moved) {
          await tx.delete(timetableEntryScreens).where(eq(timetableEntryScreens.screenId, id));
          await dropStrandedEntries(tx, ownerId);
        }
        return { status: 'done', screen: screen! } as const;
      });
    },

    /** Deletes a screen (its token with it); entries left with none of their screens go too. */
    async remove(ownerId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, ownerId);
        const gone = await tx.delete(screens).where(ownedScreen(ownerId, id)).returning();
        if (gone.length === 0) return false;
        await dropStrandedEntries(tx, ownerId);
        return true;
      });
    },

    // ---- The screen's timetable ----

    /** The screen holding this token's hash, with its owner and page. */
    async findByToken(tokenHash: string): Promise<ScreenWithPage | null> {
      const [row] = await db
        .select({ screen: screens, owner: users, location: gymLocations })
        .from(screens)
        .innerJoin(users, eq(users.id, screens.ownerId))
        .leftJoin(gymLocations, eq(gymLocations.id, screens.locationId))
        .where(eq(screens.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Notes the screen was seen, unless it was within `since`. */
    async touch(id: string, at: Date, since: Date): Promise<void> {
      await db
        .update(screens)
        .set({ lastSeenAt: at })
        .where(
          and(eq(screens.id, id), or(isNull(screens.lastSeenAt), lt(screens.lastSeenAt, since))),
        );
    },

    /** The entries a screen plays: its page's, on every screen or on this one. */
    entriesOfScreen: (screen: ScreenRow): Promise<EntryWithClass[]> =>
      entriesWhere(
        db,
        and(
          eq(timetableEntries.ownerId, screen.ownerId),
          onPage(timetableEntries.locationId, screen.locationId),
          or(
            eq(timetableEntries.allScreens, true),
            exists(
              db
                .select({ one: sql`1` })
                .from(timetableEntryScreens)
                .where(
                  and(
                    eq(timetableEntryScreens.entryId, timetableEntries.id),
                    eq(timetableEntryScreens.screenId, screen.id),
                  ),
                ),
            ),
          ),
        ),
      ),

    // ---- The owner's timetable ----

    listEntries: (ownerId: string): Promise<EntryWithClass[]> =>
      entriesWhere(db, eq(timetableEntries.ownerId, ownerId)),

    /**
     * Adds an entry (entryId null) or changes one, under the owner's lock: `check` reads what the
     * write would join (the class, the page's screens and other entries) and refuses with its
     * value, or the row is written.
     */
    async writeEntry(
      ownerId: string,
      entryId: string | null,
      values: EntryValues,
      check: (context: EntryContext) => Error | null,
      at: Date,
    ): Promise<EntryWrite> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, ownerId);
        if (entryId) {
          const [before] = await tx
            .select({ id: timetableEntries.id })
            .from(timetableEntries)
            .where(and(eq(timetableEntries.id, entryId), eq(timetableEntries.ownerId, ownerId)));
          if (!before) return { status: 'missing' } as const;
        }
        const refusal = check(await entryContext(tx, ownerId, values, entryId));
        if (refusal) return { status: 'refused', refusal } as const;
        const row = {
          locationId: values.locationId,
          videoId: values.videoId,
          dayOfWeek: values.dayOfWeek,
          startMinute: values.startMinute,
          allScreens: values.screenIds.length === 0,
          updatedAt: at,
        };
        const [entry] = entryId
          ? await tx
              .update(timetableEntries)
              .set(row)
              .where(eq(timetableEntries.id, entryId))
              .returning()
          : await tx
              .insert(timetableEntries)
              .values({ ownerId, ...row, createdAt: at })
              .returning();
        await setEntryScreens(tx, entry!.id, values.screenIds);
        const [written] = await entriesWhere(tx, and(eq(timetableEntries.id, entry!.id)));
        return { status: 'done', entry: written! } as const;
      });
    },

    removeEntry: async (ownerId: string, id: string): Promise<boolean> =>
      (
        await db
          .delete(timetableEntries)
          .where(and(eq(timetableEntries.id, id), eq(timetableEntries.ownerId, ownerId)))
          .returning({ id: timetableEntries.id })
      ).length > 0,
  };
}

export type ScreensRepository = ReturnType<typeof screensRepository>;
