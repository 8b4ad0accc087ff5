import { bigint, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every upload URL handed out: bound to one owner and one fresh object key. A URL is good for one
 * completed upload; the row then says what was stored.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    /**
     * pending -> receiving (a PUT is streaming in) -> complete -> attached (to a video or a logo);
     * failed when a PUT broke off or went over the cap. Rows not attached within 24 hours are swept.
     */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** How the bytes arrive: 'put' (the pre-signed single PUT) or 'tus' (resumable). */
    via: varchar('via', { length: 8 }).notNull().default('put'),
    size: bigint('size', { mode: 'number' }),
    contentType: varchar('content_type', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
