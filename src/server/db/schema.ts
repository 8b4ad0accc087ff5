import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull(),
    password: text('password').notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    companyName: varchar('company_name', { length: 100 }),
    companyType: varchar('company_type', { length: 32 }),
    companySlug: varchar('company_slug', { length: 50 }),
    companyDescription: varchar('company_description', { length: 500 }),
    companyLogoUrl: text('company_logo_url'),
    onboardingCompleted: text('onboarding_completed').notNull().default('false'),
    isAdmin: text('is_admin').notNull().default('false'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_company_slug_key').on(t.companySlug),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 1000 }),
    originalFileName: varchar('original_file_name', { length: 255 }).notNull(),
    originalFileUrl: text('original_file_url').notNull(),
    enhancedFileUrl: text('enhanced_file_url'),
    fileSize: text('file_size').notNull(),
    duration: text('duration'),
    processingStatus: varchar('processing_status', { length: 16 }).notNull().default('uploaded'),
    processingNotes: varchar('processing_notes', { length: 500 }),
    replaceBackground: boolean('replace_background').notNull().default(false),
    backgroundDescription: varchar('background_description', { length: 500 }),
    addLogo: boolean('add_logo').notNull().default(false),
    logoFileUrl: text('logo_file_url'),
    enhancementNotes: varchar('enhancement_notes', { length: 1000 }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    enhancedAt: timestamp('enhanced_at', { withTimezone: true }),
  },
  (t) => [index('videos_user_uploaded_idx').on(t.userId, t.uploadedAt)],
);

export const sessions = pgTable(
  'session',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: json('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire)],
);

export interface SessionData {
  userId: string;
  createdAt: string;
}

export type UserRow = typeof users.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
