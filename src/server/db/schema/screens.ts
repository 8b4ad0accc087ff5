import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { gymLocations } from './locations';
import { users } from './users';
import { videos } from './videos';

/**
 * Studio screens (issue #21 part 3, docs/decisions/0049): a TV or tablet browser the owner paired.
 * It shows its page's timetable: the gym's own (location_id null) or a further location's (deleting
 * the location removes its screens: they show that they were removed and how to pair again).
 */
export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => gymLocations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    /**
     * The SHA-256 (hex) of the screen's token; null until the screen picked its token up from its
     * pairing (the token is made then and never stored). Deleting the row revokes the token.
     */
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time it asked for its timetable (written at most once a minute). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('screens_owner_idx').on(t.ownerId, t.pairedAt)],
);
export type ScreenRow = typeof screens.$inferSelect;

/**
 * A screen waiting to be paired: the code it shows (live ones unique) and the SHA-256 of the random
 * id it polls with. The owner's code sets screen_id; the screen's next poll takes its token and the
 * row is deleted. Expired rows are deleted as new ones are made.
 */
export const screenPairings = pgTable(
  'screen_pairings',
  {
    pollHash: varchar('poll_hash', { length: 64 }).primaryKey(),
    code: varchar('code', { length: 6 }).notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    screenId: uuid('screen_id').references(() => screens.id, { onDelete: 'cascade' }),
  },
  (t) => [index('screen_pairings_expires_idx').on(t.expiresAt)],
);
export type ScreenPairingRow = typeof screenPairings.$inferSelect;

/**
 * A page's weekly timetable: a class on a day (ISO, Monday 1) at a minute of the owner's wall clock
 * (users.time_zone), on every screen of the page (all_screens) or on the screens listed in
 * timetable_entry_screens.
 */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id').references(() => gymLocations.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    /** Minutes after midnight, 0 to 1439. */
    startMinute: smallint('start_minute').notNull(),
    allScreens: boolean('all_screens').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('timetable_entries_owner_idx').on(t.ownerId, t.dayOfWeek, t.startMinute),
    index('timetable_entries_video_idx').on(t.videoId),
    index('timetable_entries_location_idx')
      .on(t.locationId)
      .where(sql`${t.locationId} is not null`),
  ],
);
export type TimetableEntryRow = typeof timetableEntries.$inferSelect;

/** The screens of an entry that is not on all of its page's screens. */
export const timetableEntryScreens = pgTable(
  'timetable_entry_screens',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => timetableEntries.id, { onDelete: 'cascade' }),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.screenId] }),
    index('timetable_entry_screens_screen_idx').on(t.screenId),
  ],
);
