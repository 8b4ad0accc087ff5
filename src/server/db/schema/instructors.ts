import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A studio's instructors (issue #20 part 1): a list the owner manages, each with a name and an
 * optional photo (stored as the gym's logo is, under the owner). A class names one of them
 * (videos.instructor_id); removing an instructor leaves their classes without one.
 */
export const instructors = pgTable(
  'instructors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    /** The photo's public address (/api/instructor-photos/{ownerId}/{file}) and its stored key. */
    photoUrl: text('photo_url'),
    photoKey: text('photo_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('instructors_owner_idx').on(t.ownerId),
    /** One instructor of a name per studio (case-insensitive). */
    uniqueIndex('instructors_owner_name_key').on(t.ownerId, sql`lower(${t.name})`),
  ],
);
export type InstructorRow = typeof instructors.$inferSelect;
