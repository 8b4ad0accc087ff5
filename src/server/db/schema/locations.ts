import { index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';
import { videos } from './videos';

/**
 * An Elite Studio account's further locations (issue #18 part 5): each has its own slug and public
 * page, name and colour overrides. The account's own gym (users.company_slug) is its first
 * location and is not a row here. Off Elite the rows stay and their pages go offline.
 */
export const gymLocations = pgTable(
  'gym_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Unique among locations; the slug module keeps it apart from gyms' slugs and old slugs. */
    slug: varchar('slug', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Overrides of the gym's colours; null: the gym's own. */
    primaryColor: varchar('primary_color', { length: 7 }),
    secondaryColor: varchar('secondary_color', { length: 7 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gym_locations_owner_idx').on(t.ownerId, t.createdAt)],
);

/** Which further locations offer a class (the first location's offer is videos.offered_at_main). */
export const videoLocations = pgTable(
  'video_locations',
  {
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => gymLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.locationId] }),
    index('video_locations_location_idx').on(t.locationId),
  ],
);

export type GymLocationRow = typeof gymLocations.$inferSelect;
