import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { videos } from './videos';

/**
 * An Elite Studio account's further locations (issue #18 part 5): each has its own slug and public
 * page, name and branding overrides (colours, logo, custom domain). The account's own gym
 * (users.company_slug) is its first
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
    /** The location's own logo (stored as the gym's is, under the owner); null: the gym's. */
    logoUrl: text('logo_url'),
    /**
     * The location's own custom domain, claimed and verified as the gym's is (users.custom_domain):
     * a verified domain is unique across gyms and locations (the branding module checks both under
     * one lock; each table's own index backs it).
     */
    customDomain: varchar('custom_domain', { length: 253 }),
    customDomainToken: varchar('custom_domain_token', { length: 64 }),
    customDomainAddedAt: timestamp('custom_domain_added_at', { withTimezone: true }),
    customDomainVerifiedAt: timestamp('custom_domain_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gym_locations_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('gym_locations_verified_custom_domain_key')
      .on(sql`lower(${t.customDomain})`)
      .where(sql`${t.customDomainVerifiedAt} is not null`),
  ],
);

/**
 * A further location's old slugs (its newest OLD_SLUGS_KEPT): each redirects to the location's
 * current slug, as a gym's do (users' slug_redirects), and is held against every other page.
 */
export const locationSlugRedirects = pgTable(
  'location_slug_redirects',
  {
    slug: varchar('slug', { length: 50 }).primaryKey(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => gymLocations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('location_slug_redirects_location_idx').on(t.locationId, t.createdAt)],
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
