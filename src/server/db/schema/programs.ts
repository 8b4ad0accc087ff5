import {
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { videos } from './videos';

/**
 * A studio's programs (issue #20 part 2): an ordered series of the owner's own classes with a
 * title, a description, a cover (stored as instructors' photos are, under the owner) and how many
 * classes a week it is ridden (the public page's "Week 2 · Day 1").
 */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    /** 1 to 7. */
    classesPerWeek: smallint('classes_per_week').notNull().default(3),
    /**
     * The cover's random name (24 hex digits): its files are programs/{ownerId}/{coverId}-{width}.webp,
     * served from /api/program-covers/{ownerId}/{coverId}-{width}.webp. Null: no cover.
     */
    coverId: text('cover_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('programs_owner_idx').on(t.ownerId, t.createdAt)],
);
export type ProgramRow = typeof programs.$inferSelect;

/**
 * A program's classes in order (position from 0). A class may be in several programs, once in
 * each; deleting a class takes it out of every program.
 */
export const programClasses = pgTable(
  'program_classes',
  {
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programId, t.position] }),
    uniqueIndex('program_classes_program_video_key').on(t.programId, t.videoId),
    index('program_classes_video_idx').on(t.videoId),
  ],
);
export type ProgramClassRow = typeof programClasses.$inferSelect;
